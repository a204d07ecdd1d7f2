import type { Acao, AcessoId, TipoReferencia } from '@sig/contracts';
import { isAcessoId } from '@sig/contracts';
import { type Idioma, idiomaDe } from '@sig/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { Auditoria } from './auditoria.js';
import type { Contexto } from './contexto.js';
import { AppError } from './erros.js';
import { exigir, pode } from './permissoes.js';
import { tiposDoEsquema } from './referencias.js';
import type { Sessoes } from './sessao.js';

/**
 * What each route declares (DESIGN.md "the server decides"): a screen's access id and the
 * action it needs, or `publico`, or `autenticado` for calls any signed-in user may make
 * on their own account. A route under /api with none of these refuses to start.
 */
export type DeclaracaoAcesso = {
  acesso?: AcessoId;
  acao?: Acao;
  publico?: boolean;
  autenticado?: boolean;
  /** Allowed while the second factor is still pending (only the 2FA step itself). */
  permitePendente2FA?: boolean;
  /** Allowed while a password change is forced (change password, sign out, who am I). */
  permiteTrocaSenha?: boolean;
  /** Allowed while a required term is pending (the term's own calls); permiteTrocaSenha's routes are too. */
  permiteTermoPendente?: boolean;
  /** Not written to the access audit (health checks). */
  semAuditoria?: boolean;
  /**
   * A lookup of this kind (a select's options): also readable to whoever may create or update a
   * record whose input names this kind, so a profile granting a form needs no grant on its lookups.
   */
  opcoesDe?: TipoReferencia;
};

declare module 'fastify' {
  interface FastifyContextConfig extends DeclaracaoAcesso {}
  interface FastifyRequest {
    idioma: Idioma;
    ctxOpcional: Contexto | null;
    /**
     * The body as sent, before zod fills defaults: field permissions must tell a locked
     * field the client left out from one it sent.
     */
    corpoBruto: unknown;
    /** The signed-in context; only on routes that are not public. */
    readonly ctx: Contexto;
  }
}

/** `corpo`, `consulta`: the body's and query's schemas, for the tests that walk every route (platform/referencias.ts). */
export type RotaRegistrada = {
  metodo: string;
  url: string;
  declaracao: DeclaracaoAcesso;
  corpo?: unknown;
  consulta?: unknown;
};

export function declaracaoValida(d: DeclaracaoAcesso | undefined): boolean {
  if (!d) return false;
  if (d.publico || d.autenticado) return true;
  return !!d.acesso && isAcessoId(d.acesso) && !!d.acao;
}

export function registrarGuarda(app: FastifyInstance, sessoes: Sessoes, auditoria: Auditoria) {
  const rotas: RotaRegistrada[] = [];
  app.decorate('rotasRegistradas', rotas);
  /** Kind → the screens whose create or update input names it (derived from the routes' bodies). */
  const formularios = new Map<TipoReferencia, Set<AcessoId>>();
  app.decorate(
    'formulariosQueNomeiam',
    (tipo: TipoReferencia): ReadonlySet<AcessoId> => formularios.get(tipo) ?? new Set(),
  );
  const podeConsultar = (ctx: Contexto, tipo: TipoReferencia) =>
    [...(formularios.get(tipo) ?? [])].some((a) => pode(ctx, a, 'C') || pode(ctx, a, 'U'));

  app.addHook('onRoute', (rota) => {
    if (!rota.url.startsWith('/api')) return;
    const metodos = Array.isArray(rota.method) ? rota.method : [rota.method];
    // The OpenAPI document and its UI are public by design (they describe, they do not serve data).
    if (rota.url.startsWith('/api/docs')) rota.config = { ...rota.config, publico: true, semAuditoria: true };
    const declaracao = (rota.config ?? {}) as DeclaracaoAcesso;
    if (!declaracaoValida(declaracao) && !metodos.every((m) => m === 'HEAD' || m === 'OPTIONS')) {
      throw new Error(
        `Route ${metodos.join(',')} ${rota.url} declares no access (acesso+acao, publico or autenticado)`,
      );
    }
    for (const m of metodos)
      if (m !== 'HEAD')
        rotas.push({
          metodo: m,
          url: rota.url,
          declaracao,
          corpo: rota.schema?.body,
          consulta: rota.schema?.querystring,
        });
    if (declaracao.acesso && (declaracao.acao === 'C' || declaracao.acao === 'U'))
      for (const tipo of tiposDoEsquema(rota.schema?.body as ZodType | undefined))
        formularios.set(tipo, (formularios.get(tipo) ?? new Set()).add(declaracao.acesso));
  });

  app.decorateRequest('idioma', 'pt-BR');
  app.decorateRequest('ctxOpcional', null);
  app.decorateRequest('corpoBruto', null);
  app.addHook('preValidation', async (req) => {
    req.corpoBruto = req.body;
  });
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest) {
      if (!this.ctxOpcional) throw new AppError('TOKEN_INVALIDO');
      return this.ctxOpcional;
    },
  });

  app.addHook('onRequest', async (req) => {
    req.idioma = idiomaDe(req.headers['accept-language']);
    const d = req.routeOptions.config as DeclaracaoAcesso | undefined;
    if (!d || d.publico || !req.routeOptions.url?.startsWith('/api')) return;
    const ctx = await sessoes.exigir(req);
    req.ctxOpcional = ctx;
    if (ctx.pendente2FA && !d.permitePendente2FA) throw new AppError('SEGUNDO_FATOR_PENDENTE');
    if (ctx.trocarSenha && !d.permiteTrocaSenha && !d.permitePendente2FA) throw new AppError('TROCA_SENHA_OBRIGATORIA');
    if (ctx.termoPendente && !d.permiteTermoPendente && !d.permiteTrocaSenha && !d.permitePendente2FA)
      throw new AppError('TERMO_OBRIGATORIO_PENDENTE');
    if (d.acesso && d.acao && !(d.opcoesDe && !pode(ctx, d.acesso, d.acao) && podeConsultar(ctx, d.opcoesDe)))
      exigir(ctx, d.acesso, d.acao);
  });

  app.addHook('onResponse', async (req, reply) => {
    const d = req.routeOptions.config as DeclaracaoAcesso | undefined;
    if (!req.url.startsWith('/api') || d?.semAuditoria || d?.publico) return;
    const ctx = req.ctxOpcional;
    auditoria.registrar({
      evento: 'REQUISICAO',
      usuarioId: ctx?.usuarioId ?? null,
      organizacaoId: ctx?.organizacaoId ?? null,
      acesso: d?.acesso ?? null,
      metodo: req.method,
      rota: req.url.split('?')[0],
      status: reply.statusCode,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      duracaoMs: Math.round(reply.elapsedTime),
    });
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    rotasRegistradas: RotaRegistrada[];
    /** The screens whose create or update input names `tipo`: they may read its lookup (`opcoesDe`). */
    formulariosQueNomeiam: (tipo: TipoReferencia) => ReadonlySet<AcessoId>;
  }
}
