import { type InscricaoListQuery, inscricoesEmailInput, MARCADOR_NOME_INSCRITO } from '@sig/contracts';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cliente, dados } from '../../platform/cliente';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { regrasZod } from '../../platform/formulario';
import { useMutacaoForm } from '../../platform/useMutacaoForm';
import { ROTA_EMAIL_INSCRITOS } from './comum';

const regras = regrasZod(inscricoesEmailInput);

type Valores = { assunto: string; texto: string };

/**
 * A message to registrants: the rows picked (or, none picked, every row of the filters in force,
 * which the server reads again), sent as a batch whose progress opens next.
 */
export function EmailInscritosModal({
  aberto,
  fechar,
  filtros,
  ids,
  total,
}: {
  aberto: boolean;
  fechar: () => void;
  filtros: Partial<InscricaoListQuery>;
  ids: number[];
  /** The rows of the filters in force, for the count shown. */
  total: number;
}) {
  const { t } = useTranslation(['campos', 'eventos']);
  const navegar = useNavigate();
  const [form] = Form.useForm<Valores>();
  const { pagina: _p, quantidade: _q, ordem: _o, ...filtro } = filtros;
  const enviar = useMutacaoForm(form, {
    mutationFn: (v: Valores) =>
      dados(
        cliente.POST('/api/inscricoes-de-eventos/email/', {
          body: { ...filtro, ...(ids.length ? { ids } : {}), ...v } as never,
        }),
      ),
    sucesso: (l) => t('eventos:email.criado', { count: l.total }),
    onSuccess: (l) => {
      form.resetFields();
      fechar();
      navegar(`${ROTA_EMAIL_INSCRITOS}/${l.id}`);
    },
  });
  return (
    <ModalDeFormulario
      aberto={aberto}
      titulo={t('eventos:email.titulo')}
      textoOk={t('eventos:email.enviar')}
      form={form}
      enviando={enviar.isPending}
      okTestId="enviar-email-inscritos"
      fechar={fechar}
    >
      <Typography.Paragraph data-testid="email-destinatarios">
        {ids.length
          ? t('eventos:email.paraSelecionadas', { count: ids.length })
          : t('eventos:email.paraFiltro', { count: total })}
      </Typography.Paragraph>
      <Form<Valores> form={form} name="email-inscritos" layout="vertical" onFinish={(v) => enviar.mutate(v)}>
        <Form.Item name="assunto" label={t('campos:assunto')} required rules={regras('assunto')}>
          <Input maxLength={200} data-testid="email-assunto" />
        </Form.Item>
        <Form.Item
          name="texto"
          label={t('campos:texto')}
          required
          rules={regras('texto')}
          extra={t('eventos:email.marcador', { marcador: MARCADOR_NOME_INSCRITO })}
        >
          <Input.TextArea rows={6} maxLength={10_000} data-testid="email-texto" />
        </Form.Item>
      </Form>
    </ModalDeFormulario>
  );
}
