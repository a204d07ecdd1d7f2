import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { naoEncontrado } from '../../platform/erros.js';
import type { RegraLimite } from '../../platform/limites.js';

/** Where the demo's invoice links point: this app, which hands the page over from the embedded fake. */
export const CAMINHO_FATURAS_DEMO = '/api/provedor-demo';

const codigo = z.object({ codigo: z.string().regex(/^[a-z0-9]{1,40}$/) });
const LIMITES: RegraLimite[] = [{ nome: 'fatura-demo-ip', max: 60, janela: '1 minute', por: 'ip' }];

/**
 * The demo provider's invoice pages (issue 18 "Abrir fatura"): the embedded fake listens on a port
 * of its own, chosen anew at each start, so the links point here and this passes the page (and its
 * simulated payment) through. Public, like the provider's page a payer opens from a link; outside
 * the demo there is no such page (404). Not part of the API's document.
 */
export const faturaDemoRoutes: FastifyPluginAsyncZod = async (app) => {
  const repassar = async (metodo: 'GET' | 'POST', caminho: string) => {
    const origem = app.deps.pagamentos.urlPaginas;
    if (!origem) throw naoEncontrado();
    return fetch(`${origem}${caminho}`, { method: metodo, redirect: 'manual' });
  };
  // The page's "pay" button posts an empty form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _corpo, feito) =>
    feito(null, {}),
  );

  app.get(
    '/i/:codigo',
    { config: { publico: true, limites: LIMITES }, schema: { hide: true, params: codigo } },
    async (req, reply) => {
      const r = await repassar('GET', `/i/${req.params.codigo}`);
      return reply
        .status(r.status)
        .type(r.headers.get('content-type') ?? 'text/html; charset=utf-8')
        .send(await r.text());
    },
  );
  app.post(
    '/i/:codigo/pagar',
    { config: { publico: true, limites: LIMITES }, schema: { hide: true, params: codigo } },
    async (req, reply) => {
      const r = await repassar('POST', `/i/${req.params.codigo}/pagar`);
      const destino = r.headers.get('location');
      return destino ? reply.redirect(destino, 303) : reply.status(r.status).send(await r.text());
    },
  );
};
