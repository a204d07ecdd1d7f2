import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chaves } from '../../platform/cliente';
import { dadosDeContagem } from '../../platform/graficos';
import {
  enderecoDaLista,
  graficoNoTempo,
  type PecaIndicador,
  TelaIndicador,
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
  const { t } = useTranslation(['financeiro']);
  const navegar = useNavigate();
  const { filtros, q } = useIndicador('/api/indicadores/financeiros/', chaves('lancamento-caixa').todas);
  const porConta = (linhas: { chave: string; valor: string }[], nome: string) =>
    dadosDeContagem(linhas, (l) => l.chave, nome, { valor: (l) => l.valor, formato: 'dinheiro' });

  return (
    <TelaIndicador
      filtros={filtros}
      q={q}
      antes={<ContagemPendencias />}
      pecas={(d) => {
        const periodo = enderecoDaLista(LISTA, { periodoDe: d.periodoDe, periodoAte: d.periodoAte });
        return [
          ...(['entradas', 'saidas', 'resultado'] as const).map(
            (c): PecaIndicador => ({
              largura: { xs: 24, md: 8 },
              kpi: {
                titulo: t(`financeiro:livros.indicador.${c}`),
                valor: d[c],
                anterior: d.anterior[c],
                formato: 'dinheiro',
                subidaRuim: c === 'saidas',
                para: periodo,
                testId: `total-${c}`,
              },
            }),
          ),
          ...(['entradas', 'saidas'] as const).map(
            (c): PecaIndicador => ({
              grafico: {
                titulo: t(
                  c === 'entradas'
                    ? 'financeiro:livros.indicador.serieEntradas'
                    : 'financeiro:livros.indicador.serieSaidas',
                ),
                tipo: 'colunas',
                testId: `grafico-${c}`,
                ...graficoNoTempo(d, {
                  valor: (b) => b[c],
                  nome: t(`financeiro:livros.indicador.${c}`),
                  formato: 'dinheiro',
                  abrir: (dias) => navegar(enderecoDaLista(LISTA, dias)),
                }),
              },
            }),
          ),
          ...(['entradas', 'saidas'] as const).map(
            (c): PecaIndicador => ({
              grafico: {
                titulo: t(`financeiro:livros.indicador.${c}PorConta`),
                tipo: 'rosca',
                rotuloCategoria: t('financeiro:livros.indicador.conta'),
                testId: `grafico-${c}PorConta`,
                dados: porConta(
                  c === 'entradas' ? d.entradasPorConta : d.saidasPorConta,
                  t(`financeiro:livros.indicador.${c}`),
                ),
                aoClicar: () => navegar(periodo),
              },
            }),
          ),
        ];
      }}
    />
  );
}
