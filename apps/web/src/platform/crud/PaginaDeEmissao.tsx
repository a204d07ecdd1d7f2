import { Button, Form, type FormInstance, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Valores = Record<string, unknown>;

/**
 * A page that makes something of what its form asks (labels, a report, booklets, a batch): the
 * title (`aoLado`: what stands at its right, a link to another page), what stands under it
 * (`aviso`), the form's cards (`children`) one under another, and what
 * follows the form (`depois`: the outcome, the batches). `form` left out: only the title, the
 * notice and what follows (a profile that may not create).
 */
export function PaginaDeEmissao({
  titulo,
  aoLado,
  aviso,
  form,
  nome,
  iniciais,
  aoEnviar,
  aoMudar,
  depois,
  children,
}: {
  titulo: string;
  aoLado?: ReactNode;
  aviso?: ReactNode;
  form?: FormInstance<Valores>;
  nome: string;
  iniciais: Valores;
  aoEnviar: (valores: Valores) => void;
  aoMudar?: () => void;
  depois?: ReactNode;
  children: ReactNode;
}) {
  const cabeca = (
    <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
      {titulo}
    </Typography.Title>
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {aoLado ? (
        <Space style={{ justifyContent: 'space-between', width: '100%' }}>
          {cabeca}
          {aoLado}
        </Space>
      ) : (
        cabeca
      )}
      {aviso}
      {form && (
        <Form
          form={form}
          name={nome}
          layout="vertical"
          initialValues={iniciais}
          onValuesChange={aoMudar}
          onFinish={aoEnviar}
        >
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {children}
          </Space>
        </Form>
      )}
      {depois}
    </Space>
  );
}

/** The buttons under an emission form's last card: the page's (`children`), then Clear. */
export function BotoesDeEmissao({
  limparDesabilitado,
  children,
}: {
  limparDesabilitado?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation(['comum']);
  const form = Form.useFormInstance();
  return (
    <Space wrap>
      {children}
      <Button disabled={limparDesabilitado} onClick={() => form.resetFields()}>
        {t('comum:limpar')}
      </Button>
    </Space>
  );
}
