import { type AtendimentosDoTime, MAX_ATENDIMENTOS_TIME, STATUS_ATENDIMENTO_ENCERRADOS } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { nomeUsuario } from './fila.js';

const ACESSO = 'Time';
const { atendimento: a, time, organizacao } = schema;

/**
 * A team's open tickets (spec §3 team, issue 21): those assigned to it and not closed, whose
 * destination is within the reader's scope of the Team screen, oldest first (the longest waiting).
 */
export async function abertos(deps: Deps, ctx: Contexto, timeId: number): Promise<AtendimentosDoTime> {
  const [t] = await deps.db
    .select({ id: time.id })
    .from(time)
    .where(and(eq(time.id, timeId), isNull(time.excluidoEm)));
  if (!t) throw naoEncontrado();
  const onde = and(
    eq(a.timeId, timeId),
    isNull(a.excluidoEm),
    notInArray(a.status, [...STATUS_ATENDIMENTO_ENCERRADOS]),
    filtroOrganizacao(ctx, ACESSO, a.organizacaoDestinoId),
  );
  const [itens, [n]] = await Promise.all([
    deps.db
      .select({
        id: a.id,
        protocolo: a.protocolo,
        assunto: a.assunto,
        status: a.status,
        organizacaoDestinoNome: organizacao.nomeFantasia,
        responsavelNome: nomeUsuario(a.responsavelUsuarioId),
        dataRetornoPrevista: a.dataRetornoPrevista,
        criadoEm: a.criadoEm,
      })
      .from(a)
      .innerJoin(organizacao, eq(organizacao.id, a.organizacaoDestinoId))
      .where(onde)
      .orderBy(asc(a.id))
      .limit(MAX_ATENDIMENTOS_TIME),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(a).where(onde),
  ]);
  return {
    total: n?.n ?? 0,
    itens: itens.map((i) => ({
      ...i,
      status: i.status as AtendimentosDoTime['itens'][number]['status'],
      criadoEm: i.criadoEm.toISOString(),
    })),
  };
}
