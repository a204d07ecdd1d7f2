import { Form, type FormItemProps } from 'antd';
import Password from 'antd/es/input/Password';

/**
 * The new password and its confirmation (checked again when the password changes), after the
 * current one when `senhaAtual` names its label; `regras` are the form schema's rules by field.
 */
export function CamposNovaSenha({
  regras,
  senha,
  confirmacao,
  senhaAtual,
}: {
  regras: (campo: string) => FormItemProps['rules'];
  senha: string;
  confirmacao: string;
  senhaAtual?: string;
}) {
  return (
    <>
      {senhaAtual && (
        <Form.Item name="senhaAtual" label={senhaAtual} rules={regras('senhaAtual')}>
          <Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item name="senha" label={senha} rules={regras('senha')}>
        <Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmacaoSenha"
        label={confirmacao}
        rules={regras('confirmacaoSenha')}
        dependencies={['senha']}
      >
        <Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
