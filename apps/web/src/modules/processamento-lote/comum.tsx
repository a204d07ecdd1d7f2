import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  StopOutlined,
  SyncOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ProcessamentoLote, StatusLote } from '@sig/contracts';
import { Progress, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const ACESSO_LOTE = 'ProcessamentosEmLote';
export const ROTA_LOTE = '/processamentos-em-lote/form';

/** An icon tells the statuses apart: coloured tags fail the contrast check. */
const ICONES: Record<StatusLote, ReactNode> = {
  PENDENTE: <ClockCircleOutlined />,
  EM_ANDAMENTO: <SyncOutlined spin />,
  CONCLUIDO: <CheckCircleOutlined />,
  CONCLUIDO_COM_ERROS: <WarningOutlined />,
  CANCELADO: <StopOutlined />,
};

export function StatusLoteTag({ status }: { status: StatusLote }) {
  const { t } = useTranslation();
  return <Tag icon={ICONES[status]}>{t(`lote.status.${status}`)}</Tag>;
}

/** Worked items over the total; the red part is the errors. */
export function ProgressoLote({ lote, largura }: { lote: ProcessamentoLote; largura?: number }) {
  const { t } = useTranslation();
  const feitos = lote.total - lote.pendentes;
  const pct = (n: number) => (lote.total ? Math.round((n * 100) / lote.total) : 0);
  return (
    <Progress
      percent={pct(feitos)}
      success={{ percent: pct(lote.sucessos + lote.desfeitos) }}
      status={lote.erros ? 'exception' : undefined}
      // In the theme's text colour: the finished bar's green text fails the contrast check.
      format={() => <Typography.Text>{t('lote.progresso', { feitos, total: lote.total })}</Typography.Text>}
      style={largura ? { width: largura } : undefined}
      aria-label={t('lote.progresso', { feitos, total: lote.total })}
    />
  );
}
