import type { Banco, Db } from '@sig/db';
import type { Idioma } from '@sig/i18n';
import type { Config } from '../config.js';
import type { CacheArvore } from './arvore.js';
import type { Auditoria } from './auditoria.js';
import type { Correio } from './correio.js';
import type { Cofre } from './cripto.js';
import type { CachePermissoes, ConjuntoPermissoes } from './permissoes.js';
import type { PaymentProvider } from './provedor-pagamento.js';
import type { Tarefas } from './tarefas.js';

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
  /** A required term of use is pending for the user's person: only its own calls are open (the sign-in gate). */
  termoPendente?: boolean;
  permissoes: ConjuntoPermissoes;
  /** The organization tree's version as the session read it (absent in a job's context: read when needed). */
  organizacoesVersao?: number;
  idioma: Idioma;
  ip: string;
};

/** What every service needs from the running app. */
export type Deps = {
  db: Db;
  /** The database as opened, for what needs more than queries (the backups' dumps). */
  banco: Banco;
  /** Prepared statements on the driver itself, for per-request hot paths. */
  consultar: Banco['consultar'];
  /** LISTEN on the database (the hub's fan-out across instances). */
  ouvir: Banco['ouvir'];
  config: Config;
  cofre: Cofre;
  auditoria: Auditoria;
  correio: Correio;
  /** The job layer: services enqueue here (inside their transaction when they have one). */
  tarefas: Tarefas<Deps>;
  permissoes: CachePermissoes;
  /** The organization tree in memory, while its version is the database's (platform/arvore.ts). */
  arvore: CacheArvore;
  /** The payment provider (Asaas or, in a demo install, the embedded fake). */
  /** `urlPaginas`: the embedded demo provider's own address (its invoice pages); unset with a real one. */
  pagamentos: { provedor: PaymentProvider; demo: boolean; urlPaginas?: string };
};
