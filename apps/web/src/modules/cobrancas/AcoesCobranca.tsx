import { StopOutlined } from '@ant-design/icons';
import { type Cobranca, STATUS_EDITAVEIS } from '@sig/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { mensagemDeErro } from '../../platform/formulario';
import { ACESSO_COBRANCA } from './comum';

/** A charge's invoice link and, while it is open, its cancel at the provider (confirmed first). */
export function AcoesCobranca({ cobranca: c }: { cobranca: Cobranca }) {
  const { t } = useTranslation(['cobrancas', 'comum']);
  const { message } = App.useApp();
  const { pode } = useAutorizacao();
  const qc = useQueryClient();
  const cancelar = async () => {
    try {
      await api.delete('cobranca', c.id);
      await qc.invalidateQueries({ queryKey: ['cobranca'] });
      await qc.invalidateQueries({ queryKey: ['conta-a-receber'] });
      void message.success(t('cobrancas:receber.cobrancaCancelada'));
    } catch (e) {
      void message.error(mensagemDeErro(e));
    }
  };
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
          onConfirm={cancelar}
        >
          <Button
            size="small"
            danger
            type="text"
            icon={<StopOutlined />}
            aria-label={t('cobrancas:receber.cancelarCobranca')}
            title={t('cobrancas:receber.cancelarCobranca')}
          />
        </Popconfirm>
      )}
    </>
  );
}
