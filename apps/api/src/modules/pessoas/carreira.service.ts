import {
  type AlertaMinistro,
  type AlertasMinistroPagina,
  type AlertasMinistroQuery,
  type CarreiraMinistro,
  DIAS_ALERTA_CHAMADO,
  hojeNoBrasil,
  type RESULTADOS_EXAME,
  type TIPOS_TERMO_ATIVIDADE,
} from '@sig/contracts';
import type { DbOuTx } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';

/**
 * Ministers' careers (issue 21): the calls of each minister to communities and parishes, the post
 * they hold now, their history, and what needs attention — a call's term ending within
 * `DIAS_ALERTA_CHAMADO` days, an active call past its term, an active minister without a call.
 * Seen where the minister's person is (the scope of `PessoaMinistro`, as the minister data).
 */
const ACESSO = 'PessoaMinistro';

const nomePessoa = sql`trim(p.nome || ' ' || coalesce(p.sobrenome, ''))`;

/**
 * The alerts of the ministers matching `onde` (over `m` ministro, `p` pessoa), one row each:
 * ending and overdue calls, then ministers without an active call.
 */
function consultaAlertas(hoje: string, onde: SQL) {
  const limite = sql`${hoje}::date + ${DIAS_ALERTA_CHAMADO}::int`;
  return sql`
    select a.* from (
      select case when c.data_fim_mandato < ${hoje}::date then 'CHAMADO_VENCIDO' else 'CHAMADO_TERMINANDO' end as tipo,
        m.id as "ministroId", p.id as "pessoaId", ${nomePessoa} as "pessoaNome",
        m.tipo_ministerio as "tipoMinisterio", c.id as "chamadoId", o.nome_fantasia as "organizacaoNome",
        c.data_fim_mandato::text as "dataFimMandato", (c.data_fim_mandato - ${hoje}::date)::int as dias
      from ministro_chamado c
        join ministro m on m.id = c.ministro_id and m.excluido_em is null
        join pessoa p on p.id = m.pessoa_id
        join organizacao o on o.id = c.organizacao_id
      where c.excluido_em is null and c.situacao <> 'ENCERRADO' and c.data_fim_mandato <= ${limite} and ${onde}
      union all
      select 'SEM_CHAMADO', m.id, p.id, ${nomePessoa}, m.tipo_ministerio, null, null, null, null
      from ministro m join pessoa p on p.id = m.pessoa_id
      where m.excluido_em is null and m.situacao_ministerial = 'ATIVO' and ${onde}
        and not exists (select 1 from ministro_chamado c where c.ministro_id = m.id
          and c.excluido_em is null and c.situacao = 'ATIVO')
    ) a`;
}

/** Minister rows within the user's scope (their person's organization), optionally under one. */
const noEscopo = (ctx: Contexto, escolhidas: number[] | null) =>
  sql`p.excluido_em is null and ${filtroOrganizacao(ctx, ACESSO, sql`p.organizacao_id`)}${
    escolhidas ? sql` and p.organizacao_id = any(${sql.param(escolhidas)}::int[])` : sql``
  }`;

type Linhas<T> = { rows: T[] };

export async function alertas(deps: Deps, ctx: Contexto, q: AlertasMinistroQuery): Promise<AlertasMinistroPagina> {
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps, ctx, ACESSO, q.organizacaoId) : null;
  const base = consultaAlertas(hojeNoBrasil(), noEscopo(ctx, escolhidas));
  const filtro = q.tipo ? sql` where a.tipo = ${q.tipo}` : sql``;
  const direcao = q.ordem === 'desc' ? sql`desc` : sql`asc`;
  const [linhas, total] = await Promise.all([
    deps.db.execute(
      sql`select * from (${base}) a${filtro}
        order by a.dias ${direcao} nulls last, a."pessoaNome", a."ministroId", a."chamadoId"
        limit ${q.quantidade} offset ${(q.pagina - 1) * q.quantidade}`,
    ) as unknown as Promise<Linhas<AlertaMinistro>>,
    deps.db.execute(sql`select count(*)::int as n from (${base}) a${filtro}`) as unknown as Promise<
      Linhas<{ n: number }>
    >,
  ]);
  return { itens: linhas.rows, total: total.rows[0]?.n ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

type Ministro = Omit<CarreiraMinistro, 'postoAtual' | 'chamados' | 'historico' | 'alertas'> & {
  chamados: CarreiraMinistro['chamados'] | string;
  termos:
    | { data: string; tipo: (typeof TIPOS_TERMO_ATIVIDADE)[number]; organizacaoNome: string; numero: string | null }[]
    | string;
  exames: { data: string; descricao: string; resultado: (typeof RESULTADOS_EXAME)[number] }[] | string;
  dataEmeritacao: string | null;
};
/** A driver without a JSON parser for the type hands the text over. */
const lista = <T>(v: T[] | string): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : v);

