import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { avisarErro } from '../aviso';
import { aplicarErrosServidor, regrasZod } from '../formulario';

/**
 * The confirmation of a reversal (spec §4): nothing is reversed until the user writes why and
 * confirms; the justification follows the server's rule (`esquema`: its minimum length). `estornar` is a
 * mutation's `mutateAsync` marked `meta: { erroTratado: true }`: its refusal lands on the field
 * here, or as the app's one message. `campo` names the reason's field when it is not
 * `justificativa` (a receivable's cancel asks for its `motivo`).
 */
export function Estorno({
  aberto,
  titulo,
  aviso,
  esquema,
  fechar,
  estornar,
  campo = 'justificativa',
}: {
  aberto: boolean;
  titulo: string;
  aviso: string;
  /** The reversal's input (its `justificativa` rule is the server's). */
  esquema: z.ZodType;
  fechar: () => void;
  estornar: (justificativa: string) => Promise<unknown>;
  campo?: 'justificativa' | 'motivo';
}) {
  const { t } = useTranslation(['campos', 'comum']);
  const [form] = Form.useForm<Record<string, string>>();
  const regras = regrasZod(esquema);
  // The form outlives the dialog: a reason written for one record must not reappear for the next.
  const fecharLimpo = () => {
    form.resetFields();
    fechar();
  };
  const enviar = async (v: Record<string, string>) => {
    try {
      await estornar(v[campo] ?? '');
      fecharLimpo();
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
      onCancel={fecharLimpo}
      destroyOnHidden
    >
      <Typography.Paragraph>{aviso}</Typography.Paragraph>
      <Form form={form} name="estorno" layout="vertical" onFinish={enviar}>
        <Form.Item name={campo} label={t(`campos:${campo}`)} required rules={regras(campo)}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
