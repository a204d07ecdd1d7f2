import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  HourglassOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import type { StatusContaAReceber } from '@sig/contracts';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** An icon tells the statuses apart: coloured tags fail the contrast check. */
const ICONE_STATUS: Partial<Record<StatusContaAReceber, ReactNode>> = {
  ABERTO: <ClockCircleOutlined />,
  VENCIDO: <ExclamationCircleOutlined />,
  PAGO: <CheckCircleOutlined />,
  PENDENTE: <HourglassOutlined />,
  ESTORNADO: <RollbackOutlined />,
};

export function StatusConta({ status }: { status: StatusContaAReceber }) {
  const { t } = useTranslation(['campos']);
  return <Tag icon={ICONE_STATUS[status]}>{t(`campos:opcao.statusContaAReceber.${status}`)}</Tag>;
}
