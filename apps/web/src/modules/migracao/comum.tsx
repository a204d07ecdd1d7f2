import type { StatusMigracao } from '@sig/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const ACESSO_MIGRACAO = 'Migracao';
export const ROTA_MIGRACAO = '/migracao';

export function StatusMigracaoTag({ status }: { status: StatusMigracao }) {
  const { t } = useTranslation(['migracao']);
  return <Tag data-testid="status-migracao">{t(`migracao:status.${status}`)}</Tag>;
}
