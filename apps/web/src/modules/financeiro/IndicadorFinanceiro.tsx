import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chaves, cliente, dados } from '../../platform/cliente';
import { mensagemDeErro } from '../../platform/formulario';
import { CartaoGrafico, CartaoKpi } from '../../platform/graficos';
import {
  diasDoBalde,
  enderecoDaLista,
  PeriodoDoIndicador,
  serieComAnterior,
  useFiltroIndicador,
} from '../../platform/indicadores';
import { ContagemPendencias } from '../pendencias';

const LISTA = '/lancamento-caixa';

/**
 * The financial indicator (spec §2 /indicadores/financeiros): money in and out of the books of
 * the organization (and those below it) over the period against the previous one, bucket by
 * bucket, and the ledger accounts that moved most; a card or a bucket opens the ledger of those days.
 */
export function IndicadorFinanceiro() {
  const { t, i18n } = useTranslation(['financeiro']);
  const navegar = useNavigate();
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
  const d = q.data;
  const periodo = d && enderecoDaLista(LISTA, { periodoDe: d.periodoDe, periodoAte: d.periodoAte });
  const porConta = (linhas: { chave: string; valor: string }[], nome: string) => ({
    formato: 'dinheiro' as const,
    categorias: linhas.map((l) => ({ chave: l.chave, rotulo: l.chave })),
    series: [{ chave: 'valor', nome, valores: linhas.map((l) => l.valor) }],
  });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {filtros}
      <ContagemPendencias />
      {q.isError && <Alert type="error" showIcon title={mensagemDeErro(q.error)} />}
      {d && (
        <>
          <PeriodoDoIndicador r={d} />
          <Row gutter={[16, 16]}>
            {(['entradas', 'saidas', 'resultado'] as const).map((c) => (
              <Col key={c} xs={24} md={8}>
                <CartaoKpi
                  titulo={t(`financeiro:livros.indicador.${c}`)}
                  valor={d[c]}
                  anterior={d.anterior[c]}
                  formato="dinheiro"
                  subidaRuim={c === 'saidas'}
                  para={periodo}
                  testId={`total-${c}`}
                />
              </Col>
            ))}
            {(['entradas', 'saidas'] as const).map((c) => (
              <Col key={c} xs={24} md={12}>
                <CartaoGrafico
                  titulo={t(
                    c === 'entradas'
                      ? 'financeiro:livros.indicador.serieEntradas'
                      : 'financeiro:livros.indicador.serieSaidas',
                  )}
                  tipo="colunas"
                  testId={`grafico-${c}`}
                  dados={serieComAnterior(
                    d.serie,
                    d.serieAnterior,
                    (b) => b[c],
                    t(`financeiro:livros.indicador.${c}`),
                    i18n.language,
                    'dinheiro',
                  )}
                  aoClicar={(b, s) =>
                    navegar(enderecoDaLista(LISTA, diasDoBalde(d.serie, d.serieAnterior, b.chave, s)))
                  }
                />
              </Col>
            ))}
            <Col xs={24} md={12}>
              <CartaoGrafico
                titulo={t('financeiro:livros.indicador.entradasPorConta')}
                tipo="rosca"
                rotuloCategoria={t('financeiro:livros.indicador.conta')}
                testId="grafico-entradasPorConta"
                dados={porConta(d.entradasPorConta, t('financeiro:livros.indicador.entradas'))}
                aoClicar={() => periodo && navegar(periodo)}
              />
            </Col>
            <Col xs={24} md={12}>
              <CartaoGrafico
                titulo={t('financeiro:livros.indicador.saidasPorConta')}
                tipo="rosca"
                rotuloCategoria={t('financeiro:livros.indicador.conta')}
                testId="grafico-saidasPorConta"
                dados={porConta(d.saidasPorConta, t('financeiro:livros.indicador.saidas'))}
                aoClicar={() => periodo && navegar(periodo)}
              />
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}
