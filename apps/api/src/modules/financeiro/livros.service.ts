import type {
  ExportacaoContabilQuery,
  RelatorioFinanceiro,
  RelatorioFinanceiroQuery,
  RelatorioGerencial,
  RelatorioGerencialQuery,
} from '@sig/contracts';
import { somarValores } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { exigirNoEscopo, filtroCompartilhado, organizacoesEscolhidas } from '../../platform/escopo.js';

/**
 * The books read back (spec §2): the financial report by cash and ledger account, the
 * management report by cost-centre tree, and the accounting file of one organization.
 *
 * An entry's direction is its sign, except for a reversal, which keeps the direction of the
 * entry it undoes: reversing a receipt lowers the receipts, it does not add an expense.
 */
export const ACESSO_FINANCEIRO = 'RelatorioFinanceiro';
export const ACESSO_GERENCIAL = 'RelatorioGerencial';
export const ACESSO_EXPORTACAO = 'ExportacaoArquivoContabil';

export const direcao = sql`(case when l.estorno_de_id is null then sign(l.valor) else -sign(l.valor) end)`;
/** Money in (`entradas`) or out (`saidas`, positive) of the rows that also meet `e`. */
export const entradas = (e: SQL = sql`true`) => sql`coalesce(sum(l.valor) filter (where ${direcao} > 0 and ${e}), 0)`;
export const saidas = (e: SQL = sql`true`) => sql`coalesce(-sum(l.valor) filter (where ${direcao} < 0 and ${e}), 0)`;

type Linhas<T> = { rows: T[] };
const executar = async <T>(db: DbOuTx, consulta: SQL) => ((await db.execute(consulta)) as unknown as Linhas<T>).rows;

type Alvo = { id: number; cnpj: string | null; razaoSocial: string; nomeFantasia: string };

/** The organization reported on: the one acted for unless another in scope is named. */
async function organizacaoAlvo(db: DbOuTx, ctx: Contexto, acesso: string, id?: number): Promise<Alvo> {
  const alvo = id ?? ctx.organizacaoId;
  await exigirNoEscopo(db, ctx, acesso, alvo);
  const o = schema.organizacao;
  const [linha] = await db
    .select({ id: o.id, cnpj: o.cnpj, razaoSocial: o.razaoSocial, nomeFantasia: o.nomeFantasia })
    .from(o)
    .where(eq(o.id, alvo));
  return linha!;
}

const lista = (ids: readonly number[]) =>
  sql`(${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )})`;

// ---------------------------------------------------------------- financial report

export async function relatorioFinanceiro(
  deps: Deps,
  ctx: Contexto,
  q: RelatorioFinanceiroQuery,
): Promise<RelatorioFinanceiro & { organizacao: Alvo }> {
  const alvo = await organizacaoAlvo(deps.db, ctx, ACESSO_FINANCEIRO, q.organizacaoId);
  const orgs = await organizacoesEscolhidas(deps, ctx, ACESSO_FINANCEIRO, alvo.id, q.somenteOrganizacao);
  const daConta = q.contasCaixaIds?.length ? sql`and l.conta_caixa_id in ${lista(q.contasCaixaIds)}` : sql``;
  const doCentro = q.controlesGerenciaisIds?.length
    ? sql`l.controle_gerencial_id in ${lista(q.controlesGerenciaisIds)}`
    : sql`true`;
  const noPeriodo = sql`l.data between ${q.periodoDe} and ${q.periodoAte}`;
  // Balances are the account's whatever the cost centre; the movements follow every filter.
  const contas = await executar<RelatorioFinanceiro['contas'][number]>(
    deps.db,
    sql`with mov as (
        select l.conta_caixa_id,
          coalesce(sum(l.valor) filter (where l.data < ${q.periodoDe}), 0) as anterior,
          coalesce(sum(l.valor), 0) as ate,
          ${entradas(sql`l.data >= ${q.periodoDe} and ${doCentro}`)} as entradas,
          ${saidas(sql`l.data >= ${q.periodoDe} and ${doCentro}`)} as saidas
        from lancamento_caixa l
        where l.organizacao_id in ${lista(orgs)} and l.data <= ${q.periodoAte} ${daConta}
        group by l.conta_caixa_id)
      select c.id as "contaCaixaId", c.nome as "contaCaixaNome", o.nome_fantasia as "organizacaoNome",
        (c.saldo_inicial + coalesce(m.anterior, 0))::text as "saldoAnterior",
        coalesce(m.entradas, 0)::numeric(14, 2)::text as entradas, coalesce(m.saidas, 0)::numeric(14, 2)::text as saidas,
        (c.saldo_inicial + coalesce(m.ate, 0))::text as "saldoFinal"
      from conta_caixa c
        join organizacao o on o.id = c.organizacao_id
        left join mov m on m.conta_caixa_id = c.id
      where c.organizacao_id in ${lista(orgs)} and c.excluido_em is null
        ${q.contasCaixaIds?.length ? sql`and c.id in ${lista(q.contasCaixaIds)}` : sql``}
      order by o.nome_fantasia, c.nome, c.id`,
  );
  const planos = await executar<RelatorioFinanceiro['planos'][number]>(
    deps.db,
    sql`select p.id as "planoContaId", p.codigo_interno as "codigoInterno", p.codigo_contabil as "codigoContabil",
        p.nome, p.natureza_plano_conta as natureza,
        ${entradas()}::numeric(14, 2)::text as entradas, ${saidas()}::numeric(14, 2)::text as saidas,
        sum(l.valor)::text as total
      from lancamento_caixa l join plano_conta p on p.id = l.plano_conta_id
      where l.organizacao_id in ${lista(orgs)} and ${noPeriodo} ${daConta} and ${doCentro}
      group by p.id
      order by p.codigo_interno, p.id`,
  );
  const soma = (campo: 'saldoAnterior' | 'entradas' | 'saidas' | 'saldoFinal') =>
    somarValores(contas.map((c) => c[campo]));
  return {
    organizacao: alvo,
    contas,
    planos,
    totais: {
      saldoAnterior: soma('saldoAnterior'),
      entradas: soma('entradas'),
      saidas: soma('saidas'),
      saldoFinal: soma('saldoFinal'),
    },
  };
}

