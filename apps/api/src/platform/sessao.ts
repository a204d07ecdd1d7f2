import { type Db, schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Contexto, Deps } from './contexto.js';
import { hashToken } from './cripto.js';
import { AppError } from './erros.js';

/** Refresh `ultimo_uso_em` at most this often: one write per minute per session, not per request. */
const TOQUE_MS = 60_000;

const consultaSessao = (db: Db) =>
  db
    .select({
      sessaoId: schema.sessao.id,
      usuarioId: schema.sessao.usuarioId,
      organizacaoId: schema.sessao.organizacaoId,
      perfilId: schema.sessao.perfilId,
      pendente2FA: schema.sessao.pendente2FA,
      ultimoUsoEm: schema.sessao.ultimoUsoEm,
      pessoaId: schema.usuario.pessoaId,
      trocarSenha: schema.usuario.trocarSenha,
      usuarioAtivo: schema.usuario.ativo,
      organizacaoCaminho: schema.organizacao.caminho,
      organizacaoNome: schema.organizacao.nomeFantasia,
      perfilVersao: schema.perfil.versao,
    })
    .from(schema.sessao)
    .innerJoin(schema.usuario, eq(schema.usuario.id, schema.sessao.usuarioId))
    .innerJoin(schema.organizacao, eq(schema.organizacao.id, schema.sessao.organizacaoId))
    .innerJoin(schema.perfil, eq(schema.perfil.id, schema.sessao.perfilId))
    .where(and(eq(schema.sessao.tokenHash, sql.placeholder('hash')), isNull(schema.sessao.revogadoEm)))
    .prepare('sessao_por_token');

export const tokenDaRequisicao = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const [tipo, token] = h.split(' ');
  return tipo?.toLowerCase() === 'bearer' && token ? token : null;
};

export class Sessoes {
  private readonly consulta: ReturnType<typeof consultaSessao>;
  constructor(private readonly deps: Deps) {
    this.consulta = consultaSessao(deps.db);
  }

  /** The request's context from its bearer token, or null when the token is unknown, revoked or idle too long. */
  async resolver(token: string, req: Pick<FastifyRequest, 'idioma' | 'ip'>): Promise<Contexto | null> {
    if (token.length > 200) return null;
    const [s] = await this.consulta.execute({ hash: hashToken(token) });
    if (!s?.usuarioAtivo) return null;
    const idade = Date.now() - new Date(s.ultimoUsoEm).getTime();
    if (idade > this.deps.config.inatividadeMinutos * 60_000) return null;
    if (idade > TOQUE_MS) {
      void this.deps.db
        .update(schema.sessao)
        .set({ ultimoUsoEm: new Date() })
        .where(eq(schema.sessao.id, s.sessaoId))
        .catch(() => undefined);
    }
    const permissoes = await this.deps.permissoes.obter(s.perfilId, s.perfilVersao);
    return {
      sessaoId: s.sessaoId,
      usuarioId: s.usuarioId,
      pessoaId: s.pessoaId,
      organizacaoId: s.organizacaoId,
      organizacaoCaminho: s.organizacaoCaminho,
      organizacaoNome: s.organizacaoNome,
      perfilId: s.perfilId,
      pendente2FA: s.pendente2FA,
      trocarSenha: s.trocarSenha,
      permissoes,
      idioma: req.idioma,
      ip: req.ip,
    };
  }

  async exigir(req: FastifyRequest): Promise<Contexto> {
    const token = tokenDaRequisicao(req);
    const ctx = token ? await this.resolver(token, req) : null;
    if (!ctx) throw new AppError('TOKEN_INVALIDO');
    return ctx;
  }
}
