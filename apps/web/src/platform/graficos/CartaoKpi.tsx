import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FormatoValor, formatarPercentual, formatarValor, variacao } from './tipos';

export type PropsCartaoKpi = {
  titulo: string;
  valor: number | string;
  /** The same figure over the previous period of the same length. */
  anterior?: number | string;
  formato?: FormatoValor;
  /** The list behind the figure (with the period's filters); the card becomes a link to it. */
  para?: string;
  /** Whether a rise is bad news (money out, waiting tickets): the colours swap. */
  subidaRuim?: boolean;
  testId?: string;
  rodape?: ReactNode;
};

/** A KPI card: the figure, its change against the previous period, and a link to the list behind it. */
export function CartaoKpi({
  titulo,
  valor,
  anterior,
  formato = 'numero',
  para,
  subidaRuim,
  testId,
  rodape,
}: PropsCartaoKpi) {
  const { t, i18n } = useTranslation(['comum']);
  const { token } = theme.useToken();
  const idioma = i18n.language;
  const v = variacao(valor, anterior);
  const boa = v !== null && (subidaRuim ? v < 0 : v > 0);
  // Darker shades than the status colours: the change is text, and must read at 4.5:1 on white.
  const cor = v === null || v === 0 ? token.colorTextSecondary : boa ? token.green8 : token.red7;
  const conteudo = (
    <Card size="small" hoverable={!!para} data-testid={testId}>
      <Typography.Text type="secondary">{titulo}</Typography.Text>
      <div
        style={{ fontSize: 24, fontWeight: 600, color: token.colorTextHeading }}
        data-testid={testId && `${testId}-valor`}
      >
        {formatarValor(valor, formato, idioma)}
      </div>
      {anterior !== undefined && (
        <div style={{ color: cor, fontSize: 13 }} data-testid={testId && `${testId}-variacao`}>
          {v !== null && v > 0 && <ArrowUpOutlined aria-hidden />}
          {v !== null && v < 0 && <ArrowDownOutlined aria-hidden />}{' '}
          {v === null
            ? t('comum:graficos.semComparacao', { anterior: formatarValor(anterior, formato, idioma) })
            : t('comum:graficos.variacao', {
                variacao: formatarPercentual(v, idioma),
                anterior: formatarValor(anterior, formato, idioma),
              })}
        </div>
      )}
      {rodape}
    </Card>
  );
  return para ? (
    // The card's own text (title, figure, change) names the link, as a reader sees it.
    <Link to={para}>{conteudo}</Link>
  ) : (
    conteudo
  );
}
