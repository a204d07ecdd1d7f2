import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { apiFalsa, montar, prepararTelas } from '../../test/ambiente';
import { cliente, dados } from './cliente';
import { useMutacaoForm } from './useMutacaoForm';

prepararTelas();

function Dialogo({ aoRecusar, aoConcluir }: { aoRecusar: () => void; aoConcluir?: () => void }) {
  const [form] = Form.useForm<{ motivo: string }>();
  const m = useMutacaoForm(form, {
    mutationFn: (v: { motivo: string }) =>
      dados(cliente.POST('/api/pessoa/{id}/anonimizar', { params: { path: { id: 7 } }, body: v })),
    invalidar: [['pessoa']],
    sucesso: 'Pessoa anonimizada',
    onSuccess: aoConcluir,
    aoRecusar,
  });
  // The query the write changes: read again once it is done.
  useQuery({
    queryKey: ['pessoa', 7],
    queryFn: () => dados(cliente.GET('/api/pessoa/{id}', { params: { path: { id: 7 } } })),
  });
  return (
    <Form form={form} onFinish={(v) => m.mutate(v)}>
      <Form.Item name="motivo" label="Motivo">
        <Input />
      </Form.Item>
      <Button htmlType="submit">Enviar</Button>
    </Form>
  );
}

const recusa = (corpo: object, status = 400) => [
  { metodo: 'POST', caminho: /anonimizar$/, responder: () => ({ status, corpo }) },
];

describe('useMutacaoForm', () => {
  it('reads again what the write changed, says it is done, then lets the page go on', async () => {
    const { pedidos } = apiFalsa([
      { metodo: 'POST', caminho: /anonimizar$/, responder: () => ({ corpo: { sucesso: true } }) },
      { metodo: 'GET', caminho: /^\/api\/pessoa\/7$/, responder: () => ({ corpo: { id: 7 } }) },
    ]);
    const aoConcluir = vi.fn();
    montar(<Dialogo aoRecusar={vi.fn()} aoConcluir={aoConcluir} />, '/lista');
    await waitFor(() => expect(pedidos.filter((p) => p.metodo === 'GET').length).toBe(1));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Pessoa anonimizada')).toBeTruthy();
    await waitFor(() => expect(aoConcluir).toHaveBeenCalledOnce());
    expect(pedidos.filter((p) => p.metodo === 'GET').length).toBe(2);
  });

  it('puts a field refusal on its field and nothing else', async () => {
    apiFalsa(
      recusa({ codigo: 'VALIDACAO', mensagem: 'inválido', campos: [{ campo: 'motivo', mensagem: 'Curto demais' }] }),
    );
    const aoRecusar = vi.fn();
    montar(<Dialogo aoRecusar={aoRecusar} />, '/lista');
    await userEvent.type(screen.getByLabelText('Motivo'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Curto demais')).toBeTruthy();
    expect(aoRecusar).not.toHaveBeenCalled();
  });

  it('tells any other refusal as a message and lets the page react', async () => {
    apiFalsa(recusa({ codigo: 'REGRA', mensagem: 'Pessoa já anonimizada' }, 422));
    const aoRecusar = vi.fn();
    montar(<Dialogo aoRecusar={aoRecusar} />, '/lista');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Pessoa já anonimizada')).toBeTruthy();
    await waitFor(() => expect(aoRecusar).toHaveBeenCalledOnce());
  });
});
