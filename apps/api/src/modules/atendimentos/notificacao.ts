import type { StatusAtendimento } from '@sig/contracts';
import { schema, type Tx } from '@sig/db';
import { type Chave, tradutor } from '@sig/i18n';
import { and, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';

const { atendimento: a, atendimentoEnvolvido, usuario } = schema;

/**
 * Mail to the requester, the responsible and the observers (never to who made the change),
 * written to the outbox in the same transaction as the change.
 */
export async function notificar(
  deps: Deps,
  tx: Tx,
  ctx: Contexto,
  id: number,
  chave: string,
  params: Record<string, string>,
) {
  const [t0] = await tx
    .select({
      protocolo: a.protocolo,
      assunto: a.assunto,
      solicitante: a.solicitanteUsuarioId,
      responsavel: a.responsavelUsuarioId,
    })
    .from(a)
    .where(eq(a.id, id));
  if (!t0) return;
  const destinatarios = await tx
    .selectDistinct({ email: usuario.email })
    .from(usuario)
    .where(
      and(
        eq(usuario.ativo, true),
        sql`${usuario.id} <> ${ctx.usuarioId}`,
        or(
          inArray(usuario.id, [t0.solicitante, t0.responsavel]),
          exists(
            tx
              .select({ um: sql`1` })
              .from(atendimentoEnvolvido)
              .where(
                and(
                  eq(atendimentoEnvolvido.atendimentoId, id),
                  eq(atendimentoEnvolvido.usuarioId, usuario.id),
                  eq(atendimentoEnvolvido.papel, 'OBSERVADOR'),
                  isNull(atendimentoEnvolvido.excluidoEm),
                ),
              ),
          ),
        ),
      ),
    );
  // The church's language: the recipients' own language is not stored.
  const t = tradutor('pt-BR');
  const dados = { protocolo: t0.protocolo, assunto: t0.assunto, ...params };
  for (const d of destinatarios) {
    await deps.correio.enfileirar(tx, {
      para: d.email,
      assunto: t(`atendimentos:email.${chave}.assunto` as Chave, dados),
      texto: `${t(`atendimentos:email.${chave}.texto` as Chave, dados)}\n\n${deps.config.publicUrl}/atendimento-meus-atendimentos`,
    });
  }
}

export const statusRotulo = (s: string) => tradutor('pt-BR')(`atendimentos:status.${s as StatusAtendimento}`);
