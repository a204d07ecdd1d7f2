import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFalsa, montar, sessaoDeAdministrador, textos } from '../../test/ambiente';
import { useFormRecurso } from './useFormRecurso';

/** A create-only form whose record is shown on a page of its own after saving (a payment). */
function FormPagamento() {
  const { formProps, saveButtonProps } = useFormRecurso<{ id: number }>({
    recurso: 'pagamento',
    acesso: 'Pagamento',
    voltar: '/conta-a-receber',
    aposSalvar: (p) => `/pagamento/form/${p.id}/visualizacao`,
  });
  return (
    <>
      <Form {...formProps} name="pagamento">
        <Form.Item name="observacao" label="Observação">
          <Input />
        </Form.Item>
      </Form>
      <Button {...saveButtonProps}>Salvar</Button>
    </>
  );
}

beforeAll(() => textos());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('useFormRecurso', () => {
  it('goes where `aposSalvar` says after a save, instead of back to the list', async () => {
    const f = apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'POST', caminho: /^\/api\/pagamento\/?$/, responder: () => ({ status: 201, corpo: { id: 42 } }) },
    ]);
    montar(<FormPagamento />, '/pagamento/form', '/pagamento/form/:id?/:visualizacao?');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Observação'), 'em espécie');
    await u.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByTestId('endereco').textContent).toBe('/pagamento/form/42/visualizacao'));
    expect(f.pedidos.find((p) => p.metodo === 'POST')?.corpo).toEqual({ observacao: 'em espécie' });
  });
});
