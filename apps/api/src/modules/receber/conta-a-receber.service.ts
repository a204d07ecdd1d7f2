import {
  type ContaAReceber,
  type ContaAReceberInput,
  type ContaAReceberListQuery,
  type Paged,
  STATUS_EDITAVEIS,
  type StatusContaAReceber,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { linhasExistentes } from '../../platform/referencias.js';

/**
 * Accounts receivable (spec §2 /conta-a-receber, §3, §4): owned by an organization of the
 * user's scope, held by a person or an organization. Editable only while open or overdue and
 * not charged; deleting marks it excluded.
 */
export const ACESSO_CONTA = 'ContaAReceber';
const { contaAReceber: car, pessoa, organizacao, reciboItem } = schema;
const titular = alias(organizacao, 'titular');

const titularNome = sql<string>`coalesce(trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome}), ${titular.nomeFantasia}, '')`;

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

export const contasNoEscopo = (ctx: Contexto) => filtroOrganizacao(ctx, ACESSO_CONTA, car.organizacaoId);

const ORDEM: Record<string, SQL[]> = {
  vencimento: [sql`${car.vencimento}`],
  valorPrevisto: [sql`${car.valorPrevisto}`],
  status: [sql`${car.status}`],
  competencia: [sql`${car.anoCompetencia}`, sql`${car.mesCompetencia}`],
  titular: [titularNome],
  id: [],
};

export async function listarContas(
  deps: Deps,
  ctx: Contexto,
  q: ContaAReceberListQuery,
): Promise<Paged<ContaAReceber>> {
  const onde = and(
    contasNoEscopo(ctx),
    q.pessoaId ? eq(car.pessoaId, q.pessoaId) : undefined,
    q.organizacaoTitularId ? eq(car.organizacaoTitularId, q.organizacaoTitularId) : undefined,
    q.status?.length ? inArray(car.status, q.status) : undefined,
    q.mesCompetencia ? eq(car.mesCompetencia, q.mesCompetencia) : undefined,
    q.anoCompetencia ? eq(car.anoCompetencia, q.anoCompetencia) : undefined,
    q.vencimentoDe ? sql`${car.vencimento} >= ${q.vencimentoDe}` : undefined,
    q.vencimentoAte ? sql`${car.vencimento} <= ${q.vencimentoAte}` : undefined,
    q.cobrancaGerada ? eq(car.cobrancaGerada, q.cobrancaGerada === 'true') : undefined,
    q.semRecibo === 'true'
      ? sql`not exists (select 1 from ${reciboItem} where ${reciboItem.contaAReceberId} = ${car.id} and ${reciboItem.ativo})`
      : undefined,
    q.organizacaoId
      ? entreOrganizacoes(car.organizacaoId, await organizacoesEscolhidas(deps.db, ctx, ACESSO_CONTA, q.organizacaoId))
      : undefined,
  );
  const [{ n }] = (await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(car)
    .innerJoin(organizacao, eq(organizacao.id, car.organizacaoId))
    .where(onde)) as [{ n: number }];
  const dir = sql.raw(q.ordem === 'desc' ? 'desc' : 'asc');
  const chaves = ORDEM[q.ordenarPor ?? 'vencimento'] ?? [];
  const linhas = await consulta(deps.db)
    .where(onde)
    .orderBy(...[...chaves, sql`${car.id}`].map((c) => sql`${c} ${dir}`))
    .limit(q.quantidade)
    .offset((q.pagina - 1) * q.quantidade);
  return { itens: linhas.map(paraConta), total: n, pagina: q.pagina, quantidade: q.quantidade };
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
  valorPrevisto: Number(e.valorPrevisto).toFixed(2),
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
    const novos = { ...valores(e), organizacaoId };
    await tx
      .update(car)
      .set({ ...novos, atualizadoEm: new Date() })
      .where(eq(car.id, id));
    await registrarAlteracao(tx, ctx, 'conta_a_receber', id, antes(atual), novos);
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
