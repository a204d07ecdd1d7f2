import { justificativaEstornoInput } from '@sig/contracts';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { aplicarErrosServidor, mensagemDeErro, regrasZod } from '../../platform/formulario';

/**
 * The confirmation of a reversal (spec §4): nothing is reversed until the user writes why and
 * confirms; the justification follows the server's rule (minimum length).
 */
export function Estorno({
  aberto,
  titulo,
  aviso,
  fechar,
  estornar,
}: {
  aberto: boolean;
  titulo: string;
  aviso: string;
  fechar: () => void;
  estornar: (justificativa: string) => Promise<void>;
}) {
  const { t } = useTranslation(['campos', 'comum']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ justificativa: string }>();
  const regras = regrasZod(justificativaEstornoInput);
  const enviar = async (v: { justificativa: string }) => {
    try {
      await estornar(v.justificativa);
      fechar();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };
  return (
    <Modal
      open={aberto}
      title={titulo}
      okText={t('comum:confirmar')}
      okButtonProps={{ danger: true }}
      cancelText={t('comum:cancelar')}
      onOk={() => form.submit()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Typography.Paragraph>{aviso}</Typography.Paragraph>
      <Form form={form} name="estorno" layout="vertical" onFinish={enviar}>
        <Form.Item name="justificativa" label={t('campos:justificativa')} required rules={regras('justificativa')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
