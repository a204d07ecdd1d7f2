import {
  hojeNoBrasil,
  type JustificativaEstornoInput,
  normalizarValor,
  type Pagamento,
  type PagamentoInput,
  type StatusContaAReceber,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import type { CobrancaProvedor } from '../../platform/provedor-pagamento.js';
import { nomeTitular } from '../../platform/sql.js';
import { provedorDa, statusDaConta, statusDoEvento } from '../asaas/index.js';
import { alterarConta, contaParaMudar } from '../receber/index.js';

/**
 * Payments recorded by hand (spec §2 /pagamento): the receivable becomes paid; a charge still
 * active at the provider is received in cash there, so the payer is not charged again. A
 * reversal needs a justification (spec §4), undoes the cash receipt and reopens the receivable.
 * The provider is called between two transactions, never inside one.
 */
export const ACESSO_PAGAMENTO = 'Pagamento';
const { pagamento: pag, contaAReceber: car, cobranca: cob, pessoa, organizacao, recibo, reciboItem } = schema;
const titular = alias(organizacao, 'titular');

/** Who may take a payment: not yet paid, not cancelled, excluded, refunded or closed. */
const PAGAVEIS: readonly StatusContaAReceber[] = ['ABERTO', 'VENCIDO', 'PENDENTE'];
/** A provider call holds the receivable this long (as a charge being created does). */
const RESERVA_MS = 2 * 60_000;

const selecao = {
  id: pag.id,
  contaAReceberId: pag.contaAReceberId,
  titularNome: nomeTitular(titular),
  valor: pag.valor,
  dataPagamento: pag.dataPagamento,
  dataCredito: pag.dataCredito,
  forma: pag.forma,
  observacao: pag.observacao,
  cobrancaIds: pag.cobrancaIds,
  estornadoEm: pag.estornadoEm,
  justificativaEstorno: pag.justificativaEstorno,
  criadoEm: pag.criadoEm,
};

const consulta = (db: DbOuTx) =>
  db
    .select(selecao)
    .from(pag)
    .innerJoin(car, eq(car.id, pag.contaAReceberId))
    .leftJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .leftJoin(titular, eq(titular.id, car.organizacaoTitularId))
    .$dynamic();

type Linha = Awaited<ReturnType<typeof consulta>>[number];
const paraPagamento = ({ cobrancaIds, ...l }: Linha): Pagamento => ({
  ...l,
  forma: l.forma as Pagamento['forma'],
  recebidoNoProvedor: cobrancaIds.length > 0,
  estornadoEm: l.estornadoEm ? l.estornadoEm.toISOString() : null,
  criadoEm: l.criadoEm.toISOString(),
});

export async function obterPagamento(db: DbOuTx, ctx: Contexto, id: number): Promise<Pagamento> {
  const [l] = await consulta(db).where(
    and(eq(pag.id, id), filtroOrganizacao(ctx, ACESSO_PAGAMENTO, car.organizacaoId)),
  );
  if (!l) throw naoEncontrado();
  return paraPagamento(l);
}

/** A receivable's payments, the reversed ones included (its history), newest first. */
export async function listarPagamentos(db: DbOuTx, ctx: Contexto, contaAReceberId: number): Promise<Pagamento[]> {
  const linhas = await consulta(db)
    .where(and(eq(pag.contaAReceberId, contaAReceberId), filtroOrganizacao(ctx, ACESSO_PAGAMENTO, car.organizacaoId)))
    .orderBy(desc(pag.id));
  return linhas.map(paraPagamento);
}

const ativasAbertas = (contaId: number) =>
  and(eq(cob.contaAReceberId, contaId), isNull(cob.canceladaEm), inArray(cob.status, PAGAVEIS as string[]));

export async function registrarPagamento(deps: Deps, ctx: Contexto, e: PagamentoInput): Promise<Pagamento> {
  const { cobrancas, provedor } = await deps.db.transaction(async (tx) => {
    const conta = await contaParaMudar(tx, ctx, ACESSO_PAGAMENTO, e.contaAReceberId);
    const reservada = conta.cobrancaIniciadaEm && Date.now() - conta.cobrancaIniciadaEm.getTime() < RESERVA_MS;
    if (!PAGAVEIS.includes(conta.status as StatusContaAReceber) || reservada)
      throw new AppError('PAGAMENTO_CONTA_NAO_PAGAVEL');
    const cobrancas = await tx.select().from(cob).where(ativasAbertas(conta.id)).orderBy(cob.id);
    if (cobrancas.length) await tx.update(car).set({ cobrancaIniciadaEm: new Date() }).where(eq(car.id, conta.id));
    return { cobrancas, provedor: cobrancas.length ? await provedorDa(deps, tx, conta.organizacaoId) : null };
  });

  const recebidas: CobrancaProvedor[] = [];
  try {
    for (const c of cobrancas) {
      // A retry after a lost answer finds the charge already received in cash.
      const atual = await provedor!.obterCobranca(c.provedorId);
      recebidas.push(
        atual.statusProvedor === 'RECEIVED_IN_CASH'
          ? atual
          : await provedor!.receberEmDinheiro(c.provedorId, {
              data: e.dataPagamento,
              // One charge takes what was paid; installments each their own value.
              valor: cobrancas.length === 1 ? e.valor : c.valor,
              notificarCliente: false,
            }),
      );
    }
  } catch (erro) {
    await deps.db.update(car).set({ cobrancaIniciadaEm: null }).where(eq(car.id, e.contaAReceberId));
    throw erro;
  }

  const id = await deps.db.transaction(async (tx) => {
    const conta = await contaParaMudar(tx, ctx, ACESSO_PAGAMENTO, e.contaAReceberId);
    for (const [i, c] of cobrancas.entries())
      await tx
        .update(cob)
        .set({
          status: 'PAGO',
          statusProvedor: recebidas[i]!.statusProvedor,
          valor: recebidas[i]!.valor,
          dataPagamento: e.dataPagamento,
          dataCredito: e.dataCredito,
          atualizadoEm: new Date(),
        })
        .where(eq(cob.id, c.id));
    const valor = normalizarValor(e.valor);
    const [novo] = await tx
      .insert(pag)
      .values({
        contaAReceberId: conta.id,
        valor,
        dataPagamento: e.dataPagamento,
        dataCredito: e.dataCredito,
        forma: e.forma,
        observacao: e.observacao,
        cobrancaIds: cobrancas.map((c) => c.id),
        criadoPor: ctx.usuarioId,
      })
      .returning({ id: pag.id });
    const novos = {
      status: 'PAGO',
      valorPago: valor,
      dataPagamento: e.dataPagamento,
      dataCredito: e.dataCredito,
      formaPagamento: e.forma,
    };
    await registrarAlteracao(tx, ctx, 'pagamento', novo!.id, null, { contaAReceberId: conta.id, ...novos });
    const { status, valorPago, dataPagamento, dataCredito, formaPagamento } = conta;
    await alterarConta(tx, ctx, conta.id, { status, valorPago, dataPagamento, dataCredito, formaPagamento }, novos, {
      cobrancaIniciadaEm: null,
    });
    return novo!.id;
  });
  return obterPagamento(deps.db, ctx, id);
}

/** The payment locked with its receivable, in scope (404 outside it). */
async function pagamentoParaMudar(tx: DbOuTx, ctx: Contexto, id: number) {
  const [p] = await tx
    .select({ pagamento: pag })
    .from(pag)
    .innerJoin(car, eq(car.id, pag.contaAReceberId))
    .where(and(eq(pag.id, id), filtroOrganizacao(ctx, ACESSO_PAGAMENTO, car.organizacaoId)));
  if (!p) throw naoEncontrado();
  const conta = await contaParaMudar(tx, ctx, ACESSO_PAGAMENTO, p.pagamento.contaAReceberId);
  return { pagamento: p.pagamento, conta };
}

export async function estornarPagamento(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: JustificativaEstornoInput,
): Promise<Pagamento> {
  const { pagamento, provedor } = await deps.db.transaction(async (tx) => {
    const { pagamento, conta } = await pagamentoParaMudar(tx, ctx, id);
    if (pagamento.estornadoEm) throw new AppError('PAGAMENTO_ESTORNADO');
    const [emRecibo] = await tx
      .select({ numero: recibo.numero })
      .from(reciboItem)
      .innerJoin(recibo, eq(recibo.id, reciboItem.reciboId))
      .where(and(eq(reciboItem.contaAReceberId, conta.id), eq(reciboItem.ativo, true)));
    if (emRecibo) throw new AppError('PAGAMENTO_EM_RECIBO', { numero: emRecibo.numero });
    return {
      pagamento,
      provedor: pagamento.cobrancaIds.length ? await provedorDa(deps, tx, conta.organizacaoId) : null,
    };
  });

  const cobrancas = pagamento.cobrancaIds.length
    ? await deps.db.select().from(cob).where(inArray(cob.id, pagamento.cobrancaIds))
    : [];
  const desfeitas = new Map<number, CobrancaProvedor>();
  for (const c of cobrancas) {
    // Undone already (a retry): read it back instead of failing on the provider's refusal.
    const atual = await provedor!.obterCobranca(c.provedorId);
    desfeitas.set(
      c.id,
      atual.statusProvedor === 'RECEIVED_IN_CASH' ? await provedor!.desfazerRecebimentoEmDinheiro(c.provedorId) : atual,
    );
  }

  await deps.db.transaction(async (tx) => {
    const { pagamento: atual, conta } = await pagamentoParaMudar(tx, ctx, id);
    if (atual.estornadoEm) throw new AppError('PAGAMENTO_ESTORNADO');
    for (const c of cobrancas) {
      const p = desfeitas.get(c.id)!;
      await tx
        .update(cob)
        .set({
          status: statusDoEvento('', p.statusProvedor) ?? 'ABERTO',
          statusProvedor: p.statusProvedor,
          valor: p.valor,
          dataPagamento: null,
          dataCredito: null,
          atualizadoEm: new Date(),
        })
        .where(eq(cob.id, c.id));
    }
    await tx
      .update(pag)
      .set({ estornadoEm: new Date(), estornadoPor: ctx.usuarioId, justificativaEstorno: e.justificativa })
      .where(eq(pag.id, id));
    // Back to what its charges say, or open / overdue by its due date when it has none.
    const ativas = await tx
      .select({ status: cob.status })
      .from(cob)
      .where(and(eq(cob.contaAReceberId, conta.id), isNull(cob.canceladaEm)));
    const status =
      statusDaConta(ativas.map((a) => a.status as StatusContaAReceber)) ??
      (conta.vencimento < hojeNoBrasil() ? 'VENCIDO' : 'ABERTO');
    await registrarAlteracao(
      tx,
      ctx,
      'pagamento',
      id,
      { estornadoEm: null, justificativaEstorno: null },
      { estornadoEm: new Date(), justificativaEstorno: e.justificativa },
    );
    await alterarConta(
      tx,
      ctx,
      conta.id,
      {
        status: conta.status,
        valorPago: conta.valorPago,
        dataPagamento: conta.dataPagamento,
        dataCredito: conta.dataCredito,
      },
      { status, valorPago: null, dataPagamento: null, dataCredito: null },
    );
  });
  return obterPagamento(deps.db, ctx, id);
}
