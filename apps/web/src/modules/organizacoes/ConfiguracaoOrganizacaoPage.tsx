import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import OrganizacaoFormPage from './OrganizacaoFormPage';

/**
 * Spec §2 /configuracoes-organizacao: the current organization's data, and its contribution and
 * books settings, which this screen's own permission lets change (the data stays the registry's).
 */
export default function ConfiguracaoOrganizacaoPage() {
  const { t } = useTranslation(['comum']);
  const { autorizacao, pode } = useAutorizacao();
  if (!autorizacao) return <Alert type="info" showIcon title={t('comum:app.carregando')} />;
  const podeAlterar = pode('ConfiguracaoOrganizacao', 'U');
  return (
    <OrganizacaoFormPage
      key={autorizacao.organizacaoId}
      configuracao={{ id: autorizacao.organizacaoId, podeAlterar }}
    />
  );
}
