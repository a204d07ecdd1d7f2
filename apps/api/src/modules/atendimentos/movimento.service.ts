import type { FilaAtendimento, StatusAtendimento } from '@sig/contracts';
import { schema, type Tx } from '@sig/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { acessoNegado, erroDeCampo } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { aplicarEscrita } from '../../platform/permissoes.js';
import { type AtendimentoGravado, alterar } from './alterar.js';
import { acessoDe, ehSolicitante } from './fila.js';
import { notificar, statusRotulo } from './notificacao.js';

const { atendimento: a, atendimentoAtividade, atendimentoComentario, time } = schema;

/**
 * What moves a ticket along (spec §4): a status change with its opinion, triage to a team (it
 * leaves the triage queue), a comment (an internal one stays inside the team).
 */
export type Movimento =
  | { tipo: 'STATUS'; status: StatusAtendimento; parecer: string }
  | { tipo: 'TRIAGEM'; corpoBruto: unknown; timeId: number; responsavelUsuarioId?: number; parecer: string }
  | { tipo: 'COMENTARIO'; texto: string; interno: boolean };

/** What a movement writes: fields of the ticket, an activity with its opinion, a comment. */
type Escrita = {
  campos: Partial<Pick<AtendimentoGravado, 'status' | 'timeId' | 'responsavelUsuarioId'>>;
  atividade?: { tipo: 'STATUS' | 'TRIAGEM'; parecer: string };
  comentario?: { texto: string; interno: boolean };
};

async function escritaDe(
  tx: Tx,
  ctx: Contexto,
  fila: FilaAtendimento,
  anterior: AtendimentoGravado,
  m: Movimento,
): Promise<Escrita> {
  switch (m.tipo) {
    case 'STATUS':
      if (anterior.status === m.status) throw erroDeCampo('status', 'invalido');
      return { campos: { status: m.status }, atividade: { tipo: 'STATUS', parecer: m.parecer } };
    case 'TRIAGEM': {
      const { corpoBruto, tipo: _t, ...entrada } = m;
      // A profile that may not change the responsible triages to a team keeping the one there is.
      const escrito = aplicarEscrita(ctx, acessoDe(fila), corpoBruto, entrada, {
        responsavelUsuarioId: anterior.responsavelUsuarioId,
      });
      const [equipe] = await tx
        .select({ id: time.id })
        .from(time)
        .where(and(eq(time.id, escrito.timeId), eq(time.ativo, true), isNull(time.excluidoEm)));
      if (!equipe) throw erroDeCampo('timeId', 'invalido');
      return {
        campos: {
          timeId: escrito.timeId,
          responsavelUsuarioId: escrito.responsavelUsuarioId ?? anterior.responsavelUsuarioId,
          status: anterior.status === 'ABERTO' ? 'EM_ANALISE' : anterior.status,
        },
        atividade: { tipo: 'TRIAGEM', parecer: escrito.parecer },
      };
    }
    case 'COMENTARIO':
      return { campos: {}, comentario: { texto: m.texto, interno: m.interno } };
  }
}

/**
 * The one write path of status, triage and comment: the ticket's fields with their history, the
 * activity, the comment, and the mail to those involved, in the transaction of the change.
 */
export async function movimentar(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number, m: Movimento) {
  if (m.tipo === 'COMENTARIO' && m.interno && ehSolicitante(fila)) throw acessoNegado();
  return alterar(
    deps,
    ctx,
    fila,
    id,
    async (tx, anterior) => {
      const { campos, atividade, comentario } = await escritaDe(tx, ctx, fila, anterior, m);
      const status = campos.status ?? anterior.status;
      const chaves = Object.keys(campos) as (keyof typeof campos)[];
      if (chaves.length)
        await tx
          .update(a)
          .set({ ...campos, atualizadoEm: new Date() })
          .where(eq(a.id, id));
      if (atividade) {
        await tx.insert(atendimentoAtividade).values({
          atendimentoId: id,
          usuarioId: ctx.usuarioId,
          tipo: atividade.tipo,
          statusAnterior: anterior.status,
          statusNovo: status,
          parecer: atividade.parecer,
        });
      }
      if (chaves.length) {
        const antes = Object.fromEntries(chaves.map((k) => [k, anterior[k]]));
        await registrarAlteracao(tx, ctx, 'atendimento', id, antes, campos);
      }
      if (comentario)
        await tx.insert(atendimentoComentario).values({ atendimentoId: id, usuarioId: ctx.usuarioId, ...comentario });
      if (atividade) {
        await notificar(deps, tx, ctx, id, 'status', {
          anterior: statusRotulo(anterior.status),
          novo: statusRotulo(status),
          parecer: atividade.parecer,
        });
      } else if (comentario && !comentario.interno) {
        // Internal notes stay inside the team: no mail, which would reach the requester.
        await notificar(deps, tx, ctx, id, 'comentario', { texto: comentario.texto });
      }
    },
    // Handed to a team, the ticket has left the triage queue: answer with what was just done.
    m.tipo === 'TRIAGEM' ? 'ler' : 'obter',
  );
}
