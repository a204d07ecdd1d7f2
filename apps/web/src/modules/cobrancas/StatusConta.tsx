import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  HourglassOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import type { StatusContaAReceber } from '@sig/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { celulaTag } from '../../platform/crud/celulas';

/** An icon tells the statuses apart: coloured tags fail the contrast check. */
const ICONE_STATUS: Partial<Record<StatusContaAReceber, ReactNode>> = {
  ABERTO: <ClockCircleOutlined />,
  VENCIDO: <ExclamationCircleOutlined />,
  PAGO: <CheckCircleOutlined />,
  PENDENTE: <HourglassOutlined />,
  ESTORNADO: <RollbackOutlined />,
};

/** A receivable's status in a list cell. */
export const celulaStatusConta = celulaTag('campos:opcao.statusContaAReceber', ICONE_STATUS);

export function StatusConta({ status }: { status: StatusContaAReceber }) {
  // Named so the labels are there and follow the language.
  useTranslation(['campos']);
  return celulaStatusConta(status);
}
