import { type Acao, CAMPO_DA_ACAO } from '@sig/contracts';
import type { Banco, Db } from '@sig/db';
import type { Idioma } from '@sig/i18n';
import type { Config } from '../config.js';
import type { ProvedorIniciado } from '../modules/asaas/index.js';
import type { Auditoria } from './auditoria.js';
import type { Correio } from './correio.js';
import type { Cofre } from './cripto.js';
import type { CachePermissoes } from './permissoes.js';

export type Permissao = {
  listar: boolean;
  visualizar: boolean;
  criar: boolean;
  atualizar: boolean;
  excluir: boolean;
  somentePropriaOrganizacao: boolean;
};

export type RegraCampo = { visualizar: boolean | null; atualizar: boolean | null };

export type ConjuntoPermissoes = {
  versao: number;
  nome: string;
  administrador: boolean;
  telas: ReadonlyMap<string, Permissao>;
  campos: ReadonlyMap<string, ReadonlyMap<string, RegraCampo>>;
};

/** Who is asking, for whom, with which rights: resolved once per request from the token. */
export type Contexto = {
  sessaoId: number;
  usuarioId: number;
  pessoaId: number;
  organizacaoId: number;
  organizacaoCaminho: string;
  organizacaoNome: string;
  perfilId: number;
  pendente2FA: boolean;
  trocarSenha: boolean;
  permissoes: ConjuntoPermissoes;
  idioma: Idioma;
  ip: string;
};

/** What every service needs from the running app. */
export type Deps = {
  db: Db;
  /** Prepared statements on the driver itself, for per-request hot paths. */
  consultar: Banco['consultar'];
  /** LISTEN on the database (the hub's fan-out across instances). */
  ouvir: Banco['ouvir'];
  config: Config;
  cofre: Cofre;
  auditoria: Auditoria;
  correio: Correio;
  permissoes: CachePermissoes;
  /** The payment provider (Asaas or, in a demo install, the embedded fake). */
  pagamentos: Pick<ProvedorIniciado, 'provedor' | 'demo'>;
};

export const pode = (ctx: Pick<Contexto, 'permissoes'>, acesso: string, acao: Acao): boolean => {
  if (ctx.permissoes.administrador) return true;
  const p = ctx.permissoes.telas.get(acesso);
  return !!p && p[CAMPO_DA_ACAO[acao]];
};
