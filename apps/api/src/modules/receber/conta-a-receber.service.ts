import {
  type CancelamentoContaAReceberInput,
  type ContaAReceber,
  type ContaAReceberInput,
  type ContaAReceberListQuery,
  type ContaAReceberPagina,
  hojeNoBrasil,
  normalizarValor,
  STATUS_EDITAVEIS,
  type StatusContaAReceber,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { arquivoExportacao, type ColunaArquivo, type FormatoArquivo } from '../../platform/exportacao.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { somentePropria } from '../../platform/permissoes.js';
import { linhasExistentes } from '../../platform/referencias.js';
import { nomeCompletoPessoa, nomeTitular } from '../../platform/sql.js';

/**
 * Accounts receivable (spec §2 /conta-a-receber, §3, §4): owned by an organization of the
 * user's scope, held by a person or an organization. Editable only while open or overdue and
 * not charged; deleting marks it excluded.
 */
export const ACESSO_CONTA = 'ContaAReceber';
const {
  contaAReceber: car,
  contaAReceberTotal: tot,
  contaAReceberTotalArvore: arvore,
  pessoa,
  organizacao,
  reciboItem,
} = schema;
const titular = alias(organizacao, 'titular');

const titularNome = nomeTitular(titular);

const selecao = {
  id: car.id,
  organizacaoId: car.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  pessoaId: car.pessoaId,
  organizacaoTitularId: car.organizacaoTitularId,
  titularNome,
  tipo: car.tipo,
  mesCompetencia: car.mesCompetencia,
  anoCompetencia: car.anoCompetencia,
  vencimento: car.vencimento,
  valorPrevisto: car.valorPrevisto,
  valorPago: car.valorPago,
  dataPagamento: car.dataPagamento,
  dataCredito: car.dataCredito,
  formaPagamento: car.formaPagamento,
  linkPagamento: car.linkPagamento,
  descricao: car.descricao,
  status: car.status,
  motivoCancelamento: car.motivoCancelamento,
  cobrancaGerada: car.cobrancaGerada,
  parcelas: car.parcelas,
  migrada: car.migrada,
  reciboId: sql<
    number | null
  >`(select ${reciboItem.reciboId} from ${reciboItem} where ${reciboItem.contaAReceberId} = ${car.id} and ${reciboItem.ativo})`,
  criadoEm: car.criadoEm,
  atualizadoEm: car.atualizadoEm,
};

type Linha = Omit<ContaAReceber, 'tipo' | 'status' | 'criadoEm' | 'atualizadoEm'> & {
  tipo: string;
  status: string;
  criadoEm: Date;
  atualizadoEm: Date;
};
const paraConta = (l: Linha): ContaAReceber => ({
  ...l,
  tipo: l.tipo as ContaAReceber['tipo'],
  status: l.status as StatusContaAReceber,
  criadoEm: l.criadoEm.toISOString(),
  atualizadoEm: l.atualizadoEm.toISOString(),
});

const consulta = (db: DbOuTx) =>
  db
    .select(selecao)
    .from(car)
    .innerJoin(organizacao, eq(organizacao.id, car.organizacaoId))
    .leftJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .leftJoin(titular, eq(titular.id, car.organizacaoTitularId));

/**
 * A page whose ids were chosen from the receivables alone (an index in the list's order, or a
 * sort of its entries): the names and the receipt read for those rows only, as look-ups by key
 * rather than joins, which PostgreSQL plans in a third of the time (0.2 against 0.6 ms a page at
 * 1M: planning was most of the page's cost).
 */
const paginaPorIds = (db: DbOuTx, ids: SubqueryWithSelection<{ id: typeof car.id }, 'k'>) =>
  db
    .select({
      ...selecao,
      organizacaoNome: sql<string>`(select ${organizacao.nomeFantasia} from ${organizacao} where ${organizacao.id} = ${car.organizacaoId})`,
      titularNome: sql<string>`coalesce((select ${nomeCompletoPessoa} from ${pessoa} where ${pessoa.id} = ${car.pessoaId}), (select t.nome_fantasia from ${organizacao} t where t.id = ${car.organizacaoTitularId}), '')`,
    })
    .from(ids)
    .innerJoin(car, eq(car.id, ids.id));

export const contasNoEscopo = (ctx: Contexto) => filtroOrganizacao(ctx, ACESSO_CONTA, car.organizacaoId);

const ORDEM: Record<string, SQL[]> = {
  vencimento: [sql`${car.vencimento}`],
  valorPrevisto: [sql`${car.valorPrevisto}`],
  status: [sql`${car.status}`],
  competencia: [sql`${car.anoCompetencia}`, sql`${car.mesCompetencia}`],
  titular: [titularNome],
  id: [],
};

type FiltrosContas = Omit<ContaAReceberListQuery, 'pagina' | 'quantidade' | 'ordem' | 'ordenarPor'>;

/** The organizations the list's `organizacaoId` names (its subtree within the scope), when it names one. */
const escolhidas = async (deps: Deps, ctx: Contexto, q: FiltrosContas) =>
  q.organizacaoId ? await organizacoesEscolhidas(deps, ctx, ACESSO_CONTA, q.organizacaoId) : undefined;

/** The excluded rule (issue 17 item 6): an excluded receivable is in no list or total unless asked for by name. */
const semExcluidos = (q: FiltrosContas) => !(q.incluirExcluidos === 'true' || q.status?.includes('EXCLUIDO'));

/** The rows the list's filters leave, within the user's scope. */
async function condicoesDaLista(
  deps: Deps,
  ctx: Contexto,
  q: FiltrosContas,
  ids?: number[] | undefined,
): Promise<SQL | undefined> {
  const organizacoes = ids ?? (await escolhidas(deps, ctx, q));
  return and(
    // A chosen organization's subtree lies in the scope (`organizacoesEscolhidas`): no second filter to plan.
    organizacoes ? entreOrganizacoes(car.organizacaoId, organizacoes) : contasNoEscopo(ctx),
    q.pessoaId ? eq(car.pessoaId, q.pessoaId) : undefined,
    q.organizacaoTitularId ? eq(car.organizacaoTitularId, q.organizacaoTitularId) : undefined,
    q.status?.length ? inArray(car.status, q.status) : undefined,
    semExcluidos(q) ? ne(car.status, 'EXCLUIDO') : undefined,
    q.mesCompetencia ? eq(car.mesCompetencia, q.mesCompetencia) : undefined,
    q.anoCompetencia ? eq(car.anoCompetencia, q.anoCompetencia) : undefined,
    q.vencimentoDe ? sql`${car.vencimento} >= ${q.vencimentoDe}` : undefined,
    q.vencimentoAte ? sql`${car.vencimento} <= ${q.vencimentoAte}` : undefined,
    q.cobrancaGerada ? eq(car.cobrancaGerada, q.cobrancaGerada === 'true') : undefined,
    q.semRecibo === 'true'
      ? sql`not exists (select 1 from ${reciboItem} where ${reciboItem.contaAReceberId} = ${car.id} and ${reciboItem.ativo})`
      : undefined,
  );
}

const primeiroDoMes = (d: string) => d.endsWith('-01');
const ultimoDoMes = (d: string) => {
  const dia = new Date(`${d}T12:00:00Z`);
  dia.setUTCDate(dia.getUTCDate() + 1);
  return dia.getUTCDate() === 1;
};

/**
 * The filtered set's totals from the kept totals (ADR 0027) when every filter falls on their keys
 * (scope, organization, status, competence, whole months of due dates); null when one does not
 * (a person, a holder, charged or not, without a receipt, a due range inside a month), and the
 * rows are summed instead. The set is one subtree, the chosen organization's (`ids`: read by
 * `escolhidas`, which answered 404 for one outside the scope) or else the user's: its own row per
 * key plus its rows rolled up from below, a few per child of it; the own row alone when the
 * permission is own-organization-only.
 */
async function totaisMantidos(deps: Deps, ctx: Contexto, q: FiltrosContas, ids: number[] | undefined) {
  if (q.pessoaId || q.organizacaoTitularId || q.cobrancaGerada || q.semRecibo === 'true') return null;
  if ((q.vencimentoDe && !primeiroDoMes(q.vencimentoDe)) || (q.vencimentoAte && !ultimoDoMes(q.vencimentoAte)))
    return null;
  const raiz = ids && q.organizacaoId ? q.organizacaoId : ctx.organizacaoId;
  const linhas = (t: typeof tot | typeof arvore) =>
    deps.db
      .select({ quantidade: t.quantidade, valorPrevisto: t.valorPrevisto, valorPago: t.valorPago })
      .from(t)
      .where(
        and(
          eq(t.organizacaoId, raiz),
          q.status?.length ? inArray(t.status, q.status) : undefined,
          semExcluidos(q) ? ne(t.status, 'EXCLUIDO') : undefined,
          q.mesCompetencia ? eq(t.mesCompetencia, q.mesCompetencia) : undefined,
          q.anoCompetencia ? eq(t.anoCompetencia, q.anoCompetencia) : undefined,
          q.vencimentoDe ? sql`${t.mesVencimento} >= ${q.vencimentoDe}` : undefined,
          q.vencimentoAte ? sql`${t.mesVencimento} <= ${q.vencimentoAte}` : undefined,
        ),
      );
  const s = (somentePropria(ctx, ACESSO_CONTA) ? linhas(tot) : linhas(tot).unionAll(linhas(arvore))).as('s');
  const [r] = (await deps.db
    .select({
      n: sql<number>`coalesce(sum(${s.quantidade}), 0)::int`,
      valorPrevisto: soma(s.valorPrevisto),
      valorPago: soma(s.valorPago),
    })
    .from(s)) as [{ n: number; valorPrevisto: string; valorPago: string }];
  return r;
}

/** A sum of money over the filtered set, as the API writes money (`0.00` when none). */
const soma = (coluna: PgColumn | SQL.Aliased) => sql<string>`coalesce(sum(${coluna}), 0)::numeric(16, 2)::text`;

export async function listarContas(deps: Deps, ctx: Contexto, q: ContaAReceberListQuery): Promise<ContaAReceberPagina> {
  const ids = await escolhidas(deps, ctx, q);
  const onde = await condicoesDaLista(deps, ctx, q, ids);
  // The kept totals when the filters allow; else the receivables alone (their owner is a foreign
  // key): the totals read no other table, and over a due-date range the index on it alone.
  const { n, valorPrevisto, valorPago } =
    (await totaisMantidos(deps, ctx, q, ids)) ??
    ((
      await deps.db
        .select({
          n: sql<number>`count(*)::int`,
          valorPrevisto: soma(car.valorPrevisto),
          valorPago: soma(car.valorPago),
        })
        .from(car)
        .where(onde)
    )[0] as { n: number; valorPrevisto: string; valorPago: string });
  const dir = sql.raw(q.ordem === 'desc' ? 'desc' : 'asc');
  const ordenarPor = q.ordenarPor ?? 'vencimento';
  const ordem = [...(ORDEM[ordenarPor] ?? []), sql`${car.id}`].map((c) => sql`${c} ${dir}`);
  const linhas =
    ordenarPor === 'titular'
      ? await consulta(deps.db)
          .where(onde)
          .orderBy(...ordem)
          .limit(q.quantidade)
          .offset((q.pagina - 1) * q.quantidade)
      : await paginaPorIds(
          deps.db,
          deps.db
            .select({ id: car.id })
            .from(car)
            .where(onde)
            .orderBy(...ordem)
            .limit(q.quantidade)
            .offset((q.pagina - 1) * q.quantidade)
            .as('k'),
        ).orderBy(...ordem);
  return {
    itens: linhas.map(paraConta),
    total: n,
    pagina: q.pagina,
    quantidade: q.quantidade,
    totais: { valorPrevisto, valorPago },
  };
}

const LIMITE_EXPORTACAO = 100_000;
const LOTE_EXPORTACAO = 2_000;
const COLUNAS_EXPORTACAO = [
  'id',
  'titularNome',
  'tipo',
  'competencia',
  'vencimento',
  'valorPrevisto',
  'valorPago',
  'dataPagamento',
  'status',
  'organizacaoNome',
  'descricao',
] as const;
const TIPOS_EXPORTACAO: Partial<Record<(typeof COLUNAS_EXPORTACAO)[number], Omit<ColunaArquivo, 'titulo'>>> = {
  id: { tipo: 'numero' },
  tipo: { tipo: 'opcao', rotulos: 'campos:opcao.tipoContaAReceber' },
  vencimento: { tipo: 'data' },
  valorPrevisto: { tipo: 'dinheiro' },
  valorPago: { tipo: 'dinheiro' },
  dataPagamento: { tipo: 'data' },
  status: { tipo: 'opcao', rotulos: 'campos:opcao.statusContaAReceber' },
};

/**
 * The filtered list as CSV or XLSX (what the screen shows, with its filters), read in keyset
 * batches of (due date, id); statuses and kinds written in the reader's language.
 */
export async function exportarContas(
  deps: Deps,
  ctx: Contexto,
  q: FiltrosContas,
  formato: FormatoArquivo,
  origem: { ip: string; userAgent: string | null; rota: string },
) {
  const onde = await condicoesDaLista(deps, ctx, q);
  deps.auditoria.exportacao(ctx, ACESSO_CONTA, origem);
  const t = tradutor(ctx.idioma);
  const colunas = COLUNAS_EXPORTACAO.map(
    (c): ColunaArquivo => ({
      titulo: c === 'competencia' ? t('cobrancas:receber.competencia') : t(`campos:${c}`, { defaultValue: c }),
      ...TIPOS_EXPORTACAO[c],
    }),
  );
  const celula = (c: ContaAReceber, coluna: (typeof COLUNAS_EXPORTACAO)[number]): unknown =>
    coluna === 'competencia' ? `${String(c.mesCompetencia).padStart(2, '0')}/${c.anoCompetencia}` : (c[coluna] ?? null);
  async function* lotes(): AsyncGenerator<unknown[][]> {
    let depois: { vencimento: string; id: number } | null = null;
    for (let enviadas = 0; enviadas < LIMITE_EXPORTACAO; ) {
      const linhas: ContaAReceber[] = (
        await consulta(deps.db)
          .where(
            and(
              onde,
              depois
                ? sql`(${car.vencimento}, ${car.id}) > (${depois.vencimento}::date, ${depois.id}::int)`
                : undefined,
            ),
          )
          .orderBy(car.vencimento, car.id)
          .limit(LOTE_EXPORTACAO)
      ).map(paraConta);
      if (!linhas.length) return;
      yield linhas.map((c) => COLUNAS_EXPORTACAO.map((coluna) => celula(c, coluna)));
      enviadas += linhas.length;
      const ultima: ContaAReceber = linhas[linhas.length - 1]!;
      depois = { vencimento: ultima.vencimento, id: ultima.id };
      if (linhas.length < LOTE_EXPORTACAO) return;
    }
  }
  return {
    nomeArquivo: `contas-a-receber-${hojeNoBrasil()}.${formato}`,
    conteudo: arquivoExportacao(formato, {
      titulo: t('menu:acessos.ContaAReceber'),
      idioma: ctx.idioma,
      colunas,
      lotes: lotes(),
    }),
  };
}

export async function obterConta(db: DbOuTx, ctx: Contexto, id: number): Promise<ContaAReceber> {
  const [l] = await consulta(db).where(and(eq(car.id, id), contasNoEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraConta(l);
}

/** The receivable locked for a change, in the user's scope (404 outside it). */
export async function contaParaMudar(tx: DbOuTx, ctx: Contexto, acesso: string, id: number) {
  const [c] = await tx
    .select()
    .from(car)
    .where(and(eq(car.id, id), filtroOrganizacao(ctx, acesso, car.organizacaoId)))
    .for('update');
  if (!c) throw naoEncontrado();
  return c;
}

/** The receivables a write elsewhere may name (a charge, a payment, a receipt): those its screen reaches. */
export const REGRA_CONTA_A_RECEBER = linhasExistentes(car, (ctx, acesso) =>
  filtroOrganizacao(ctx, acesso, car.organizacaoId),
);

const valores = (e: ContaAReceberInput) => ({
  pessoaId: e.pessoaId ?? null,
  organizacaoTitularId: e.organizacaoTitularId ?? null,
  tipo: e.tipo,
  mesCompetencia: e.mesCompetencia,
  anoCompetencia: e.anoCompetencia,
  vencimento: e.vencimento,
  valorPrevisto: normalizarValor(e.valorPrevisto),
  formaPagamento: e.formaPagamento ?? null,
  descricao: e.descricao,
  parcelas: e.parcelas,
});

/** The owner and the holder are organizations and people of the user's scope (checked before, by the route). */
export async function criarConta(deps: Deps, ctx: Contexto, e: ContaAReceberInput): Promise<ContaAReceber> {
  const id = await deps.db.transaction(async (tx) => {
    const organizacaoId = e.organizacaoId ?? ctx.organizacaoId;
    const [nova] = await tx
      .insert(car)
      .values({ ...valores(e), organizacaoId, criadoPor: ctx.usuarioId })
      .returning({ id: car.id });
    await registrarAlteracao(tx, ctx, 'conta_a_receber', nova!.id, null, { ...valores(e), organizacaoId });
    return nova!.id;
  });
  return obterConta(deps.db, ctx, id);
}

/** A receivable another module generates (a concession's installment), in that module's transaction. */
export type ContaGerada = {
  organizacaoId: number;
  pessoaId: number;
  tipo: ContaAReceberInput['tipo'];
  vencimento: string;
  valorPrevisto: string;
  descricao: string;
};

/**
 * Receivables another module generates within its own transaction, so they exist exactly when
 * what they charge does. Each is recorded in the change history as one created by hand.
 */
export async function criarContasNaTransacao(tx: DbOuTx, ctx: Contexto, contas: ContaGerada[]): Promise<number[]> {
  if (!contas.length) return [];
  const linhas = contas.map((c) => ({
    ...c,
    mesCompetencia: Number(c.vencimento.slice(5, 7)),
    anoCompetencia: Number(c.vencimento.slice(0, 4)),
    parcelas: 1,
  }));
  const novas = await tx
    .insert(car)
    .values(linhas.map((l) => ({ ...l, criadoPor: ctx.usuarioId })))
    .returning({ id: car.id });
  for (const [i, n] of novas.entries()) await registrarAlteracao(tx, ctx, 'conta_a_receber', n.id, null, linhas[i]!);
  return novas.map((n) => n.id);
}

const editavel = (c: { status: string; cobrancaGerada: boolean }) =>
  STATUS_EDITAVEIS.includes(c.status as StatusContaAReceber) && !c.cobrancaGerada;

const antes = (c: typeof car.$inferSelect) => ({
  organizacaoId: c.organizacaoId,
  pessoaId: c.pessoaId,
  organizacaoTitularId: c.organizacaoTitularId,
  tipo: c.tipo,
  mesCompetencia: c.mesCompetencia,
  anoCompetencia: c.anoCompetencia,
  vencimento: c.vencimento,
  valorPrevisto: c.valorPrevisto,
  formaPagamento: c.formaPagamento,
  descricao: c.descricao,
  parcelas: c.parcelas,
});

/**
 * A receivable's columns changed, with their change history (`antes`: the same fields as they
 * were); `alem` is written too, outside the history (a mark of work in progress).
 */
export async function alterarConta(
  tx: DbOuTx,
  autor: Parameters<typeof registrarAlteracao>[1],
  id: number,
  antes: Record<string, unknown>,
  novos: Partial<typeof car.$inferInsert>,
  alem: Partial<typeof car.$inferInsert> = {},
) {
  await tx
    .update(car)
    .set({ ...novos, ...alem, atualizadoEm: new Date() })
    .where(eq(car.id, id));
  await registrarAlteracao(tx, autor, 'conta_a_receber', id, antes, novos);
}

/** Changes a receivable still open or overdue and not charged (a charge fixes what it asked for). */
export async function atualizarConta(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: ContaAReceberInput,
): Promise<ContaAReceber> {
  await deps.db.transaction(async (tx) => {
    const atual = await contaParaMudar(tx, ctx, ACESSO_CONTA, id);
    if (!editavel(atual)) throw new AppError('CONTA_NAO_EDITAVEL');
    const organizacaoId = e.organizacaoId ?? atual.organizacaoId;
    await alterarConta(tx, ctx, id, antes(atual), { ...valores(e), organizacaoId });
  });
  return obterConta(deps.db, ctx, id);
}

/** Spec §4 "excluded": the row stays (history, reports), only its status changes. */
export async function excluirConta(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const atual = await contaParaMudar(tx, ctx, ACESSO_CONTA, id);
    if (!editavel(atual)) throw new AppError('CONTA_NAO_EDITAVEL');
    await tx.update(car).set({ status: 'EXCLUIDO', atualizadoEm: new Date() }).where(eq(car.id, id));
    await registrarAlteracao(tx, ctx, 'conta_a_receber', id, { status: atual.status }, { status: 'EXCLUIDO' });
  });
}

/** Cancels a receivable not yet charged (status CANCELADO), keeping the reason in its row and history. */
export async function cancelarConta(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: CancelamentoContaAReceberInput,
): Promise<ContaAReceber> {
  await deps.db.transaction(async (tx) => {
    const atual = await contaParaMudar(tx, ctx, ACESSO_CONTA, id);
    if (!editavel(atual)) throw new AppError('CONTA_NAO_EDITAVEL');
    const novos = { status: 'CANCELADO', motivoCancelamento: e.motivo };
    await tx
      .update(car)
      .set({ ...novos, atualizadoEm: new Date() })
      .where(eq(car.id, id));
    await registrarAlteracao(tx, ctx, 'conta_a_receber', id, { status: atual.status, motivoCancelamento: null }, novos);
  });
  return obterConta(deps.db, ctx, id);
}
