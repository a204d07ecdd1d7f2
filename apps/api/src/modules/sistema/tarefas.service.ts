import type { Paged, SituacaoTarefa, Tarefa, TarefaDetalhe, TarefaListQuery } from '@sig/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { ESQUEMA_TAREFAS } from '../../platform/tarefas.js';
import { exigirEscopoInteiro } from './escopo-inteiro.js';

/**
 * The administrator's view of the job layer (`/tarefas`): the declared queues' jobs as pg-boss
 * keeps them (its `job` table, read as is), and a failed one sent back to its queue.
 */
export const ACESSO_TAREFAS = 'Tarefas';
const job = sql.raw(`${ESQUEMA_TAREFAS}.job`);
/** A job's data, as the list shows it. */
const MAX_REFERENCIA = 200;

type Linha = {
  id: string;
  name: string;
  state: SituacaoTarefa;
  data: Record<string, unknown> | null;
  output: unknown;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  start_after: Date | string;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const ESPERANDO: SituacaoTarefa[] = ['created', 'retry'];
const COM_ERRO: SituacaoTarefa[] = ['retry', 'failed'];

function paraTarefa(l: Linha): Tarefa {
  const erro = COM_ERRO.includes(l.state) ? (l.output as { message?: unknown } | null)?.message : null;
  return {
    id: l.id,
    fila: l.name,
    situacao: l.state,
    referencia: l.data && Object.keys(l.data).length ? JSON.stringify(l.data).slice(0, MAX_REFERENCIA) : '',
    tentativas: l.retry_count + (l.started_on ? 1 : 0),
    tentativasMaximas: l.retry_limit + 1,
    erro: typeof erro === 'string' ? erro : null,
    criadoEm: iso(l.created_on)!,
    iniciadoEm: iso(l.started_on),
    concluidoEm: iso(l.completed_on),
    executarApos: ESPERANDO.includes(l.state) ? iso(l.start_after) : null,
  };
}

const COLUNAS = sql.raw(
  'id::text as id, name, state::text as state, data, output, retry_count, retry_limit, created_on, started_on, completed_on, start_after',
);
const ORDEM = { criadoEm: 'created_on', fila: 'name', situacao: 'state' } as const;

const linhas = async (deps: Deps, consulta: SQL) =>
  ((await deps.db.execute(consulta)) as unknown as { rows: Linha[] }).rows;

export async function listarTarefas(deps: Deps, ctx: Contexto, q: TarefaListQuery): Promise<Paged<Tarefa>> {
  exigirEscopoInteiro(ctx, ACESSO_TAREFAS);
  const filas = q.fila?.length ? q.fila : deps.tarefas.filas();
  const filtros = [sql`name in ${filas}`];
  if (q.situacao?.length) filtros.push(sql`state::text in ${q.situacao}`);
  const onde = sql.join(filtros, sql` and `);
  // Without a chosen sort, the newest first.
  const ordem = sql.raw(
    `${ORDEM[q.ordenarPor ?? 'criadoEm']} ${q.ordenarPor ? q.ordem : 'desc'}, created_on desc, id desc`,
  );
  const [itens, total] = await Promise.all([
    linhas(
      deps,
      sql`select ${COLUNAS} from ${job} where ${onde} order by ${ordem} limit ${q.quantidade} offset ${(q.pagina - 1) * q.quantidade}`,
    ),
    linhas(deps, sql`select count(*)::int as n from ${job} where ${onde}`),
  ]);
  return {
    itens: itens.map(paraTarefa),
    total: (total[0] as unknown as { n: number }).n,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

async function linha(deps: Deps, id: string): Promise<Linha> {
  const [l] = await linhas(
    deps,
    sql`select ${COLUNAS} from ${job} where id = ${id}::uuid and name in ${deps.tarefas.filas()}`,
  );
  if (!l) throw naoEncontrado();
  return l;
}

export async function obterTarefa(deps: Deps, ctx: Contexto, id: string): Promise<TarefaDetalhe> {
  exigirEscopoInteiro(ctx, ACESSO_TAREFAS);
  const l = await linha(deps, id);
  return { ...paraTarefa(l), dados: l.data ?? {}, saida: l.output ?? null };
}

/** A failed job back to its queue, its attempts counted again from where they were. */
export async function repetirTarefa(deps: Deps, ctx: Contexto, id: string): Promise<TarefaDetalhe> {
  exigirEscopoInteiro(ctx, ACESSO_TAREFAS);
  const l = await linha(deps, id);
  if (!(await deps.tarefas.repetir(l.name, id))) throw new AppError('TAREFA_NAO_REPETIVEL');
  return obterTarefa(deps, ctx, id);
}
