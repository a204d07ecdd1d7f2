import { type ContaAReceber, cobrancaInput, FORMAS_COBRANCA } from '@sig/contracts';
import { App, Form, InputNumber, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../platform/api';
import { avisarErro } from '../../platform/aviso';
import { chaves, cliente, dados } from '../../platform/cliente';
import { ModalDeFormulario } from '../../platform/crud/ModalDeFormulario';
import { aplicarErrosServidor, regrasZod } from '../../platform/formulario';
import { useAcao } from '../../platform/useMutacaoForm';

type Forma = (typeof FORMAS_COBRANCA)[number];
type Valores = { forma: Forma; parcelas: number };

/** What a receivable's charge starts from: the method and installments saved on it (issue 17 item 7). */
const inicio = (c: ContaAReceber): Valores => ({
  forma: FORMAS_COBRANCA.includes(c.formaPagamento as Forma) ? (c.formaPagamento as Forma) : 'BOLETO',
  parcelas: c.parcelas || 1,
});

/**
 * Generates the provider charge of a receivable. Below the minimum the server refuses; the user
 * is asked and, on confirming, the charge goes out at the minimum (spec §5).
 */
export function CobrarConta({ conta, fechar }: { conta: ContaAReceber | null; fechar: () => void }) {
  const { t } = useTranslation(['campos', 'cobrancas', 'comum']);
  const { modal } = App.useApp();
  const [form] = Form.useForm<Valores>();
  const regras = regrasZod(cobrancaInput);
  // The form's store outlives the dialog: each opening starts again from its own receivable.
  useEffect(() => {
    if (conta) form.setFieldsValue(inicio(conta));
  }, [conta, form]);

  const cobrar = useAcao({
    mutationFn: (v: Valores & { contaAReceberId: number; confirmarMinimo: boolean }) =>
      dados(cliente.POST('/api/cobranca/', { body: v })),
    invalidar: [chaves('conta-a-receber').todas, chaves('cobranca').todas],
    sucesso: t('cobrancas:receber.cobrancaGerada'),
    onSuccess: fechar,
    onError: (e, v) => {
      if (e instanceof ApiError && e.codigo === 'COBRANCA_VALOR_MINIMO' && !v.confirmarMinimo) {
        modal.confirm({
          title: t('cobrancas:receber.confirmarMinimoTitulo'),
          content: e.message,
          okText: t('comum:confirmar'),
          cancelText: t('comum:cancelar'),
          onOk: () => cobrar.mutate({ ...v, confirmarMinimo: true }),
        });
      } else if (!aplicarErrosServidor(form, e)) avisarErro(e);
    },
  });

  return (
    <ModalDeFormulario<Valores>
      aberto={!!conta}
      titulo={t('cobrancas:receber.cobrarTitulo', { titular: conta?.titularNome ?? '' })}
      textoOk={t('cobrancas:receber.cobrar')}
      form={form}
      enviando={cobrar.isPending}
      fechar={fechar}
      nome="cobrar"
      aoEnviar={(v) => conta && cobrar.mutate({ contaAReceberId: conta.id, ...v, confirmarMinimo: false })}
    >
      <Form.Item name="forma" label={t('campos:formaPagamento')} required rules={regras('forma')}>
        <Select options={FORMAS_COBRANCA.map((f) => ({ value: f, label: t(`campos:opcao.formaPagamento.${f}`) }))} />
      </Form.Item>
      <Form.Item name="parcelas" label={t('campos:parcelas')} required rules={regras('parcelas')}>
        <InputNumber precision={0} />
      </Form.Item>
    </ModalDeFormulario>
  );
}
