import type { StatusContaAReceber } from '@sig/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { COR_STATUS } from './comum';

export function StatusConta({ status }: { status: StatusContaAReceber }) {
  const { t } = useTranslation();
  return <Tag color={COR_STATUS[status]}>{t(`campos:opcao.statusContaAReceber.${status}`)}</Tag>;
}
