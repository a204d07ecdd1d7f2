import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Banco } from '@sig/db';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { iniciarProvedor, type ProvedorIniciado } from './modules/asaas/index.js';
import { registrarModulos, registrarTarefas } from './modules/index.js';
import type { TrabalhadorLote } from './modules/processamento-lote/index.js';
import { CacheArvore } from './platform/arvore.js';
import { Auditoria } from './platform/auditoria.js';
import type { Deps } from './platform/contexto.js';
import { Correio } from './platform/correio.js';
import { Cofre } from './platform/cripto.js';
import { registrarLeitorJson, validadorDeEntrada } from './platform/entrada.js';
import { registrarTratadorDeErros } from './platform/erros.js';
import { registrarGuarda } from './platform/guarda.js';
import { registrarLimites } from './platform/limites.js';
import { idDaOperacao } from './platform/openapi.js';
import { CachePermissoes } from './platform/permissoes.js';
import { registrarReferencias } from './platform/referencias.js';
import { registrarSeguranca } from './platform/seguranca.js';
import { Sessoes } from './platform/sessao.js';
import { type OpcoesTarefas, Tarefas } from './platform/tarefas.js';
import { registrarWeb } from './platform/web.js';
import { VERSAO } from './versao.js';

/** Bodies above this are refused with CORPO_GRANDE (uploads have their own limit). */
export const LIMITE_CORPO = 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    sessoes: Sessoes;
    /** The bulk-processing worker; the job layer starts it in worker processes, tests drive it. */
    lotes: TrabalhadorLote;
  }
}

/**
 * `provedor`: started by the caller (main keeps the demo fake's state); else an in-memory one. The app closes it.
 * `trabalhar`: this process works the jobs (SIG_ROLE worker or all); every process may enqueue them.
 * `relogio`: the job layer's clock, for tests that move time by hand.
 */
export type OpcoesApp = {
  config: Config;
  banco: Banco;
  logger?: boolean;
  provedor?: ProvedorIniciado;
  trabalhar?: boolean;
  relogio?: OpcoesTarefas['relogio'];
};

export async function construirApp({
  config,
  banco,
  logger = true,
  provedor,
  trabalhar = false,
  relogio,
}: OpcoesApp): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: LIMITE_CORPO,
    // Registering every module's routes (their schemas compiled) passes Fastify's default 10 s on a
    // busy small server, and the process would then not start at all.
    pluginTimeout: 60_000,
    // X-Forwarded-For only from the configured proxies: otherwise any client names its own address.
    trustProxy: config.proxiesConfiaveis.length ? config.proxiesConfiaveis : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validadorDeEntrada);
  app.setSerializerCompiler(serializerCompiler);
  registrarLeitorJson(app);
  const pagamentos = provedor ?? (await iniciarProvedor(config, { versao: VERSAO }));

  const tarefas = new Tarefas<Deps>(banco, app.log, { intervaloSegundos: config.tarefas.intervaloSegundos, relogio });
  const deps: Deps = {
    db: banco.db,
    banco,
    consultar: banco.consultar,
    ouvir: banco.ouvir,
    config,
    cofre: new Cofre(config.segredo),
    auditoria: new Auditoria(banco.consultar, app.log, config.auditoria),
    correio: new Correio(banco.db, app.log, tarefas, config.smtpUrl, config.smtpFrom),
    tarefas,
    permissoes: new CachePermissoes(banco.db),
    arvore: new CacheArvore(banco.db),
    pagamentos,
  };
  app.decorate('deps', deps);
  app.decorate('lotes', registrarTarefas(deps, app.log));

  registrarTratadorDeErros(app);
  await registrarSeguranca(app, config);
  const sessoes = new Sessoes(deps);
  app.decorate('sessoes', sessoes);
  registrarGuarda(app, sessoes, deps.auditoria);
  registrarReferencias(app);
  await registrarLimites(app, banco, config.limitesRequisicao);

  await app.register(swagger, {
    openapi: {
      info: { title: 'SIG API', version: VERSAO },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Each operation named from its declaration (platform/openapi.ts), unless the route names it.
    transform: (pedido) => {
      const r = jsonSchemaTransform(pedido);
      const metodo = [pedido.route.method].flat()[0]!;
      return { ...r, schema: { operationId: idDaOperacao(metodo, pedido.url), ...r.schema } };
    },
    // The schemas named in zod's registry (a recursive one: the letters' rich body) as components.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });

  await app.register(registrarModulos, { prefix: '/api' });
  await registrarWeb(app);

  await tarefas.abrir({ supervisionar: trabalhar });
  if (trabalhar) await tarefas.trabalhar(deps);

  app.addHook('onClose', async () => {
    await tarefas.parar();
    deps.correio.parar();
    await deps.auditoria.descarregar();
    await pagamentos.fechar();
  });
  return app;
}
