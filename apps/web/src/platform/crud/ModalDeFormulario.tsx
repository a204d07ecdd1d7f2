import { type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog around a form: OK submits the form (`textoOk`, default Save; busy while `enviando`),
 * Cancel and the close button call `fechar`; the form is dropped when the dialog closes.
 */
export function ModalDeFormulario({
  aberto = true,
  titulo,
  textoOk,
  form,
  enviando,
  perigo,
  okTestId,
  fechar,
  children,
}: {
  aberto?: boolean;
  titulo: ReactNode;
  textoOk?: string;
  form: FormInstance;
  enviando?: boolean;
  /** OK does something that cannot be undone. */
  perigo?: boolean;
  okTestId?: string;
  fechar: () => void;
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
      {children}
    </Modal>
  );
}
