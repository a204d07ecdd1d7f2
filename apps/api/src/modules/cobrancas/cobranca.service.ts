import {
  type Cobranca,
  type CobrancaInput,
  STATUS_EDITAVEIS,
  type StatusContaAReceber,
  VALOR_MINIMO_COBRANCA,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { linhasDeAlteracao, registrarAlteracao } from '../../platform/historico.js';
import { type CobrancaProvedor, garantirCliente, type PaymentProvider } from '../../platform/provedor-pagamento.js';
import {
  contaDaChave,
  ErroProvedor,
  provedorDa,
  sincronizarCobranca,
  statusDaConta,
  statusDoEvento,
} from '../asaas/index.js';
import { alterarConta } from '../receber/index.js';

/**
 * Charges of receivables at the payment provider (spec §2 /cobranca, §5 minimum and
 * installments). The provider is called outside any transaction; our receivable id is the
 * charge's `externalReference`, looked up before creating so a retry never charges twice.
 */
export const ACESSO_COBRANCA = 'Cobranca';
const { cobranca: cob, contaAReceber: car, pessoa, organizacao, clienteProvedor, historicoAlteracao } = schema;

export type LinhaCobranca = typeof cob.$inferSelect;
export const paraCobranca = (l: LinhaCobranca): Cobranca => ({
  id: l.id,
  contaAReceberId: l.contaAReceberId,
  provedorId: l.provedorId,
  parcelamentoId: l.parcelamentoId,
  numeroParcela: l.numeroParcela,
  forma: l.forma as Cobranca['forma'],
  valor: l.valor,
  vencimento: l.vencimento,
  status: l.status as StatusContaAReceber,
  statusProvedor: l.statusProvedor,
  urlFatura: l.urlFatura,
  urlBoleto: l.urlBoleto,
  dataPagamento: l.dataPagamento,
  dataCredito: l.dataCredito,
  canceladaEm: l.canceladaEm ? l.canceladaEm.toISOString() : null,
  criadoEm: l.criadoEm.toISOString(),
});

const noEscopo = (ctx: Contexto) =>
  sql`${cob.contaAReceberId} in (select ${car.id} from ${car} where ${filtroOrganizacao(ctx, ACESSO_COBRANCA, car.organizacaoId)})`;

export async function obterCobranca(db: DbOuTx, ctx: Contexto, id: number): Promise<Cobranca> {
  const [l] = await db
    .select()
    .from(cob)
    .where(and(eq(cob.id, id), noEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraCobranca(l);
}

export async function listarCobrancasDaConta(db: DbOuTx, ctx: Contexto, contaAReceberId: number): Promise<Cobranca[]> {
  const linhas = await db
    .select()
    .from(cob)
    .where(and(eq(cob.contaAReceberId, contaAReceberId), noEscopo(ctx)))
    .orderBy(cob.id);
  return linhas.map(paraCobranca);
}

type Titular = { nome: string; cpfCnpj: string; email?: string; referenciaExterna: string };

/** Who pays, as the provider needs it; a holder without CPF/CNPJ cannot be charged. */
function titularDe(
  conta: { pessoaId: number | null; organizacaoTitularId: number | null },
  p: { nome: string; sobrenome: string; cpf: string | null; email: string | null } | null,
  o: { nome: string; cnpj: string | null } | null,
): Titular {
  if (conta.pessoaId) {
    if (!p?.cpf) throw new AppError('TITULAR_SEM_DOCUMENTO');
    return {
      nome: `${p.nome} ${p.sobrenome}`.trim(),
      cpfCnpj: p.cpf,
      email: p.email ?? undefined,
      referenciaExterna: `pessoa:${conta.pessoaId}`,
    };
  }
  if (!o?.cnpj) throw new AppError('TITULAR_SEM_DOCUMENTO');
  return { nome: o.nome, cpfCnpj: o.cnpj, referenciaExterna: `organizacao:${conta.organizacaoTitularId}` };
}

const dona = alias(organizacao, 'dona');
const organizacaoTitular = alias(organizacao, 'organizacao_titular');

/**
 * The receivable with all that charging it needs, in one read: its holder, the key of the provider
 * account that charges it (the owner's sub-account, else the main one) and the holder's customer
 * id stored for that account.
 */
async function lerParaCobrar(db: DbOuTx, id: number, escopo: SQL | undefined) {
  const [l] = await db
    .select({
      conta: car,
      pessoa: { nome: pessoa.nome, sobrenome: pessoa.sobrenome, cpf: pessoa.cpf, email: pessoa.email },
      organizacao: { nome: organizacaoTitular.razaoSocial, cnpj: organizacaoTitular.cnpj },
      token: dona.tokenAsaasCifrado,
      clienteId: sql<string | null>`(select cp.provedor_cliente_id from ${clienteProvedor} cp
        where cp.pessoa_id = ${car.pessoaId}
          and cp.conta_organizacao_id is not distinct from (case when ${dona.tokenAsaasCifrado} is null then null else ${dona.id} end))`,
    })
    .from(car)
    .innerJoin(dona, eq(dona.id, car.organizacaoId))
    .leftJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .leftJoin(organizacaoTitular, eq(organizacaoTitular.id, car.organizacaoTitularId))
    .where(and(eq(car.id, id), escopo));
  return l;
}

const ativas = (contaId: number) => and(eq(cob.contaAReceberId, contaId), isNull(cob.canceladaEm));

/** Spec §5: below R$ 5,00 is refused unless the user confirmed raising it to R$ 5,00. */
function valorCobrado(previsto: string, confirmarMinimo: boolean): string {
  if (Number(previsto) >= Number(VALOR_MINIMO_COBRANCA)) return previsto;
  if (!confirmarMinimo)
    throw new AppError('COBRANCA_VALOR_MINIMO', { minimo: VALOR_MINIMO_COBRANCA.replace('.', ',') }, [
      { campo: 'confirmarMinimo', mensagem: 'erros:COBRANCA_VALOR_MINIMO' },
    ]);
  return VALOR_MINIMO_COBRANCA;
}

/**
 * A charge being created holds its receivable this long: a second request meanwhile is refused,
 * and after a crash a retry may go ahead (finding by our reference what the first one made).
 */
const RESERVA_MS = 2 * 60_000;

type LinhaConta = typeof car.$inferSelect;

/** Who asks for a charge: a user's request or a batch's worker acting for the batch's creator. */
export type PedidoCobranca = {
  /** The receivables the requester may charge (a user's scope: 404 outside); none for a batch, which chose them. */
  escopo?: SQL;
  /** No user when the system asks (a public registration's charge). */
  autor: { usuarioId: number | null; organizacaoId: number };
  /**
   * A batch item claimed again after its worker died or erred: the reservation it finds may be its
   * own, and a receivable already charged means that earlier attempt finished (not an error).
   */
  retomada: boolean;
};

/**
 * After a failure the provider surely refused (a 4xx answer) the receivable is simply freed. After
 * any other (a timeout, a 5xx: the charge may exist) the reservation is left expired rather than
 * cleared, so the next attempt knows to look for it before creating.
 */
const liberacao = (erro: unknown) =>
  erro instanceof ErroProvedor && erro.statusProvedor !== null && erro.statusProvedor < 500
    ? null
    : new Date(Date.now() - RESERVA_MS);

/** The receivable's reservation as it was read, to the millisecond (as it is written). */
const mesmaReserva = (valor: Date | null) =>
  valor === null
    ? isNull(car.cobrancaIniciadaEm)
    : sql`date_trunc('milliseconds', ${car.cobrancaIniciadaEm}) = ${valor.toISOString()}::timestamptz`;

const ativasDa = (db: DbOuTx, contaId: number) => db.select().from(cob).where(ativas(contaId)).orderBy(cob.id);

/**
 * Charges one receivable (the single charge and the COBRANCAS batch both come here): reserve it,
 * create at the provider outside any transaction, record the charges. Returns its active charges.
 * Reserving and recording are a statement each in the usual case (a batch makes thousands):
 * each writes only if the receivable is still as read, and otherwise refuses or falls back.
 */
export async function cobrarConta(deps: Deps, pedido: PedidoCobranca, e: CobrancaInput): Promise<LinhaCobranca[]> {
  const lido = await lerParaCobrar(deps.db, e.contaAReceberId, pedido.escopo);
  if (!lido) throw naoEncontrado();
  const { conta } = lido;
  if (pedido.retomada && conta.cobrancaGerada) return ativasDa(deps.db, conta.id);
  const reservada = conta.cobrancaIniciadaEm && Date.now() - conta.cobrancaIniciadaEm.getTime() < RESERVA_MS;
  if (
    !STATUS_EDITAVEIS.includes(conta.status as StatusContaAReceber) ||
    conta.cobrancaGerada ||
    (reservada && !pedido.retomada)
  )
    throw new AppError('CONTA_NAO_COBRAVEL');
  const valor = valorCobrado(conta.valorPrevisto, e.confirmarMinimo);
  const titular = titularDe(conta, lido.pessoa, lido.organizacao);
  const { provedor, contaOrganizacaoId } = contaDaChave(deps, conta.organizacaoId, lido.token);
  // A concurrent charge (or a change of status) between the read and here leaves nothing to reserve.
  const [reservou] = await deps.db
    .update(car)
    .set({ cobrancaIniciadaEm: new Date() })
    .where(
      and(
        eq(car.id, conta.id),
        eq(car.status, conta.status),
        eq(car.cobrancaGerada, false),
        mesmaReserva(conta.cobrancaIniciadaEm),
      ),
    )
    .returning({ id: car.id });
  if (!reservou) throw new AppError('CONTA_NAO_COBRAVEL');
  // Only an attempt that may have reached the provider (its reservation is still there, cleared
  // or expired, or the batch item is taken again) calls for a look-up by our reference first;
  // a receivable never reserved before cannot have a charge there, and skipping that look-up
  // (plus the customer's, when its id is stored) keeps a large batch at one request per item.
  const consultar = conta.cobrancaIniciadaEm !== null || pedido.retomada;

  let feito: Awaited<ReturnType<typeof cobrarNoProvedor>>;
  try {
    feito = await cobrarNoProvedor(provedor, conta, valor, titular, e, {
      consultar,
      clienteId: lido.clienteId ?? undefined,
    });
  } catch (erro) {
    await deps.db
      .update(car)
      .set({ cobrancaIniciadaEm: liberacao(erro) })
      .where(eq(car.id, conta.id));
    throw erro;
  }
  const { criadas, clienteId } = feito;
  if (conta.pessoaId && clienteId && clienteId !== lido.clienteId)
    await deps.db
      .insert(clienteProvedor)
      .values({ pessoaId: conta.pessoaId, contaOrganizacaoId, provedorClienteId: clienteId })
      .onConflictDoUpdate({
        target: [clienteProvedor.pessoaId, clienteProvedor.contaOrganizacaoId],
        set: { provedorClienteId: clienteId, atualizadoEm: sql`now()` },
      });

  const linhas = criadas.map((p) => ({
    contaAReceberId: conta.id,
    provedorId: p.id,
    parcelamentoId: p.parcelamentoId,
    numeroParcela: p.numeroParcela,
    clienteProvedorId: p.clienteId,
    forma: p.forma === 'INDEFINIDA' ? e.forma : p.forma,
    valor: p.valor,
    vencimento: p.vencimento,
    status: statusDoEvento('', p.statusProvedor) ?? 'ABERTO',
    statusProvedor: p.statusProvedor,
    urlFatura: p.urlFatura,
    urlBoleto: p.urlBoleto,
    criadoPor: pedido.autor.usuarioId,
  }));
  const novos = {
    cobrancaGerada: true,
    formaPagamento: e.forma,
    linkPagamento: criadas[0]?.urlFatura ?? null,
    parcelas: criadas.length,
  };
  const gravadas = await gravarSeIgual(deps, pedido, conta, novos, linhas);
  if (gravadas) return gravadas;

  // The receivable changed since it was read (or a retry finds charges recorded): under its lock.
  await deps.db.transaction(async (tx) => {
    const [atual] = await tx.select().from(car).where(eq(car.id, conta.id)).for('update');
    if (!atual) throw naoEncontrado();
    await tx.insert(cob).values(linhas).onConflictDoNothing();
    await alterarConta(tx, pedido.autor, conta.id, camposDaCobranca(atual), novos, { cobrancaIniciadaEm: null });
  });
  return ativasDa(deps.db, conta.id);
}

type CamposDaCobranca = Pick<LinhaConta, 'cobrancaGerada' | 'formaPagamento' | 'linkPagamento' | 'parcelas'>;
const camposDaCobranca = (c: CamposDaCobranca): CamposDaCobranca => ({
  cobrancaGerada: c.cobrancaGerada,
  formaPagamento: c.formaPagamento,
  linkPagamento: c.linkPagamento,
  parcelas: c.parcelas,
});

/**
 * Records the charges in one statement, if the receivable is still as read before the provider
 * was called: it is marked charged, its history kept and the charges inserted together. Null when
 * it changed meanwhile or some charge was there already: the caller then records under a lock.
 */
async function gravarSeIgual(
  deps: Deps,
  pedido: PedidoCobranca,
  conta: LinhaConta,
  novos: CamposDaCobranca,
  linhas: (typeof cob.$inferInsert)[],
): Promise<LinhaCobranca[] | null> {
  const antes = camposDaCobranca(conta);
  const historia = linhasDeAlteracao(pedido.autor, 'conta_a_receber', conta.id, antes, novos).map((h) => ({
    entidade: h.entidade,
    entidade_id: h.entidadeId,
    operacao: h.operacao,
    campo: h.campo,
    valor_anterior: h.valorAnterior,
    valor_novo: h.valorNovo,
    usuario_id: h.usuarioId,
    organizacao_id: h.organizacaoId,
  }));
  const marcada = deps.db.$with('marcada', { id: sql<number>`id` }).as(
    sql`update ${car} set cobranca_gerada = true, forma_pagamento = ${novos.formaPagamento},
        link_pagamento = ${novos.linkPagamento}, parcelas = ${novos.parcelas}, cobranca_iniciada_em = null, atualizado_em = now()
      where id = ${conta.id} and cobranca_gerada = ${antes.cobrancaGerada}
        and forma_pagamento is not distinct from ${antes.formaPagamento}
        and link_pagamento is not distinct from ${antes.linkPagamento}
        and parcelas is not distinct from ${antes.parcelas}
      returning id`,
  );
  const historico = deps.db.$with('historico', { id: sql<number>`id` }).as(
    sql`insert into ${historicoAlteracao} (entidade, entidade_id, operacao, campo, valor_anterior, valor_novo, usuario_id, organizacao_id)
      select h.entidade, h.entidade_id, h.operacao, h.campo, nullif(h.valor_anterior, 'null'), nullif(h.valor_novo, 'null'), h.usuario_id, h.organizacao_id
      from jsonb_to_recordset(${JSON.stringify(historia)}::jsonb) as h(entidade text, entidade_id int, operacao text,
        campo text, valor_anterior jsonb, valor_novo jsonb, usuario_id int, organizacao_id int)
      where exists (select 1 from marcada)
      returning id`,
  );
  const inseridas = await deps.db
    .with(marcada, historico)
    .insert(cob)
    .values(linhas)
    .onConflictDoNothing()
    .returning({ ...getTableColumns(cob), _marcada: sql<boolean>`exists (select 1 from marcada)` });
  if (inseridas.length !== linhas.length || !inseridas.every((l) => l._marcada)) return null;
  return inseridas.map(({ _marcada, ...l }) => l).sort((x, y) => x.id - y.id);
}

/** Charges a receivable; with installments the provider makes one payment per installment. */
export async function criarCobranca(deps: Deps, ctx: Contexto, e: CobrancaInput): Promise<Cobranca[]> {
  const criadas = await cobrarConta(
    deps,
    {
      escopo: filtroOrganizacao(ctx, ACESSO_COBRANCA, car.organizacaoId),
      autor: ctx,
      retomada: false,
    },
    e,
  );
  return criadas.map(paraCobranca);
}

/** What the provider already holds under our reference (a retry), or a new charge. */
async function cobrarNoProvedor(
  provedor: PaymentProvider,
  conta: { id: number; vencimento: string; descricao: string | null },
  valor: string,
  titular: Titular,
  e: CobrancaInput,
  como: { consultar: boolean; clienteId?: string },
): Promise<{ criadas: CobrancaProvedor[]; clienteId: string | undefined }> {
  const referencia = String(conta.id);
  if (como.consultar) {
    const existentes = await coletar(provedor.listarCobrancas({ referenciaExterna: referencia }));
    if (existentes.length) return { criadas: existentes, clienteId: existentes[0]!.clienteId };
  }
  const clienteId = como.clienteId ?? (await garantirCliente(provedor, titular)).id;
  const primeira = await provedor.criarCobranca({
    clienteId,
    forma: e.forma,
    valor,
    vencimento: conta.vencimento,
    descricao: conta.descricao ?? undefined,
    referenciaExterna: referencia,
    parcelas: e.parcelas > 1 ? e.parcelas : undefined,
  });
  const criadas = primeira.parcelamentoId
    ? await coletar(provedor.listarCobrancas({ parcelamentoId: primeira.parcelamentoId }))
    : [primeira];
  return { criadas, clienteId };
}

async function coletar(it: AsyncIterable<CobrancaProvedor>): Promise<CobrancaProvedor[]> {
  const r: CobrancaProvedor[] = [];
  for await (const p of it) if (!p.excluida) r.push(p);
  return r;
}

async function cobrancaNoEscopo(db: DbOuTx, ctx: Contexto, id: number) {
  const [c] = await db
    .select({ cobranca: cob, organizacaoId: car.organizacaoId })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .where(and(eq(cob.id, id), filtroOrganizacao(ctx, ACESSO_COBRANCA, car.organizacaoId)));
  if (!c) throw naoEncontrado();
  return c;
}

/**
 * Cancels a charge still pending or overdue (the provider deletes it). With no other active
 * charge the receivable is open for a new one again, or cancelled when the user asked so.
 */
export async function cancelarCobranca(
  deps: Deps,
  ctx: Contexto,
  id: number,
  cancelarConta: boolean,
): Promise<Cobranca> {
  const { cobranca: c, organizacaoId } = await cobrancaNoEscopo(deps.db, ctx, id);
  await cancelarNaConta(
    deps,
    { escopo: filtroOrganizacao(ctx, ACESSO_COBRANCA, car.organizacaoId), autor: ctx, retomada: false },
    c,
    organizacaoId,
    cancelarConta,
  );
  return obterCobranca(deps.db, ctx, id);
}

/** The cancel itself, for a user's request and for a batch's undo alike. */
export async function cancelarNaConta(
  deps: Deps,
  pedido: PedidoCobranca,
  c: LinhaCobranca,
  organizacaoId: number,
  cancelarConta: boolean,
) {
  if (c.canceladaEm || !['ABERTO', 'VENCIDO'].includes(c.status)) throw new AppError('COBRANCA_NAO_CANCELAVEL');
  await (await provedorDa(deps, deps.db, organizacaoId)).cancelarCobranca(c.provedorId);
  await deps.db.transaction(async (tx) => {
    const [conta] = await tx
      .select()
      .from(car)
      .where(and(eq(car.id, c.contaAReceberId), pedido.escopo))
      .for('update');
    if (!conta) throw naoEncontrado();
    // A webhook may have paid the charge while the provider was asked: read it again under the
    // receivable's lock (the webhook takes the same one first) and keep what it applied.
    const [agora] = await tx
      .select({ status: cob.status, canceladaEm: cob.canceladaEm })
      .from(cob)
      .where(eq(cob.id, c.id))
      .for('update');
    if (!agora || agora.canceladaEm || !['ABERTO', 'VENCIDO'].includes(agora.status))
      throw new AppError('COBRANCA_NAO_CANCELAVEL');
    await tx
      .update(cob)
      .set({ status: 'CANCELADO', statusProvedor: 'DELETED', canceladaEm: new Date(), atualizadoEm: new Date() })
      .where(eq(cob.id, c.id));
    const restantes = await tx.select({ status: cob.status }).from(cob).where(ativas(conta.id));
    const novos = restantes.length
      ? { status: statusDaConta(restantes.map((r) => r.status as StatusContaAReceber)) ?? conta.status }
      : {
          status: cancelarConta
            ? 'CANCELADO'
            : STATUS_EDITAVEIS.includes(conta.status as StatusContaAReceber)
              ? conta.status
              : 'ABERTO',
          cobrancaGerada: false,
          linkPagamento: null,
        };
    await tx
      .update(car)
      .set({ ...novos, atualizadoEm: new Date() })
      .where(eq(car.id, conta.id));
    await registrarAlteracao(
      tx,
      pedido.autor,
      'conta_a_receber',
      conta.id,
      { status: conta.status, cobrancaGerada: conta.cobrancaGerada, linkPagamento: conta.linkPagamento },
      { cobrancaGerada: conta.cobrancaGerada, linkPagamento: conta.linkPagamento, ...novos },
    );
  });
}

/**
 * A receivable the system withdraws (`motivo`, written in the record): its pending charges are
 * cancelled at the provider and it with them, or it alone when it was never charged. A charge the
 * provider will not cancel now stays as it was: the reconciliation shows it, and a payment on it
 * reaches the receivable as any other. Paid or already closed receivables are left alone.
 */
export async function retirarConta(deps: Deps, contaId: number, motivo: string) {
  const [conta] = await deps.db
    .select({ organizacaoId: car.organizacaoId })
    .from(car)
    .where(and(eq(car.id, contaId), inArray(car.status, ['ABERTO', 'VENCIDO'])));
  if (!conta) return;
  const pedido = {
    escopo: eq(car.organizacaoId, conta.organizacaoId),
    autor: { usuarioId: null, organizacaoId: conta.organizacaoId },
    retomada: false,
  };
  for (const c of await ativasDa(deps.db, contaId))
    if (['ABERTO', 'VENCIDO'].includes(c.status))
      // Left open by its charges' cancel, so that the receivable's own cancel below writes the reason.
      await cancelarNaConta(deps, pedido, c, conta.organizacaoId, false).catch(() => undefined);
  await deps.db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ status: car.status })
      .from(car)
      .where(and(eq(car.id, contaId), eq(car.cobrancaGerada, false), inArray(car.status, ['ABERTO', 'VENCIDO'])))
      .for('update');
    if (!atual) return;
    await alterarConta(
      tx,
      pedido.autor,
      contaId,
      { status: atual.status, motivoCancelamento: null },
      { status: 'CANCELADO', motivoCancelamento: motivo },
    );
  });
}

