import type {
  ContasAReceberLoteInput,
  ItensLoteQuery,
  OpcoesContasAReceberLote,
  PreviaContasAReceberLote,
  ProcessamentoLote,
  ProcessamentoLoteListQuery,
} from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { filtroCompartilhado } from '../../platform/escopo.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';
import { condicoes, exigirDentroDoMaximo } from '../pessoas/index.js';
import { criarLote, listarItens, listarLotes, obterLote } from '../processamento-lote/index.js';
import { competenciasCobradas, type ParametrosLoteContas } from './contas-a-receber-lote.tipo.js';

/**
 * Spec §2 /contas-a-receber-lote: receivables for the people chosen with the people list's
 * filters and/or one by one, for a competence period, through a CONTAS_A_RECEBER batch. The
 * batch and its receivables belong to the organization the user acts for; the category is one
 * that organization may use (its scope's, or shared from above).
 */
export const ACESSO_CONTAS_LOTE = 'ContasAReceberLote';
const TIPO = 'CONTAS_A_RECEBER';
const { pessoa, organizacao, categoriaContribuicao: categoria } = schema;

const categoriasUsaveis = (ctx: Contexto) =>
  and(
    isNull(categoria.excluidoEm),
    eq(categoria.ativo, true),
    filtroCompartilhado(ctx, ACESSO_CONTAS_LOTE, categoria.organizacaoId, categoria.acessivelHierarquia),
  );

const colunasCategoria = {
  value: categoria.id,
  label: categoria.nome,
  valor: categoria.valor,
  periodicidadeContribuicao: categoria.periodicidadeContribuicao,
  periodicidadeCobranca: categoria.periodicidadeCobranca,
  diaVencimento: categoria.diaVencimento,
  mesVencimento: categoria.mesVencimento,
};

async function ajustesDaOrganizacao(deps: Deps, organizacaoId: number) {
  const [o] = await deps.db
    .select({
      diaVencimentoContribuicao: organizacao.diaVencimentoContribuicao,
      valorPadraoContribuicao: organizacao.valorPadraoContribuicao,
      tipoValorContribuicao: organizacao.tipoValorContribuicao,
    })
    .from(organizacao)
    .where(eq(organizacao.id, organizacaoId));
  return o!;
}

/** The form's categories and the defaults of the organization acted for. */
export async function opcoes(deps: Deps, ctx: Contexto): Promise<OpcoesContasAReceberLote> {
  const [categorias, o] = await Promise.all([
    deps.db.select(colunasCategoria).from(categoria).where(categoriasUsaveis(ctx)).orderBy(asc(categoria.nome)),
    ajustesDaOrganizacao(deps, ctx.organizacaoId),
  ]);
  return {
    categorias: categorias as OpcoesContasAReceberLote['categorias'],
    organizacao: o as OpcoesContasAReceberLote['organizacao'],
  };
}

type CategoriaLida = NonNullable<ParametrosLoteContas['categoria']> & {
  diaVencimento: number | null;
  mesVencimento: number | null;
};

/** Whom the batch takes (a select of `referencia_id, descricao`) and what it fixes for them. */
async function preparar(deps: Deps, ctx: Contexto, e: ContasAReceberLoteInput) {
  const acesso = ACESSO_CONTAS_LOTE;
  const {
    pessoasIds,
    categoriaContribuicaoId,
    usarValorDaPessoa,
    competenciaInicio,
    competenciaFim,
    diaVencimento,
    tipo,
    ...filtros
  } = e;
  await exigirDentroDoMaximo(deps, 'pessoasIds', pessoasIds);
  // Chosen people outside the scope were refused by the reference rule before this (400).
  const ids = pessoasIds?.length ? pessoasIds : null;
  const pessoas = await condicoes(deps, ctx, filtros, acesso);
  let cat: CategoriaLida | null = null;
  if (categoriaContribuicaoId) {
    const [c] = await deps.db
      .select({ ...colunasCategoria, id: categoria.id, nome: categoria.nome })
      .from(categoria)
      .where(and(eq(categoria.id, categoriaContribuicaoId), categoriasUsaveis(ctx)));
    if (!c) throw naoEncontrado();
    cat = c as CategoriaLida;
  }
  const org = await ajustesDaOrganizacao(deps, ctx.organizacaoId);
  const dia = diaVencimento ?? cat?.diaVencimento ?? org.diaVencimentoContribuicao;
  if (!dia) throw erroDeCampo('diaVencimento', 'diaVencimentoSemPadrao');
  const competencias = competenciasCobradas(
    competenciaInicio,
    competenciaFim,
    cat?.periodicidadeCobranca ?? 'MENSAL',
    cat?.mesVencimento ?? null,
    dia,
  );
  if (!competencias.length) throw erroDeCampo('competenciaFim', 'periodoSemCobranca');
  const parametros: ParametrosLoteContas = {
    entrada: e,
    tipo,
    usarValorDaPessoa,
    diaVencimento: dia,
    competencias,
    categoria: cat && {
      id: cat.id,
      nome: cat.nome,
      valor: cat.valor,
      periodicidadeContribuicao: cat.periodicidadeContribuicao,
      periodicidadeCobranca: cat.periodicidadeCobranca,
    },
    organizacao: { valorPadrao: org.valorPadraoContribuicao, tipoValor: org.tipoValorContribuicao },
    criadoPor: ctx.usuarioId,
  };
  const onde: SQL = and(pessoas, ids ? inArray(pessoa.id, ids) : undefined)!;
  const itens = sql`select ${pessoa.id} as referencia_id, ${nomeCompletoPessoa} as descricao
    from ${pessoa} where ${onde}`;
  return { itens, parametros, onde };
}

/** What the batch would do, for the confirmation: people, months, receivables at most. */
export async function previa(deps: Deps, ctx: Contexto, e: ContasAReceberLoteInput): Promise<PreviaContasAReceberLote> {
  const { parametros, onde } = await preparar(deps, ctx, e);
  const [{ n } = { n: 0 }] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(pessoa).where(onde);
  const competencias = parametros.competencias.map((c) => `${c.ano}-${String(c.mes).padStart(2, '0')}`);
  return { pessoas: n, competencias, contas: n * competencias.length, diaVencimento: parametros.diaVencimento };
}

export async function criarLoteContas(
  deps: Deps,
  ctx: Contexto,
  e: ContasAReceberLoteInput,
): Promise<ProcessamentoLote> {
  const { itens, parametros } = await preparar(deps, ctx, e);
  const id = await criarLote(deps, ctx, { tipo: TIPO, organizacaoId: ctx.organizacaoId, parametros, itens });
  return obterLote(deps.db, ctx, id, ACESSO_CONTAS_LOTE);
}

/** The screen's own list: the receivable batches of the scope. */
export const listarLotesContas = (deps: Deps, ctx: Contexto, q: ProcessamentoLoteListQuery) =>
  listarLotes(deps, ctx, { ...q, tipo: TIPO }, ACESSO_CONTAS_LOTE);

/** One receivable batch (another kind's reads as not found here). */
export async function obterLoteContas(deps: Deps, ctx: Contexto, id: number) {
  const l = await obterLote(deps.db, ctx, id, ACESSO_CONTAS_LOTE);
  if (l.tipo !== TIPO) throw naoEncontrado();
  return l;
}

export async function listarItensContas(deps: Deps, ctx: Contexto, id: number, q: ItensLoteQuery) {
  await obterLoteContas(deps, ctx, id);
  return listarItens(deps, ctx, id, q, ACESSO_CONTAS_LOTE);
}
