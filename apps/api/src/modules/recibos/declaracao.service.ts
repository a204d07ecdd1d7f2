import type { DeclaracaoAnualQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';
import { dadosDoEmissor } from '../organizacoes/index.js';
import { ACESSO_RECIBO } from './recibo.service.js';

const { contaAReceber: car, pessoa } = schema;

/** One paid receivable of the year, as the statement lists it. */
export type LinhaDeclaracao = {
  tipo: string;
  mesCompetencia: number;
  anoCompetencia: number;
  descricao: string | null;
  dataPagamento: string;
  reciboNumero: number | null;
  valor: string;
};

/** The number of the receipt (not reversed) that covers the receivable, if any. */
// Written out: inside a select list the query builder drops the table names the join needs.
const reciboAtivo = sql<
  number | null
>`(select min(r.numero) from recibo_item ri join recibo r on r.id = ri.recibo_id where ri.conta_a_receber_id = conta_a_receber.id and ri.ativo)`;

/**
 * The annual contribution statement's data: the person (name, CPF), the receivables of the scope
 * they paid in that calendar year (payment date) with the receipt that covers each, the total, and
 * the issuing organization (the one acted for). The person is in scope, or the query's reference
 * check already answered 404.
 */
export async function declaracaoAnual(deps: Deps, ctx: Contexto, q: DeclaracaoAnualQuery) {
  const [p] = await deps.db
    .select({ nome: nomeCompletoPessoa, cpf: pessoa.cpf })
    .from(pessoa)
    .where(eq(pessoa.id, q.pessoaId));
  if (!p) throw naoEncontrado();
  const linhas = await deps.db
    .select({
      tipo: car.tipo,
      mesCompetencia: car.mesCompetencia,
      anoCompetencia: car.anoCompetencia,
      descricao: car.descricao,
      dataPagamento: sql<string>`${car.dataPagamento}::text`,
      reciboNumero: reciboAtivo,
      valor: sql<string>`coalesce(${car.valorPago}, ${car.valorPrevisto})::text`,
    })
    .from(car)
    .where(
      and(
        eq(car.pessoaId, q.pessoaId),
        eq(car.status, 'PAGO'),
        sql`${car.dataPagamento} between ${`${q.ano}-01-01`}::date and ${`${q.ano}-12-31`}::date`,
        filtroOrganizacao(ctx, ACESSO_RECIBO, car.organizacaoId),
      ),
    )
    .orderBy(car.dataPagamento, car.anoCompetencia, car.mesCompetencia, car.id);
  const centavos = linhas.reduce((s, l) => s + BigInt(l.valor.replace('.', '')), 0n);
  const total = `${centavos / 100n}.${String(centavos % 100n).padStart(2, '0')}`;
  return {
    ano: q.ano,
    pessoa: p,
    linhas: linhas as LinhaDeclaracao[],
    total,
    emissor: await dadosDoEmissor(deps, ctx.organizacaoId),
  };
}
