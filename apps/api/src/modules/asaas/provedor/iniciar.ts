import { iniciarAsaasFake } from '@sig/asaas-fake';
import type { Config } from '../../../config.js';
import type { PaymentProvider } from '../../../platform/provedor-pagamento.js';
import { provedorAsaas } from './asaas.js';

export type ProvedorIniciado = {
  provedor: PaymentProvider;
  /** True when charges go to the embedded fake: nothing is really charged. */
  demo: boolean;
  url: string;
  fechar: () => Promise<void>;
  /** Demo only: points the fake's webhook at this app, so a payment made there comes back paid. */
  ligarWebhook?: (url: string, token: string) => Promise<void>;
};

const EVENTOS_WEBHOOK = [
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
];

/**
 * The configured Asaas, or — with no key set — the fake started in this process (state kept
 * under `dirDemo` when given), so a fresh install can issue and pay charges offline.
 */
export async function iniciarProvedor(
  config: Config,
  opcoes: { versao: string; dirDemo?: string },
): Promise<ProvedorIniciado> {
  const userAgent = `SIG/${opcoes.versao}`;
  if (config.asaas.modo === 'real') {
    const { url, chave } = config.asaas;
    return {
      provedor: provedorAsaas({ baseUrl: url, chaveApi: chave, userAgent, maxSimultaneas: config.asaasMaxSimultaneas }),
      demo: false,
      url,
      fechar: async () => {},
    };
  }
  const fake = await iniciarAsaasFake({ dir: opcoes.dirDemo, webhookIntervaloMs: 5_000 });
  const chamar = async (metodo: string, caminho: string, corpo?: object) => {
    const r = await fetch(`${fake.url}${caminho}`, {
      method: metodo,
      headers: { access_token: fake.chaveApi, 'user-agent': userAgent, 'content-type': 'application/json' },
      body: corpo ? JSON.stringify(corpo) : undefined,
    });
    if (r.status !== 200) throw new Error(`demo webhook: ${metodo} ${caminho} answered ${r.status}`);
    return r.json() as Promise<{ id: string; data?: { id: string; name: string }[] }>;
  };
  return {
    provedor: provedorAsaas({
      baseUrl: fake.url,
      chaveApi: fake.chaveApi,
      userAgent,
      maxSimultaneas: config.asaasMaxSimultaneas,
    }),
    demo: true,
    url: fake.url,
    fechar: fake.fechar,
    // The fake keeps its state between starts: the one webhook named SIG is updated, not added again.
    ligarWebhook: async (url, token) => {
      const corpo = {
        name: 'SIG',
        url,
        email: 'demo@sig.local',
        enabled: true,
        interrupted: false,
        authToken: token,
        sendType: 'SEQUENTIALLY',
        events: EVENTOS_WEBHOOK,
      };
      const existente = (await chamar('GET', '/webhooks?limit=100')).data?.find((w) => w.name === 'SIG');
      if (existente) await chamar('PUT', `/webhooks/${existente.id}`, corpo);
      else await chamar('POST', '/webhooks', corpo);
    },
  };
}
