import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, type ButtonProps, Form, type FormProps, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../test/ambiente';
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

prepararTelas();
afterEach(() => localStorage.clear());

type Registro = { id: number; pessoaId: number; motivo: string };

/** The one field the forms below ask for, and their Save when they have one. */
function FormMotivo({ formProps, salvar }: { formProps: FormProps; salvar?: ButtonProps }) {
  return (
    <Form {...formProps}>
      <Form.Item name="motivo" label="Motivo">
        <Input />
      </Form.Item>
      {salvar && <Button {...salvar}>Salvar</Button>}
    </Form>
  );
}

/** A sub-record's form whose way back depends on the record (the person it belongs to). */
function Pagina({ aoErroNosCampos }: { aoErroNosCampos: () => void }) {
  const { formProps, saveButtonProps } = useFormRecurso<Registro>({
    recurso: 'pessoa-integracao-desligamento',
    acesso: 'PessoaIntegracaoDesligamento',
    voltar: (r) => (r ? `/pessoa/form/${r.pessoaId}` : '/pessoa'),
    aoErroNosCampos,
  });
  return <FormMotivo formProps={formProps} salvar={saveButtonProps} />;
}

const salvar = (resposta: { status: number; corpo: object }) =>
  apiFalsa([sessaoDeAdministrador(), { metodo: 'POST', caminho: /desligamento\/?$/, responder: () => resposta }]);

describe('useFormRecurso', () => {
  it('goes back to where the saved record says', async () => {
    salvar({ status: 201, corpo: { id: 5, pessoaId: 9, motivo: 'x' } });
    montar(<Pagina aoErroNosCampos={vi.fn()} />, '/form', '/form/:id?');
    await userEvent.type(await screen.findByLabelText('Motivo'), 'mudou-se');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByTestId('endereco').textContent).toBe('/pessoa/form/9'));
  });

  it('puts field refusals on their fields and tells the page', async () => {
    salvar({
      status: 400,
      corpo: { codigo: 'VALIDACAO', mensagem: 'x', campos: [{ campo: 'motivo', mensagem: 'Curto' }] },
    });
    const aoErroNosCampos = vi.fn();
    montar(<Pagina aoErroNosCampos={aoErroNosCampos} />, '/form', '/form/:id?');
    await userEvent.type(await screen.findByLabelText('Motivo'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Curto')).toBeTruthy();
    expect(aoErroNosCampos).toHaveBeenCalledOnce();
  });

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

  it('a record the page names itself is read and saved through its own calls, and the form stays on it', async () => {
    const gravar = vi.fn(async (corpo: unknown) => ({ id: 7, motivo: (corpo as { motivo: string }).motivo }));
    function Fixo() {
      const { formProps, saveButtonProps } = useFormRecurso<{ id: number; motivo: string }>({
        recurso: 'organizacao',
        acesso: 'ConfiguracaoOrganizacao',
        voltar: '/organizacao',
        permanecer: true,
        fixo: { id: 7, chave: ['fixo'], ler: async () => ({ id: 7, motivo: 'antes' }), gravar },
      });
      return <FormMotivo formProps={formProps} salvar={saveButtonProps} />;
    }
    apiFalsa([sessaoDeAdministrador()]);
    montar(<Fixo />, '/configuracoes', '/configuracoes');
    const campo = await screen.findByLabelText('Motivo');
    await waitFor(() => expect((campo as HTMLInputElement).value).toBe('antes'));
    await userEvent.clear(campo);
    await userEvent.type(campo, 'depois');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(gravar).toHaveBeenCalledWith({ motivo: 'depois' }));
    expect(screen.getByTestId('endereco').textContent).toBe('/configuracoes');
  });
  it('a record reloaded while the user types (a hub event) keeps what was typed', async () => {
    let versao = 0;
    const ler = vi.fn(async () => ({ id: 3, motivo: `versão ${++versao}` }));
    function Chamado() {
      const { formProps, consulta } = useFormRecurso<{ id: number; motivo: string }>({
        recurso: 'atendimento-triagem',
        acesso: 'AtendimentoTriagem',
        voltar: '/atendimento-triagem',
        permanecer: true,
        fixo: { id: 3, chave: ['chamado'], ler, gravar: vi.fn() },
      });
      return (
        <>
          <FormMotivo formProps={formProps} />
          <Button onClick={() => void consulta.refetch()}>Recarregar</Button>
        </>
      );
    }
    apiFalsa([sessaoDeAdministrador()]);
    montar(<Chamado />, '/chamado', '/chamado');
    const campo = (await screen.findByLabelText('Motivo')) as HTMLInputElement;
    await waitFor(() => expect(campo.value).toBe('versão 1'));
    // Untouched, the form shows the record as it now is.
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(campo.value).toBe('versão 2'));
    await userEvent.clear(campo);
    await userEvent.type(campo, 'meu texto');
    await userEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(ler).toHaveBeenCalledTimes(3));
    expect(campo.value).toBe('meu texto');
  });
});
