import { type CobrancaListQuery, type CobrancaResumo, hojeNoBrasil, type Paged } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OrigemPedido } from '../../platform/auditoria.js';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { arquivoExportacao, type ColunaArquivo, type FormatoArquivo } from '../../platform/exportacao.js';
import { contemSemAcento, nomeTitular } from '../../platform/sql.js';
import { ACESSO_COBRANCA, type LinhaCobranca, paraCobranca } from './cobranca.service.js';

/**
 * The charges list (spec §2 /cobranca): every charge of the scope with its holder, so a treasurer
 * sees what was charged and what came in, whatever receivable it belongs to.
 */
const { cobranca: cob, contaAReceber: car, pessoa, organizacao } = schema;
const titular = alias(organizacao, 'titular');
const titularNome = nomeTitular(titular);

const consulta = (db: DbOuTx) =>
  db
    .select({
      ...getTableColumns(cob),
      titularNome,
      organizacaoNome: organizacao.nomeFantasia,
      mesCompetencia: car.mesCompetencia,
      anoCompetencia: car.anoCompetencia,
    })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .innerJoin(organizacao, eq(organizacao.id, car.organizacaoId))
    .leftJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .leftJoin(titular, eq(titular.id, car.organizacaoTitularId));

type Linha = LinhaCobranca & {
  titularNome: string;
  organizacaoNome: string;
  mesCompetencia: number;
  anoCompetencia: number;
};
const paraResumo = ({ titularNome, organizacaoNome, mesCompetencia, anoCompetencia, ...l }: Linha): CobrancaResumo => ({
  ...paraCobranca(l),
  titularNome,
  organizacaoNome,
  mesCompetencia,
  anoCompetencia,
});

type Filtros = Omit<CobrancaListQuery, 'pagina' | 'quantidade' | 'ordem' | 'ordenarPor'>;

async function condicoes(deps: Deps, ctx: Contexto, q: Filtros): Promise<SQL> {
  return and(
    filtroOrganizacao(ctx, ACESSO_COBRANCA, car.organizacaoId),
    q.organizacaoId
      ? entreOrganizacoes(car.organizacaoId, await organizacoesEscolhidas(deps, ctx, ACESSO_COBRANCA, q.organizacaoId))
      : undefined,
    q.status?.length ? inArray(cob.status, q.status) : undefined,
    q.forma?.length ? inArray(cob.forma, q.forma) : undefined,
    q.vencimentoDe ? sql`${cob.vencimento} >= ${q.vencimentoDe}` : undefined,
    q.vencimentoAte ? sql`${cob.vencimento} <= ${q.vencimentoAte}` : undefined,
    q.incluirCanceladas === 'true' ? undefined : isNull(cob.canceladaEm),
    q.titular ? contemSemAcento(titularNome, q.titular) : undefined,
  )!;
}

const ORDEM: Record<NonNullable<CobrancaListQuery['ordenarPor']>, SQL> = {
  vencimento: sql`${cob.vencimento}`,
  valor: sql`${cob.valor}`,
  status: sql`${cob.status}`,
  criadoEm: sql`${cob.criadoEm}`,
  titular: titularNome,
};

export async function listarCobrancas(deps: Deps, ctx: Contexto, q: CobrancaListQuery): Promise<Paged<CobrancaResumo>> {
  const { pagina, quantidade, ordem, ordenarPor, ...filtros } = q;
  const onde = await condicoes(deps, ctx, filtros);
  const [{ n }] = (await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .leftJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .leftJoin(titular, eq(titular.id, car.organizacaoTitularId))
    .where(onde)) as [{ n: number }];
  const dir = sql.raw(ordem === 'desc' ? 'desc' : 'asc');
  const linhas = await consulta(deps.db)
    .where(onde)
    .orderBy(sql`${ORDEM[ordenarPor ?? 'vencimento']} ${dir}`, sql`${cob.id} ${dir}`)
    .limit(quantidade)
    .offset((pagina - 1) * quantidade);
  return { itens: (linhas as Linha[]).map(paraResumo), total: n, pagina, quantidade };
}

const COLUNAS_EXPORTACAO = [
  'id',
  'titularNome',
  'organizacaoNome',
  'competencia',
  'forma',
  'valor',
  'vencimento',
  'status',
  'statusProvedor',
  'dataPagamento',
  'dataCredito',
  'provedorId',
  'urlFatura',
] as const;
const TIPOS_EXPORTACAO: Partial<Record<(typeof COLUNAS_EXPORTACAO)[number], Omit<ColunaArquivo, 'titulo'>>> = {
  id: { tipo: 'numero' },
  forma: { tipo: 'opcao', rotulos: 'campos:opcao.formaPagamento' },
  valor: { tipo: 'dinheiro' },
  vencimento: { tipo: 'data' },
  status: { tipo: 'opcao', rotulos: 'campos:opcao.statusContaAReceber' },
  dataPagamento: { tipo: 'data' },
  dataCredito: { tipo: 'data' },
};
const LOTE_EXPORTACAO = 2_000;

/** The filtered charges as CSV or XLSX, newest first, read in keyset batches of id: memory stays flat. */
export async function exportarCobrancas(
  deps: Deps,
  ctx: Contexto,
  q: Filtros,
  formato: FormatoArquivo,
  origem: OrigemPedido,
) {
  const onde = await condicoes(deps, ctx, q);
  deps.auditoria.exportacao(ctx, ACESSO_COBRANCA, origem);
  const t = tradutor(ctx.idioma);
  const colunas = COLUNAS_EXPORTACAO.map(
    (c): ColunaArquivo => ({ titulo: t(`campos:${c}`, { defaultValue: c }), ...TIPOS_EXPORTACAO[c] }),
  );
  async function* lotes(): AsyncGenerator<unknown[][]> {
    let antesDe: number | null = null;
    for (;;) {
      const linhas = (await consulta(deps.db)
        .where(and(onde, antesDe === null ? undefined : sql`${cob.id} < ${antesDe}`))
        .orderBy(desc(cob.id))
        .limit(LOTE_EXPORTACAO)) as Linha[];
      if (!linhas.length) return;
      yield linhas.map((l) => {
        const c = paraResumo(l);
        const valores: Record<(typeof COLUNAS_EXPORTACAO)[number], unknown> = {
          ...c,
          competencia: `${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia}`,
        };
        return COLUNAS_EXPORTACAO.map((k) => valores[k] ?? null);
      });
      antesDe = linhas[linhas.length - 1]!.id;
    }
  }
  return {
    nomeArquivo: `cobrancas-${hojeNoBrasil()}.${formato}`,
    conteudo: arquivoExportacao(formato, {
      titulo: t('menu:acessos.Cobranca'),
      idioma: ctx.idioma,
      colunas,
      lotes: lotes(),
    }),
  };
}
