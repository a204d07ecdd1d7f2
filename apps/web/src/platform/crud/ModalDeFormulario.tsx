import { Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog around a form: OK submits the form (`textoOk`, default Save; busy while `enviando`),
 * Cancel and the close button call `fechar`; the form is dropped when the dialog closes. With
 * `aoEnviar` the dialog lays the form out itself (`nome`, its `iniciais`), its fields the children;
 * without, the children hold the page's own form.
 */
export function ModalDeFormulario<V extends object = Record<string, unknown>>({
  aberto = true,
  titulo,
  textoOk,
  form,
  enviando,
  perigo,
  okTestId,
  fechar,
  nome,
  iniciais,
  aoEnviar,
  children,
}: {
  aberto?: boolean;
  titulo: ReactNode;
  textoOk?: string;
  form: FormInstance<V>;
  enviando?: boolean;
  /** OK does something that cannot be undone. */
  perigo?: boolean;
  okTestId?: string;
  fechar: () => void;
  nome?: string;
  iniciais?: Partial<V>;
  aoEnviar?: (valores: V) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['comum']);
  return (
    <Modal
      open={aberto}
      title={titulo}
      okText={textoOk ?? t('comum:salvar')}
      cancelText={t('comum:cancelar')}
      okButtonProps={{ loading: enviando, danger: perigo, ...(okTestId ? { 'data-testid': okTestId } : {}) }}
      onOk={() => form.submit()}
      onCancel={fechar}
      destroyOnHidden
    >
      {aoEnviar ? (
        <Form<V> form={form} name={nome} layout="vertical" initialValues={iniciais} onFinish={aoEnviar}>
          {children}
        </Form>
      ) : (
        children
      )}
    </Modal>
  );
}
