import type { CarneQuery, ProcessamentoLote, ProcessamentoLoteListQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { condicoes, exigirDentroDoMaximo } from '../pessoas/index.js';
import { criarLote, listarLotes, obterLote } from '../processamento-lote/index.js';
import {
  abertas,
  buscarCodigos,
  faltamCodigos,
  type Linha,
  linhas,
  naSubarvore,
  noPeriodo,
  paraBoleto,
  periodoDoLote,
} from './carne-boletos.js';
import type { Boleto } from './carne-pdf.js';

/**
 * Payment booklets (spec §2 /emissao-carnes): one slip per open charge of the chosen people's
 * receivables in the period, in name then due-date order.
 *
 * The slip's codes (typed line, barcode, Pix code) come from the provider but never change for a
 * charge, so they are fetched once and kept on the charge. Many people go through a CARNES batch:
 * one item per person fetches the codes its charges still lack (the provider's latency is paid in
 * the background, an error stays on that person and is reprocessed alone); the PDF is then drawn
 * from the database alone, streamed on download, so memory stays flat for any count and a second
 * download costs no provider call. A small run (a person's year) is still answered at once.
 */
export const ACESSO_CARNES = 'Carnes';
/** One batch; larger ones are split by filter (an organization at a time). */
export const LIMITE_BOLETOS = 50_000;
/** The immediate download waits on the provider for the codes it lacks: a few people at most. */
export const LIMITE_IMEDIATO = 60;
const LOTE = 200;

const { contaAReceber: car, cobranca: cob, pessoa, organizacao, processamentoLoteItem } = schema;

async function ondeBoletos(deps: Deps, ctx: Contexto, q: CarneQuery): Promise<SQL> {
  const { tipoPeriodo, inicio, fim, pessoasIds, ...filtros } = q;
  await exigirDentroDoMaximo(deps, 'pessoasIds', pessoasIds);
  const pessoas = await condicoes(deps, ctx, filtros, ACESSO_CARNES);
  return and(
    pessoas,
    pessoasIds?.length ? inArray(pessoa.id, pessoasIds) : undefined,
    filtroOrganizacao(ctx, ACESSO_CARNES, car.organizacaoId),
    abertas(),
    noPeriodo({ tipoPeriodo, inicio, fim }),
  )!;
}

export type Carne = { total: number; boletos: AsyncIterable<Boleto[]> };

/** The slips matching `onde`, counted first (for the answer's header), then read in keyset batches. */
async function lerCarne(
  deps: Deps,
  onde: SQL,
  completar: (lote: Linha[]) => Promise<Boleto[]> = async (lote) => lote.map((l) => paraBoleto(l)),
): Promise<Carne> {
  const [contagem] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(
    sql`(${linhas(deps)
      .where(onde)
      .limit(LIMITE_BOLETOS + 1)}) as x`,
  );
  const total = Math.min(contagem?.n ?? 0, LIMITE_BOLETOS);
  async function* boletos() {
    let depois: Linha | null = null;
    let lidas = 0;
    while (lidas < total) {
      const posicao: SQL | undefined = depois
        ? sql`(${pessoa.nomeBusca}, ${pessoa.id}, ${cob.vencimento}, ${cob.id}) > (${depois.chave}, ${depois.pessoaId}, ${depois.vencimento}, ${depois.cobrancaId})`
        : undefined;
      const lote: Linha[] = await linhas(deps)
        .where(and(onde, posicao))
        .orderBy(asc(pessoa.nomeBusca), asc(pessoa.id), asc(cob.vencimento), asc(cob.id))
        .limit(Math.min(LOTE, total - lidas));
      if (!lote.length) return;
      yield await completar(lote);
      lidas += lote.length;
      depois = lote[lote.length - 1]!;
    }
  }
  return { total, boletos: boletos() };
}

/**
 * The immediate booklet (a person's year): codes the charges lack are fetched while the PDF is
 * written, and kept. A slip whose codes the provider cannot give still prints, saying so, and
 * `aoFalhar` hears why: one missing charge should not cost the whole booklet. A larger run is
 * refused towards the batch.
 */
export async function carne(
  deps: Deps,
  ctx: Contexto,
  q: CarneQuery,
  aoFalhar: (erro: unknown, cobrancaId: number) => void,
): Promise<Carne> {
  const onde = await ondeBoletos(deps, ctx, q);
  const [contagem] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(
    sql`(${linhas(deps)
      .where(onde)
      .limit(LIMITE_IMEDIATO + 1)}) as x`,
  );
  if ((contagem?.n ?? 0) > LIMITE_IMEDIATO) throw new AppError('CARNE_USE_LOTE', { maximo: String(LIMITE_IMEDIATO) });
  return lerCarne(deps, onde, async (lote) => {
    const obtidos = await buscarCodigos(deps, lote.filter(faltamCodigos), aoFalhar);
    return lote.map((l) => paraBoleto(l, obtidos.get(l.cobrancaId) ?? l));
  });
}

/** A booklet batch of the chosen people: one item per person with an open charge in the period. */
export async function criarLoteCarnes(deps: Deps, ctx: Contexto, q: CarneQuery): Promise<ProcessamentoLote> {
  const onde = await ondeBoletos(deps, ctx, q);
  const itens = sql`${deps.db
    .select({
      referenciaId: sql`${pessoa.id}`.as('referencia_id'),
      descricao: sql`min(trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome}))`.as('descricao'),
    })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .innerJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .innerJoin(organizacao, eq(organizacao.id, car.organizacaoId))
    .where(onde)
    .groupBy(pessoa.id)}`;
  const { tipoPeriodo, inicio, fim } = q;
  const id = await criarLote(deps, ctx, {
    tipo: 'CARNES',
    organizacaoId: ctx.organizacaoId,
    parametros: { tipoPeriodo, inicio, fim },
    itens,
  });
  return obterLote(deps.db, ctx, id, ACESSO_CARNES);
}

/** The screen's own list: the booklet batches of the scope. */
export const listarLotesCarnes = (deps: Deps, ctx: Contexto, q: ProcessamentoLoteListQuery) =>
  listarLotes(deps, ctx, { ...q, tipo: 'CARNES' }, ACESSO_CARNES);

/**
 * A finished batch's booklet, from the database alone: the open charges in the period of the
 * people whose item ended well. A charge created after the batch ran prints saying its codes are
 * unavailable (a new batch fetches them).
 */
export async function carneDoLote(deps: Deps, ctx: Contexto, loteId: number): Promise<Carne> {
  const l = await obterLote(deps.db, ctx, loteId, ACESSO_CARNES);
  if (l.tipo !== 'CARNES') throw naoEncontrado();
  if (l.status !== 'CONCLUIDO' && l.status !== 'CONCLUIDO_COM_ERROS') throw new AppError('LOTE_SITUACAO_INVALIDA');
  const { periodo, organizacaoId } = await periodoDoLote(deps, loteId);
  const item = processamentoLoteItem;
  return lerCarne(
    deps,
    and(
      inArray(
        pessoa.id,
        deps.db
          .select({ id: item.referenciaId })
          .from(item)
          .where(and(eq(item.loteId, loteId), eq(item.status, 'OK'))),
      ),
      abertas(),
      noPeriodo(periodo),
      naSubarvore(organizacaoId),
      filtroOrganizacao(ctx, ACESSO_CARNES, car.organizacaoId),
    )!,
  );
}
