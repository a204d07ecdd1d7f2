import { StopOutlined, SyncOutlined } from '@ant-design/icons';
import { type Cobranca, STATUS_EDITAVEIS } from '@sig/contracts';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados, recurso } from '../../platform/cliente';
import { useAcao } from '../../platform/useMutacaoForm';
import { ACESSO_COBRANCA } from './comum';

/**
 * A charge's invoice link; while it is open, its cancel at the provider (confirmed first) and
 * "sincronizar" (issue 17: the provider's status applied now, for a webhook that never came).
 */
export function AcoesCobranca({ cobranca: c }: { cobranca: Cobranca }) {
  const { t } = useTranslation(['cobrancas', 'comum']);
  const { pode } = useAutorizacao();
  const invalidar = [chaves('cobranca').todas, chaves('conta-a-receber').todas];
  // A refusal is told by the app's handler.
  const cancelar = useAcao({
    mutationFn: () => recurso.excluir('cobranca', c.id),
    invalidar,
    sucesso: t('cobrancas:receber.cobrancaCancelada'),
  });
  const sincronizar = useAcao({
    mutationFn: () =>
      dados(cliente.POST('/api/cobranca/{id}/sincronizar', { params: { path: { id: c.id } } })) as Promise<unknown>,
    invalidar,
    sucesso: t('cobrancas:receber.cobrancaSincronizada'),
  });
  return (
    <>
      {c.urlFatura && !c.canceladaEm && (
        <Button size="small" type="link" href={c.urlFatura} target="_blank" rel="noreferrer">
          {t('cobrancas:receber.abrirFatura')}
        </Button>
      )}
      {pode(ACESSO_COBRANCA, 'U') && !c.canceladaEm && STATUS_EDITAVEIS.includes(c.status) && (
        <Button
          size="small"
          type="text"
          icon={<SyncOutlined />}
          loading={sincronizar.isPending}
          aria-label={t('cobrancas:receber.sincronizarCobranca')}
          title={t('cobrancas:receber.sincronizarCobranca')}
          onClick={() => sincronizar.mutate()}
        />
      )}
      {pode(ACESSO_COBRANCA, 'D') && !c.canceladaEm && STATUS_EDITAVEIS.includes(c.status) && (
        <Popconfirm
          title={t('cobrancas:receber.confirmarCancelamento')}
          okText={t('comum:sim')}
          cancelText={t('comum:nao')}
          onConfirm={() => cancelar.mutate()}
        >
          <Button
            size="small"
            danger
            type="text"
            icon={<StopOutlined />}
            loading={cancelar.isPending}
            aria-label={t('cobrancas:receber.cancelarCobranca')}
            title={t('cobrancas:receber.cancelarCobranca')}
          />
        </Popconfirm>
      )}
    </>
  );
}
