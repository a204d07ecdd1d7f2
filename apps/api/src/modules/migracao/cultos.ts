import { ABRANGENCIAS_OFERTA, cultoInput, normalizarValor } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import type { IssueValidacao } from '@sig/i18n';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Contexto } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { filtroOrganizacao, organizacoesAcima } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { faltasDaOferta, type PlanoDoCulto, planoDaData, valoresDoPlano } from '../cultos/index.js';
import { dataPtBr, dinheiroPtBr, normalizarTexto } from './conversao.js';
import { ACESSO_MIGRACAO, type Autor, guardarIssue, issue, type LinhaAnalisada, type ValoresLinha } from './pessoas.js';
import { carregarReferenciasContas, organizacaoDaLinha, type ReferenciasContas } from './receber.js';

/**
 * The worship services kind (issue 23): a row → a service as its form would send it (checked with
 * `cultoInput`, the form's own schema, and the form's offering rule: the date's offering plan
 * gives scope, destination and ledger account, else the row must), in an organization of the
 * writer's scope. Offerings come as history: the old system's books are not posted again, so no
 * cash-ledger entry is made. A rerun finds the service by its key in the source.
 */
const { culto: cu, planoConta } = schema;

/** The service's columns a row fills, compared and written. */
const CAMPOS = [
  'organizacaoId',
  'data',
  'hora',
  'santaCeia',
  'presentes',
  'ofertas',
  'dataCredito',
  'abrangencia',
  'destino',
  'planoContaId',
  'planoOfertasId',
  'sermao',
] as const;
type Campo = (typeof CAMPOS)[number];

export type DadosCulto = { culto: Record<Campo, string | number | boolean | null>; chaveLegada: string };

/** Organizations (as receivables resolve them) and the ledger accounts a service may post to. */
export type ReferenciasCultos = {
  organizacoes: ReferenciasContas;
  planos: Map<string, { id: number; organizacaoId: number; compartilhada: boolean }[]>;
  acima: Set<number>;
  /** The offering plan of each organization and date, read once. */
  planosDaData: Map<string, Promise<PlanoDoCulto | null>>;
};

export async function carregarReferenciasCultos(db: DbOuTx, ctx: Contexto): Promise<ReferenciasCultos> {
  const [organizacoes, contas] = await Promise.all([
    carregarReferenciasContas(db, ctx),
    db
      .select({
        id: planoConta.id,
        codigo: planoConta.codigoInterno,
        contabil: planoConta.codigoContabil,
        nome: planoConta.nome,
        organizacaoId: planoConta.organizacaoId,
        compartilhada: planoConta.acessivelHierarquia,
      })
      .from(planoConta)
      .where(and(isNull(planoConta.excluidoEm), eq(planoConta.tipoPlanoConta, 'ANALITICA'))),
  ]);
  const planos: ReferenciasCultos['planos'] = new Map();
  const por = (chave: string | null, c: (typeof contas)[number]) => {
    if (!chave) return;
    const l = planos.get(chave) ?? [];
    if (!l.some((x) => x.id === c.id)) l.push(c);
    planos.set(chave, l);
  };
  for (const c of contas) {
    por(normalizarTexto(c.codigo), c);
    por(c.contabil && normalizarTexto(c.contabil), c);
    por(normalizarTexto(c.nome), c);
  }
  return { organizacoes, planos, acima: new Set(organizacoesAcima(ctx)), planosDaData: new Map() };
}

const SIM = new Set(['sim', 's', 'x', 'true', '1', 'yes', 'y']);
const NAO = new Set(['nao', 'n', 'false', '0', 'no']);

/** `19h30`, `19:30`, `9h` → `HH:MM`; anything else as it was, for the schema to refuse. */
function hora(v: string): string {
  const m = /^(\d{1,2})\s*[:hH]\s*(\d{2})?$/.exec(v.trim());
  return m ? `${m[1]!.padStart(2, '0')}:${m[2] ?? '00'}` : v.trim();
}

/** `1.250` people, as a pt-BR sheet writes thousands; null when it is not a count. */
function inteiro(v: string): number | null {
  const s = v.trim();
  return /^\d{1,3}(\.\d{3})+$/.test(s) || /^\d+$/.test(s) ? Number(s.replace(/\./g, '')) : null;
}

/**
 * A chunk of service rows: each converted, its organization and ledger account resolved in the
 * writer's scope, checked with the service form's schema and offering rule, then matched by its
 * key in the source. Nothing is written.
 */
