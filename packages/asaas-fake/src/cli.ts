import { CHAVE_PADRAO, iniciarAsaasFake } from './index.js';

/**
 * Standalone fake: `npm start -w @sig/asaas-fake` (ASAAS_FAKE_PORT, ASAAS_FAKE_KEY, ASAAS_FAKE_DIR;
 * ASAAS_FAKE_LATENCY_MS delays every answer like a distant provider; ASAAS_FAKE_REQUEST_LIMIT
 * raises the 25,000 requests per 12 h a bench would exhaust).
 */
const limite = Number(process.env.ASAAS_FAKE_REQUEST_LIMIT || 0);
const fake = await iniciarAsaasFake({
  porta: Number(process.env.ASAAS_FAKE_PORT ?? 3100),
  host: process.env.ASAAS_FAKE_HOST ?? '127.0.0.1',
  chaveApi: process.env.ASAAS_FAKE_KEY || CHAVE_PADRAO,
  dir: process.env.ASAAS_FAKE_DIR || undefined,
  webhookIntervaloMs: 5_000,
  ...(limite > 0 ? { limiteRequisicoes: limite } : {}),
});
// Latency of every answer, as a real provider's (benches, demos of a slow provider).
fake.definirAtraso(Number(process.env.ASAAS_FAKE_LATENCY_MS || 0));
console.log(`Asaas fake on ${fake.url} (access_token: ${fake.chaveApi})`);
const parar = async () => {
  await fake.fechar();
  process.exit(0);
};
process.on('SIGINT', parar);
process.on('SIGTERM', parar);
