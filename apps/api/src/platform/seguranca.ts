import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * The Content-Security-Policy of every answer (docs/adr/0009). Scripts only from this origin: the
 * built app has no inline script and nothing evaluates strings. Styles may be inline: antd's
 * CSS-in-JS writes `<style>` elements at run time and components set `style` attributes (ECharts'
 * tooltips in markup); the policy forbids what matters more — foreign or inline scripts, plugins,
 * framing, foreign connections and form targets.
 */
export const DIRETIVAS_CSP = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // data: for the page's empty icon and the 2FA QR code; blob: for downloads.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  manifestSrc: ["'self'"],
  // blob: for the check-in's QR decoder, which qr-scanner starts from its bundled source (ADR 0029).
  workerSrc: ["'self'", 'blob:'],
};

/** Browser security headers on every answer, and no caching of any API answer (they carry personal data). */
export async function registrarSeguranca(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...DIRETIVAS_CSP, ...(https ? { upgradeInsecureRequests: [] } : {}) },
    },
    // HSTS only where the product is served over TLS: on plain http it would be ignored or, behind a
    // misconfigured proxy, lock browsers out of a host that has no certificate.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Reset links carry their token in the address: it never leaves for another origin.
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply, carga) => {
    if (req.url.startsWith('/api') && !req.url.startsWith('/api/docs')) reply.header('cache-control', 'no-store');
    return carga;
  });
}
