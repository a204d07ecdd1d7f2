import { DIAS_ALERTA_CHAMADO, hojeNoBrasil, type IndicadorMinisterios, type IndicadorQuery } from '@sig/contracts';
import { schema } from '@sig/db';
import { type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { recorteIndicador } from '../../platform/indicadores.js';
import { nomeNoIdioma } from '../../platform/textos.js';

const ACESSO = 'IndicadoresMinisterios';
const tg = schema.tipoGrupo;
const ANOS_SERIE = 10;

type Figuras = Omit<IndicadorMinisterios['serie'][number], 'chave'>;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const zeros: Figuras = {
  ministerios: 0,
  reunioesRealizadas: 0,
  mediaPresentes: 0,
  participantesMasculinos: 0,
  participantesFemininos: 0,
  reuniram: 0,
  naoReuniram: 0,
  naoInformaram: 0,
};

/**
 * Spec §2 /indicadores/ministerios (issue 21), for the chosen organization and those below it
 * (unless "own organization only"). The ministries' figures are yearly, so the year is the
 * period's end year and the series its last ten years, whatever the grouping; a year with no
 * figures for a ministry counts as not reported. Ministers are counted where their person is;
 * the calls ending soon where the call is. The ministries' figures are read from the roll-up the
 * triggers of migration 0058 keep in every write (`ministerio_resumo`, `ministerio_resumo_ano`): a
 * subtree's are its root's rows, whatever its size.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorQuery): Promise<IndicadorMinisterios> {
  const r = await recorteIndicador(deps, ctx, ACESSO, f);
  const ano = Number(r.periodoAte.slice(0, 4));
  // The roll-up's rows of the chosen organization: its subtree's, or its own alone.
  const daRaiz = (t: SQL) => sql`${t}.organizacao_id = ${r.raizId} and ${t}.subarvore = ${!r.somenteEla}`;
  // Each organization's own total (every kind together) in the scope, for the ranked tables (`o`: the organization).
  const porOrganizacaoDoEscopo = sql`t.tipo_grupo_id = 0 and not t.subarvore and t.ministerios > 0
    and ${r.caminhos(sql`o.caminho`)}`;
  const hoje = hojeNoBrasil();
  const [serie, porTipo, porOrganizacao, semRelatorio, ministrosPorTipo, ministrosPorChamado, terminando] =
    await Promise.all([
      deps.db.execute(sql`
        select y.ano::text as chave, t.ministerios,
          coalesce(a.reunioes_realizadas, 0) as "reunioesRealizadas",
          coalesce(round(a.media_presentes::numeric / nullif(a.reuniram, 0)), 0)::int as "mediaPresentes",
          coalesce(a.participantes_masculinos, 0) as "participantesMasculinos",
          coalesce(a.participantes_femininos, 0) as "participantesFemininos",
          coalesce(a.reuniram, 0) as reuniram, coalesce(a.nao_reuniram, 0) as "naoReuniram",
          t.ministerios - coalesce(a.informaram, 0) as "naoInformaram"
        from generate_series(${ano - ANOS_SERIE + 1}::int, ${ano}::int) y(ano)
          cross join (select coalesce(sum(t.ministerios), 0)::int as ministerios
            from ministerio_resumo t where t.tipo_grupo_id = 0 and ${daRaiz(sql`t`)}) t
          left join ministerio_resumo_ano a on a.ano = y.ano and ${daRaiz(sql`a`)}
        order by y.ano`),
      deps.db.execute(sql`
        select ${nomeNoIdioma(tg.nome, tg.nomeEn, ctx.idioma)} as chave, sum(t.ministerios)::int as total
        from ministerio_resumo t join ${tg} on ${tg.id} = t.tipo_grupo_id
        where ${daRaiz(sql`t`)} group by 1 having sum(t.ministerios) > 0 order by 2 desc, 1`),
      deps.db.execute(sql`
        select o.nome_fantasia as chave, sum(t.ministerios)::int as total
        from ministerio_resumo t join organizacao o on o.id = t.organizacao_id
        where ${porOrganizacaoDoEscopo} group by 1 order by 2 desc, 1 limit 20`),
      deps.db.execute(sql`
        select o.id as "organizacaoId", o.nome_fantasia as "organizacaoNome",
          t.ministerios - coalesce(a.informaram, 0) as total
        from ministerio_resumo t join organizacao o on o.id = t.organizacao_id
          left join ministerio_resumo_ano a on a.ano = ${ano}::int and not a.subarvore and a.organizacao_id = t.organizacao_id
        where ${porOrganizacaoDoEscopo} and t.ministerios > coalesce(a.informaram, 0)
        order by 3 desc, 2 limit 50`),
      deps.db.execute(sql`
        select mi.tipo_ministerio as chave, count(*)::int as total
        from ministro mi join pessoa p on p.id = mi.pessoa_id join organizacao o on o.id = p.organizacao_id
        where mi.excluido_em is null and p.excluido_em is null and ${r.caminhos(sql`o.caminho`)}
        group by 1 order by 2 desc, 1`),
      // Active ministers by their open call: active, on leave, or none.
      deps.db.execute(sql`
        select coalesce((select case when bool_or(c.situacao = 'ATIVO') then 'ATIVO' else 'LICENCA' end
            from ministro_chamado c where c.ministro_id = mi.id and c.excluido_em is null and c.situacao <> 'ENCERRADO'
            having count(*) > 0), 'SEM_CHAMADO') as chave, count(*)::int as total
        from ministro mi join pessoa p on p.id = mi.pessoa_id join organizacao o on o.id = p.organizacao_id
        where mi.excluido_em is null and p.excluido_em is null and mi.situacao_ministerial = 'ATIVO'
          and ${r.caminhos(sql`o.caminho`)}
        group by 1 order by 2 desc, 1`),
      deps.db.execute(sql`
        select mi.id as "ministroId", trim(p.nome || ' ' || coalesce(p.sobrenome, '')) as "pessoaNome",
          o.nome_fantasia as "organizacaoNome", c.data_fim_mandato::text as "dataFimMandato"
        from ministro_chamado c
          join ministro mi on mi.id = c.ministro_id and mi.excluido_em is null
          join pessoa p on p.id = mi.pessoa_id
          join organizacao o on o.id = c.organizacao_id
        where c.excluido_em is null and c.situacao <> 'ENCERRADO' and ${r.caminhos(sql`o.caminho`)}
          and c.data_fim_mandato between ${hoje}::date and ${hoje}::date + ${DIAS_ALERTA_CHAMADO}::int
        order by c.data_fim_mandato, 2 limit 50`),
    ]);
  const anos = rows<IndicadorMinisterios['serie'][number]>(serie);
  const doAno = (a: number) => {
    const { chave: _, ...figuras } = anos.find((s) => s.chave === String(a)) ?? { chave: '', ...zeros };
    return figuras;
  };
  type Contagem = IndicadorMinisterios['porTipo'];
  return {
    ano,
    ...doAno(ano),
    anterior: doAno(ano - 1),
    porTipo: rows<Contagem[number]>(porTipo),
    porOrganizacao: rows<Contagem[number]>(porOrganizacao),
    serie: anos,
    semRelatorio: rows<IndicadorMinisterios['semRelatorio'][number]>(semRelatorio),
    ministrosPorTipo: rows<Contagem[number]>(ministrosPorTipo),
    ministrosPorChamado: rows<Contagem[number]>(ministrosPorChamado),
    chamadosTerminando: rows<IndicadorMinisterios['chamadosTerminando'][number]>(terminando),
  };
}
