import { StopOutlined } from '@ant-design/icons';
import { type Cobranca, STATUS_EDITAVEIS } from '@sig/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, recurso } from '../../platform/cliente';
import { ACESSO_COBRANCA } from './comum';

/** A charge's invoice link and, while it is open, its cancel at the provider (confirmed first). */
export function AcoesCobranca({ cobranca: c }: { cobranca: Cobranca }) {
  const { t } = useTranslation(['cobrancas', 'comum']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  // A refusal is told by the app's handler.
  const cancelar = useMutation({
    mutationFn: () => recurso.excluir('cobranca', c.id),
    onSuccess: async () => {
      await Promise.all(
        [chaves('cobranca').todas, chaves('conta-a-receber').todas].map((k) => qc.invalidateQueries({ queryKey: k })),
      );
      void message.success(t('cobrancas:receber.cobrancaCancelada'));
    },
  });
  return (
    <>
      {c.urlFatura && !c.canceladaEm && (
        <Button size="small" type="link" href={c.urlFatura} target="_blank" rel="noreferrer">
          {t('cobrancas:receber.abrirFatura')}
        </Button>
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
