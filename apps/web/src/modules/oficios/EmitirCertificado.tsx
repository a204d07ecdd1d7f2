import { SafetyCertificateOutlined } from '@ant-design/icons';
import { ACESSO_OFICIOS, emissaoOficioInput } from '@sig/contracts';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';
import { SelectReferencia } from '../../platform/crud/controles';
import { regrasZod } from '../../platform/formulario';
import { useAcao } from '../../platform/useMutacaoForm';
import { baixarOficio } from './OficiosEmitidosPage';

const regras = regrasZod(emissaoOficioInput);
const FILTRO_CERTIFICADOS = { tipoOficio: 'CERTIFICADO_MINISTERIAL' };

/**
 * A minister's certificate (issue 21) issued as a letter: one of the certificate templates of the
 * scope, merged with the person's minister data, numbered, then its PDF downloaded. Shown only to
 * whoever may issue letters.
 */
export function EmitirCertificado({ pessoaId }: { pessoaId: number }) {
  const { t } = useTranslation(['campos', 'oficios', 'comum']);
  const { pode } = useAutorizacao();
  const [aberto, setAberto] = useState(false);
  const [form] = Form.useForm<{ templateId?: number }>();
  const emitir = useAcao({
    mutationFn: (v: { templateId?: number }) =>
      dados(cliente.POST('/api/oficio/', { body: { templateId: v.templateId as number, pessoaId } })),
    invalidar: [chaves('oficio').todas],
    sucesso: (o) => t('oficios:emitido', { numero: o.numeroAno, destinatario: o.destinatario }),
    onSuccess: (o) => {
      setAberto(false);
      void baixarOficio(o);
    },
  });
  if (!pode(ACESSO_OFICIOS, 'C')) return null;
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} onClick={() => setAberto(true)} data-testid="emitir-certificado">
        {t('oficios:certificado.emitir')}
      </Button>
      <Modal
        open={aberto}
        title={t('oficios:certificado.emitir')}
        okText={t('oficios:emitir')}
        okButtonProps={{ loading: emitir.isPending }}
        cancelText={t('comum:cancelar')}
        onOk={() => form.submit()}
        onCancel={() => setAberto(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="emitir-certificado" onFinish={(v) => emitir.mutate(v)}>
          <Form.Item
            name="templateId"
            label={t('campos:templateId')}
            required
            rules={regras('templateId')}
            extra={t('oficios:certificado.dica')}
          >
            <SelectReferencia referencia="template-oficio" filtros={FILTRO_CERTIFICADOS} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
