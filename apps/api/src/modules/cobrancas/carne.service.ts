import { type CarneQuery, STATUS_EDITAVEIS } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { condicoes } from '../pessoas/pessoa.service.js';
import { exigirDentroDoMaximo } from '../pessoas/selecao.service.js';
import type { Boleto } from './carne-pdf.js';
import { provedorDa } from './cobranca.service.js';
import type { PaymentProvider } from './provedor/provedor.js';

/**
 * Payment booklets (spec §2 /emissao-carnes): one slip per open charge of the chosen people's
 * receivables in the period, in name then due-date order. The typed line and the Pix code are
 * never stored, so each slip asks the provider for them, a few at a time, batch by batch: the
 * PDF starts at once and memory stays flat for any count.
 */
export const ACESSO_CARNES = 'Carnes';
/** One run; larger ones are split by filter (an organization at a time). */
export const LIMITE_BOLETOS = 50_000;
const LOTE = 200;
/** Calls in flight to the provider: enough to hide its latency, few enough to respect its rate limit. */
const CONCORRENCIA = 4;

const { contaAReceber: car, cobranca: cob, pessoa, organizacao } = schema;

/** Charges left to pay: the booklet is for paying, so paid, reversed or cancelled ones stay out. */
async function ondeBoletos(deps: Deps, ctx: Contexto, q: CarneQuery): Promise<SQL> {
  const { tipoPeriodo, inicio, fim, pessoasIds, ...filtros } = q;
  await exigirDentroDoMaximo(deps, 'pessoasIds', pessoasIds);
  const pessoas = await condicoes(deps, ctx, filtros, ACESSO_CARNES);
  const periodo =
    tipoPeriodo === 'vencimento'
      ? sql`${cob.vencimento} between ${inicio} and ${fim}`
      : sql`make_date(${car.anoCompetencia}, ${car.mesCompetencia}, 1) between date_trunc('month', ${inicio}::date) and ${fim}::date`;
  return and(
    pessoas,
    pessoasIds?.length ? inArray(pessoa.id, pessoasIds) : undefined,
    filtroOrganizacao(ctx, ACESSO_CARNES, car.organizacaoId),
    isNull(cob.canceladaEm),
    inArray(cob.forma, ['BOLETO', 'PIX']),
    inArray(cob.status, [...STATUS_EDITAVEIS]),
    periodo,
  )!;
}

const linhas = (deps: Deps) =>
  deps.db
    .select({
      cobrancaId: cob.id,
      provedorId: cob.provedorId,
      forma: cob.forma,
      valor: cob.valor,
      vencimento: cob.vencimento,
      numeroParcela: cob.numeroParcela,
      mesCompetencia: car.mesCompetencia,
      anoCompetencia: car.anoCompetencia,
      organizacaoId: car.organizacaoId,
      organizacao: organizacao.nomeFantasia,
      nome: pessoa.nome,
      sobrenome: pessoa.sobrenome,
      chave: pessoa.nomeBusca,
      pessoaId: pessoa.id,
    })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .innerJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .innerJoin(organizacao, eq(organizacao.id, car.organizacaoId));

type Linha = Awaited<ReturnType<ReturnType<typeof linhas>['execute']>>[number];

/** Maps in order with at most `limite` calls running at once. */
async function emParalelo<T, R>(itens: readonly T[], limite: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const saida = new Array<R>(itens.length);
  let proximo = 0;
  const trabalhador = async () => {
    while (proximo < itens.length) {
      const i = proximo++;
      saida[i] = await f(itens[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limite, itens.length) }, trabalhador));
  return saida;
}

export type Carne = { total: number; boletos: AsyncIterable<Boleto[]> };

/**
 * The slips of the chosen people in the period: their count first (for the answer's header) and
 * then the slips batch by batch. A slip whose codes the provider cannot give still prints, saying
 * so, and `aoFalhar` hears why: one missing charge should not cost the whole booklet.
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
      .limit(LIMITE_BOLETOS + 1)}) as x`,
  );
  const total = Math.min(contagem?.n ?? 0, LIMITE_BOLETOS);
  const provedores = new Map<number, Promise<PaymentProvider>>();
  const provedor = (organizacaoId: number) => {
    if (!provedores.has(organizacaoId)) provedores.set(organizacaoId, provedorDa(deps, deps.db, organizacaoId));
    return provedores.get(organizacaoId)!;
  };
  const boleto = async (l: Linha): Promise<Boleto> => {
    const base = {
      organizacao: l.organizacao,
      titular: `${l.nome} ${l.sobrenome}`.trim(),
      competencia: `${String(l.mesCompetencia).padStart(2, '0')}/${l.anoCompetencia}`,
      vencimento: l.vencimento,
      valor: l.valor,
      parcela: l.numeroParcela,
    };
    try {
      const p = await provedor(l.organizacaoId);
      const [linha, pix] = await Promise.all([
        l.forma === 'BOLETO' ? p.linhaDigitavel(l.provedorId) : null,
        p.qrCodePix(l.provedorId),
      ]);
      return {
        ...base,
        linhaDigitavel: linha?.linhaDigitavel ?? null,
        codigoBarras: linha?.codigoBarras ?? null,
        pix: pix.copiaECola,
      };
    } catch (e) {
      aoFalhar(e, l.cobrancaId);
      return { ...base, linhaDigitavel: null, codigoBarras: null, pix: null };
    }
  };
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
      yield await emParalelo(lote, CONCORRENCIA, boleto);
      lidas += lote.length;
      depois = lote[lote.length - 1]!;
    }
  }
  return { total, boletos: boletos() };
}
