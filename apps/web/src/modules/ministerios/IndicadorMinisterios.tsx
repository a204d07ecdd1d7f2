import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chaves } from '../../platform/cliente';
import { celulaData } from '../../platform/crud/celulas';
import { type DadosGrafico, dadosDeContagem, type PropsCartaoGrafico } from '../../platform/graficos';
import { enderecoDaLista, type PecaIndicador, TelaIndicador, useIndicador } from '../../platform/indicadores';

type Kpi = 'ministerios' | 'reuniram' | 'naoInformaram' | 'mediaPresentes';
const KPIS: readonly Kpi[] = ['ministerios', 'reuniram', 'naoInformaram', 'mediaPresentes'];

/**
 * The ministries indicator (spec §2 /indicadores/ministerios, issue 21): the year's ministries
 * (the period's end year) against the year before — which met, which did not report, the average
 * attendance —, the last ten years' participation, ministries by type and organization, the
 * communities to follow up, ministers by ministry and call status, and the calls ending soon.
 */
export function IndicadorMinisterios() {
  const { t } = useTranslation(['campos', 'ministerios', 'pessoas']);
  const { filtros, q } = useIndicador('/api/indicadores/ministerios/', chaves('ministerio').todas);
  const d = q.data;
  const serie = (
    campos: readonly (
      | 'participantesMasculinos'
      | 'participantesFemininos'
      | 'reuniram'
      | 'naoReuniram'
      | 'naoInformaram'
    )[],
  ): DadosGrafico => ({
    categorias: (d?.serie ?? []).map((s) => ({ chave: s.chave, rotulo: s.chave })),
    series: campos.map((c) => ({
      chave: c,
      nome: t(`ministerios:indicador.${c}`),
      valores: (d?.serie ?? []).map((s) => s[c]),
    })),
  });
  const grafico = (
    chave: 'porTipo' | 'porOrganizacao' | 'ministrosPorTipo' | 'ministrosPorChamado',
    tipo: PropsCartaoGrafico['tipo'],
    rotuloCategoria: string,
    dados: DadosGrafico,
  ): PecaIndicador => ({
    grafico: {
      titulo: t(`ministerios:indicador.${chave}`),
      tipo,
      rotuloCategoria,
      testId: `grafico-${chave}`,
      dados,
    },
  });
  return (
    <TelaIndicador
      filtros={filtros}
      q={q}
      pecas={(d) => [
        ...KPIS.map(
          (c): PecaIndicador => ({
            kpi: {
              titulo: t(`ministerios:indicador.${c}`, { ano: d.ano }),
              valor: d[c],
              anterior: d.anterior[c],
              subidaRuim: c === 'naoInformaram',
              para:
                c === 'naoInformaram'
                  ? enderecoDaLista('/ministerio', { ano: String(d.ano), situacaoAno: 'NAO_INFORMADO' })
                  : c === 'ministerios'
                    ? enderecoDaLista('/ministerio', { ano: String(d.ano) })
                    : undefined,
              testId: `total-${c}`,
            },
          }),
        ),
        {
          grafico: {
            titulo: t('ministerios:indicador.situacaoPorAno'),
            tipo: 'empilhado',
            rotuloCategoria: t('campos:ano'),
            testId: 'grafico-situacao',
            dados: serie(['reuniram', 'naoReuniram', 'naoInformaram']),
          },
        },
        {
          grafico: {
            titulo: t('ministerios:indicador.participantesPorAno'),
            tipo: 'empilhado',
            rotuloCategoria: t('campos:ano'),
            testId: 'grafico-participantes',
            dados: serie(['participantesFemininos', 'participantesMasculinos']),
          },
        },
        grafico(
          'porTipo',
          'rosca',
          t('campos:tipoGrupoId'),
          dadosDeContagem(d.porTipo, (o) => o.chave, t('ministerios:indicador.ministerios', { ano: d.ano })),
        ),
        grafico(
          'porOrganizacao',
          'barras',
          t('campos:organizacaoNome'),
          dadosDeContagem(d.porOrganizacao, (o) => o.chave, t('ministerios:indicador.ministerios', { ano: d.ano })),
        ),
        grafico(
          'ministrosPorTipo',
          'rosca',
          t('campos:tipoMinisterio'),
          dadosDeContagem(
            d.ministrosPorTipo,
            (o) => t(`campos:opcao.tipoMinisterio.${o.chave as 'PASTORAL'}`),
            t('ministerios:indicador.ministros'),
          ),
        ),
        grafico(
          'ministrosPorChamado',
          'rosca',
          t('campos:situacao'),
          dadosDeContagem(
            d.ministrosPorChamado,
            (o) => t(`ministerios:indicador.chamado.${o.chave as 'ATIVO'}`),
            t('ministerios:indicador.ministros'),
          ),
        ),
        {
          chave: 'sem-relatorio',
          bloco: (
            <Card size="small" title={t('ministerios:indicador.semRelatorio', { ano: d.ano })}>
              <Table
                rowKey="organizacaoId"
                size="small"
                data-testid="sem-relatorio"
                dataSource={d.semRelatorio}
                pagination={false}
                columns={[
                  {
                    key: 'organizacaoNome',
                    dataIndex: 'organizacaoNome',
                    title: t('campos:organizacaoNome'),
                    render: (v: string, o) => (
                      <Link
                        to={enderecoDaLista('/ministerio', {
                          organizacaoId: String(o.organizacaoId),
                          ano: String(d.ano),
                          situacaoAno: 'NAO_INFORMADO',
                        })}
                      >
                        {v}
                      </Link>
                    ),
                  },
                  {
                    key: 'total',
                    dataIndex: 'total',
                    title: t('ministerios:indicador.ministerios', { ano: d.ano }),
                    align: 'right',
                  },
                ]}
              />
            </Card>
          ),
        },
        {
          chave: 'chamados-terminando',
          bloco: (
            <Card size="small" title={t('ministerios:indicador.chamadosTerminando')}>
              <Table
                rowKey={(c) => `${c.ministroId}-${c.organizacaoNome}-${c.dataFimMandato}`}
                size="small"
                data-testid="chamados-terminando"
                dataSource={d.chamadosTerminando}
                pagination={false}
                columns={[
                  {
                    key: 'pessoaNome',
                    dataIndex: 'pessoaNome',
                    title: t('campos:nome'),
                    render: (v: string, c) => <Link to={`/pessoa-ministro/carreira/${c.ministroId}`}>{v}</Link>,
                  },
                  { key: 'organizacaoNome', dataIndex: 'organizacaoNome', title: t('campos:organizacaoId') },
                  {
                    key: 'dataFimMandato',
                    dataIndex: 'dataFimMandato',
                    title: t('campos:dataFimMandato'),
                    render: celulaData,
                  },
                ]}
              />
            </Card>
          ),
        },
      ]}
    />
  );
}
