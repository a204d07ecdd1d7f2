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
import { type CobrancaProvedor, garantirCliente, type PaymentProvider } from './provedor/provedor.js';
import { statusDaConta, statusDoEvento } from './status-provedor.js';

/**
 * Charges of receivables at the payment provider (spec §2 /cobranca, §5 minimum and
 * installments). The provider is called outside any transaction; our receivable id is the
 * charge's `externalReference`, looked up before creating so a retry never charges twice.
 */
export const ACESSO_COBRANCA = 'Cobranca';
const { cobranca: cob, contaAReceber: car, pessoa, organizacao } = schema;

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

/** Charges a receivable; with installments the provider makes one payment per installment. */
export async function criarCobranca(deps: Deps, ctx: Contexto, e: CobrancaInput): Promise<Cobranca[]> {
  const { conta, valor, titular, provedor } = await deps.db.transaction(async (tx) => {
    const conta = await contaParaMudar(tx, ctx, ACESSO_COBRANCA, e.contaAReceberId);
    const reservada = conta.cobrancaIniciadaEm && Date.now() - conta.cobrancaIniciadaEm.getTime() < RESERVA_MS;
    if (!STATUS_EDITAVEIS.includes(conta.status as StatusContaAReceber) || conta.cobrancaGerada || reservada)
      throw new AppError('CONTA_NAO_COBRAVEL');
    const valor = valorCobrado(conta.valorPrevisto, e.confirmarMinimo);
    const titular = await titularDaConta(tx, conta);
    await tx.update(car).set({ cobrancaIniciadaEm: new Date() }).where(eq(car.id, conta.id));
    return { conta, valor, titular, provedor: await provedorDa(deps, tx, conta.organizacaoId) };
  });
  const liberar = () => deps.db.update(car).set({ cobrancaIniciadaEm: null }).where(eq(car.id, conta.id));

  let criadas: CobrancaProvedor[];
  try {
    criadas = await cobrarNoProvedor(provedor, conta, valor, titular, e);
  } catch (erro) {
    await liberar();
    throw erro;
  }

  await deps.db.transaction(async (tx) => {
    const atual = await contaParaMudar(tx, ctx, ACESSO_COBRANCA, conta.id);
    await tx
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
          criadoPor: ctx.usuarioId,
        })),
      )
      .onConflictDoNothing();
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
      ctx,
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
  });
  return (await listarCobrancasDaConta(deps.db, ctx, conta.id)).filter((c) => !c.canceladaEm);
}

/** What the provider already holds under our reference (a retry), or a new charge. */
async function cobrarNoProvedor(
  provedor: PaymentProvider,
  conta: { id: number; vencimento: string; descricao: string | null },
  valor: string,
  titular: Awaited<ReturnType<typeof titularDaConta>>,
  e: CobrancaInput,
): Promise<CobrancaProvedor[]> {
  const referencia = String(conta.id);
  const existentes = await coletar(provedor.listarCobrancas({ referenciaExterna: referencia }));
  if (existentes.length) return existentes;
  const cliente = await garantirCliente(provedor, titular);
  const primeira = await provedor.criarCobranca({
    clienteId: cliente.id,
    forma: e.forma,
    valor,
    vencimento: conta.vencimento,
    descricao: conta.descricao ?? undefined,
    referenciaExterna: referencia,
    parcelas: e.parcelas > 1 ? e.parcelas : undefined,
  });
  return primeira.parcelamentoId
    ? coletar(provedor.listarCobrancas({ parcelamentoId: primeira.parcelamentoId }))
    : [primeira];
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
  if (c.canceladaEm || !['ABERTO', 'VENCIDO'].includes(c.status)) throw new AppError('COBRANCA_NAO_CANCELAVEL');
  await (await provedorDa(deps, deps.db, organizacaoId)).cancelarCobranca(c.provedorId);
  await deps.db.transaction(async (tx) => {
    const conta = await contaParaMudar(tx, ctx, ACESSO_COBRANCA, c.contaAReceberId);
    await tx
      .update(cob)
      .set({ status: 'CANCELADO', statusProvedor: 'DELETED', canceladaEm: new Date(), atualizadoEm: new Date() })
      .where(eq(cob.id, id));
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
      ctx,
      'conta_a_receber',
      conta.id,
      { status: conta.status, cobrancaGerada: conta.cobrancaGerada, linkPagamento: conta.linkPagamento },
      { cobrancaGerada: conta.cobrancaGerada, linkPagamento: conta.linkPagamento, ...novos },
    );
  });
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
