import {
  ACESSO_CULTO,
  type Culto,
  type CultoInput,
  type CultoListQuery,
  type CultoPagina,
  hojeNoBrasil,
  type LancamentoInput,
  normalizarValor,
  type PlanoDoCulto,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';
import { arquivoExportacao, type ColunaArquivo, type FormatoArquivo } from '../../platform/exportacao.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { textoPadrao, textoTraduzivel } from '../../platform/textos.js';
import { corrigir, estornar, lancar } from '../financeiro/index.js';
import { exigirDentroDoMaximo } from '../pessoas/index.js';

/**
 * Worship services (spec §2 /culto, §3): the record, its celebrants, the offering plan of its
 * date (scope and destination come from it when the organization sees one) and the offering's
 * entry in the organization's worship cash account, all saved in one transaction — no period
 * open for the credit date, no service saved.
 */
const ACESSO = ACESSO_CULTO;
/** `lancamento_caixa.origem` of an offering's entry. */
const ORIGEM = 'CULTO';
const { culto: cu, cultoCelebrante: cc, organizacao, lancamentoCaixa: lc } = schema;
const LIMITE_EXPORTACAO = 100_000;
const LOTE_EXPORTACAO = 2_000;

// Spelled out: drizzle leaves the outer columns unqualified, and `id` inside would be the subquery's own.
const celebrantes = sql<number[]>`coalesce((select json_agg(c.pessoa_id order by c.pessoa_id)
  from culto_celebrante c where c.culto_id = "culto"."id"), '[]'::json)`;
const lancamentoDoCulto = sql<number | null>`(select l.id from lancamento_caixa l
  where l.origem = ${ORIGEM} and l.origem_id = "culto"."id" and l.estorno_de_id is null and l.estornado_em is null)`;

const selecao = {
  id: cu.id,
  organizacaoId: cu.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  data: cu.data,
  hora: cu.hora,
  santaCeia: cu.santaCeia,
  celebrantes,
  presentes: cu.presentes,
  ofertas: cu.ofertas,
  abrangencia: cu.abrangencia,
  destino: cu.destino,
  sermao: cu.sermao,
  dataCredito: cu.dataCredito,
  planoContaId: cu.planoContaId,
  planoOfertasId: cu.planoOfertasId,
  lancamentoCaixaId: lancamentoDoCulto,
  criadoEm: cu.criadoEm,
  atualizadoEm: cu.atualizadoEm,
};

type Linha = Omit<Culto, 'criadoEm' | 'atualizadoEm' | 'abrangencia'> & {
  abrangencia: string | null;
  criadoEm: Date;
  atualizadoEm: Date;
};
const paraCulto = (l: Linha): Culto => ({
  ...l,
  abrangencia: l.abrangencia as Culto['abrangencia'],
  criadoEm: l.criadoEm.toISOString(),
  atualizadoEm: l.atualizadoEm.toISOString(),
});

const doEscopo = (ctx: Contexto) => and(isNull(cu.excluidoEm), filtroOrganizacao(ctx, ACESSO, cu.organizacaoId));

function condicoes(ctx: Contexto, q: Omit<CultoListQuery, 'pagina' | 'quantidade' | 'ordem'>): SQL | undefined {
  return and(
    doEscopo(ctx),
    // The chosen organization and those below it.
    q.organizacaoId
      ? sql`${cu.organizacaoId} in (select o.id from organizacao o where o.caminho like
          (select r.caminho from organizacao r where r.id = ${q.organizacaoId}) || '%')`
      : undefined,
    q.periodoDe ? sql`${cu.data} >= ${q.periodoDe}` : undefined,
    q.periodoAte ? sql`${cu.data} <= ${q.periodoAte}` : undefined,
    q.santaCeia === undefined ? undefined : eq(cu.santaCeia, q.santaCeia),
  );
}

export async function listar(deps: Deps, ctx: Contexto, q: CultoListQuery): Promise<CultoPagina> {
  const onde = condicoes(ctx, q);
  const ordem =
    q.ordem === 'desc' ? sql`${cu.data} desc, ${cu.hora} desc, ${cu.id} desc` : sql`${cu.data}, ${cu.hora}, ${cu.id}`;
  const [linhas, [contagem]] = await Promise.all([
    deps.db
      .select(selecao)
      .from(cu)
      .innerJoin(organizacao, eq(organizacao.id, cu.organizacaoId))
      .where(onde)
      .orderBy(ordem)
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db
      .select({
        n: sql<number>`count(*)::int`,
        presentes: sql<number>`coalesce(sum(${cu.presentes}), 0)::int`,
        ofertas: sql<string>`coalesce(sum(${cu.ofertas}), 0)::numeric(16, 2)::text`,
      })
      .from(cu)
      .where(onde),
  ]);
  return {
    itens: (linhas as Linha[]).map(paraCulto),
    total: contagem?.n ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
    totais: { presentes: contagem?.presentes ?? 0, ofertas: contagem?.ofertas ?? '0.00' },
  };
}

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Culto> {
  const [l] = await db
    .select(selecao)
    .from(cu)
    .innerJoin(organizacao, eq(organizacao.id, cu.organizacaoId))
    .where(and(eq(cu.id, id), doEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraCulto(l as Linha);
}

export type Plano = NonNullable<PlanoDoCulto['plano']> & { controleGerencialId: number | null };

/**
 * The offering plan of a date that an organization follows: its own, or one an organization
 * above shares down ("accessible by hierarchy"); the nearest one wins.
 */
export async function planoDaData(db: DbOuTx, organizacaoId: number, data: string): Promise<Plano | null> {
  const r = (await db.execute(sql`select p.id, p.nome, p.abrangencia, p.destino,
      p.plano_conta_id as "planoContaId", p.controle_gerencial_id as "controleGerencialId"
    from plano_ofertas p join organizacao o on o.id = p.organizacao_id
    where p.data = ${data} and p.excluido_em is null and p.ativo
      and (p.organizacao_id = ${organizacaoId} or (p.acessivel_hierarquia
        and (select x.caminho from organizacao x where x.id = ${organizacaoId}) like o.caminho || '%'))
    order by o.nivel desc, p.id desc limit 1`)) as unknown as { rows: Plano[] };
  return r.rows[0] ?? null;
}

/** What the form shows for the date: the plan's scope and destination, or none (spec §8). */
export async function planoDoCulto(
  deps: Deps,
  ctx: Contexto,
  q: { organizacaoId: number; data: string },
): Promise<PlanoDoCulto> {
  await exigirNoEscopo(deps.db, ctx, ACESSO, q.organizacaoId);
  const plano = await planoDaData(deps.db, q.organizacaoId, q.data);
  if (!plano) return { plano: null };
  const { controleGerencialId: _, ...resto } = plano;
  return { plano: resto };
}

type Valores = {
  abrangencia: string | null;
  destino: string | null;
  planoContaId: number | null;
  planoOfertasId: number | null;
};

/**
 * Scope, destination and ledger account: the plan's when there is one (whatever the client
 * sent), otherwise typed in — required when there is an offering to post.
 */
export function valoresDoPlano(e: CultoInput, plano: Plano | null): Valores {
  if (plano)
    return {
      abrangencia: plano.abrangencia,
      destino: plano.destino,
      planoContaId: plano.planoContaId ?? e.planoContaId ?? null,
      planoOfertasId: plano.id,
    };
  return {
    abrangencia: e.abrangencia ?? null,
    destino: e.destino ?? null,
    planoContaId: e.planoContaId ?? null,
    planoOfertasId: null,
  };
}

/** What an offering to post still lacks: scope, destination and ledger account (none without an offering). */
export const faltasDaOferta = (e: CultoInput, v: Valores) =>
  Number(e.ofertas) <= 0 ? [] : (['abrangencia', 'destino', 'planoContaId'] as const).filter((c) => !v[c]);

function exigirOferta(e: CultoInput, v: Valores) {
  const faltam = faltasDaOferta(e, v);
  if (faltam.length)
    throw new AppError(
      'VALIDACAO',
      {},
      faltam.map((campo) => ({ campo, mensagem: 'validacao:obrigatorio' })),
    );
}

/** The entry standing for a service's offering (not reversed), locked for the change. */
async function lancamentoAtual(tx: DbOuTx, cultoId: number) {
  const [l] = await tx
    .select()
    .from(lc)
    .where(and(eq(lc.origem, ORIGEM), eq(lc.origemId, cultoId), isNull(lc.estornoDeId), isNull(lc.estornadoEm)))
    .for('update');
  return l;
}

/**
 * Keeps the ledger in step with the offering (spec §3 Organization "worship account"): posts it,
 * corrects the entry while its period is open, or reverses it when the offering is gone.
 */
async function lancarOferta(
  tx: DbOuTx,
  ctx: Contexto,
  cultoId: number,
  e: CultoInput,
  v: Valores,
  plano: Plano | null,
) {
  const t = tradutor(ctx.idioma);
  const atual = await lancamentoAtual(tx, cultoId);
  if (Number(e.ofertas) <= 0) {
    // Undone in the service's own period, like a correction would be.
    if (atual)
      await estornar(tx, ctx, ACESSO, atual.id, {
        justificativa: t('cultos:ofertaRetirada'),
        justificativaTraduzivel: textoTraduzivel('cultos:ofertaRetirada'),
        data: atual.data,
      });
    return;
  }
  const [org] = await tx
    .select({ contaCultoId: organizacao.contaCultoId })
    .from(organizacao)
    .where(eq(organizacao.id, e.organizacaoId));
  if (!org?.contaCultoId)
    throw new AppError('CONTA_CULTO_NAO_CONFIGURADA', {}, [
      { campo: 'ofertas', mensagem: 'erros:CONTA_CULTO_NAO_CONFIGURADA' },
    ]);
  const historico = textoTraduzivel('cultos:historicoOferta', { data: e.data, destino: v.destino ?? '' });
  const entrada: LancamentoInput = {
    data: e.dataCredito ?? e.data,
    tipo: 'ENTRADA',
    contaCaixaId: org.contaCultoId,
    planoContaId: v.planoContaId!,
    controleGerencialId: plano?.controleGerencialId ?? null,
    valor: normalizarValor(e.ofertas),
    historico: textoPadrao(historico),
    documento: null,
  };
  if (!atual) {
    await lancar(tx, ctx, ACESSO, entrada, { origem: ORIGEM, origemId: cultoId, historicoTraduzivel: historico });
    return;
  }
  const igual =
    atual.data === entrada.data &&
    Number(atual.valor) === Number(entrada.valor) &&
    atual.contaCaixaId === entrada.contaCaixaId &&
    atual.planoContaId === entrada.planoContaId &&
    atual.controleGerencialId === entrada.controleGerencialId &&
    atual.historico === entrada.historico;
  if (igual) return;
  if (atual.contaCaixaId === entrada.contaCaixaId) {
    await corrigir(tx, ctx, ACESSO, atual.id, entrada, { historicoTraduzivel: historico });
    return;
  }
  // The worship account changed since: the old entry is undone where it was, the offering posted anew.
  await estornar(tx, ctx, ACESSO, atual.id, { justificativa: t('cultos:contaCultoAlterada') });
  await lancar(tx, ctx, ACESSO, entrada, { origem: ORIGEM, origemId: cultoId, historicoTraduzivel: historico });
}

const paraHistorico = (e: CultoInput, v: Valores) => ({ ...e, ...v });

async function salvarCelebrantes(tx: DbOuTx, cultoId: number, ids: number[]) {
  await tx.delete(cc).where(eq(cc.cultoId, cultoId));
  if (ids.length) await tx.insert(cc).values(ids.map((pessoaId) => ({ cultoId, pessoaId })));
}

const colunas = (e: CultoInput, v: Valores) => ({
  organizacaoId: e.organizacaoId,
  data: e.data,
  hora: e.hora,
  santaCeia: e.santaCeia,
  presentes: e.presentes,
  ofertas: normalizarValor(e.ofertas),
  sermao: e.sermao ?? null,
  dataCredito: e.dataCredito ?? null,
  ...v,
});

export async function criar(deps: Deps, ctx: Contexto, e: CultoInput): Promise<Culto> {
  // Spec §5: the configured maximum of a people selection (read outside the transaction).
  await exigirDentroDoMaximo(deps, 'celebrantes', e.celebrantes);
  const id = await deps.db.transaction(async (tx) => {
    const plano = await planoDaData(tx, e.organizacaoId, e.data);
    const v = valoresDoPlano(e, plano);
    exigirOferta(e, v);
    const [novo] = await tx.insert(cu).values(colunas(e, v)).returning({ id: cu.id });
    await salvarCelebrantes(tx, novo!.id, e.celebrantes);
    await lancarOferta(tx, ctx, novo!.id, e, v, plano);
    await registrarAlteracao(tx, ctx, 'culto', novo!.id, null, paraHistorico(e, v));
    return novo!.id;
  });
  return obter(deps.db, ctx, id);
}

async function paraMudar(tx: DbOuTx, ctx: Contexto, id: number) {
  const [l] = await tx
    .select()
    .from(cu)
    .where(and(eq(cu.id, id), doEscopo(ctx)))
    .for('update');
  if (!l) throw naoEncontrado();
  return l;
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: CultoInput): Promise<Culto> {
  await exigirDentroDoMaximo(deps, 'celebrantes', e.celebrantes);
  await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id);
    const plano = await planoDaData(tx, e.organizacaoId, e.data);
    const v = valoresDoPlano(e, plano);
    exigirOferta(e, v);
    await tx
      .update(cu)
      .set({ ...colunas(e, v), atualizadoEm: new Date() })
      .where(eq(cu.id, id));
    await salvarCelebrantes(tx, id, e.celebrantes);
    await lancarOferta(tx, ctx, id, e, v, plano);
    const { criadoEm: _c, atualizadoEm: _a, excluidoEm: _x, ...anterior } = antes;
    await registrarAlteracao(tx, ctx, 'culto', id, anterior, paraHistorico(e, v));
  });
  return obter(deps.db, ctx, id);
}

