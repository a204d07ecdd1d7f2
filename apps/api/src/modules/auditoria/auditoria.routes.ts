import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const auditoriaRoutes: FastifyPluginAsyncZod = async () => {};
