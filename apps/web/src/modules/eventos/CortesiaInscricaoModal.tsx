import { type Inscricao, motivoInput } from '@sig/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { cliente, dados } from '../../platform/cliente';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useMutacaoForm } from '../../platform/useMutacaoForm';

const regras = regrasZod(motivoInput);

type Valores = { motivo: string };

/** Grants a courtesy to a pending registration: it keeps its seat, confirmed without a charge, with the reason. */
export function CortesiaInscricaoModal({
  inscricao,
  fechar,
  invalidar,
}: {
  /** The registration, or null when closed. */
  inscricao: Inscricao | null;
  fechar: () => void;
  invalidar: readonly QueryKey[];
}) {
  const { t } = useTranslation(['campos', 'eventos']);
  const [form] = Form.useForm<Valores>();
  const conceder = useMutacaoForm(form, {
    mutationFn: (v: Valores) =>
      dados(
        cliente.POST('/api/inscricoes-de-eventos/{id}/cortesia', {
          params: { path: { id: inscricao?.id ?? 0 } },
          body: v,
        }),
      ),
    invalidar,
    sucesso: (i) => t('eventos:cortesiaConcedida', { nome: i.nome, codigo: i.codigo }),
    onSuccess: () => {
      form.resetFields();
      fechar();
    },
  });
  return (
    <ModalDeFormulario
      aberto={inscricao !== null}
      titulo={t('eventos:concederCortesia')}
      textoOk={t('eventos:concederCortesia')}
      form={form}
      enviando={conceder.isPending}
      okTestId="confirmar-cortesia-inscricao"
      fechar={fechar}
    >
      <Typography.Paragraph>
        {inscricao && t('eventos:cortesiaDe', { nome: inscricao.nome, codigo: inscricao.codigo })}
      </Typography.Paragraph>
      <Form<Valores> form={form} name="cortesia-inscricao" layout="vertical" onFinish={(v) => conceder.mutate(v)}>
        <Form.Item name="motivo" label={t('campos:motivoCortesia')} required rules={regras('motivo')}>
          <Input.TextArea rows={2} maxLength={300} data-testid="cortesia-inscricao-motivo" />
        </Form.Item>
      </Form>
    </ModalDeFormulario>
  );
}
