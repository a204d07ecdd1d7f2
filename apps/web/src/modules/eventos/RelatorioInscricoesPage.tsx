import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { type LinhaRelatorioInscricoes, SECOES_RELATORIO_INSCRICOES } from '@sig/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Row, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { SelectReferencia } from '../../platform/crud/controles';
import { mensagemDeErro } from '../../platform/formulario';
import { useAcao } from '../../platform/useMutacaoForm';
import { useTitulo } from '../../platform/useTitulo';
import { baixarRelatorioInscricoes } from './baixar';

/**
 * `/relatorio-inscricoes-congrenaje` (spec §2): an event's registrations holding a seat by
 * community, lot, workshop, shirt size, health needs, transport, lodging and state — each with how
 * many are confirmed and pending — on screen, as PDF or XLSX.
 */
export default function RelatorioInscricoesPage() {
  const { t } = useTranslation(['campos', 'comum', 'eventos']);
  useTitulo('eventos:relatorio.titulo');
  const [params, setParams] = useSearchParams();
  const eventoId = Number(params.get('eventoId')) || undefined;
  const relatorio = useQuery({
    queryKey: [...chaves('inscricoes-de-eventos').todas, 'relatorio', eventoId],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET('/api/relatorio-inscricoes-congrenaje/', {
          params: { query: { eventoId: eventoId as number } },
          signal,
        }),
      ),
    enabled: eventoId !== undefined,
  });
  const baixar = useAcao({
    mutationFn: (formato: 'pdf' | 'xlsx') => baixarRelatorioInscricoes(eventoId as number, formato),
  });
  const rotulo = (l: LinhaRelatorioInscricoes) => {
    if (l.item === '—') return l.item;
    if (l.secao === 'lote') return t('eventos:lote', { numero: l.item });
    if (l.secao === 'saude') return t(`eventos:dados.campos.${l.item as 'alergias'}`);
    if (l.secao === 'status') return t(`eventos:status.${l.item as 'PENDENTE'}`);
    return l.item;
  };
  const r = relatorio.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('eventos:relatorio.titulo')}
      </Typography.Title>
      <Card size="small">
        <Form layout="inline">
          <Form.Item label={t('campos:eventoId')}>
            <SelectReferencia
              referencia="evento-com-inscricao"
              value={eventoId}
              onChange={(v) => setParams(v ? { eventoId: String(v) } : {}, { replace: true })}
              style={{ minWidth: 320 }}
              data-testid="relatorio-evento"
            />
          </Form.Item>
          <Button
            icon={<FilePdfOutlined />}
            disabled={!eventoId}
            loading={baixar.isPending && baixar.variables === 'pdf'}
            onClick={() => baixar.mutate('pdf')}
          >
            {t('eventos:relatorio.pdf')}
          </Button>
          <Button
            icon={<FileExcelOutlined />}
            disabled={!eventoId}
            loading={baixar.isPending && baixar.variables === 'xlsx'}
            onClick={() => baixar.mutate('xlsx')}
          >
            {t('eventos:relatorio.xlsx')}
          </Button>
        </Form>
      </Card>
      {!eventoId && <Alert type="info" showIcon title={t('eventos:relatorio.escolhaEvento')} />}
      {relatorio.isError && <Alert type="error" showIcon title={mensagemDeErro(relatorio.error)} />}
      {relatorio.isFetching && !r && <Spin />}
      {r && (
        <>
          <Typography.Text data-testid="relatorio-inscritos">
            {`${r.eventoNome} · ${t('eventos:relatorio.inscritos', { n: r.inscritos })}`}
          </Typography.Text>
          <Row gutter={[16, 16]}>
            {SECOES_RELATORIO_INSCRICOES.map((s) => (
              <Col key={s} xs={24} lg={12}>
                <Card size="small" title={t(`eventos:relatorio.secoes.${s}`)} data-testid={`relatorio-${s}`}>
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="item"
                    dataSource={r.linhas.filter((l) => l.secao === s)}
                    columns={[
                      {
                        key: 'item',
                        title: t('eventos:relatorio.item'),
                        render: (_: unknown, l: LinhaRelatorioInscricoes) => rotulo(l),
                      },
                      { key: 'total', dataIndex: 'total', title: t('eventos:relatorio.total'), align: 'right' },
                      {
                        key: 'confirmadas',
                        dataIndex: 'confirmadas',
                        title: t('eventos:relatorio.confirmadas'),
                        align: 'right',
                      },
                      {
                        key: 'pendentes',
                        dataIndex: 'pendentes',
                        title: t('eventos:relatorio.pendentes'),
                        align: 'right',
                      },
                    ]}
                  />
                </Card>
              </Col>
            ))}
          </Row>
        </>
      )}
    </Space>
  );
}
