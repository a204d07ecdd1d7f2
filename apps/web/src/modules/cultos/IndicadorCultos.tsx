import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { dinheiroParaTela } from '../../platform/crud/definicao';
import { mensagemDeErro } from '../../platform/formulario';
import { Barras, useFiltroIndicador } from '../../platform/indicadores';

/**
 * The worship indicator (spec §2 /indicadores/cultos): services, attendance, Lord's Supper and
 * offerings of the organization the user acts for over the period, attendance by organization,
 * and each of them over the last ten days, months or years.
 */
export function IndicadorCultos() {
  const { t, i18n } = useTranslation(['cultos']);
  const { filtro, filtros } = useFiltroIndicador();
  const q = useQuery({
    queryKey: [...chaves('culto').todas, 'indicador', filtro],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET('/api/indicadores/cultos/', {
          params: { query: { ...filtro, somenteMinhaOrganizacao: filtro.somenteMinhaOrganizacao ? 'true' : 'false' } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const dinheiro = (n: number) => dinheiroParaTela(n.toFixed(2), i18n.language);
  const serie = (campo: 'cultos' | 'presentes' | 'santaCeia' | 'ofertas') =>
    (q.data?.serie ?? []).map((b) => ({ chave: b.chave, total: Number(b[campo]) }));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {filtros}
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {q.data && (
        <Row gutter={[16, 16]}>
          {(['cultos', 'presentes', 'santaCeia'] as const).map((c) => (
            <Col key={c} xs={12} md={6}>
              <Card size="small">
                <Statistic title={t(`cultos:${c}`)} value={q.data[c]} data-testid={`total-${c}`} />
              </Card>
            </Col>
          ))}
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('cultos:ofertas')} value={dinheiroParaTela(q.data.ofertas, i18n.language)} />
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('cultos:serieCultos')} linhas={serie('cultos')} />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('cultos:seriePresentes')} linhas={serie('presentes')} />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('cultos:serieSantaCeia')} linhas={serie('santaCeia')} />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('cultos:serieOfertas')} linhas={serie('ofertas')} valor={dinheiro} />
          </Col>
          <Col xs={24}>
            <Barras titulo={t('cultos:presentesPorOrganizacao')} linhas={q.data.porOrganizacao} />
          </Col>
        </Row>
      )}
    </Space>
  );
}
