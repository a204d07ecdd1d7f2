import { schema } from '@sig/db';
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Deps } from '../../platform/contexto.js';
import { mensagemDeFalha } from '../../platform/tarefas.js';

/**
 * Our webhook on every provider account that charges for us (asaas-contract "Webhooks"): the
 * main account's is set by the operator (or the demo), each sub-account's by us, when it is
 * created and again at every reconciliation, so a sub-account's payments are never left unheard.
 */
const { subconta: sub, organizacao } = schema;

/** The one webhook of ours on an account is found by this name. */
export const NOME_WEBHOOK = 'SIG';

export const EVENTOS_WEBHOOK = [
  'PAYMENT_CREATED',
  'PAYMENT_UPDATED',
  'PAYMENT_CONFIRMED',
  'PAYMENT_RECEIVED',
  'PAYMENT_OVERDUE',
  'PAYMENT_DELETED',
  'PAYMENT_RESTORED',
  'PAYMENT_REFUNDED',
  'PAYMENT_PARTIALLY_REFUNDED',
  'PAYMENT_RECEIVED_IN_CASH_UNDONE',
] as const;

const MAX_ERRO = 500;

export const urlDoWebhook = (config: Config) => config.asaasWebhookUrl ?? `${config.publicUrl}/api/webhooks/asaas`;

/**
 * Puts (or repairs) our webhook on one sub-account and records the outcome on its row: when it
 * was last found right, or why it could not be set (no token configured, the provider refused).
 */
export async function conferirWebhookDaSubconta(deps: Deps, subcontaId: number): Promise<string> {
  const [s] = await deps.db
    .select({ id: sub.id, provedorId: sub.provedorId, email: sub.email, token: organizacao.tokenAsaasCifrado })
    .from(sub)
    .innerJoin(organizacao, eq(organizacao.id, sub.organizacaoId))
    .where(eq(sub.id, subcontaId));
  if (!s?.provedorId) return 'sem-subconta';
  let resultado: string;
  let erro: string | null = null;
  if (!deps.config.asaasWebhookToken || !s.token) {
    resultado = 'sem-token';
    erro = s.token ? 'ASAAS_WEBHOOK_TOKEN' : 'SEM_CHAVE';
  } else {
    try {
      resultado = await deps.pagamentos.provedor.comChave(deps.cofre.decifrar(s.token)).garantirWebhook({
        nome: NOME_WEBHOOK,
        url: urlDoWebhook(deps.config),
        token: deps.config.asaasWebhookToken,
        email: s.email,
        eventos: EVENTOS_WEBHOOK,
      });
    } catch (e) {
      resultado = 'erro';
      erro = mensagemDeFalha(e).slice(0, MAX_ERRO);
    }
  }
  await deps.db
    .update(sub)
    .set(erro ? { webhookConferidoEm: null, webhookErro: erro } : { webhookConferidoEm: new Date(), webhookErro: null })
    .where(eq(sub.id, s.id));
  return resultado;
}

/** Every sub-account's webhook checked (and repaired); answers how many needed work or failed. */
export async function conferirWebhooks(deps: Deps): Promise<{ reparados: number; falhas: number }> {
  const subcontas = await deps.db
    .select({ id: sub.id })
    .from(sub)
    .where(isNotNull(sub.provedorId))
    .orderBy(asc(sub.id));
  let reparados = 0;
  let falhas = 0;
  for (const { id } of subcontas) {
    const r = await conferirWebhookDaSubconta(deps, id);
    if (r === 'criado' || r === 'reparado') reparados++;
    else if (r !== 'ok') falhas++;
  }
  return { reparados, falhas };
}
