import type { StatusAtendimento } from '@sig/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { ErroDaLista } from '../../platform/crud/PartesDaLista';
import { Barras, useFiltroIndicador } from '../../platform/indicadores';
import { NS } from './comum';

/**
 * The service-ticket indicator (spec §2 /indicadores/atendimentos): the tickets sent to the
 * organization the user acts for, by status, category and organization over the period, and
 * the last ten days, months or years.
 */
export function IndicadorAtendimentos() {
  const { t } = useTranslation(NS);
  const { filtro, filtros } = useFiltroIndicador();
  const q = useQuery({
    queryKey: [...chaves('indicadores').todas, 'atendimentos', filtro],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET('/api/indicadores/atendimentos/', {
          params: { query: { ...filtro, somenteMinhaOrganizacao: filtro.somenteMinhaOrganizacao ? 'true' : 'false' } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {filtros}
      <ErroDaLista erro={q.error} />
      {q.data && (
        <Row gutter={[16, 16]}>
          <Col xs={24}>
            <Card size="small">
              <Statistic
                title={t('atendimentos:indicador.total')}
                value={q.data.total}
                data-testid="total-atendimentos"
              />
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Barras
              titulo={t('atendimentos:indicador.porStatus')}
              linhas={q.data.porStatus}
              rotulo={(c) => t(`atendimentos:status.${c as StatusAtendimento}`)}
            />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('atendimentos:indicador.serie')} linhas={q.data.serie} />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('atendimentos:indicador.porCategoria')} linhas={q.data.porCategoria} />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('atendimentos:indicador.porOrganizacao')} linhas={q.data.porOrganizacao} />
          </Col>
        </Row>
      )}
    </Space>
  );
}
