import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { abrirBanco, BancoMaisNovo, migrar } from '@sig/db';
import { garantirBase, SENHA_DEMO, semearDemo } from '@sig/db/seed';
import { construirApp } from './app.js';
import { ConfigInvalida, lerConfig } from './config.js';
import { iniciarProvedor } from './modules/asaas/index.js';
import { VERSAO } from './versao.js';

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
  const base = await garantirBase(banco.db, { adminEmail: config.adminEmail, adminSenha: config.adminSenha });
  const demo = config.seedDemo ? await semearDemo(banco.db) : { criado: false, usuarios: [] };

  const provedor = await iniciarProvedor(config, { versao: VERSAO, dirDemo: path.join(config.dataDir, 'asaas-fake') });
  // The demo's fake delivers its webhooks to this app with a token made up for this run.
  if (provedor.ligarWebhook && !config.asaasWebhookToken) config.asaasWebhookToken = randomBytes(24).toString('hex');
  // Every process may enqueue jobs; only workers work them (webhooks, mail, schedules, bulk batches).
  const app = await construirApp({ config, banco, provedor, trabalhar: config.papel !== 'api' });
  await app.listen({ port: config.porta, host: config.host });
  if (provedor.ligarWebhook) {
    config.asaasWebhookUrl = `http://127.0.0.1:${config.porta}/api/webhooks/asaas`;
    await provedor.ligarWebhook(config.asaasWebhookUrl, config.asaasWebhookToken!);
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
