import { FILAS_ATENDIMENTO, type FilaAtendimento } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Contexto } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import {
  entreOrganizacoes,
  filtroOrganizacao,
  organizacoesAcima,
  organizacoesDoEscopo,
} from '../../platform/escopo.js';
import { camposOcultos } from '../../platform/permissoes.js';
import { colunaQualificada, umDosIds } from '../../platform/sql.js';

/** What a queue shows and to whom: the rules every read and write of a ticket starts from. */

const { atendimento: a, organizacao, pessoa, time, timeParticipante, usuario } = schema;

export const acessoDe = (fila: FilaAtendimento) => FILAS_ATENDIMENTO[fila];

/**
 * Names are looked up by one-table subqueries rather than joins: a queue's page is planned on
 * every request, and planning the ticket with five joined tables cost four times its reading.
 */
export const nomeUsuario = (coluna: PgColumn) =>
  sql<string>`(select trim(pn.nome || ' ' || pn.sobrenome) from ${pessoa} pn where pn.id = (select un.pessoa_id from ${usuario} un where un.id = ${colunaQualificada(coluna)}))`;

/**
 * Who sees what (issue 6 §3), always inside the organization scope of the queue's screen:
 * the requester their own tickets (not the hidden ones), a team its inbox, triage the
 * destination's tickets no team has taken yet, the general queue everything in scope.
 */
export async function visiveis(db: DbOuTx, ctx: Contexto, fila: FilaAtendimento): Promise<SQL> {
  const escopo = await organizacoesDoEscopo(db, ctx, acessoDe(fila));
  const base = isNull(a.excluidoEm);
  switch (fila) {
    case 'atendimento-meus-atendimentos':
      return and(
        base,
        eq(a.solicitanteUsuarioId, ctx.usuarioId),
        sql`${a.status} <> 'OCULTO'`,
        entreOrganizacoes(a.organizacaoOrigemId, escopo),
      )!;
    case 'atendimento-caixa-entrada': {
      const times = await db
        .select({ id: timeParticipante.timeId })
        .from(timeParticipante)
        .where(and(eq(timeParticipante.usuarioId, ctx.usuarioId), isNull(timeParticipante.excluidoEm)));
      return and(
        base,
        umDosIds(
          a.timeId,
          times.map((t) => t.id),
        ),
        entreOrganizacoes(a.organizacaoDestinoId, escopo),
      )!;
    }
    case 'atendimento-triagem':
      return and(base, isNull(a.timeId), entreOrganizacoes(a.organizacaoDestinoId, escopo))!;
    case 'atendimento-solicitacoes-geral':
      return and(
        base,
        or(entreOrganizacoes(a.organizacaoDestinoId, escopo), entreOrganizacoes(a.organizacaoOrigemId, escopo))!,
      )!;
  }
}

/** The ticket if this queue shows it to this user; otherwise "not found" (nothing revealed). */
export async function exigirVisivel(db: DbOuTx, ctx: Contexto, fila: FilaAtendimento, id: number) {
  const [linha] = await db
    .select()
    .from(a)
    .where(and(eq(a.id, id), await visiveis(db, ctx, fila)));
  if (!linha) throw naoEncontrado();
  return linha;
}

/** The requester's queue shows no internal comment and lets no one write one. */
export const ehSolicitante = (fila: FilaAtendimento) => fila === 'atendimento-meus-atendimentos';

/**
 * Spec §6 field rules on the queue's screen (CAMPOS_ATENDIMENTO): hidden fields leave the answer,
 * and the responsible's name goes with their id.
 */
export function semOcultos<T extends object>(ctx: Contexto, fila: FilaAtendimento, obj: T): T {
  const ocultos = camposOcultos(ctx, acessoDe(fila));
  if (!ocultos.size) return obj;
  const copia: Record<string, unknown> = { ...(obj as Record<string, unknown>) };
  for (const c of ocultos) delete copia[c];
  if (ocultos.has('responsavelUsuarioId')) delete copia.responsavelNome;
  return copia as T;
}

/** Destinations a request may go to: the user's organization, those above it, and its subtree. */
export function destinosPermitidos(ctx: Contexto, fila: FilaAtendimento): SQL {
  const acima = organizacoesAcima(ctx);
  return and(
    isNull(organizacao.excluidoEm),
    or(
      acima.length ? inArray(organizacao.id, acima) : undefined,
      filtroOrganizacao(ctx, acessoDe(fila), organizacao.id),
    ),
  )!;
}

/** Who a ticket may name (responsible, participants, tasks): active members of the teams, and the user. */
export const usuariosEscolhiveis = (ctx: Contexto): SQL =>
  and(
    eq(usuario.ativo, true),
    or(
      eq(usuario.id, ctx.usuarioId),
      sql`${usuario.id} in (select ${timeParticipante.usuarioId} from ${timeParticipante} join ${time} on ${time.id} = ${timeParticipante.timeId} where ${timeParticipante.excluidoEm} is null and ${time.excluidoEm} is null and ${time.ativo})`,
    ),
  )!;
