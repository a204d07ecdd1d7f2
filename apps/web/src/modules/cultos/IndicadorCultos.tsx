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

type Campo = 'cultos' | 'presentes' | 'santaCeia' | 'ofertas';
const CAMPOS: readonly Campo[] = ['cultos', 'presentes', 'santaCeia', 'ofertas'];

/**
 * The worship indicator (spec §2 /indicadores/cultos): services, attendance, Lord's Supper and
 * offerings of the organization the user acts for over the period against the previous one,
 * attendance by organization, and each of them bucket by bucket; a card, a bucket or a table row
 * opens the services list of those days.
 */
export function IndicadorCultos() {
  const { t } = useTranslation(['campos', 'cultos']);
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
  return (
    <TelaIndicador
      filtros={filtros}
      q={q}
      pecas={(d) => [
        ...CAMPOS.map(
          (c): PecaIndicador => ({
            kpi: {
              titulo: t(`cultos:${c}`),
              valor: d[c],
              anterior: d.anterior[c],
              formato: c === 'ofertas' ? 'dinheiro' : 'numero',
              para: lista(c, { periodoDe: d.periodoDe, periodoAte: d.periodoAte }),
              testId: `total-${c}`,
            },
          }),
        ),
        ...CAMPOS.map(
          (c): PecaIndicador => ({
            grafico: {
              titulo: titulos[c],
              tipo: c === 'ofertas' ? 'linha' : 'colunas',
              testId: `grafico-${c}`,
              ...graficoNoTempo(d, {
                valor: (b) => b[c],
                nome: t(`cultos:${c}`),
                formato: c === 'ofertas' ? 'dinheiro' : 'numero',
                abrir: (dias) => navegar(lista(c, dias)),
              }),
            },
          }),
        ),
        {
          largura: { xs: 24, md: 24 },
          grafico: {
            titulo: t('cultos:presentesPorOrganizacao'),
            tipo: 'barras',
            rotuloCategoria: t('campos:organizacaoNome'),
            testId: 'grafico-porOrganizacao',
            dados: dadosDeContagem(d.porOrganizacao, (o) => o.chave, t('cultos:presentes')),
          },
        },
      ]}
    />
  );
}
