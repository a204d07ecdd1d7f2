import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Space, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { dinheiroParaTela } from '../../platform/crud/definicao';
import { mensagemDeErro } from '../../platform/formulario';
import { Barras, useFiltroIndicador } from '../../platform/indicadores';
import { ContagemPendencias } from '../pendencias';

/**
 * The financial indicator (spec §2 /indicadores/financeiros): money in and out of the books of
 * the organization (and those below it) over the period, the ledger accounts that moved most,
 * and both over the last ten days, months or years.
 */
export function IndicadorFinanceiro() {
  const { t, i18n } = useTranslation(['financeiro']);
  const { filtro, filtros } = useFiltroIndicador();
  const q = useQuery({
    queryKey: [...chaves('lancamento-caixa').todas, 'indicador', filtro],
    queryFn: ({ signal }) =>
      dados(
        cliente.GET('/api/indicadores/financeiros/', {
          params: { query: { ...filtro, somenteMinhaOrganizacao: filtro.somenteMinhaOrganizacao ? 'true' : 'false' } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const dinheiro = (n: number) => dinheiroParaTela(n.toFixed(2), i18n.language);
  const serie = (campo: 'entradas' | 'saidas') =>
    (q.data?.serie ?? []).map((b) => ({ chave: b.chave, total: Number(b[campo]) }));
  const porConta = (linhas: { chave: string; valor: string }[]) =>
    linhas.map((l) => ({ chave: l.chave, total: Number(l.valor) }));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {filtros}
      <ContagemPendencias />
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {q.data && (
        <Row gutter={[16, 16]}>
          {(['entradas', 'saidas', 'resultado'] as const).map((c) => (
            <Col key={c} xs={24} md={8}>
              <Card size="small">
                <Statistic
                  title={t(`financeiro:livros.indicador.${c}`)}
                  value={dinheiroParaTela(q.data[c], i18n.language)}
                  data-testid={`total-${c}`}
                />
              </Card>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Barras
              titulo={t('financeiro:livros.indicador.serieEntradas')}
              linhas={serie('entradas')}
              valor={dinheiro}
            />
          </Col>
          <Col xs={24} md={12}>
            <Barras titulo={t('financeiro:livros.indicador.serieSaidas')} linhas={serie('saidas')} valor={dinheiro} />
          </Col>
          <Col xs={24} md={12}>
            <Barras
              titulo={t('financeiro:livros.indicador.entradasPorConta')}
              linhas={porConta(q.data.entradasPorConta)}
              valor={dinheiro}
            />
          </Col>
          <Col xs={24} md={12}>
            <Barras
              titulo={t('financeiro:livros.indicador.saidasPorConta')}
              linhas={porConta(q.data.saidasPorConta)}
              valor={dinheiro}
            />
          </Col>
        </Row>
      )}
    </Space>
  );
}
