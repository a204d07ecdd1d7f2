import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './erros.js';

/** Both the sources (apps/api/src) and the bundle (apps/api/dist) sit two levels below apps/. */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Serves the built web app on the same port as the API (one process is the whole product).
 * Unknown non-API paths get index.html so the client router handles them; unknown API
 * paths are a localized 404.
 */
export async function registrarWeb(app: FastifyInstance, dir = WEB_DIST) {
  const temWeb = existsSync(path.join(dir, 'index.html'));
  if (temWeb) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      maxAge: '1y',
      immutable: true,
      // The build writes .br and .gz beside each asset: compressed answers at no CPU cost per request.
      preCompressed: true,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (temWeb && req.method === 'GET' && !req.url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', dir, { maxAge: 0, immutable: false });
    }
    throw new AppError('ROTA_NAO_ENCONTRADA');
  });
}
