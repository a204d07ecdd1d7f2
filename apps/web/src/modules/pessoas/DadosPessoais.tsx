import { DownOutlined, ExportOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Dropdown, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baixarArquivo } from '../../platform/api';
import { cliente, dados } from '../../platform/cliente';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { useMutacaoForm } from '../../platform/useMutacaoForm';

const MOTIVO = { min: 10, max: 500 };

/** "Exportar dados pessoais" (LGPD access right): everything kept about the person, as JSON or PDF. */
export function ExportarDadosPessoais({ id }: { id: number }) {
  const { t } = useTranslation(['campos', 'comum', 'pessoas', 'validacao']);
  // A refusal is told by the app's handler.
  const exportacao = useMutation({
    mutationFn: async (formato: 'json' | 'pdf') => {
      const { data, response } = await cliente.GET('/api/pessoa/{id}/dados-pessoais', {
        params: { path: { id }, query: { formato } },
        parseAs: 'blob',
      });
      baixarArquivo(data as Blob, response, `dados-pessoais-${id}.${formato}`);
    },
  });
  const baixando = exportacao.isPending;
  return (
    <Dropdown
      trigger={['click']}
      disabled={baixando}
      menu={{
        items: [
          { key: 'json', label: t('pessoas:dadosPessoais.formatoJson') },
          { key: 'pdf', label: t('pessoas:dadosPessoais.formatoPdf') },
        ],
        onClick: ({ key }) => exportacao.mutate(key as 'json' | 'pdf'),
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
  const campo = t('campos:motivo');
  const acao = concluir ? t('pessoas:dadosPessoais.concluirAnonimizacao') : t('pessoas:dadosPessoais.anonimizar');

  // A refused reason stays on its field; a refusal of the person (a user, already done) closes the
  // dialog, and the record may be anonymized even so (the provider's part failed): shown as it is now.
  const anonimizacao = useMutacaoForm(form, {
    mutationFn: ({ motivo }: { motivo: string }) =>
      dados(cliente.POST('/api/pessoa/{id}/anonimizar', { params: { path: { id } }, body: { motivo: motivo.trim() } })),
    onSuccess: async () => {
      setAberto(false);
      void message.success(t('pessoas:dadosPessoais.anonimizada'));
      await aoAnonimizar();
    },
    aoRecusar: () => {
      setAberto(false);
      void aoAnonimizar();
    },
  });

  return (
    <>
      <Button danger icon={<UserDeleteOutlined />} onClick={() => setAberto(true)}>
        {acao}
      </Button>
      <ModalDeFormulario
        aberto={aberto}
        titulo={acao}
        textoOk={acao}
        form={form}
        enviando={anonimizacao.isPending}
        perigo
        fechar={() => setAberto(false)}
      >
        <Alert
          type="warning"
          showIcon
          title={t('pessoas:dadosPessoais.anonimizarConfirmar')}
          style={{ marginBottom: 16 }}
        />
        <Form form={form} name="anonimizar" layout="vertical" onFinish={(v) => anonimizacao.mutate(v)}>
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
      </ModalDeFormulario>
    </>
  );
}
