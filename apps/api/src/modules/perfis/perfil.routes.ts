import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const perfilRoutes: FastifyPluginAsyncZod = async () => {};
