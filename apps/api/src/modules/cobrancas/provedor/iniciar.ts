import { iniciarAsaasFake } from '@sig/asaas-fake';
import type { Config } from '../../../config.js';
import { provedorAsaas } from './asaas.js';
import type { PaymentProvider } from './provedor.js';

export type ProvedorIniciado = {
  provedor: PaymentProvider;
  /** True when charges go to the embedded fake: nothing is really charged. */
  demo: boolean;
  url: string;
  fechar: () => Promise<void>;
};

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
      provedor: provedorAsaas({ baseUrl: url, chaveApi: chave, userAgent }),
      demo: false,
      url,
      fechar: async () => {},
    };
  }
  const fake = await iniciarAsaasFake({ dir: opcoes.dirDemo, webhookIntervaloMs: 5_000 });
  return {
    provedor: provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent }),
    demo: true,
    url: fake.url,
    fechar: fake.fechar,
  };
}