// ---------------------------------------------------------------- management report

type CentroLido = {
  id: number;
  paiId: number | null;
  codigo: string;
  nome: string;
  saldoInicial: string;
  anterior: string;
  entradas: string;
  saidas: string;
};

const centavos = (v: string | number) => Math.round(Number(v) * 100);
const reais = (c: number) => (c / 100).toFixed(2);

/**
 * `/relatorio-gerencial`: the cost centres the organization sees (its own and those shared from
 * above), each with its subtree's movements in the period over the organization's books and
 * descendants; the balance adds the opening balances and everything before the period.
 */
export async function relatorioGerencial(
  deps: Deps,
  ctx: Contexto,
  q: RelatorioGerencialQuery,
): Promise<RelatorioGerencial & { organizacao: Alvo }> {
  const alvo = await organizacaoAlvo(deps.db, ctx, ACESSO_GERENCIAL, q.organizacaoId);
  const orgs = await organizacoesEscolhidas(deps, ctx, ACESSO_GERENCIAL, alvo.id);
  const cg = schema.controleGerencial;
  const centros = await executar<CentroLido>(
    deps.db,
    sql`with mov as (
        select l.controle_gerencial_id as id,
          coalesce(sum(l.valor) filter (where l.data < ${q.periodoDe}), 0) as anterior,
          ${entradas(sql`l.data >= ${q.periodoDe}`)} as entradas,
          ${saidas(sql`l.data >= ${q.periodoDe}`)} as saidas
        from lancamento_caixa l
        where l.organizacao_id in ${lista(orgs)} and l.data <= ${q.periodoAte} and l.controle_gerencial_id is not null
        group by 1)
      select ${cg.id} as id, ${cg.controleGerencialPaiId} as "paiId", ${cg.codigo} as codigo, ${cg.nome} as nome,
        ${cg.saldoInicial}::text as "saldoInicial", coalesce(m.anterior, 0)::text as anterior,
        coalesce(m.entradas, 0)::text as entradas, coalesce(m.saidas, 0)::text as saidas
      from ${cg} left join mov m on m.id = ${cg.id}
      where ${cg.excluidoEm} is null
        and ${filtroCompartilhado(ctx, ACESSO_GERENCIAL, cg.organizacaoId, cg.acessivelHierarquia)}
      order by ${cg.codigo}, ${cg.id}`,
  );
  const filhos = new Map<number | null, CentroLido[]>();
  const ids = new Set(centros.map((c) => c.id));
  for (const c of centros) {
    // A parent the organization does not see makes its child a root here.
    const pai = c.paiId !== null && ids.has(c.paiId) ? c.paiId : null;
    filhos.set(pai, [...(filhos.get(pai) ?? []), c]);
  }
  const linhas: RelatorioGerencial['linhas'] = [];
  const visitar = (c: CentroLido, nivel: number): [number, number, number, number] => {
    const linha = { controleGerencialId: c.id, paiId: c.paiId, nivel, codigo: c.codigo, nome: c.nome };
    const posicao = linhas.length;
    linhas.push({ ...linha, saldoInicial: '0', entradas: '0', saidas: '0', saldo: '0' });
    let soma: [number, number, number, number] = [
      centavos(c.saldoInicial),
      centavos(c.anterior),
      centavos(c.entradas),
      centavos(c.saidas),
    ];
    for (const f of filhos.get(c.id) ?? []) {
      const s = visitar(f, nivel + 1);
      soma = [soma[0] + s[0], soma[1] + s[1], soma[2] + s[2], soma[3] + s[3]];
    }
    const [inicial, anterior, ent, sai] = soma;
    linhas[posicao] = {
      ...linha,
      saldoInicial: reais(inicial),
      entradas: reais(ent),
      saidas: reais(sai),
      saldo: reais(inicial + anterior + ent - sai),
    };
    return soma;
  };
  for (const raiz of filhos.get(null) ?? []) visitar(raiz, 0);
  return { organizacao: alvo, linhas };
}

