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
 * the calls ending soon where the call is.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorQuery): Promise<IndicadorMinisterios> {
  const r = await recorteIndicador(deps.db, ctx, ACESSO, f);
  const ano = Number(r.periodoAte.slice(0, 4));
  const doEscopo = (coluna: SQL) => r.organizacoes(coluna);
  const ministerios = sql`m.excluido_em is null and ${doEscopo(sql`m.organizacao_id`)}`;
  const hoje = hojeNoBrasil();
  const [serie, porTipo, porOrganizacao, semRelatorio, ministrosPorTipo, ministrosPorChamado, terminando] =
    await Promise.all([
      deps.db.execute(sql`
        select y.ano::text as chave, count(m.id)::int as ministerios,
          coalesce(sum(e.reunioes_realizadas), 0)::int as "reunioesRealizadas",
          coalesce(round(avg(e.media_presentes) filter (where e.situacao = 'REUNIU')), 0)::int as "mediaPresentes",
          coalesce(sum(e.participantes_masculinos), 0)::int as "participantesMasculinos",
          coalesce(sum(e.participantes_femininos), 0)::int as "participantesFemininos",
          (count(*) filter (where e.situacao = 'REUNIU'))::int as reuniram,
          (count(*) filter (where e.situacao = 'NAO_REUNIU'))::int as "naoReuniram",
          (count(m.id) filter (where e.ministerio_id is null))::int as "naoInformaram"
        from generate_series(${ano - ANOS_SERIE + 1}::int, ${ano}::int) y(ano)
          left join ministerio m on ${ministerios}
          left join ministerio_estatistica e on e.ministerio_id = m.id and e.ano = y.ano
        group by y.ano order by y.ano`),
      deps.db.execute(sql`
        select ${nomeNoIdioma(tg.nome, tg.nomeEn, ctx.idioma)} as chave, count(*)::int as total
        from ministerio m join ${tg} on ${tg.id} = m.tipo_grupo_id
        where ${ministerios} group by 1 order by 2 desc, 1`),
      deps.db.execute(sql`
        select o.nome_fantasia as chave, count(*)::int as total
        from ministerio m join organizacao o on o.id = m.organizacao_id
        where ${ministerios} group by 1 order by 2 desc, 1 limit 20`),
      deps.db.execute(sql`
        select o.id as "organizacaoId", o.nome_fantasia as "organizacaoNome", count(*)::int as total
        from ministerio m join organizacao o on o.id = m.organizacao_id
        where ${ministerios} and not exists (select 1 from ministerio_estatistica e
          where e.ministerio_id = m.id and e.ano = ${ano}::int)
        group by o.id, o.nome_fantasia order by 3 desc, 2 limit 50`),
      deps.db.execute(sql`
        select mi.tipo_ministerio as chave, count(*)::int as total
        from ministro mi join pessoa p on p.id = mi.pessoa_id
        where mi.excluido_em is null and p.excluido_em is null and ${doEscopo(sql`p.organizacao_id`)}
        group by 1 order by 2 desc, 1`),
      // Active ministers by their open call: active, on leave, or none.
      deps.db.execute(sql`
        select coalesce((select case when bool_or(c.situacao = 'ATIVO') then 'ATIVO' else 'LICENCA' end
            from ministro_chamado c where c.ministro_id = mi.id and c.excluido_em is null and c.situacao <> 'ENCERRADO'
            having count(*) > 0), 'SEM_CHAMADO') as chave, count(*)::int as total
        from ministro mi join pessoa p on p.id = mi.pessoa_id
        where mi.excluido_em is null and p.excluido_em is null and mi.situacao_ministerial = 'ATIVO'
          and ${doEscopo(sql`p.organizacao_id`)}
        group by 1 order by 2 desc, 1`),
      deps.db.execute(sql`
        select mi.id as "ministroId", trim(p.nome || ' ' || coalesce(p.sobrenome, '')) as "pessoaNome",
          o.nome_fantasia as "organizacaoNome", c.data_fim_mandato::text as "dataFimMandato"
        from ministro_chamado c
          join ministro mi on mi.id = c.ministro_id and mi.excluido_em is null
          join pessoa p on p.id = mi.pessoa_id
          join organizacao o on o.id = c.organizacao_id
        where c.excluido_em is null and c.situacao <> 'ENCERRADO' and ${doEscopo(sql`c.organizacao_id`)}
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