/** Logical delete; the offering's entry is reversed today, so today must fall in an open period. */
export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const antes = await paraMudar(tx, ctx, id);
    const atual = await lancamentoAtual(tx, id);
    if (atual)
      await estornar(tx, ctx, ACESSO, atual.id, {
        justificativa: tradutor(ctx.idioma)('cultos:cultoExcluido'),
        justificativaTraduzivel: textoTraduzivel('cultos:cultoExcluido'),
        data: hojeNoBrasil(),
      });
    await tx.update(cu).set({ excluidoEm: new Date(), atualizadoEm: new Date() }).where(eq(cu.id, id));
    const { criadoEm: _c, atualizadoEm: _a, excluidoEm: _x, ...anterior } = antes;
    await registrarAlteracao(tx, ctx, 'culto', id, anterior, null);
  });
}

/** The service an offering's ledger entry came from (spec §8 'no worship found for offering'). */
export async function cultoDaOferta(deps: Deps, ctx: Contexto, lancamentoId: number): Promise<Culto> {
  const [l] = await deps.db
    .select({ cultoId: lc.origemId })
    .from(lc)
    .where(and(eq(lc.id, lancamentoId), eq(lc.origem, ORIGEM)));
  if (!l?.cultoId) throw new AppError('CULTO_NAO_ENCONTRADO');
  return obter(deps.db, ctx, l.cultoId).catch((e: unknown) => {
    if (e instanceof AppError && e.codigo === 'NAO_ENCONTRADO') throw new AppError('CULTO_NAO_ENCONTRADO');
    throw e;
  });
}

