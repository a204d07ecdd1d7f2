import { type Db, type DbOuTx, schema } from '@sig/db';
import { and, desc, eq, gt, inArray, lt, not, sql } from 'drizzle-orm';
import { hashToken } from '../../platform/cripto.js';
import { AppError } from '../../platform/erros.js';

/**
 * The sign-in throttle (docs/ARCHITECTURE.md, "Signing in"). All state is in the database, so it
 * holds across API processes. An attacker without the password slows only their own guesses: the
 * delay grows per (account, origin) pair, and the account-wide lock refuses only origins the
 * account never signed in from.
 */
export const LIMITE = {
  janelaMin: 15,
  /** Failures of one (account, origin) pair before each further attempt waits. */
  livresPorPar: 3,
  /** The wait doubles per failure past the free ones, up to this. */
  esperaMaximaS: 900,
  /** How far back a pair's failures count (since its last success). */
  memoriaParHoras: 24,
  /** Failures from untrusted origins, in the window, that close the account to untrusted origins. */
  falhasPorConta: 10,
  /** Failures from one address, in the window, across accounts. */
  falhasPorIp: 30,
  falhas2FA: 5,
  /** A device or address stays trusted this long after its last successful sign-in. */
  confiancaDias: 90,
} as const;

/** Who an attempt is against and where it comes from. */
export type Tentativa = {
  /** `u:<user id>`, or `l:<login normalized>` when the login names no account. */
  conta: string;
  ip: string;
  /** `d:<device hash>` when the account trusts the device, else `ip:<address>`. */
  origem: string;
  confiavel: boolean;
};

const t = schema.tentativaLogin;
const oc = schema.origemConfiavel;

/** The login as the account lookup reads it: e-mail lowercased, a CPF's digits (one counter for every spelling). */
export function loginNormalizado(login: string): string {
  const l = login.trim().toLowerCase();
  if (l.includes('@')) return l;
  const digitos = l.replace(/\D/g, '');
  return digitos.length === 11 ? digitos : l;
}

const origemDispositivo = (dispositivo: string) => `d:${hashToken(`dispositivo:${dispositivo}`)}`;
const origemIp = (ip: string) => `ip:${ip}`;

/** The attempt's keys: the account and, when the account trusts the device or address, that origin. */
export async function tentativa(
  db: Db,
  entrada: { login: string; usuarioId?: number; ip: string; dispositivo?: string },
): Promise<Tentativa> {
  const porIp = { ip: entrada.ip, origem: origemIp(entrada.ip) };
  if (!entrada.usuarioId) return { conta: `l:${loginNormalizado(entrada.login)}`, ...porIp, confiavel: false };
  const conta = `u:${entrada.usuarioId}`;
  const candidatas = [porIp.origem, ...(entrada.dispositivo ? [origemDispositivo(entrada.dispositivo)] : [])];
  const confiaveis = await db
    .select({ origem: oc.origem })
    .from(oc)
    .where(
      and(
        eq(oc.usuarioId, entrada.usuarioId),
        inArray(oc.origem, candidatas),
        gt(oc.ultimoUsoEm, sql`now() - make_interval(days => ${LIMITE.confiancaDias})`),
      ),
    );
  const conhecidas = new Set(confiaveis.map((c) => c.origem));
  // A known device is the narrower key: someone else behind the same address does not share its counter.
  const origem = [...candidatas].reverse().find((c) => conhecidas.has(c));
  return { conta, ip: entrada.ip, origem: origem ?? porIp.origem, confiavel: !!origem };
}

