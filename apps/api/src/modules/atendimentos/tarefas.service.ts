import type { FilaAtendimento } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { alterar } from './alterar.js';

const { atendimentoTarefa } = schema;

export async function criarTarefa(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  v: { descricao: string; responsavelUsuarioId: number; prazo: string | null },
) {
  return alterar(deps, ctx, fila, id, async (tx) => {
    const [nova] = await tx
      .insert(atendimentoTarefa)
      .values({ atendimentoId: id, ...v })
      .returning({ id: atendimentoTarefa.id });
    await registrarAlteracao(tx, ctx, 'atendimentoTarefa', nova!.id, null, v);
  });
}

/** Spec §4: tasks can be concluded or reopened. */
export async function situacaoTarefa(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  tarefaId: number,
  concluida: boolean,
) {
  return alterar(deps, ctx, fila, id, async (tx) => {
    const [tarefa] = await tx
      .select()
      .from(atendimentoTarefa)
      .where(
        and(
          eq(atendimentoTarefa.id, tarefaId),
          eq(atendimentoTarefa.atendimentoId, id),
          isNull(atendimentoTarefa.excluidoEm),
        ),
      );
    if (!tarefa) throw naoEncontrado();
    const concluidaEm = concluida ? (tarefa.concluidaEm ?? new Date()) : null;
    await tx.update(atendimentoTarefa).set({ concluidaEm }).where(eq(atendimentoTarefa.id, tarefaId));
    await registrarAlteracao(
      tx,
      ctx,
      'atendimentoTarefa',
      tarefaId,
      { concluidaEm: tarefa.concluidaEm },
      { concluidaEm },
    );
  });
}