const COLUNAS_EXPORTACAO = [
  'id',
  'organizacaoNome',
  'data',
  'hora',
  'santaCeia',
  'presentes',
  'ofertas',
  'abrangencia',
  'destino',
  'dataCredito',
  'sermao',
] as const;
const TIPOS_EXPORTACAO: Partial<Record<(typeof COLUNAS_EXPORTACAO)[number], Omit<ColunaArquivo, 'titulo'>>> = {
  id: { tipo: 'numero' },
  data: { tipo: 'data' },
  santaCeia: { tipo: 'simNao' },
  presentes: { tipo: 'numero' },
  ofertas: { tipo: 'dinheiro' },
  abrangencia: { tipo: 'opcao', rotulos: 'campos:opcao.abrangencia' },
  dataCredito: { tipo: 'data' },
};

/** The filtered list as CSV or XLSX, read in keyset batches of (date, id). */
export function exportar(
  deps: Deps,
  ctx: Contexto,
  q: Omit<CultoListQuery, 'pagina' | 'quantidade' | 'ordem'>,
  formato: FormatoArquivo,
  origem: { ip: string; userAgent: string | null; rota: string },
) {
  deps.auditoria.exportacao(ctx, ACESSO, origem);
  const t = tradutor(ctx.idioma);
  const colunas = COLUNAS_EXPORTACAO.map(
    (c): ColunaArquivo => ({ titulo: t(`campos:${c}`, { defaultValue: c }), ...TIPOS_EXPORTACAO[c] }),
  );
  const onde = condicoes(ctx, q);
  async function* lotes(): AsyncGenerator<unknown[][]> {
    let depois: { data: string; id: number } | null = null;
    for (let enviadas = 0; enviadas < LIMITE_EXPORTACAO; ) {
      const linhas = (await deps.db
        .select(selecao)
        .from(cu)
        .innerJoin(organizacao, eq(organizacao.id, cu.organizacaoId))
        .where(and(onde, depois ? sql`(${cu.data}, ${cu.id}) > (${depois.data}::date, ${depois.id}::int)` : undefined))
        .orderBy(cu.data, cu.id)
        .limit(LOTE_EXPORTACAO)) as Linha[];
      if (!linhas.length) return;
      yield linhas.map((l) => COLUNAS_EXPORTACAO.map((c) => l[c] ?? null));
      enviadas += linhas.length;
      const ultima = linhas[linhas.length - 1]!;
      depois = { data: ultima.data, id: ultima.id };
      if (linhas.length < LOTE_EXPORTACAO) return;
    }
  }
  return {
    nomeArquivo: `culto-${hojeNoBrasil()}.${formato}`,
    conteudo: arquivoExportacao(formato, {
      titulo: t('menu:acessos.Culto'),
      idioma: ctx.idioma,
      colunas,
      lotes: lotes(),
    }),
  };
}
