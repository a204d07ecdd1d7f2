import {
  ACESSO_INDICADORES_INSCRICOES,
  type IndicadorInscricoes,
  type IndicadorInscricoesQuery,
  type LinhaRelatorioInscricoes,
  type RelatorioInscricoes,
  SECOES_RELATORIO_INSCRICOES,
  STATUS_COM_VAGA,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { periodoDoRecorte, recorteIndicador } from '../../platform/indicadores.js';
import { eventosVisiveis } from './evento.service.js';

/**
 * The registrations' reports (issue 19): an event's registrations counted by section for the
 * Congrenaje report, and the registrations indicator over time against the seats.
 */
const COM_VAGA = sql.raw(STATUS_COM_VAGA.map((s) => `'${s}'`).join(', '));
const { evento: ev } = schema;
/** The day a registration was made, in Brazil. */
const DIA = sql.raw(`(i.criado_em at time zone 'America/Sao_Paulo')::date`);

function rows<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}

/** The event a report reads: one with registrations the screen reaches; 404 otherwise. */
export async function eventoDoRelatorio(db: DbOuTx, ctx: Contexto, acesso: string, eventoId: number) {
  const [e] = await db
    .select({
      id: ev.id,
      nome: ev.nome,
      organizacaoId: ev.organizacaoId,
      inicio: ev.inicio,
      fim: ev.fim,
      local: ev.local,
    })
    .from(ev)
    .where(and(eq(ev.id, eventoId), isNull(ev.excluidoEm), eq(ev.comInscricao, true), eventosVisiveis(ctx, acesso)));
  if (!e) throw naoEncontrado();
  return e;
}

const ordemSecao = new Map(SECOES_RELATORIO_INSCRICOES.map((s, i) => [s, i]));

/**
 * The Congrenaje report's counts: the registrations holding a seat by community (the one chosen
 * by staff, else the one typed), lot, workshop, shirt size, each health need answered, transport,
 * lodging and state — each line with how many are confirmed (paid or courtesy) and pending.
 */
