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

type Campo = 'cultos' | 'presentes' | 'santaCeia' | 'ofertas';
const CAMPOS: readonly Campo[] = ['cultos', 'presentes', 'santaCeia', 'ofertas'];

/**
 * The worship indicator (spec §2 /indicadores/cultos): services, attendance, Lord's Supper and
 * offerings of the organization the user acts for over the period against the previous one,
 * attendance by organization, and each of them bucket by bucket; a card, a bucket or a table row
 * opens the services list of those days.
 */
export function IndicadorCultos() {
  const { t, i18n } = useTranslation(['campos', 'cultos']);
  const navegar = useNavigate();
  const { filtros, q } = useIndicador('/api/indicadores/cultos/', chaves('culto').todas);
  const titulos: Record<Campo, string> = {
    cultos: t('cultos:serieCultos'),
    presentes: t('cultos:seriePresentes'),
    santaCeia: t('cultos:serieSantaCeia'),
    ofertas: t('cultos:serieOfertas'),
  };
  // The Lord's Supper figures count only the services that celebrated it.
  const lista = (c: Campo, dias: object) =>
    enderecoDaLista('/culto', { ...dias, santaCeia: c === 'santaCeia' ? 'true' : undefined });
  const d = q.data;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {filtros}
      <ErroDaLista erro={q.error} />
      {d && (
        <>
          <PeriodoDoIndicador r={d} />
          <Row gutter={[16, 16]}>
            {CAMPOS.map((c) => (
              <Col key={c} xs={12} md={6}>
                <CartaoKpi
                  titulo={t(`cultos:${c}`)}
                  valor={d[c]}
                  anterior={d.anterior[c]}
                  formato={c === 'ofertas' ? 'dinheiro' : 'numero'}
                  para={lista(c, { periodoDe: d.periodoDe, periodoAte: d.periodoAte })}
                  testId={`total-${c}`}
                />
              </Col>
            ))}
            {CAMPOS.map((c) => (
              <Col key={c} xs={24} md={12}>
                <CartaoGrafico
                  titulo={titulos[c]}
                  tipo={c === 'ofertas' ? 'linha' : 'colunas'}
                  testId={`grafico-${c}`}
                  dados={serieComAnterior(
                    d.serie,
                    d.serieAnterior,
                    (b) => b[c],
                    t(`cultos:${c}`),
                    i18n.language,
                    c === 'ofertas' ? 'dinheiro' : 'numero',
                  )}
                  aoClicar={(b, s) => navegar(lista(c, diasDoBalde(d.serie, d.serieAnterior, b.chave, s)))}
                />
              </Col>
            ))}
            <Col xs={24}>
              <CartaoGrafico
                titulo={t('cultos:presentesPorOrganizacao')}
                tipo="barras"
                rotuloCategoria={t('campos:organizacaoNome')}
                testId="grafico-porOrganizacao"
                dados={dadosDeContagem(d.porOrganizacao, (o) => o.chave, t('cultos:presentes'))}
              />
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}
