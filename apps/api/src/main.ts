import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { abrirBanco, type Banco, BancoMaisNovo, migrar } from '@sig/db';
import { garantirBase, SENHA_DEMO, semearAnoDemo, semearDemo } from '@sig/db/seed';
import pg from 'pg';
import { construirApp } from './app.js';
import { ConfigInvalida, lerConfig } from './config.js';
import { CAMINHO_FATURAS_DEMO, cobrancasDoSeed, iniciarProvedor } from './modules/asaas/index.js';
import { tentarAteConseguir } from './platform/tentativas.js';
import { VERSAO } from './versao.js';

/** The advisory lock's key ("SIG" + 2) around the first start's data; the migrations hold "SIG" + 1. */
const CHAVE_SEMEADURA = 0x53_49_47_02;

/**
 * The base data (and the demo) are written by the first process only, however many start together
 * on an empty PostgreSQL database: the others wait on an advisory lock and then find them there.
 */
async function semearUmaVez<T>(banco: Banco, semear: () => Promise<T>): Promise<T> {
  if (banco.tipo !== 'postgres') return semear();
  const trava = new pg.Client({ connectionString: banco.url });
  await trava.connect();
  try {
    await trava.query('select pg_advisory_lock($1)', [CHAVE_SEMEADURA]);
    return await semear();
  } finally {
    await trava.end();
  }
}

async function iniciar() {
  let config: ReturnType<typeof lerConfig>;
  try {
    config = lerConfig();
  } catch (e) {
    if (e instanceof ConfigInvalida) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const banco = await abrirBanco({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    maxConexoes: config.poolMax,
  });
  try {
    await migrar(banco, VERSAO);
  } catch (e) {
    if (e instanceof BancoMaisNovo) {
      console.error(e.message);
      await banco.fechar();
      process.exit(1);
    }
    throw e;
  }
  // The demo's invoice links point at this app, which serves the embedded fake's pages.
  const urlFaturas = config.asaas.modo === 'demo' ? `${config.publicUrl}${CAMINHO_FATURAS_DEMO}` : undefined;
  const inicioSemeadura = Date.now();
  const { base, demo, ano } = await semearUmaVez(banco, async () => {
    const base = await garantirBase(banco.db, { adminEmail: config.adminEmail, adminSenha: config.adminSenha });
    const demo = config.seedDemo ? await semearDemo(banco.db) : { criado: false, usuarios: [] };
    // A year of life only where its charges can be shown: with the embedded provider.
    const ano = demo.criado && urlFaturas ? await semearAnoDemo(banco.db, { urlFaturas }) : undefined;
    return { base, demo, ano };
  });
  const segundosSemeadura = ((Date.now() - inicioSemeadura) / 1000).toFixed(1);

  const provedor = await iniciarProvedor(config, {
    versao: VERSAO,
    dirDemo: path.join(config.dataDir, 'asaas-fake'),
    urlFaturas,
  });
  if (ano?.criado && provedor.importar) provedor.importar(await cobrancasDoSeed(banco.db));
  // The demo's fake delivers its webhooks to this app with a token made up for this run.
  if (provedor.ligarWebhook && !config.asaasWebhookToken) config.asaasWebhookToken = randomBytes(24).toString('hex');
  // Every process may enqueue jobs; only workers work them (webhooks, mail, schedules, bulk batches).
  const app = await construirApp({ config, banco, provedor, trabalhar: config.papel !== 'api' });
  await app.listen({ port: config.porta, host: config.host });
  if (provedor.ligarWebhook) {
    const { ligarWebhook } = provedor;
    const url = `http://127.0.0.1:${config.porta}/api/webhooks/asaas`;
    config.asaasWebhookUrl = url;
    // It points at this very process: on a machine too busy to answer in time the call fails, and
    // that must not end the start.
    await tentarAteConseguir(
      () => ligarWebhook(url, config.asaasWebhookToken!),
      (e, espera) =>
        app.log.warn({ err: e }, `embedded provider's webhook not registered; trying again in ${espera / 1000} s`),
    );
  }

  const linhas = [
    `SIG ${config.ambiente} on ${config.publicUrl} (database: ${banco.tipo})`,
    provedor.demo
      ? `Payment provider: DEMO — embedded Asaas fake on ${provedor.url}, nothing is really charged (set ASAAS_API_KEY for Asaas)`
      : `Payment provider: Asaas on ${provedor.url}`,
  ];
  if (base.criado) {
    linhas.push(
      `Administrator: ${base.adminEmail} / ${base.adminSenhaGerada ?? '(SIG_ADMIN_PASSWORD)'}` +
        (base.adminSenhaGerada ? '  <- shown once; change it at first sign-in' : ''),
    );
  } else {
    linhas.push(`Administrator: ${config.adminEmail} (password as set on first start)`);
  }
  if (ano?.criado)
    linhas.push(
      `Demo year: ${ano.pessoas} people, ${ano.cultos} services, ${ano.contasAReceber} receivables, ${ano.cobrancas} charges, ` +
        `${ano.recibos} receipts, ${ano.lancamentos} cash entries, ${ano.atendimentos} tickets (first start's data in ${segundosSemeadura} s)`,
    );
  if (demo.criado) {
    for (const u of demo.usuarios)
      linhas.push(`Demo user: ${u.email} / ${SENHA_DEMO}  (${u.perfil}, ${u.organizacao})`);
  }
  console.log(linhas.join('\n'));

  const parar = async () => {
    await app.close();
    await banco.fechar();
    process.exit(0);
  };
  process.on('SIGTERM', parar);
  process.on('SIGINT', parar);
}

await iniciar();
