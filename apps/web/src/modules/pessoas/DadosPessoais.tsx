import { DownOutlined, ExportOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { Alert, App, Button, Dropdown, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';
import { RECURSO } from './comum';

const MOTIVO = { min: 10, max: 500 };

/** "Exportar dados pessoais" (LGPD access right): everything kept about the person, as JSON or PDF. */
export function ExportarDadosPessoais({ id }: { id: number }) {
  const { t } = useTranslation(['campos', 'comum', 'pessoas', 'validacao']);
  const { message } = App.useApp();
  const [baixando, setBaixando] = useState(false);
  const exportar = async (formato: string) => {
    setBaixando(true);
    try {
      await api.baixar(`${RECURSO}/${id}/dados-pessoais`, { formato }, `dados-pessoais-${id}.${formato}`);
    } catch (e) {
      void message.error(mensagemDeErro(e));
    } finally {
      setBaixando(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      disabled={baixando}
      menu={{
        items: [
          { key: 'json', label: t('pessoas:dadosPessoais.formatoJson') },
          { key: 'pdf', label: t('pessoas:dadosPessoais.formatoPdf') },
        ],
        onClick: ({ key }) => void exportar(key),
      }}
    >
      <Button icon={<ExportOutlined />} loading={baixando}>
        {t('pessoas:dadosPessoais.exportar')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/**
 * "Anonimizar" (LGPD erasure right): after a confirmation that says it cannot be undone and a
 * reason for the record, the person's personal data is erased for good; the caller reloads it.
 * `concluir`: the record is anonymized but the payment provider's customer is not yet, and the
 * same request finishes it.
 */
export function AnonimizarPessoa({
  id,
  concluir = false,
  aoAnonimizar,
}: {
  id: number;
  concluir?: boolean;
  aoAnonimizar: () => Promise<unknown>;
}) {
  const { t } = useTranslation(['campos', 'comum', 'pessoas', 'validacao']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ motivo: string }>();
  const [aberto, setAberto] = useState(false);
  const [enviando, setEnviando] = useState(false);
  const campo = t('campos:motivo');
  const acao = concluir ? t('pessoas:dadosPessoais.concluirAnonimizacao') : t('pessoas:dadosPessoais.anonimizar');

  const anonimizar = async ({ motivo }: { motivo: string }) => {
    setEnviando(true);
    try {
      await api.post(`${RECURSO}/${id}/anonimizar`, { motivo: motivo.trim() });
      setAberto(false);
      void message.success(t('pessoas:dadosPessoais.anonimizada'));
      await aoAnonimizar();
    } catch (e) {
      // A refused reason stays on its field; a refusal of the person (a user, already done) closes the dialog.
      if (aplicarErrosServidor(form, e)) return;
      setAberto(false);
      void message.error(mensagemDeErro(e));
      // The record may be anonymized even so (the provider's part failed): show it as it is now.
      await aoAnonimizar();
    } finally {
      setEnviando(false);
    }
  };

  return (
    <>
      <Button danger icon={<UserDeleteOutlined />} onClick={() => setAberto(true)}>
        {acao}
      </Button>
      <Modal
        open={aberto}
        title={acao}
        okText={acao}
        okButtonProps={{ danger: true, loading: enviando }}
        cancelText={t('comum:cancelar')}
        onOk={() => form.submit()}
        onCancel={() => setAberto(false)}
        destroyOnHidden
      >
        <Alert
          type="warning"
          showIcon
          title={t('pessoas:dadosPessoais.anonimizarConfirmar')}
          style={{ marginBottom: 16 }}
        />
        <Form form={form} name="anonimizar" layout="vertical" onFinish={(v) => void anonimizar(v)}>
          <Form.Item
            name="motivo"
            label={campo}
            required
            extra={t('pessoas:dadosPessoais.motivoDica')}
            rules={[
              {
                // The server trims before it counts, and so does this rule.
                validator: async (_, v: string | undefined) => {
                  const n = (v ?? '').trim().length;
                  if (!n) throw new Error(t('validacao:obrigatorio', { campo }));
                  if (n < MOTIVO.min) throw new Error(t('validacao:tamanhoMinimo', { campo, n: MOTIVO.min }));
                  if (n > MOTIVO.max) throw new Error(t('validacao:tamanhoMaximo', { campo, n: MOTIVO.max }));
                },
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={MOTIVO.max} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
