import { type Acao, CAMPO_DA_ACAO, PERFIL_ADMINISTRADOR } from '@sig/contracts';
import { type Db, schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { AppError } from './erros.js';

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

/** What the checks read of a request's context (a Contexto has it). */
export type ComPermissoes = { permissoes: ConjuntoPermissoes };

export const pode = (ctx: ComPermissoes, acesso: string, acao: Acao): boolean => {
  if (ctx.permissoes.administrador) return true;
  const p = ctx.permissoes.telas.get(acesso);
  return !!p && p[CAMPO_DA_ACAO[acao]];
};

/**
 * Permission sets by profile, kept in memory only while the profile's `versao` (read from
 * the database with the session on every request) still matches: never stale, rarely loaded.
 */
export class CachePermissoes {
  private readonly cache = new Map<number, ConjuntoPermissoes>();
  constructor(private readonly db: Db) {}

  async obter(perfilId: number, versao: number): Promise<ConjuntoPermissoes> {
    const atual = this.cache.get(perfilId);
    if (atual && atual.versao === versao) return atual;
    const novo = await carregarPermissoes(this.db, perfilId);
    this.cache.set(perfilId, novo);
    return novo;
  }
}

export async function carregarPermissoes(db: Db, perfilId: number): Promise<ConjuntoPermissoes> {
  const [perfil] = await db
    .select({ nome: schema.perfil.nome, versao: schema.perfil.versao })
    .from(schema.perfil)
    .where(eq(schema.perfil.id, perfilId));
  const linhas = await db.select().from(schema.perfilPermissao).where(eq(schema.perfilPermissao.perfilId, perfilId));
  const campos = await db.select().from(schema.perfilCampo).where(eq(schema.perfilCampo.perfilId, perfilId));
  const telas = new Map<string, Permissao>();
  for (const l of linhas) {
    telas.set(l.acesso, {
      listar: l.listar,
      visualizar: l.visualizar,
      criar: l.criar,
      atualizar: l.atualizar,
      excluir: l.excluir,
      somentePropriaOrganizacao: l.somentePropriaOrganizacao,
    });
  }
  return {
    versao: perfil?.versao ?? 0,
    nome: perfil?.nome ?? '',
    administrador: perfil?.nome === PERFIL_ADMINISTRADOR,
    telas,
    campos: camposPorTela(campos),
  };
}

/** Field rules as stored, one a row, grouped by the screen they belong to. */
export function camposPorTela(
  campos: readonly ({ acesso: string; campo: string } & RegraCampo)[],
): Map<string, Map<string, RegraCampo>> {
  const porTela = new Map<string, Map<string, RegraCampo>>();
  for (const c of campos) {
    const m = porTela.get(c.acesso) ?? new Map<string, RegraCampo>();
    porTela.set(c.acesso, m);
    m.set(c.campo, { visualizar: c.visualizar, atualizar: c.atualizar });
  }
  return porTela;
}

export function exigir(ctx: ComPermissoes, acesso: string, acao: Acao) {
  if (!pode(ctx, acesso, acao)) throw new AppError(acao === 'L' ? 'SEM_AUTORIZACAO_LISTAR' : 'ACESSO_NAO_PERMITIDO');
}

/** Spec §6: "own organization only" narrows the scope of that screen to the current organization. */
export const somentePropria = (ctx: ComPermissoes, acesso: string) =>
  !ctx.permissoes.administrador && !!ctx.permissoes.telas.get(acesso)?.somentePropriaOrganizacao;

/** Fields the profile may not see on this screen. */
export function camposOcultos(ctx: ComPermissoes, acesso: string): Set<string> {
  const out = new Set<string>();
  if (ctx.permissoes.administrador) return out;
  for (const [campo, r] of ctx.permissoes.campos.get(acesso) ?? []) if (r.visualizar === false) out.add(campo);
  return out;
}

/** Fields the profile may not change on this screen (hidden ones included). */
export function camposBloqueados(ctx: ComPermissoes, acesso: string): Set<string> {
  const out = new Set<string>();
  if (ctx.permissoes.administrador) return out;
  for (const [campo, r] of ctx.permissoes.campos.get(acesso) ?? [])
    if (r.visualizar === false || r.atualizar === false) out.add(campo);
  return out;
}

/** Removes hidden fields from what is sent back. */
export function filtrarLeitura<T extends Record<string, unknown>>(ctx: ComPermissoes, acesso: string, obj: T): T {
  const ocultos = camposOcultos(ctx, acesso);
  if (!ocultos.size) return obj;
  const copia: Record<string, unknown> = { ...obj };
  for (const c of ocultos) delete copia[c];
  return copia as T;
}

const iguais = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Rejects a write that sends a locked field with a new value (403 naming the field) and
 * returns the input with locked fields the client left out taken from the stored record.
 */
export function aplicarEscrita<T extends Record<string, unknown>>(
  ctx: ComPermissoes,
  acesso: string,
  corpoBruto: unknown,
  entrada: T,
  anterior: Record<string, unknown> | null,
): T {
  const bloqueados = camposBloqueados(ctx, acesso);
  if (!bloqueados.size) return entrada;
  const bruto = (corpoBruto && typeof corpoBruto === 'object' ? corpoBruto : {}) as Record<string, unknown>;
  const resultado: Record<string, unknown> = { ...entrada };
  const negados: string[] = [];
  for (const campo of bloqueados) {
    const enviado = Object.hasOwn(bruto, campo) && bruto[campo] !== undefined;
    const valorAnterior = anterior ? anterior[campo] : null;
    if (enviado && !iguais(entrada[campo], valorAnterior)) negados.push(campo);
    else resultado[campo] = valorAnterior ?? null;
  }
  if (negados.length) {
    throw new AppError(
      'CAMPO_SEM_PERMISSAO',
      { campo: negados.join(', ') },
      negados.map((campo) => ({ campo, mensagem: 'erros:CAMPO_SEM_PERMISSAO' })),
    );
  }
  return resultado as T;
}
