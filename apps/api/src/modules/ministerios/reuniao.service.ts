import type { Ministerio, Reuniao, ReuniaoInput } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { obter } from './ministerio.service.js';

/**
 * A ministry's meetings and who came (issue 21: attendance ticked per meeting). A year with
 * meetings has its figures computed from them (`origem` PRESENCAS), in the same transaction as
 * the meeting; a typed year has none.
 */
const { ministerio: mi, ministerioReuniao: mr, ministerioPresenca: pr } = schema;

/** The ministry in the writer's scope, locked: its meetings change one at a time. */
async function paraMudar(tx: DbOuTx, ctx: Contexto, id: number) {
  const m = await obter(tx, ctx, id);
  await tx.select({ id: mi.id }).from(mi).where(eq(mi.id, id)).for('update');
  return m;
}

/** The year's figures from its meetings, or no computed row when none is left. */
async function recalcular(tx: DbOuTx, ministerioId: number, ano: number) {
  await tx.execute(sql`delete from ministerio_estatistica
    where ministerio_id = ${ministerioId} and ano = ${ano}::int and origem = 'PRESENCAS'`);
  await tx.execute(sql`insert into ministerio_estatistica (ministerio_id, ano, situacao, origem, reunioes_realizadas,
      media_presentes, participantes_masculinos, participantes_femininos)
    select ${ministerioId}, ${ano}::int, 'REUNIU', 'PRESENCAS', count(*)::int,
      round(avg(r.visitantes + (select count(*) from ministerio_presenca x where x.reuniao_id = r.id)))::int,
      (select count(distinct x.pessoa_id)::int from ministerio_presenca x join ministerio_reuniao y on y.id = x.reuniao_id
        join pessoa p on p.id = x.pessoa_id
        where y.ministerio_id = ${ministerioId} and extract(year from y.data) = ${ano} and p.sexo = 'M'),
      (select count(distinct x.pessoa_id)::int from ministerio_presenca x join ministerio_reuniao y on y.id = x.reuniao_id
        join pessoa p on p.id = x.pessoa_id
        where y.ministerio_id = ${ministerioId} and extract(year from y.data) = ${ano} and p.sexo = 'F')
    from ministerio_reuniao r where r.ministerio_id = ${ministerioId} and extract(year from r.data) = ${ano}
    having count(*) > 0
    on conflict (ministerio_id, ano) do update set situacao = excluded.situacao, origem = excluded.origem,
      reunioes_realizadas = excluded.reunioes_realizadas, media_presentes = excluded.media_presentes,
      participantes_masculinos = excluded.participantes_masculinos,
      participantes_femininos = excluded.participantes_femininos`);
}

export async function listar(deps: Deps, ctx: Contexto, id: number, ano: number): Promise<Reuniao[]> {
  await obter(deps.db, ctx, id);
  return (await deps.db
    .select({
      id: mr.id,
      data: mr.data,
      visitantes: mr.visitantes,
      presentes: sql<number[]>`coalesce((select json_agg(x.pessoa_id order by x.pessoa_id)
        from ministerio_presenca x where x.reuniao_id = "ministerio_reuniao"."id"), '[]'::json)`,
    })
    .from(mr)
    .where(and(eq(mr.ministerioId, id), sql`extract(year from ${mr.data}) = ${ano}`))
    .orderBy(mr.data)) as Reuniao[];
}

/**
 * A meeting with the participants who came (a meeting already on that date is replaced: the
 * attendance is typed again, not added to), then its year's figures.
 */
export async function registrar(deps: Deps, ctx: Contexto, id: number, e: ReuniaoInput): Promise<Ministerio> {
  await deps.db.transaction(async (tx) => {
    const m = await paraMudar(tx, ctx, id);
    const participantes = new Set(m.participantes.map((p) => p.pessoaId));
    const fora = e.presentes.flatMap((p, i) => (participantes.has(p) ? [] : [i]));
    if (fora.length)
      throw new AppError(
        'VALIDACAO',
        {},
        fora.map((i) => ({ campo: `presentes.${i}`, mensagem: 'validacao:presenteNaoParticipante' })),
      );
    await tx.delete(mr).where(and(eq(mr.ministerioId, id), eq(mr.data, e.data)));
    const [nova] = await tx
      .insert(mr)
      .values({ ministerioId: id, data: e.data, visitantes: e.visitantes })
      .returning({ id: mr.id });
    if (e.presentes.length)
      await tx.insert(pr).values(e.presentes.map((pessoaId) => ({ reuniaoId: nova!.id, pessoaId })));
    await recalcular(tx, id, Number(e.data.slice(0, 4)));
  });
  return obter(deps.db, ctx, id);
}

export async function excluir(deps: Deps, ctx: Contexto, id: number, reuniaoId: number): Promise<Ministerio> {
  await deps.db.transaction(async (tx) => {
    await paraMudar(tx, ctx, id);
    const [r] = await tx
      .delete(mr)
      .where(and(eq(mr.id, reuniaoId), eq(mr.ministerioId, id)))
      .returning({ data: mr.data });
    if (!r) throw naoEncontrado();
    await recalcular(tx, id, Number(r.data.slice(0, 4)));
  });
  return obter(deps.db, ctx, id);
}