export async function relatorioInscricoes(
  db: DbOuTx,
  ctx: Contexto,
  acesso: string,
  eventoId: number,
): Promise<RelatorioInscricoes> {
  const e = await eventoDoRelatorio(db, ctx, acesso, eventoId);
  const contagem = sql.raw(`count(*)::int as total,
    (count(*) filter (where i.status in ('CONFIRMADA', 'CORTESIA')))::int as confirmadas,
    (count(*) filter (where i.status = 'PENDENTE'))::int as pendentes`);
  const texto = (campo: string) => sql.raw(`coalesce(nullif(trim(i.dados->>'${campo}'), ''), '—')`);
  const linhas = rows<LinhaRelatorioInscricoes>(
    await db.execute(sql`with i as (select * from inscricao_evento where evento_id = ${eventoId} and status in (${COM_VAGA}))
      select 'comunidade' as secao, coalesce(o.nome_fantasia, nullif(trim(i.dados->>'comunidade'), ''), '—') as item, ${contagem}
        from i left join organizacao o on o.id = i.comunidade_id group by 2
      union all select 'lote', coalesce(l.numero::text, '—'), ${contagem}
        from i left join evento_lote l on l.id = i.lote_id group by 2
      union all select 'oficina', o.nome, ${contagem}
        from i join inscricao_oficina io on io.inscricao_id = i.id join evento_oficina o on o.id = io.oficina_id group by 2
      union all select 'camiseta', ${texto('camiseta')}, ${contagem} from i group by 2
      union all select 'saude', x.item, ${contagem}
        from i cross join lateral (values ('restricaoAlimentar', i.dados->>'restricaoAlimentar'),
          ('medicamentos', i.dados->>'medicamentos'), ('alergias', i.dados->>'alergias'),
          ('planoSaude', i.dados->>'planoSaude')) as x(item, v)
        where coalesce(trim(x.v), '') <> '' group by 2
      union all select 'transporte', ${texto('transporte')}, ${contagem} from i group by 2
      union all select 'hospedagem', ${texto('hospedagem')}, ${contagem} from i group by 2
      union all select 'status', i.status, ${contagem} from i group by 2`),
  );
  linhas.sort(
    (a, b) =>
      ordemSecao.get(a.secao)! - ordemSecao.get(b.secao)! ||
      b.total - a.total ||
      a.item.localeCompare(b.item, 'pt-BR', { numeric: true }),
  );
  const [n] = rows<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from inscricao_evento where evento_id = ${eventoId} and status in (${COM_VAGA})`,
    ),
  );
  return { eventoNome: e.nome, inscritos: n?.n ?? 0, linhas };
}

type Totais = {
  inscricoes: number;
  confirmadas: number;
  pendentes: number;
  lista_espera: number;
  valor_pago: string;
  valor_pendente: string;
};

/**
 * `/indicadores/inscricoes`: the registrations made in the period in the events of the chosen
 * organizations (or in one event), by state and paid amount against the previous period; per
 * bucket, those made and the seats held by its end against the events' capacity; each lot's
 * seats confirmed and pending against its quantity.
 */
export async function indicadorInscricoes(
  deps: Deps,
  ctx: Contexto,
  q: IndicadorInscricoesQuery,
): Promise<IndicadorInscricoes> {
  const acesso = ACESSO_INDICADORES_INSCRICOES;
  const r = await recorteIndicador(deps, ctx, acesso, q);
  const eventos: SQL = q.eventoId
    ? sql`select ${ev.id} from ${ev} where ${and(eq(ev.id, q.eventoId), isNull(ev.excluidoEm), eventosVisiveis(ctx, acesso))}`
    : sql`select ${ev.id} from ${ev} where ${and(
        isNull(ev.excluidoEm),
        eq(ev.comInscricao, true),
        eventosVisiveis(ctx, acesso),
        r.organizacoes(ev.organizacaoId),
      )}`;
  const totais = async (de: string, ate: string) =>
    rows<Totais>(
      await deps.db.execute(sql`select count(*)::int as inscricoes,
          (count(*) filter (where i.status in ('CONFIRMADA', 'CORTESIA')))::int as confirmadas,
          (count(*) filter (where i.status = 'PENDENTE'))::int as pendentes,
          (count(*) filter (where i.status = 'LISTA_ESPERA'))::int as lista_espera,
          coalesce(sum(i.valor) filter (where i.status = 'CONFIRMADA'), 0)::numeric(14,2)::text as valor_pago,
          coalesce(sum(i.valor) filter (where i.status = 'PENDENTE'), 0)::numeric(14,2)::text as valor_pendente
        from inscricao_evento i where i.evento_id in (${eventos}) and ${DIA} between ${de}::date and ${ate}::date`),
    )[0]!;
  const [atual, anterior, serie, porStatus, porLote, capacidade] = await Promise.all([
    totais(r.periodoDe, r.periodoAte),
    totais(r.anteriorDe, r.anteriorAte),
    // Each day's registrations counted once, then summed into the buckets (those made in it, the seats held by its end).
    deps.db.execute(sql`with baldes as (${r.baldes}),
        dias as (select ${DIA} as dia, count(*) as novas, count(*) filter (where i.status in (${COM_VAGA})) as com_vaga
          from inscricao_evento i where i.evento_id in (${eventos}) and ${DIA} <= (select max(ate) from baldes) group by 1)
      select b.chave, b.de::text as de, b.ate::text as ate,
        coalesce(sum(d.novas) filter (where d.dia >= b.de), 0)::int as novas, coalesce(sum(d.com_vaga), 0)::int as ocupadas
      from baldes b left join dias d on d.dia <= b.ate
      group by b.indice, b.chave, b.de, b.ate order by b.indice`),
    deps.db.execute(sql`select i.status as chave, count(*)::int as total from inscricao_evento i
      where i.evento_id in (${eventos}) and ${DIA} between ${r.periodoDe}::date and ${r.periodoAte}::date
      group by 1 order by 2 desc, 1`),
    // The seats of every lot counted in one pass over the events' registrations (not two lookups a lot).
    deps.db.execute(sql`select l.numero::text as chave, sum(l.quantidade)::int as quantidade,
        coalesce(sum(c.confirmadas), 0)::int as confirmadas, coalesce(sum(c.pendentes), 0)::int as pendentes
      from evento_lote l left join (select i.lote_id, count(*) filter (where i.status in ('CONFIRMADA', 'CORTESIA')) as confirmadas,
          count(*) filter (where i.status = 'PENDENTE') as pendentes
        from inscricao_evento i where i.evento_id in (${eventos}) group by i.lote_id) c on c.lote_id = l.id
      where l.evento_id in (${eventos}) group by l.numero order by l.numero`),
    deps.db.execute(
      sql`select coalesce(sum(quantidade), 0)::int as n from evento_lote where evento_id in (${eventos})`,
    ),
  ]);
  return {
    ...periodoDoRecorte(r),
    capacidade: rows<{ n: number }>(capacidade)[0]?.n ?? 0,
    inscricoes: atual.inscricoes,
    confirmadas: atual.confirmadas,
    pendentes: atual.pendentes,
    listaEspera: atual.lista_espera,
    valorPago: atual.valor_pago,
    valorPendente: atual.valor_pendente,
    anterior: { inscricoes: anterior.inscricoes, confirmadas: anterior.confirmadas },
    serie: rows(serie),
    porStatus: rows(porStatus),
    porLote: rows(porLote),
  };
}