export async function analisarCultos(
  db: DbOuTx,
  ctx: Contexto,
  run: { organizacaoId: number; origem: string },
  refs: ReferenciasCultos,
  linhas: { numero: number; original: Record<string, string>; valores: ValoresLinha }[],
  vistos: Set<string>,
): Promise<LinhaAnalisada<DadosCulto>[]> {
  const r: LinhaAnalisada<DadosCulto>[] = [];
  for (const { numero, original, valores: v } of linhas) {
    const chaveLegada = v.chaveLegada?.trim() || null;
    const mensagens: IssueValidacao[] = [];
    const { id: organizacaoId, problema } = organizacaoDaLinha(v, run, refs.organizacoes);
    if (problema) mensagens.push(problema);
    let santaCeia = false;
    if (v.santaCeia) {
      const s = normalizarTexto(v.santaCeia);
      if (SIM.has(s)) santaCeia = true;
      else if (!NAO.has(s)) mensagens.push(issue('santaCeia', 'validacao:valorInvalido'));
    }
    const presentes = v.presentes ? inteiro(v.presentes) : 0;
    if (presentes === null) mensagens.push(issue('presentes', 'validacao:valorInvalido'));
    let planoContaId: number | null = null;
    if (v.planoConta) {
      const achadas = refs.planos.get(normalizarTexto(v.planoConta)) ?? [];
      // The organization's own account, else one shared down from above (as the books see them).
      const vistas = achadas.filter(
        (c) =>
          c.organizacaoId === organizacaoId ||
          (c.compartilhada && refs.acima.has(c.organizacaoId)) ||
          (c.compartilhada && refs.organizacoes.escopo.has(c.organizacaoId)),
      );
      const escolhida =
        vistas.find((c) => c.organizacaoId === organizacaoId) ?? (vistas.length === 1 ? vistas[0] : undefined);
      if (escolhida) planoContaId = escolhida.id;
      else
        mensagens.push(
          issue(
            'planoConta',
            vistas.length
              ? 'validacao:referenciaAmbigua'
              : achadas.length
                ? 'validacao:foraDoEscopo'
                : 'validacao:referenciaInexistente',
          ),
        );
    }
    const data = v.data ? dataPtBr(v.data) : '';
    const entrada = {
      organizacaoId: organizacaoId ?? 1,
      data,
      hora: v.hora ? hora(v.hora) : '',
      santaCeia,
      presentes: presentes ?? 0,
      ofertas: v.ofertas ? (dinheiroPtBr(v.ofertas) ?? v.ofertas) : '0.00',
      dataCredito: v.dataCredito ? dataPtBr(v.dataCredito) : null,
      abrangencia: v.abrangencia
        ? (ABRANGENCIAS_OFERTA.find((a) => normalizarTexto(a) === normalizarTexto(v.abrangencia!)) ?? v.abrangencia)
        : null,
      destino: v.destino ?? null,
      planoContaId,
      celebrantes: [],
      sermao: v.sermao ?? null,
    };
    const descricao = [data, entrada.hora, v.ofertas && entrada.ofertas].filter(Boolean).join(' · ');
    const base = { numero, chaveLegada, original, diferencas: [], alvoId: null, descricao };
    const c = cultoInput.safeParse(entrada);
    if (!c.success)
      for (const i of c.error.issues) {
        const campo = i.path[0] === 'planoContaId' ? 'planoConta' : String(i.path[0]);
        mensagens.push(guardarIssue({ ...i, path: [campo] } as never, { [campo]: v[campo] ?? null }));
      }
    if (!chaveLegada) mensagens.push(issue('chaveLegada', 'validacao:obrigatorio'));
    else if (vistos.has(chaveLegada)) mensagens.push(issue('chaveLegada', 'validacao:repetidoNoArquivo'));
    if (!c.success || mensagens.length || !chaveLegada || !organizacaoId) {
      r.push({ ...base, acao: 'ERRO', dados: null, mensagens });
      continue;
    }
    // The form's rule: the date's offering plan decides scope, destination and account; else the row must.
    const chavePlano = `${organizacaoId}:${c.data.data}`;
    if (!refs.planosDaData.has(chavePlano))
      refs.planosDaData.set(chavePlano, planoDaData(db, organizacaoId, c.data.data));
    const plano = await refs.planosDaData.get(chavePlano)!;
    const valores = valoresDoPlano(c.data, plano);
    const faltam = faltasDaOferta(c.data, valores);
    if (faltam.length) {
      for (const f of faltam) mensagens.push(issue(f === 'planoContaId' ? 'planoConta' : f, 'validacao:obrigatorio'));
      r.push({ ...base, acao: 'ERRO', dados: null, mensagens });
      continue;
    }
    vistos.add(chaveLegada);
    const dados: DadosCulto = {
      culto: {
        organizacaoId,
        data: c.data.data,
        hora: c.data.hora,
        santaCeia: c.data.santaCeia,
        presentes: c.data.presentes,
        ofertas: normalizarValor(c.data.ofertas),
        dataCredito: c.data.dataCredito ?? null,
        sermao: c.data.sermao ?? null,
        ...valores,
      },
      chaveLegada,
    };
    r.push({ ...base, acao: 'CRIAR', dados, mensagens: [] });
  }
  const validas = r.filter((l) => l.acao === 'CRIAR');
  if (!validas.length) return r;
  const existentes = await db
    .select()
    .from(cu)
    .where(
      and(
        inArray(
          cu.chaveLegada,
          validas.map((l) => l.chaveLegada!),
        ),
        eq(cu.origem, run.origem),
        isNull(cu.excluidoEm),
        filtroOrganizacao(ctx, ACESSO_MIGRACAO, cu.organizacaoId),
      ),
    );
  const porChave = new Map(existentes.map((e) => [e.chaveLegada!, e]));
  for (const l of validas) {
    const e = porChave.get(l.chaveLegada!);
    if (!e) continue;
    l.alvoId = e.id;
    for (const campo of CAMPOS)
      if (!igual(e[campo], l.dados!.culto[campo]))
        l.diferencas.push({ campo, antes: e[campo] ?? null, depois: l.dados!.culto[campo] });
    l.acao = l.diferencas.length ? 'ATUALIZAR' : 'IGNORAR';
  }
  return r;
}

