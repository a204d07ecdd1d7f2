import { WarningOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAutorizacao } from '../../platform/autorizacao';
import { cliente, dados } from '../../platform/cliente';
import { ACESSO_PENDENCIAS, CHAVE_CONTAGEM, ROTA_PENDENCIAS } from './comum';

/** How many financial exceptions there are, for whoever may list them (undefined otherwise or while loading). */
function useContagemPendencias(): number | undefined {
  const { pode } = useAutorizacao();
  const permitido = pode(ACESSO_PENDENCIAS, 'L');
  const q = useQuery({
    queryKey: CHAVE_CONTAGEM,
    queryFn: ({ signal }) => dados(cliente.GET('/api/pendencias-financeiras/contagem', { signal })),
    enabled: permitido,
  });
  return permitido ? q.data?.total : undefined;
}

/**
 * "N pendências financeiras", linking to the exceptions view (issue 17): on the financial
 * dashboard, for whoever may list them, and only when there are some.
 */
export function ContagemPendencias() {
  const { t } = useTranslation(['pendencias']);
  const total = useContagemPendencias();
  if (!total) return null;
  return (
    <Alert
      type="warning"
      showIcon
      icon={<WarningOutlined />}
      data-testid="contagem-pendencias"
      title={<Link to={ROTA_PENDENCIAS}>{t('pendencias:contagem', { count: total })}</Link>}
    />
  );
}
