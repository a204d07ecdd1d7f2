import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { celulaNumero } from '../../platform/crud/celulas';
import { mensagemDeErro } from '../../platform/formulario';

/**
 * The forecast of free plots for the next 12 months (issue 20): the plots free today plus those
 * whose concession's term ends by each month, and the burials reaching the minimum term before
 * an exhumation.
 */
export function PrevisaoVagas({ cemiterioId }: { cemiterioId: number }) {
  const { t, i18n } = useTranslation(['cemiterios']);
  const q = useQuery({
    queryKey: [...chaves('cemiterio').item(cemiterioId), 'previsao-vagas'],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET('/api/cemiterio/{id}/previsao-vagas', {
          params: { path: { id: cemiterioId }, query: { meses: 12 } },
          signal,
        }),
      ),
  });
  type Linha = NonNullable<typeof q.data>['meses'][number];
  const mes = (m: string) =>
    new Date(`${m}-15T12:00:00Z`).toLocaleDateString(i18n.language, { month: 'short', year: 'numeric' });
  return (
    <Card size="small" title={t('cemiterios:previsaoVagas')} style={{ marginTop: 16 }} data-testid="previsao-vagas">
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {q.data && <Typography.Paragraph>{t('cemiterios:livresHoje', { n: q.data.livresHoje })}</Typography.Paragraph>}
      <Table<Linha>
        rowKey="mes"
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.meses ?? []}
        pagination={false}
        columns={[
          { key: 'mes', dataIndex: 'mes', title: t('cemiterios:previsaoMes'), render: mes },
          {
            key: 'termosEncerrando',
            dataIndex: 'termosEncerrando',
            title: t('cemiterios:previsaoTermos'),
            align: 'right',
            render: celulaNumero,
          },
          {
            key: 'exumacoesPossiveis',
            dataIndex: 'exumacoesPossiveis',
            title: t('cemiterios:previsaoExumacoes'),
            align: 'right',
            render: celulaNumero,
          },
          {
            key: 'livresPrevistos',
            dataIndex: 'livresPrevistos',
            title: t('cemiterios:previsaoLivres'),
            align: 'right',
            render: celulaNumero,
          },
        ]}
      />
    </Card>
  );
}
