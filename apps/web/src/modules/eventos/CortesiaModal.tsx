import { inscricaoInput } from '@sig/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { cliente, dados } from '../../platform/cliente';
import { SelectReferencia } from '../../platform/crud/controles';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useMutacaoForm } from '../../platform/useMutacaoForm';

const regras = regrasZod(inscricaoInput);

type Valores = { eventoId: number; nome: string; email: string; motivoCortesia: string };

/**
 * Grants a courtesy: a registration confirmed without a charge, with the reason it is granted,
 * after the user confirms it.
 */
export function CortesiaModal({
  aberto,
  fechar,
  eventoId,
  invalidar,
}: {
  aberto: boolean;
  fechar: () => void;
  /** The event the list is filtered by, proposed as the courtesy's. */
  eventoId?: number;
  invalidar: readonly QueryKey[];
}) {
  const { t } = useTranslation(['campos', 'comum', 'eventos', 'validacao']);
  const { modal } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const conceder = useMutacaoForm(form, {
    mutationFn: (v: Valores) =>
      dados(cliente.POST('/api/inscricoes-de-eventos/', { body: { ...v, cortesia: true } as never })),
    invalidar,
    sucesso: (i) => t('eventos:cortesiaConcedida', { nome: i.nome, codigo: i.codigo }),
    onSuccess: fechar,
  });
  return (
    <ModalDeFormulario<Valores>
      aberto={aberto}
      titulo={t('eventos:novaCortesia')}
      textoOk={t('eventos:novaCortesia')}
      form={form}
      enviando={conceder.isPending}
      okTestId="conceder-cortesia"
      fechar={fechar}
      nome="cortesia"
      iniciais={{ eventoId }}
      aoEnviar={(v) =>
        modal.confirm({
          title: t('eventos:confirmarCortesia'),
          okText: t('comum:confirmar'),
          cancelText: t('comum:cancelar'),
          onOk: () => conceder.mutate(v),
        })
      }
    >
      <Form.Item name="eventoId" label={t('campos:eventoId')} required rules={regras('eventoId')}>
        <SelectReferencia referencia="evento-com-inscricao" data-testid="cortesia-evento" />
      </Form.Item>
      <Form.Item name="nome" label={t('campos:nome')} required rules={regras('nome')}>
        <Input data-testid="cortesia-nome" />
      </Form.Item>
      <Form.Item name="email" label={t('campos:email')} required rules={regras('email')}>
        <Input data-testid="cortesia-email" />
      </Form.Item>
      <Form.Item
        name="motivoCortesia"
        label={t('campos:motivoCortesia')}
        required
        rules={[{ required: true, message: t('validacao:obrigatorio') }, ...regras('motivoCortesia')]}
      >
        <Input.TextArea rows={2} data-testid="cortesia-motivo" />
      </Form.Item>
    </ModalDeFormulario>
  );
}