async function carregar(db: DbOuTx, ctx: Contexto, id: number): Promise<Ministro | undefined> {
  const r = (await db.execute(sql`
    select m.id as "ministroId", p.id as "pessoaId", ${nomePessoa} as "pessoaNome",
      po.nome_fantasia as "organizacaoNome", m.tipo_ministerio as "tipoMinisterio",
      m.situacao_ministerial as "situacaoMinisterial", m.data_ordenacao::text as "dataOrdenacao",
      m.local_ordenacao as "localOrdenacao", m.ordenante, m.data_emeritacao::text as "dataEmeritacao",
      coalesce((select json_agg(json_build_object('id', c.id, 'organizacaoId', c.organizacao_id,
          'organizacaoNome', o.nome_fantasia, 'dataInicio', c.data_inicio::text,
          'dataFimMandato', c.data_fim_mandato::text, 'dataInstalacao', c.data_instalacao::text,
          'situacao', c.situacao) order by c.data_inicio desc, c.id desc)
        from ministro_chamado c join organizacao o on o.id = c.organizacao_id
        where c.ministro_id = m.id and c.excluido_em is null), '[]'::json) as chamados,
      coalesce((select json_agg(json_build_object('data', t.data_inicio::text, 'tipo', t.tipo_termo,
          'organizacaoNome', o.nome_fantasia, 'numero', t.numero))
        from ministro_termo t join organizacao o on o.id = t.organizacao_id
        where t.ministro_id = m.id and t.excluido_em is null), '[]'::json) as termos,
      coalesce((select json_agg(json_build_object('data', e.data::text, 'descricao', e.descricao,
          'resultado', e.resultado))
        from ministro_exame e where e.ministro_id = m.id and e.excluido_em is null), '[]'::json) as exames
    from ministro m join pessoa p on p.id = m.pessoa_id join organizacao po on po.id = p.organizacao_id
    where m.id = ${id} and m.excluido_em is null and ${noEscopo(ctx, null)}`)) as unknown as Linhas<Ministro>;
  return r.rows[0];
}

/** `GET /api/pessoa-ministro/:id/carreira`: the minister's career, its timeline in the reader's language. */
export async function carreira(deps: Deps, ctx: Contexto, id: number): Promise<CarreiraMinistro> {
  const m = await carregar(deps.db, ctx, id);
  if (!m) throw naoEncontrado();
  const t = tradutor(ctx.idioma);
  const chamados = lista(m.chamados);
  const historico: CarreiraMinistro['historico'] = [];
  if (m.dataOrdenacao)
    historico.push({
      data: m.dataOrdenacao,
      etapa: 'ORDENACAO',
      organizacaoNome: m.localOrdenacao,
      detalhe: m.ordenante,
    });
  for (const c of chamados) {
    const situacao = t(`campos:opcao.situacao.${c.situacao}`);
    historico.push({ data: c.dataInicio, etapa: 'CHAMADO', organizacaoNome: c.organizacaoNome, detalhe: situacao });
    if (c.dataInstalacao)
      historico.push({
        data: c.dataInstalacao,
        etapa: 'INSTALACAO',
        organizacaoNome: c.organizacaoNome,
        detalhe: null,
      });
    if (c.dataFimMandato)
      historico.push({
        data: c.dataFimMandato,
        etapa: 'FIM_MANDATO',
        organizacaoNome: c.organizacaoNome,
        detalhe: null,
      });
  }
  for (const x of lista(m.termos))
    historico.push({
      data: x.data,
      etapa: 'TERMO',
      organizacaoNome: x.organizacaoNome,
      detalhe: [t(`campos:opcao.tipoTermo.${x.tipo}`), x.numero].filter(Boolean).join(' '),
    });
  for (const x of lista(m.exames))
    historico.push({
      data: x.data,
      etapa: 'EXAME',
      organizacaoNome: null,
      detalhe: `${x.descricao} (${t(`campos:opcao.resultado.${x.resultado}`)})`,
    });
  if (m.dataEmeritacao)
    historico.push({ data: m.dataEmeritacao, etapa: 'EMERITACAO', organizacaoNome: null, detalhe: null });
  // Newest first; on one day, the order the steps happen in.
  const ordemEtapa = (e: string) =>
    ['ORDENACAO', 'EXAME', 'TERMO', 'CHAMADO', 'INSTALACAO', 'FIM_MANDATO', 'EMERITACAO'].indexOf(e);
  historico.sort((a, b) => b.data.localeCompare(a.data) || ordemEtapa(b.etapa) - ordemEtapa(a.etapa));
  const alertasDele = (await deps.db.execute(
    sql`${consultaAlertas(hojeNoBrasil(), sql`m.id = ${id}`)} order by a.dias nulls last, a."chamadoId"`,
  )) as unknown as Linhas<AlertaMinistro>;
  const { termos: _t, exames: _e, dataEmeritacao: _d, ...resto } = m;
  return {
    ...resto,
    postoAtual: chamados.filter((c) => c.situacao === 'ATIVO'),
    chamados,
    historico,
    alertas: alertasDele.rows,
  };
}
