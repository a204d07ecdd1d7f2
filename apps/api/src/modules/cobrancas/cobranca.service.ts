import {
  type Cobranca,
  type CobrancaInput,
  STATUS_EDITAVEIS,
  type StatusContaAReceber,
  VALOR_MINIMO_COBRANCA,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { contaParaMudar } from './conta-a-receber.service.js';
import { ErroProvedor } from './provedor/asaas-http.js';
import { type CobrancaProvedor, garantirCliente, type PaymentProvider } from './provedor/provedor.js';
import { statusDaConta, statusDoEvento } from './status-provedor.js';

/**
 * Charges of receivables at the payment provider (spec §2 /cobranca, §5 minimum and
 * installments). The provider is called outside any transaction; our receivable id is the
 * charge's `externalReference`, looked up before creating so a retry never charges twice.
 */
export const ACESSO_COBRANCA = 'Cobranca';
const { cobranca: cob, contaAReceber: car, pessoa, organizacao, clienteProvedor } = schema;

/**
 * The organization's own provider account when it has a key (sub-account), else the main one;
 * `contaOrganizacaoId` names the account (null: the main one).
 */
export async function contaNoProvedor(
  deps: Deps,
  db: DbOuTx,
  organizacaoId: number,
): Promise<{ provedor: PaymentProvider; contaOrganizacaoId: number | null }> {
  const [o] = await db
    .select({ token: organizacao.tokenAsaasCifrado })
    .from(organizacao)
    .where(eq(organizacao.id, organizacaoId));
  const p = deps.pagamentos.provedor;
  return o?.token
    ? { provedor: p.comChave(deps.cofre.decifrar(o.token)), contaOrganizacaoId: organizacaoId }
    : { provedor: p, contaOrganizacaoId: null };
}

export const provedorDa = async (deps: Deps, db: DbOuTx, organizacaoId: number) =>
  (await contaNoProvedor(deps, db, organizacaoId)).provedor;

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

/** Who pays, as the provider needs it; a holder without CPF/CNPJ cannot be charged. */
async function titularDaConta(db: DbOuTx, conta: { pessoaId: number | null; organizacaoTitularId: number | null }) {
  if (conta.pessoaId) {
    const [p] = await db
      .select({ nome: pessoa.nome, sobrenome: pessoa.sobrenome, cpf: pessoa.cpf, email: pessoa.email })
      .from(pessoa)
      .where(eq(pessoa.id, conta.pessoaId));
    if (!p?.cpf) throw new AppError('TITULAR_SEM_DOCUMENTO');
    return {
      nome: `${p.nome} ${p.sobrenome}`.trim(),
      cpfCnpj: p.cpf,
      email: p.email ?? undefined,
      referenciaExterna: `pessoa:${conta.pessoaId}`,
    };
  }
  const [o] = await db
    .select({ nome: organizacao.razaoSocial, cnpj: organizacao.cnpj })
    .from(organizacao)
    .where(eq(organizacao.id, conta.organizacaoTitularId!));
  if (!o?.cnpj) throw new AppError('TITULAR_SEM_DOCUMENTO');
  return { nome: o.nome, cpfCnpj: o.cnpj, referenciaExterna: `organizacao:${conta.organizacaoTitularId}` };
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
  /** Locks the receivable for update (a user's request within the user's scope: 404 outside). */
  travar: (tx: DbOuTx, contaId: number) => Promise<LinhaConta>;
  autor: { usuarioId: number; organizacaoId: number };
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

/**
 * Charges one receivable (the single charge and the COBRANCAS batch both come here): reserve it,
 * create at the provider outside any transaction, record the charges. Returns its active charges.
 */
export async function cobrarConta(deps: Deps, pedido: PedidoCobranca, e: CobrancaInput): Promise<LinhaCobranca[]> {
  const preparo = await deps.db.transaction(async (tx) => {
    const conta = await pedido.travar(tx, e.contaAReceberId);
    if (pedido.retomada && conta.cobrancaGerada) return null;
    const reservada = conta.cobrancaIniciadaEm && Date.now() - conta.cobrancaIniciadaEm.getTime() < RESERVA_MS;
    if (
      !STATUS_EDITAVEIS.includes(conta.status as StatusContaAReceber) ||
      conta.cobrancaGerada ||
      (reservada && !pedido.retomada)
    )
      throw new AppError('CONTA_NAO_COBRAVEL');
    const valor = valorCobrado(conta.valorPrevisto, e.confirmarMinimo);
    const titular = await titularDaConta(tx, conta);
    const { provedor, contaOrganizacaoId } = await contaNoProvedor(deps, tx, conta.organizacaoId);
    const [guardado] = conta.pessoaId
      ? await tx
          .select({ id: clienteProvedor.provedorClienteId })
          .from(clienteProvedor)
          .where(
            and(
              eq(clienteProvedor.pessoaId, conta.pessoaId),
              contaOrganizacaoId === null
                ? isNull(clienteProvedor.contaOrganizacaoId)
                : eq(clienteProvedor.contaOrganizacaoId, contaOrganizacaoId),
            ),
          )
      : [];
    await tx.update(car).set({ cobrancaIniciadaEm: new Date() }).where(eq(car.id, conta.id));
    // Only an attempt that may have reached the provider (its reservation is still there, cleared
    // or expired, or the batch item is taken again) calls for a look-up by our reference first;
    // a receivable never reserved before cannot have a charge there, and skipping that look-up
    // (plus the customer's, when its id is stored) keeps a large batch at one request per item.
    const consultar = conta.cobrancaIniciadaEm !== null || pedido.retomada;
    return { conta, valor, titular, provedor, contaOrganizacaoId, clienteId: guardado?.id, consultar };
  });
  if (!preparo) return deps.db.select().from(cob).where(ativas(e.contaAReceberId)).orderBy(cob.id);
  const { conta, valor, titular, provedor, contaOrganizacaoId } = preparo;

  let feito: Awaited<ReturnType<typeof cobrarNoProvedor>>;
  try {
    feito = await cobrarNoProvedor(provedor, conta, valor, titular, e, preparo);
  } catch (erro) {
    await deps.db
      .update(car)
      .set({ cobrancaIniciadaEm: liberacao(erro) })
      .where(eq(car.id, conta.id));
    throw erro;
  }
  const { criadas, clienteId } = feito;

  const inseridas = await deps.db.transaction(async (tx) => {
    const atual = await pedido.travar(tx, conta.id);
    const linhas = await tx
      .insert(cob)
      .values(
        criadas.map((p) => ({
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
        })),
      )
      .onConflictDoNothing()
      .returning();
    if (conta.pessoaId && clienteId && clienteId !== preparo.clienteId)
      await tx
        .insert(clienteProvedor)
        .values({ pessoaId: conta.pessoaId, contaOrganizacaoId, provedorClienteId: clienteId })
        .onConflictDoUpdate({
          target: [clienteProvedor.pessoaId, clienteProvedor.contaOrganizacaoId],
          set: { provedorClienteId: clienteId, atualizadoEm: sql`now()` },
        });
    const novos = {
      cobrancaGerada: true,
      formaPagamento: e.forma,
      linkPagamento: criadas[0]?.urlFatura ?? null,
      parcelas: criadas.length,
    };
    await tx
      .update(car)
      .set({ ...novos, cobrancaIniciadaEm: null, atualizadoEm: new Date() })
      .where(eq(car.id, conta.id));
    await registrarAlteracao(
      tx,
      pedido.autor,
      'conta_a_receber',
      conta.id,
      {
        cobrancaGerada: atual.cobrancaGerada,
        formaPagamento: atual.formaPagamento,
        linkPagamento: atual.linkPagamento,
        parcelas: atual.parcelas,
      },
      novos,
    );
    return linhas;
  });
  // Rows already there (a retry recording what an earlier one recorded) are read back.
  return inseridas.length === criadas.length
    ? inseridas
    : deps.db.select().from(cob).where(ativas(conta.id)).orderBy(cob.id);
}

/** Charges a receivable; with installments the provider makes one payment per installment. */
export async function criarCobranca(deps: Deps, ctx: Contexto, e: CobrancaInput): Promise<Cobranca[]> {
  const criadas = await cobrarConta(
    deps,
    {
      travar: (tx, id) => contaParaMudar(tx, ctx, ACESSO_COBRANCA, id),
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
  titular: Awaited<ReturnType<typeof titularDaConta>>,
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
    { travar: (tx, contaId) => contaParaMudar(tx, ctx, ACESSO_COBRANCA, contaId), autor: ctx, retomada: false },
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
    const conta = await pedido.travar(tx, c.contaAReceberId);
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