// ---------------------------------------------------------------- accounting file

export type LinhaContabil = {
  id: number;
  data: string;
  valor: string;
  historico: string;
  documento: string | null;
  contaCaixaNome: string;
  contaCaixaCodigo: string | null;
  planoContaNome: string;
  planoContaCodigo: string | null;
  centroCusto: string | null;
};

/** The entries of one organization's books in a period, in date order, for the accounting file. */
export async function lancamentosParaExportar(deps: Deps, ctx: Contexto, q: ExportacaoContabilQuery) {
  const alvo = await organizacaoAlvo(deps.db, ctx, ACESSO_EXPORTACAO, q.organizacaoId);
  const linhas = await executar<LinhaContabil>(
    deps.db,
    sql`select l.id, to_char(l.data, 'YYYY-MM-DD') as data, l.valor::text as valor, l.historico, l.documento,
        c.nome as "contaCaixaNome", c.codigo_contabil as "contaCaixaCodigo",
        p.nome as "planoContaNome", p.codigo_contabil as "planoContaCodigo", g.codigo as "centroCusto"
      from lancamento_caixa l
        join conta_caixa c on c.id = l.conta_caixa_id
        join plano_conta p on p.id = l.plano_conta_id
        left join controle_gerencial g on g.id = l.controle_gerencial_id
      where l.organizacao_id = ${alvo.id} and l.data between ${q.periodoDe} and ${q.periodoAte}
      order by l.data, l.id`,
  );
  // The accounting system refuses a line without accounts: say which ones lack a code, before any file.
  const semCodigo = [
    ...new Set(
      linhas.flatMap((l) => [
        ...(l.contaCaixaCodigo ? [] : [l.contaCaixaNome]),
        ...(l.planoContaCodigo ? [] : [l.planoContaNome]),
      ]),
    ),
  ];
  if (semCodigo.length) throw new AppError('CONTAS_SEM_CODIGO_CONTABIL', { contas: semCodigo.slice(0, 10).join(', ') });
  return { organizacao: alvo, linhas };
}

const texto = (v: string | null, max: number) =>
  (v ?? '')
    .replace(/[;\s]+/g, ' ')
    .trim()
    .slice(0, max);
const dataBr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const valorBr = (c: number) => reais(c).replace('.', ',');

/**
 * The accounting file (layout in docs/exportacao-contabil.md): a header, one double-entry line
 * per cash entry (money in debits the cash account, money out credits it) and a trailer with the
 * count and the total, `;`-separated, UTF-8, CRLF.
 */
export function arquivoContabil(
  organizacao: Pick<Alvo, 'cnpj' | 'razaoSocial'>,
  q: Pick<ExportacaoContabilQuery, 'periodoDe' | 'periodoAte'>,
  linhas: readonly LinhaContabil[],
): string {
  const registros = [
    ['H', '1', organizacao.cnpj ?? '', texto(organizacao.razaoSocial, 150), dataBr(q.periodoDe), dataBr(q.periodoAte)],
  ];
  let total = 0;
  linhas.forEach((l, i) => {
    const c = centavos(l.valor);
    const entra = c > 0;
    total += Math.abs(c);
    registros.push([
      'L',
      String(i + 1),
      dataBr(l.data),
      (entra ? l.contaCaixaCodigo : l.planoContaCodigo) ?? '',
      (entra ? l.planoContaCodigo : l.contaCaixaCodigo) ?? '',
      valorBr(Math.abs(c)),
      texto(l.historico, 200),
      texto(l.documento, 50),
      texto(l.centroCusto, 30),
      String(l.id),
    ]);
  });
  registros.push(['T', String(linhas.length), valorBr(total)]);
  return registros.map((r) => `${r.join(';')}\r\n`).join('');
}
