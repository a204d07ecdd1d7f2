import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Space, Table } from 'antd';
import { type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { carregar } from '../carregar';
import { opcoesGrafico } from './opcoes';
import { csvDaTabela, linhasDaTabela } from './tabela';
import type { AoClicarGrafico, DadosGrafico, TipoGrafico } from './tipos';

// ECharts and the wrapper arrive with the first chart a screen draws (ADR 0023).
const GraficoECharts = carregar(() => import('./GraficoECharts'));

export type PropsCartaoGrafico = {
  titulo: string;
  tipo: TipoGrafico;
  dados: DadosGrafico;
  /** The first column's header in the table (the period, the status…). */
  rotuloCategoria?: string;
  /** Whether the table ends with the series' totals (not for scores). Default yes. */
  total?: boolean;
  /** Opens what is behind a bucket or slice (a list with those filters). */
  aoClicar?: AoClicarGrafico;
  altura?: number;
  /** Shown under the title: which period the chart covers. */
  subtitulo?: ReactNode;
  testId?: string;
};

function baixar(nome: string, conteudo: string) {
  const url = URL.createObjectURL(new Blob([conteudo], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${nome}.csv`;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * A chart in a card with a "see as table" toggle on every chart: the table holds the same numbers
 * (the accessible and exportable form of the chart, CSV as the lists export it); a category's label
 * in the table opens what a click on its bucket opens.
 */
export function CartaoGrafico({
  titulo,
  tipo,
  dados,
  rotuloCategoria,
  total = true,
  aoClicar,
  altura = 280,
  subtitulo,
  testId,
}: PropsCartaoGrafico) {
  const { t, i18n } = useTranslation(['comum']);
  const idioma = i18n.language;
  const [tabela, setTabela] = useState(false);
  const idTabela = useId();
  const opcoes = useMemo(() => opcoesGrafico(tipo, dados, idioma, titulo), [tipo, dados, idioma, titulo]);
  const cabecalho = rotuloCategoria ?? t('comum:graficos.categoria');
  const linhas = useMemo(
    () => linhasDaTabela(dados, cabecalho, total ? t('comum:graficos.total') : null, idioma),
    [dados, cabecalho, total, t, idioma],
  );
  const clicar = aoClicar
    ? (c: number, s: number) => {
        const categoria = dados.categorias[c];
        const serie = dados.series[s];
        if (categoria && serie) aoClicar(categoria, serie);
      }
    : undefined;

  const corpo = linhas.slice(1, total ? -1 : undefined);
  const colunas = [
    {
      key: 'categoria',
      title: cabecalho,
      render: (_: unknown, l: { i: number }) =>
        clicar ? (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => clicar(l.i, 0)}>
            {corpo[l.i]![0]}
          </Button>
        ) : (
          corpo[l.i]![0]
        ),
    },
    ...dados.series.map((s, j) => ({
      key: s.chave,
      title: s.nome,
      align: 'right' as const,
      render: (_: unknown, l: { i: number }) => corpo[l.i]![j + 1],
    })),
  ];

  return (
    <Card
      size="small"
      title={
        <Space orientation="vertical" size={0}>
          <span>{titulo}</span>
          {subtitulo && <small style={{ fontWeight: 'normal' }}>{subtitulo}</small>}
        </Space>
      }
      data-testid={testId}
      extra={
        <Space size="small">
          {tabela && (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => baixar(titulo, csvDaTabela(linhas, idioma))}
              aria-label={t('comum:graficos.exportar', { titulo })}
            >
              CSV
            </Button>
          )}
          <Button size="small" aria-pressed={tabela} aria-controls={idTabela} onClick={() => setTabela(!tabela)}>
            {tabela ? t('comum:graficos.verGrafico') : t('comum:graficos.verTabela')}
          </Button>
        </Space>
      }
    >
      <div id={idTabela}>
        {tabela ? (
          // As wide as its figures need, scrolled in a region of its own (a section named by the title).
          <section
            aria-label={titulo}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
            tabIndex={0}
            style={{ overflowX: 'auto' }}
          >
            <Table
              size="small"
              pagination={false}
              rowKey="i"
              style={{ minWidth: 'max-content' }}
              aria-label={titulo}
              dataSource={corpo.map((_, i) => ({ i }))}
              columns={colunas}
              summary={
                total
                  ? () => (
                      <Table.Summary.Row>
                        {linhas[linhas.length - 1]!.map((v, j) => (
                          <Table.Summary.Cell key={colunas[j]!.key} index={j} align={j ? 'right' : undefined}>
                            <strong>{v}</strong>
                          </Table.Summary.Cell>
                        ))}
                      </Table.Summary.Row>
                    )
                  : undefined
              }
            />
          </section>
        ) : (
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: altura }} />}>
            <GraficoECharts opcoes={opcoes} idioma={idioma} altura={altura} aoClicar={clicar} />
          </Suspense>
        )}
      </div>
    </Card>
  );
}