/**
 * Compares the charge with the provider now and applies what changed (a lost webhook), as the
 * daily reconciliation does for every open charge.
 */
export async function sincronizar(deps: Deps, ctx: Contexto, id: number): Promise<Cobranca> {
  await cobrancaNoEscopo(deps.db, ctx, id);
  await sincronizarCobranca(deps, id);
  return obterCobranca(deps.db, ctx, id);
}

/** The boleto's typed line and barcode, read from the provider each time (never stored). */
export async function linhaDigitavel(deps: Deps, ctx: Contexto, id: number) {
  const { cobranca: c, organizacaoId } = await cobrancaNoEscopo(deps.db, ctx, id);
  if (c.forma !== 'BOLETO' || c.canceladaEm) throw new AppError('COBRANCA_SEM_LINHA');
  return (await provedorDa(deps, deps.db, organizacaoId)).linhaDigitavel(c.provedorId);
}

/** The Pix QR code (PNG) and its copy-and-paste code, from the provider. */
export async function qrCodePix(deps: Deps, ctx: Contexto, id: number) {
  const { cobranca: c, organizacaoId } = await cobrancaNoEscopo(deps.db, ctx, id);
  if (c.forma === 'CARTAO' || c.canceladaEm) throw new AppError('COBRANCA_SEM_LINHA');
  return (await provedorDa(deps, deps.db, organizacaoId)).qrCodePix(c.provedorId);
}
