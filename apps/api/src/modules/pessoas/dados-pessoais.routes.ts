import { idParams } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acoesDoRegistro, historicoDoRegistro, rotasDe } from '../../platform/rotas-lista.js';
import * as servico from './dados-pessoais.service.js';

const acesso = 'Pessoa' as const;

/** One person's update history, and personal-data rights (LGPD): export (JSON or PDF) and anonymization. */
export const dadosPessoaisRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pessoa'];
  const deps = app.deps;
  const origem = (req: { ip: string; headers: Record<string, unknown>; url: string; method: string }) => ({
    ip: req.ip,
    userAgent: (req.headers['user-agent'] as string | undefined) ?? null,
    rota: req.url,
    metodo: req.method,
  });

  app.get(
    '/:id/dados-pessoais',
    {
      config: { acesso: 'DadosPessoais', acao: 'R' },
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ formato: z.enum(['json', 'pdf']).default('json') }),
        produces: ['application/json', 'application/pdf'],
      },
    },
    async (req, reply) => {
      const dados = await servico.exportar(deps, req.ctx, req.params.id, origem(req));
      const nome = `dados-pessoais-${req.params.id}.${req.query.formato}`;
      reply.header('content-disposition', `attachment; filename="${nome}"`);
      if (req.query.formato === 'json')
        return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(dados, null, 2));
      return reply.header('content-type', 'application/pdf').send(servico.pdfDadosPessoais(dados, req.idioma));
    },
  );

  acoesDoRegistro(app, { acesso, tags }).ler('/:id/historico', historicoDoRegistro, (ctx, id) =>
    servico.historico(deps, ctx, id),
  );
  rotasDe(app, { acesso, tags }).post(
    '/:id/anonimizar',
    {
      acao: 'D',
      params: idParams,
      corpo: z.object({ motivo: z.string().trim().min(10).max(500) }),
      resposta: z.object({ id: z.number().int(), nome: z.string(), anonimizado: z.literal(true) }),
    },
    async (req) => {
      const p = await servico.anonimizar(deps, req.ctx, req.params.id, req.body.motivo, origem(req));
      return { id: p.id, nome: String(p.nome), anonimizado: true as const };
    },
  );
};
