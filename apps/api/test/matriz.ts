import type { Acao } from '@sig/contracts';
import { type Banco, hashSenha, schema } from '@sig/db';
import { SENHA_DEMO } from '@sig/db/seed';
import { eq, isNull } from 'drizzle-orm';
import type { RotaRegistrada } from '../src/platform/guarda.js';
import type { Operacao, Parametro } from './fuzz.js';

/**
 * The authorization matrix (src/autorizacao-matriz.int.test.ts): every operation of the OpenAPI
 * document × the demo profiles × target organizations, with the answer each cell must give
 * derived from the profile's grants and the target's place in the tree.
 */

/** What a profile's grant says of one access id (the administrator's says yes to all). */
export type Concessoes = {
  administrador: boolean;
  telas: Map<string, { L: boolean; R: boolean; C: boolean; U: boolean; D: boolean; somentePropria: boolean }>;
};

export const concede = (c: Concessoes, acesso: string, acao: Acao) => c.administrador || !!c.telas.get(acesso)?.[acao];

export async function lerConcessoes(banco: Banco, perfilId: number, administrador: boolean): Promise<Concessoes> {
  const linhas = await banco.db
    .select()
    .from(schema.perfilPermissao)
    .where(eq(schema.perfilPermissao.perfilId, perfilId));
  return {
    administrador,
    telas: new Map(
      linhas.map((l) => [
        l.acesso,
        {
          L: l.listar,
          R: l.visualizar,
          C: l.criar,
          U: l.atualizar,
          D: l.excluir,
          somentePropria: l.somentePropriaOrganizacao,
        },
      ]),
    ),
  };
}

export type Org = { id: number; caminho: string; paiId: number | null; nivel: number };

/** Whether `alvo` is in the scope of a user at `propria` for a screen (platform/escopo.ts, restated). */
export const noEscopo = (c: Concessoes, acesso: string, propria: Org, alvo: Org) =>
  !c.administrador && c.telas.get(acesso)?.somentePropria
    ? alvo.id === propria.id
    : alvo.caminho.startsWith(propria.caminho);

export async function lerOrgs(banco: Banco): Promise<Map<number, Org>> {
  const linhas = await banco.db
    .select({
      id: schema.organizacao.id,
      caminho: schema.organizacao.caminho,
      paiId: schema.organizacao.organizacaoPaiId,
      nivel: schema.organizacao.nivel,
    })
    .from(schema.organizacao)
    .where(isNull(schema.organizacao.excluidoEm))
    .orderBy(schema.organizacao.id);
  return new Map(linhas.map((o) => [o.id, o]));
}

export type Relacao = 'propria' | 'irma' | 'mae' | 'outroSinodo';
export const RELACOES: Relacao[] = ['propria', 'irma', 'mae', 'outroSinodo'];

/** The synod an organization lies in (the second id of its path), or none for the national church. */
const sinodoDe = (o: Org) => Number(o.caminho.split('/').filter(Boolean)[1] ?? 0);

/**
 * The four targets of a user at `propria`: itself, a sibling (same parent), its parent, and a
 * parish of another synod. The national church has no sibling or parent.
 */
export function alvos(orgs: Map<number, Org>, propria: Org): Partial<Record<Relacao, Org>> {
  const todas = [...orgs.values()];
  const r: Partial<Record<Relacao, Org>> = { propria };
  if (propria.paiId) {
    r.mae = orgs.get(propria.paiId);
    r.irma = todas.find((o) => o.paiId === propria.paiId && o.id !== propria.id);
  }
  r.outroSinodo = todas.find((o) => o.nivel === 2 && sinodoDe(o) !== sinodoDe(propria));
  return r;
}

/** A demo-like member (the *Membro* profile self-registration gives) at `organizacaoId`. */
export async function criarMembro(banco: Banco, organizacaoId: number, email: string) {
  const [perfil] = await banco.db
    .select({ id: schema.perfil.id })
    .from(schema.perfil)
    .where(eq(schema.perfil.nome, 'Membro'));
  const [pessoa] = await banco.db
    .insert(schema.pessoa)
    .values({ nome: 'Marta', sobrenome: 'Membro', email, organizacaoId })
    .returning({ id: schema.pessoa.id });
  const [usuario] = await banco.db
    .insert(schema.usuario)
    .values({ pessoaId: pessoa!.id, email, senhaHash: await hashSenha(SENHA_DEMO) })
    .returning({ id: schema.usuario.id });
  await banco.db
    .insert(schema.usuarioOrganizacao)
    .values({ usuarioId: usuario!.id, organizacaoId, perfilId: perfil!.id, padrao: true });
}

/**
 * Records of an organization the matrix reads, changes and deletes by id, one per cell (so a
 * delete in one cell leaves the others' records alone): a person, a notice, a cash account and
 * a worship service — a domain module, two organization registries and a module of its own.
 */
export const RECURSOS = ['pessoa', 'mural-de-avisos', 'conta-caixa', 'culto'] as const;
export type Recurso = (typeof RECURSOS)[number];

