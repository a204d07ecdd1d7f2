import type { Recurso } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, desc, eq } from 'drizzle-orm';
import type { Contexto } from './contexto.js';
import { nomeCompletoPessoa } from './sql.js';

type Registro = Record<string, unknown>;

/**
 * The kinds of record whose changes hand-written services keep; the registry engine keeps its
 * registries' by `recurso`. A closed list: the history reader (modules/auditoria) must know where
 * each kind lives to read its history in the record's scope, so a new kind does not compile
 * until it is declared there.
 */
export const ENTIDADES_HISTORICO = [
  'pessoa',
  'ministro',
  'pessoa_integracao',
  'organizacao',
  'perfil',
  'teste-dons',
  'conta_a_receber',
  'pagamento',
  'recibo',
  'culto',
  'lancamento_caixa',
  'periodo_contabil',
  'atendimento',
  'atendimentoTarefa',
  'atendimentoAnexo',
  'arrendatario',
  'ministerio',
] as const;
export type EntidadeHistorico = (typeof ENTIDADES_HISTORICO)[number] | Recurso;

const normalizar = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * The change history ("update history" of spec §2): one row per changed field, with who,
 * when, before and after. Callers pass records without secrets.
 */
export async function registrarAlteracao(
  db: DbOuTx,
  /** Who and for which organization; no user for changes the system makes (provider webhooks). */
  ctx: Autor,
  entidade: EntidadeHistorico,
  entidadeId: number,
  anterior: Registro | null,
  novo: Registro | null,
) {
  const linhas = linhasDeAlteracao(ctx, entidade, entidadeId, anterior, novo);
  if (linhas.length) await db.insert(schema.historicoAlteracao).values(linhas);
}

type Autor = (Pick<Contexto, 'organizacaoId'> & { usuarioId: number | null }) | null;

/** The history rows `registrarAlteracao` writes, for a caller that writes them in its own statement. */
export function linhasDeAlteracao(
  ctx: Autor,
  entidade: EntidadeHistorico,
  entidadeId: number,
  anterior: Registro | null,
  novo: Registro | null,
): (typeof schema.historicoAlteracao.$inferInsert)[] {
  const base = {
    entidade,
    entidadeId,
    usuarioId: ctx?.usuarioId ?? null,
    organizacaoId: ctx?.organizacaoId ?? null,
  };
  if (!anterior || !novo)
    return [{ ...base, operacao: anterior ? 'EXCLUSAO' : 'CRIACAO', valorAnterior: anterior, valorNovo: novo }];
  const linhas = [];
  for (const campo of new Set([...Object.keys(anterior), ...Object.keys(novo)])) {
    const a = normalizar(anterior[campo]);
    const n = normalizar(novo[campo]);
    if (JSON.stringify(a) !== JSON.stringify(n)) {
      linhas.push({ ...base, operacao: 'ALTERACAO', campo, valorAnterior: a, valorNovo: n });
    }
  }
  return linhas;
}

/**
 * One record's change history, newest first (at most `limite` rows), with who made each change:
 * the readers decide first that the record is theirs to see.
 */
export async function lerHistorico(db: DbOuTx, entidade: string, entidadeId: number, limite: number) {
  const h = schema.historicoAlteracao;
  const linhas = await db
    .select({
      id: h.id,
      entidade: h.entidade,
      entidadeId: h.entidadeId,
      operacao: h.operacao,
      campo: h.campo,
      valorAnterior: h.valorAnterior,
      valorNovo: h.valorNovo,
      usuarioId: h.usuarioId,
      usuarioNome: nomeCompletoPessoa,
      criadoEm: h.criadoEm,
    })
    .from(h)
    .leftJoin(schema.usuario, eq(schema.usuario.id, h.usuarioId))
    .leftJoin(schema.pessoa, eq(schema.pessoa.id, schema.usuario.pessoaId))
    .where(and(eq(h.entidade, entidade), eq(h.entidadeId, entidadeId)))
    .orderBy(desc(h.criadoEm), desc(h.id))
    .limit(limite);
  return linhas.map((l) => ({ ...l, criadoEm: new Date(l.criadoEm).toISOString() }));
}
