import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { avisarErro } from '../aviso';
import { aplicarErrosServidor, regrasZod } from '../formulario';

/**
 * The confirmation of a reversal (spec §4): nothing is reversed until the user writes why and
 * confirms; the justification follows the server's rule (`esquema`: its minimum length). `estornar` is a
 * mutation's `mutateAsync` marked `meta: { erroTratado: true }`: its refusal lands on the field
 * here, or as the app's one message.
 */
export function Estorno({
  aberto,
  titulo,
  aviso,
  esquema,
  fechar,
  estornar,
}: {
  aberto: boolean;
  titulo: string;
  aviso: string;
  /** The reversal's input (its `justificativa` rule is the server's). */
  esquema: z.ZodType;
  fechar: () => void;
  estornar: (justificativa: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(['campos', 'comum']);
  const [form] = Form.useForm<{ justificativa: string }>();
  const regras = regrasZod(esquema);
  const enviar = async (v: { justificativa: string }) => {
    try {
      await estornar(v.justificativa);
      fechar();
    } catch (e) {
      if (!aplicarErrosServidor(form, e)) avisarErro(e);
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
