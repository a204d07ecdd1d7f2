import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Contexto, Deps } from './contexto.js';
import { hashToken } from './cripto.js';
import { AppError } from './erros.js';

/** Refresh `ultimo_uso_em` at most this often: one write per minute per session, not per request. */
const TOQUE_MS = 60_000;

type LinhaSessao = {
  sessaoId: number;
  usuarioId: number;
  organizacaoId: number;
  perfilId: number;
  pendente2FA: boolean;
  ultimoUsoEm: Date | string;
  criadoEm: Date | string;
  pessoaId: number;
  trocarSenha: boolean;
  usuarioAtivo: boolean;
  organizacaoCaminho: string;
  organizacaoNome: string;
  perfilVersao: number;
  termoPendente: boolean;
  organizacoesVersao: string;
};

/**
 * Runs on every authenticated request: one indexed lookup, prepared, on the driver. A pending
 * required term is the user's flag, kept by the database's triggers (migration 0056); the
 * organization tree's version tells whether the tree in memory is current (migration 0067).
 */
const SQL_SESSAO = `
  select s.id as "sessaoId", s.usuario_id as "usuarioId", s.organizacao_id as "organizacaoId",
         s.perfil_id as "perfilId", s.pendente2_fa as "pendente2FA", s.ultimo_uso_em as "ultimoUsoEm",
         s.criado_em as "criadoEm",
         u.pessoa_id as "pessoaId", u.trocar_senha as "trocarSenha", u.ativo as "usuarioAtivo",
         o.caminho as "organizacaoCaminho", o.nome_fantasia as "organizacaoNome", p.versao as "perfilVersao",
         u.termo_pendente as "termoPendente",
         (select v.versao from organizacao_versao v where v.id = 1) as "organizacoesVersao"
    from sessao s
    join usuario u on u.id = s.usuario_id
    join organizacao o on o.id = s.organizacao_id
    join perfil p on p.id = s.perfil_id
   where s.token_hash = $1 and s.revogado_em is null`;

export const tokenDaRequisicao = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h) return null;
  const [tipo, token] = h.split(' ');
  return tipo?.toLowerCase() === 'bearer' && token ? token : null;
};

export class Sessoes {
  constructor(private readonly deps: Deps) {}

  /**
   * The request's context from its bearer token, or null when the token is unknown, revoked, idle
   * too long or older than the absolute lifetime (SIG_SESSION_MAX_DAYS).
   */
  async resolver(token: string, req: Pick<FastifyRequest, 'idioma' | 'ip'>): Promise<Contexto | null> {
    if (token.length > 200) return null;
    const [s] = await this.deps.consultar<LinhaSessao>('sessao_por_token', SQL_SESSAO, [hashToken(token)]);
    if (!s?.usuarioAtivo) return null;
    if (Date.now() - new Date(s.criadoEm).getTime() > this.deps.config.sessaoMaximaDias * 86_400_000) return null;
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
      termoPendente: s.termoPendente,
      permissoes,
      organizacoesVersao: Number(s.organizacoesVersao),
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