/** Seconds until the `limite`-th newest failure leaves the window, or 0 when fewer failures are in it. */
async function segundosAteLiberar(db: Db, onde: ReturnType<typeof and>, limite: number): Promise<number> {
  const [r] = await db
    .select({
      segundos: sql<number>`ceil(extract(epoch from (${t.criadoEm} + make_interval(mins => ${LIMITE.janelaMin}) - now())))::int`,
    })
    .from(t)
    .where(and(onde, not(t.sucesso), gt(t.criadoEm, sql`now() - make_interval(mins => ${LIMITE.janelaMin})`)))
    .orderBy(desc(t.criadoEm))
    .offset(limite - 1)
    .limit(1);
  return r ? Math.max(1, r.segundos) : 0;
}

const bloqueado = (segundos: number) =>
  new AppError('LOGIN_BLOQUEADO', { minutos: Math.max(1, Math.ceil(segundos / 60)) });

/**
 * Refuses the attempt before the password is checked: while the pair's delay runs
 * (LOGIN_AGUARDE), or, from an untrusted origin, while the address or the account is locked.
 */
export async function exigirLiberada(db: Db, a: Tentativa): Promise<void> {
  const [par] = await db
    .select({
      falhas: sql<number>`count(*)::int`,
      desdeUltima: sql<number>`coalesce(extract(epoch from (now() - max(${t.criadoEm}))), 0)::float8`,
    })
    .from(t)
    .where(
      and(
        eq(t.login, a.conta),
        eq(t.origem, a.origem),
        not(t.sucesso),
        gt(
          t.criadoEm,
          sql`greatest(now() - make_interval(hours => ${LIMITE.memoriaParHoras}), coalesce((select max(s.criado_em) from ${t} s where s.login = ${a.conta} and s.origem = ${a.origem} and s.sucesso), '-infinity'::timestamptz))`,
        ),
      ),
    );
  if (par && par.falhas >= LIMITE.livresPorPar) {
    const espera = Math.min(2 ** (par.falhas - LIMITE.livresPorPar), LIMITE.esperaMaximaS);
    const falta = Math.ceil(espera - par.desdeUltima);
    if (falta > 0) throw new AppError('LOGIN_AGUARDE', { segundos: falta });
  }
  if (a.confiavel) return;
  const ip = await segundosAteLiberar(db, eq(t.ip, a.ip), LIMITE.falhasPorIp);
  if (ip) throw bloqueado(ip);
  const conta = await segundosAteLiberar(db, and(eq(t.login, a.conta), not(t.confiavel)), LIMITE.falhasPorConta);
  if (conta) throw bloqueado(conta);
}

/** The second step: a few wrong codes lock it (whoever reaches it already holds the password). */
export async function exigirLiberado2FA(db: Db, usuarioId: number): Promise<void> {
  const s = await segundosAteLiberar(db, eq(t.login, `2fa:${usuarioId}`), LIMITE.falhas2FA);
  if (s) throw bloqueado(s);
}

export async function registrar(db: DbOuTx, a: Tentativa, sucesso: boolean): Promise<void> {
  await db.insert(t).values({ login: a.conta, ip: a.ip, origem: a.origem, confiavel: a.confiavel, sucesso });
  // Older attempts count for nothing; the account's own rows are pruned as it is tried.
  await db
    .delete(t)
    .where(and(eq(t.login, a.conta), lt(t.criadoEm, sql`now() - make_interval(hours => ${LIMITE.memoriaParHoras})`)));
}

export const registrar2FA = (db: DbOuTx, usuarioId: number, ip: string, sucesso: boolean) =>
  registrar(db, { conta: `2fa:${usuarioId}`, ip, origem: origemIp(ip), confiavel: false }, sucesso);

/** After a sign-in with the password (or a completed reset): the address and the device become trusted. */
export async function confiar(db: DbOuTx, usuarioId: number, ip: string, dispositivo?: string): Promise<void> {
  const origens = [origemIp(ip), ...(dispositivo ? [origemDispositivo(dispositivo)] : [])];
  await db
    .insert(oc)
    .values(origens.map((origem) => ({ usuarioId, origem })))
    .onConflictDoUpdate({ target: [oc.usuarioId, oc.origem], set: { ultimoUsoEm: sql`now()` } });
}
