import { cleanup, render } from '@testing-library/react';
import { Form, type FormInstance, Input, Select } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { aplicarErrosServidor } from './formulario';

afterEach(cleanup);

function formulario(): FormInstance {
  let instancia: FormInstance | undefined;
  function Pagina() {
    const [form] = Form.useForm();
    instancia = form;
    return (
      <Form form={form} initialValues={{ celebrantes: [4, 34], familia: [{ parenteId: 7 }, { parenteId: 9 }] }}>
        <Form.Item name="celebrantes">
          <Select mode="multiple" options={[]} />
        </Form.Item>
        <Form.List name="familia">
          {(itens) =>
            itens.map((i) => (
              <Form.Item key={i.key} name={[i.name, 'parenteId']}>
                <Input />
              </Form.Item>
            ))
          }
        </Form.List>
      </Form>
    );
  }
  render(<Pagina />);
  return instancia!;
}

const recusa = (...campos: string[]) =>
  new ApiError(
    400,
    'VALIDACAO',
    'Verifique os campos informados.',
    campos.map((campo) => ({ campo, mensagem: `${campo.split('.')[0]} não existe` })),
  );

describe('aplicarErrosServidor', () => {
  it('shows an item of a list of plain values on the list, and an item property on its own field', () => {
    const form = formulario();
    expect(aplicarErrosServidor(form, recusa('celebrantes.1', 'celebrantes.0', 'familia.1.parenteId'))).toBe(true);
    expect(form.getFieldError('celebrantes')).toEqual(['celebrantes não existe']);
    expect(form.getFieldError(['familia', 1, 'parenteId'])).toEqual(['familia não existe']);
    expect(form.getFieldError(['familia', 0, 'parenteId'])).toEqual([]);
  });

  it('leaves other errors to the caller', () => {
    expect(aplicarErrosServidor(formulario(), new Error('x'))).toBe(false);
  });
});
