import { parametrosCobrancaLote } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import type { DefinicaoTipoLote, ItemEmTrabalho } from '../processamento-lote/index.js';
import { cancelarNaConta, cobrarConta, type PedidoCobranca } from './cobranca.service.js';

const { contaAReceber: car, cobranca: cob } = schema;

/** The batch chose its receivables within its creator's scope: the worker takes them by id. */
const pedido = (item: ItemEmTrabalho): PedidoCobranca => ({
  autor: { usuarioId: item.criadoPor, organizacaoId: item.organizacaoId },
  retomada: item.tentativas > 1,
});

/**
 * COBRANCAS (spec §2 /cobrancas-em-lote): one receivable → its charge at the provider, exactly
 * as a single charge (cobrarConta), with the batch's method, installments and minimum
 * confirmation. The receivable id is the charge's externalReference: an item taken again finds
 * what its earlier attempt made instead of charging twice. Undo cancels the charges the item made
 * (a paid one cannot be cancelled: the item ends in error).
 */
export const TIPO_COBRANCAS: DefinicaoTipoLote = {
  async processar(deps: Deps, item) {
    const p = parametrosCobrancaLote.parse(item.parametros);
    const criadas = await cobrarConta(deps, pedido(item), { ...p, contaAReceberId: item.referenciaId });
    return criadas.map((c) => c.provedorId).join(', ');
  },
  async desfazer(deps: Deps, item) {
    const provedorIds = item.resultado ? item.resultado.split(', ') : [];
    const [conta] = await deps.db
      .select({ organizacaoId: car.organizacaoId })
      .from(car)
      .where(eq(car.id, item.referenciaId));
    if (!conta || !provedorIds.length) return;
    // Those already cancelled (an undo taken again) are left alone.
    const ativas = await deps.db
      .select()
      .from(cob)
      .where(
        and(eq(cob.contaAReceberId, item.referenciaId), inArray(cob.provedorId, provedorIds), isNull(cob.canceladaEm)),
      )
      .orderBy(cob.id);
    for (const c of ativas) await cancelarNaConta(deps, pedido(item), c, conta.organizacaoId, false);
  },
};