/** Stored and sheet values in one form: `50` and `50.00` are the same offering. */
const igual = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(a) && /^-?\d+(\.\d+)?$/.test(b)
    ? normalizarValor(a) === normalizarValor(b)
    : String(a ?? '') === String(b ?? '');

// ---------------------------------------------------------------- the batch's writer

type Colunas = typeof cu.$inferInsert;

/** What undo needs: the service's columns before the row changed them (none for a new one). */
export type AnterioresCulto = { culto: Record<string, unknown> | null };

/**
 * Writes one service row of a confirmed run, in the caller's transaction: a new service (with the
 * run's source and the row's key) or the matched one's columns.
 */
export async function escreverCulto(
  tx: DbOuTx,
  autor: Autor,
  run: { origem: string },
  linha: { acao: string; alvoId: number | null; dados: DadosCulto },
): Promise<{ alvoId: number; anteriores: AnterioresCulto }> {
  const d = linha.dados;
  if (linha.acao === 'CRIAR') {
    // Another run of the same source confirmed meanwhile: the service is there already.
    const [ja] = await tx
      .select({ id: cu.id })
      .from(cu)
      .where(
        and(
          eq(cu.origem, run.origem),
          eq(cu.chaveLegada, d.chaveLegada),
          eq(cu.organizacaoId, Number(d.culto.organizacaoId)),
          isNull(cu.excluidoEm),
        ),
      );
    if (ja) throw new AppError('MIGRACAO_JA_IMPORTADA');
    const [novo] = await tx
      .insert(cu)
      .values({ ...(d.culto as Colunas), origem: run.origem, chaveLegada: d.chaveLegada })
      .returning({ id: cu.id });
    await registrarAlteracao(tx, autor, 'culto', novo!.id, null, { ...d.culto, origem: run.origem });
    return { alvoId: novo!.id, anteriores: { culto: null } };
  }
  const id = linha.alvoId!;
  const [atual] = await tx
    .select()
    .from(cu)
    .where(and(eq(cu.id, id), isNull(cu.excluidoEm)))
    .for('update');
  if (!atual) throw new AppError('NAO_ENCONTRADO');
  const antes = Object.fromEntries(CAMPOS.map((k) => [k, atual[k] ?? null]));
  await tx
    .update(cu)
    .set({ ...(d.culto as Colunas), atualizadoEm: new Date() })
    .where(eq(cu.id, id));
  await registrarAlteracao(tx, autor, 'culto', id, antes, d.culto);
  return { alvoId: id, anteriores: { culto: antes } };
}

/** Undoes one written service row: a new one leaves the list, a changed one gets its columns back. */
export async function desfazerCulto(
  tx: DbOuTx,
  autor: Autor,
  linha: { acao: string; alvoId: number; anteriores: AnterioresCulto },
) {
  const agora = new Date();
  const [atual] = await tx.select().from(cu).where(eq(cu.id, linha.alvoId)).for('update');
  if (!atual) return;
  const depois = linha.acao === 'CRIAR' ? { excluidoEm: agora } : (linha.anteriores.culto ?? {});
  await tx
    .update(cu)
    .set({ ...(depois as Partial<Colunas>), atualizadoEm: agora })
    .where(eq(cu.id, linha.alvoId));
  const antes = Object.fromEntries(Object.keys(depois).map((k) => [k, (atual as Record<string, unknown>)[k] ?? null]));
  await registrarAlteracao(tx, autor, 'culto', linha.alvoId, antes as never, depois as never);
}
