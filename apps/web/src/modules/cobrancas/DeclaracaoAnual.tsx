import { FileTextOutlined } from '@ant-design/icons';
import { declaracaoAnualQuery } from '@sig/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { baixarArquivo } from '../../platform/api';
import { useAutorizacao } from '../../platform/autorizacao';
import { cliente } from '../../platform/cliente';
import { SelectReferencia } from '../../platform/crud/controles';
import { regrasZod } from '../../platform/formulario';
import { ACESSO_RECIBO } from './comum';

type Valores = { pessoaId?: number; ano?: number };
const regras = regrasZod(declaracaoAnualQuery);

/**
 * The "annual statement" button: a person and a calendar year → the contribution statement PDF
 * for the income-tax return (GET /api/recibo/declaracao-anual). Shown to whoever reads receipts.
 */
export function DeclaracaoAnual({ pessoaId }: { pessoaId?: number }) {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum']);
  const { pode } = useAutorizacao();
  const [aberto, setAberto] = useState(false);
  const [form] = Form.useForm<Valores>();
  const baixar = useMutation({
    mutationFn: async (v: Required<Valores>) => {
      const { data, response } = await cliente.GET('/api/recibo/declaracao-anual', {
        params: { query: v },
        parseAs: 'blob',
      });
      baixarArquivo(data as Blob, response, `declaracao-${v.ano}.pdf`);
    },
    onSuccess: () => setAberto(false),
  });
  if (!pode(ACESSO_RECIBO, 'R')) return null;
  return (
    <>
      <Button
        icon={<FileTextOutlined />}
        data-testid="declaracao-anual"
        onClick={() => setAberto(true)}
      >
        {t('cobrancas:declaracao.botao')}
      </Button>
      <Modal
        open={aberto}
        title={t('cobrancas:declaracao.titulo')}
        okText={t('cobrancas:declaracao.baixar')}
        cancelText={t('comum:cancelar')}
        okButtonProps={{ loading: baixar.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setAberto(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('cobrancas:declaracao.ajuda')}</Typography.Paragraph>
        <Form<Valores>
          form={form}
          // Values set before the dialog's form mounts can be lost; the mount applies these.
          initialValues={{ pessoaId, ano: new Date().getFullYear() - 1 }}
          layout="vertical"
          onFinish={(v) => baixar.mutate(v as Required<Valores>)}
          preserve={false}
        >
          <Form.Item name="pessoaId" label={t('campos:pessoaId')} required rules={regras('pessoaId')}>
            <SelectReferencia referencia="pessoa" allowClear />
          </Form.Item>
          <Form.Item name="ano" label={t('cobrancas:declaracao.ano')} required rules={regras('ano')}>
            <InputNumber precision={0} min={1900} max={2999} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