export async function criarRegistro(banco: Banco, recurso: Recurso, organizacaoId: number, n: number): Promise<number> {
  const db = banco.db;
  const nome = `Matriz ${n}`;
  switch (recurso) {
    case 'pessoa': {
      const [p] = await db
        .insert(schema.pessoa)
        .values({ nome, sobrenome: 'Escopo', nomeBusca: `matriz ${n} escopo`, organizacaoId })
        .returning({ id: schema.pessoa.id });
      return p!.id;
    }
    case 'mural-de-avisos': {
      const [a] = await db
        .insert(schema.aviso)
        .values({ nome, mensagem: 'Aviso da matriz', organizacaoId })
        .returning({ id: schema.aviso.id });
      return a!.id;
    }
    case 'conta-caixa': {
      const [c] = await db
        .insert(schema.contaCaixa)
        .values({ nome, tipoContaCaixa: 'CAIXA', dataSaldoInicial: '2026-01-01', organizacaoId })
        .returning({ id: schema.contaCaixa.id });
      return c!.id;
    }
    case 'culto': {
      const [c] = await db
        .insert(schema.culto)
        .values({ data: '2026-01-04', hora: '09:00', organizacaoId })
        .returning({ id: schema.culto.id });
      return c!.id;
    }
  }
}

/** `/api/x/{id}` → `/api/x/:id`, without a trailing slash: how a route and an operation meet. */
export const chave = (metodo: string, caminho: string) =>
  `${metodo.toUpperCase()} ${caminho.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`;

export const declaracoes = (rotas: RotaRegistrada[]) =>
  new Map(rotas.map((r) => [chave(r.metodo, r.url), r.declaracao]));

/** How an operation names its target organization, if it does. */
export type Alvo =
  /** The organization itself is the path's id (`/api/organizacao/{id}`…). */
  | { tipo: 'organizacao' }
  /** A query parameter filters by organization (lists, reports, exports). */
  | { tipo: 'consulta' }
  /** The path's id (or, `naConsulta`, the query's `pessoaId`) is a record the matrix creates. */
  | { tipo: 'registro'; recurso: Recurso; naConsulta?: boolean }
  /** The answer does not depend on an organization the request names. */
  | { tipo: 'nenhum' };

const recursoDe = (caminho: string) => caminho.split('/')[2] ?? '';

export function alvoDe(op: Operacao): Alvo {
  const path = op.parametros.filter((p) => p.in === 'path').map((p) => p.name);
  const consulta = op.parametros.filter((p) => p.in === 'query');
  const recurso = recursoDe(op.caminho);
  if (path[0] === 'id') {
    if (recurso === 'organizacao') return { tipo: 'organizacao' };
    if ((RECURSOS as readonly string[]).includes(recurso) && op.caminho.startsWith(`/api/${recurso}/{id}`))
      return { tipo: 'registro', recurso: recurso as Recurso };
  }
  if (consulta.some((p) => p.name === 'organizacaoId')) return { tipo: 'consulta' };
  // A person's tabs (church activities, ministry) are read by the person's id.
  if (!path.length && consulta.some((p) => p.name === 'pessoaId' && p.required))
    return { tipo: 'registro', recurso: 'pessoa', naConsulta: true };
  return { tipo: 'nenhum' };
}

/** An id no record has: in scope, a 404 for it is the record's, not the scope's. */
export const ID_NENHUM = 2_147_483_000;

/** A valid value for a required query parameter the matrix does not aim with (dates, columns, ids). */
/** A well-formed uuid that names no record (a term's `idCompartilhado`). */
export const UUID_NENHUM = '00000000-0000-4000-8000-000000000000';

/** What names no record where `p` wants an id-like string: a uuid when its format says so. */
export const textoNenhum = (p: Parametro) => (p.schema.format === 'uuid' ? UUID_NENHUM : 'pessoa');

export function valorObrigatorio(p: Parametro): string {
  const s = p.schema;
  if (s.format === 'uuid') return UUID_NENHUM;
  if (s.type === 'array') return String(s.items?.enum?.[0] ?? 'x');
  // A bounded number (a year) at its bound; an unbounded one names no record.
  if (s.type === 'integer' || s.type === 'number')
    return String(s.maximum !== undefined && s.maximum < ID_NENHUM ? s.maximum : ID_NENHUM);
  if (s.pattern?.startsWith('^\\d{4}-')) return /ate|fim/i.test(p.name) ? '2026-12-31' : '2026-01-04';
  return String(s.enum?.[0] ?? 'x');
}

/** Runs `tarefas` with at most `n` at a time. */
export async function emLotes<T>(tarefas: (() => Promise<T>)[], n: number): Promise<T[]> {
  const r: T[] = new Array(tarefas.length);
  let proxima = 0;
  const trabalhador = async () => {
    while (proxima < tarefas.length) {
      const i = proxima++;
      r[i] = await tarefas[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, tarefas.length) }, trabalhador));
  return r;
}
