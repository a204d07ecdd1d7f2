import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { ACESSO } from './comum';
import OrganizacaoFormPage from './OrganizacaoFormPage';

/**
 * Spec §2 /configuracoes-organizacao: the current organization's data and contribution settings.
 * Saving goes through the organization registry, so it also needs Organizacao U.
 */
export default function ConfiguracaoOrganizacaoPage() {
  const { t } = useTranslation();
  const { autorizacao, pode } = useAutorizacao();
  if (!autorizacao) return <Alert type="info" showIcon title={t('app.carregando')} />;
  const podeAlterar = pode('ConfiguracaoOrganizacao', 'U') && pode(ACESSO, 'U');
  return (
    <OrganizacaoFormPage
      key={autorizacao.organizacaoId}
      configuracao={{ id: autorizacao.organizacaoId, podeAlterar }}
    />
  );
}
