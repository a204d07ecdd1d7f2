import { Col, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chaves } from '../../platform/cliente';
import { ErroDaLista } from '../../platform/crud/PartesDaLista';
import { CartaoGrafico, CartaoKpi, dadosDeContagem } from '../../platform/graficos';
import {
  diasDoBalde,
  enderecoDaLista,
  PeriodoDoIndicador,
  serieComAnterior,
  useIndicador,
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
  const { filtros, q } = useIndicador('/api/indicadores/financeiros/', chaves('lancamento-caixa').todas);
  const d = q.data;
  const periodo = d && enderecoDaLista(LISTA, { periodoDe: d.periodoDe, periodoAte: d.periodoAte });
  const porConta = (linhas: { chave: string; valor: string }[], nome: string) =>
    dadosDeContagem(linhas, (l) => l.chave, nome, { valor: (l) => l.valor, formato: 'dinheiro' });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {filtros}
      <ContagemPendencias />
      <ErroDaLista erro={q.error} />
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
