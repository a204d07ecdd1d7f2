import { type AsaasFake, iniciarAsaasFake } from '@sig/asaas-fake';
import type { Config } from '../../../config.js';
import type { PaymentProvider } from '../../../platform/provedor-pagamento.js';
import { EVENTOS_WEBHOOK, NOME_WEBHOOK } from '../webhook-conta.js';
import { provedorAsaas } from './asaas.js';

export type ProvedorIniciado = {
  provedor: PaymentProvider;
  /** True when charges go to the embedded fake: nothing is really charged. */
  demo: boolean;
  url: string;
  /** Demo only: the fake's own address, where its invoice pages are served (`/i/{code}`). */
  urlPaginas?: string;
  /** Demo only: charges the demo's seed wrote, brought into the fake so their invoice pages exist. */
  importar?: AsaasFake['importar'];
  fechar: () => Promise<void>;
  /** Demo only: points the fake's webhook at this app, so a payment made there comes back paid. */
  ligarWebhook?: (url: string, token: string) => Promise<void>;
};

/**
 * The configured Asaas, or — with no key set — the fake started in this process (state kept
 * under `dirDemo` when given), so a fresh install can issue and pay charges offline.
 */
export async function iniciarProvedor(
  config: Config,
  opcoes: { versao: string; dirDemo?: string; urlFaturas?: string },
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
  const fake = await iniciarAsaasFake({
    dir: opcoes.dirDemo,
    webhookIntervaloMs: 5_000,
    urlFaturas: opcoes.urlFaturas,
  });
  const provedor = provedorAsaas({
    baseUrl: fake.url,
    chaveApi: fake.chaveApi,
    userAgent,
    maxSimultaneas: config.asaasMaxSimultaneas,
  });
  return {
    ...provedorDemo(fake, provedor),
    // The fake keeps its state between starts: the one webhook named SIG is updated, not added again.
    ligarWebhook: async (url, token) => {
      await provedor.garantirWebhook({
        nome: NOME_WEBHOOK,
        url,
        token,
        email: 'demo@sig.local',
        eventos: EVENTOS_WEBHOOK,
      });
    },
  };
}

/** The embedded fake as the app's provider, its invoice pages served from its own address. */
export function provedorDemo(fake: AsaasFake, provedor: PaymentProvider): ProvedorIniciado {
  return {
    provedor,
    demo: true,
    url: fake.url,
    urlPaginas: fake.url.replace(/\/v3$/, ''),
    importar: fake.importar,
    fechar: fake.fechar,
  };
}
