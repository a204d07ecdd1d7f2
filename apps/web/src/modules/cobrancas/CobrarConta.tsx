import { type ContaAReceber, FORMAS_COBRANCA, MAX_PARCELAS } from '@sig/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../platform/api';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';

type Valores = { forma: (typeof FORMAS_COBRANCA)[number]; parcelas: number };

/**
 * Generates the provider charge of a receivable. Below the minimum the server refuses; the user
 * is asked and, on confirming, the charge goes out at the minimum (spec §5).
 */
export function CobrarConta({ conta, fechar }: { conta: ContaAReceber | null; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum']);
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Valores>();

  const enviar = async (v: Valores, confirmarMinimo = false) => {
    if (!conta) return;
    try {
      await api.post('cobranca', { contaAReceberId: conta.id, ...v, confirmarMinimo });
      await qc.invalidateQueries({ queryKey: ['conta-a-receber'] });
      void message.success(t('cobrancas:receber.cobrancaGerada'));
      fechar();
    } catch (e) {
      if (e instanceof ApiError && e.codigo === 'COBRANCA_VALOR_MINIMO' && !confirmarMinimo) {
        modal.confirm({
          title: t('cobrancas:receber.confirmarMinimoTitulo'),
          content: e.message,
          okText: t('comum:confirmar'),
          cancelText: t('comum:cancelar'),
          onOk: () => enviar(v, true),
        });
        return;
      }
      if (!aplicarErrosServidor(form, e)) void message.error(mensagemDeErro(e));
    }
  };

  return (
    <Modal
      open={!!conta}
      title={t('cobrancas:receber.cobrarTitulo', { titular: conta?.titularNome ?? '' })}
      okText={t('cobrancas:receber.cobrar')}
      cancelText={t('comum:cancelar')}
      onOk={() => form.submit()}
      onCancel={fechar}
      destroyOnHidden
    >
      <Form<Valores>
        form={form}
        name="cobrar"
        layout="vertical"
        initialValues={{ forma: 'BOLETO', parcelas: conta?.parcelas ?? 1 }}
        onFinish={(v) => enviar(v)}
      >
        <Form.Item name="forma" label={t('campos:formaPagamento')} required>
          <Select options={FORMAS_COBRANCA.map((f) => ({ value: f, label: t(`campos:opcao.formaPagamento.${f}`) }))} />
        </Form.Item>
        <Form.Item name="parcelas" label={t('campos:parcelas')} required>
          <InputNumber min={1} max={MAX_PARCELAS} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
