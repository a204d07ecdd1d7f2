import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const organizacaoRoutes: FastifyPluginAsyncZod = async () => {};
