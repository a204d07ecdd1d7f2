import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { apiFalsa, listaDeAdministrador, montar, prepararTelas, sessaoDeAdministrador } from '../../../test/ambiente';
import { ApiError } from '../api';
import { useFormRecurso } from '../useFormRecurso';
import { useListaRecurso } from '../useListaRecurso';
import { AcaoExcluir, AcaoLinha } from './AcoesLinha';
import { celulaDataHora } from './celulas';
import type { FiltroLista } from './filtros';
import { CabecalhoDaLista, FiltrosDaLista } from './PartesDaLista';

const FILTROS: readonly FiltroLista[] = [
  {
    tipo: 'escolha',
    nome: 'organizacaoId',
    opcoes: [
      { value: 1, label: 'Sínodo' },
      { value: 2, label: 'Paróquia' },
    ],
  },
];

/** An audit-like list: an export that writes CSV only, a filter whose options the page read. */
function Lista() {
  const lista = useListaRecurso({
    recurso: 'auditoria-acesso',
    acesso: 'AuditoriaAcesso',
    filtros: FILTROS,
    formatos: ['csv'],
    colunas: [{ key: 'rota', dataIndex: 'rota', title: 'Rota' }],
  });
  return (
    <>
      <CabecalhoDaLista titulo="Auditoria" lista={lista} />
      <FiltrosDaLista lista={lista} />
      <Table {...lista.tableProps} />
    </>
  );
}

function api() {
  return apiFalsa([
    ...listaDeAdministrador(),
    {
      metodo: 'GET',
      caminho: /^\/api\/auditoria-acesso\/paginado$/,
      responder: () => ({ corpo: { itens: [{ id: 1, rota: '/api/culto' }], total: 1, pagina: 1, quantidade: 10 } }),
    },
    {
      metodo: 'POST',
      caminho: /^\/api\/culto\/$/,
      responder: () => ({ corpo: { id: 5, lancamentoCaixaId: null }, status: 201 }),
    },
  ]);
}

prepararTelas();

describe('list parts', () => {
  it('offers only the formats the export writes, and keeps a page-read option as its id', async () => {
    const f = api();
    montar(<Lista />, '/lista?organizacaoId=2');
    await screen.findByText('/api/culto');
    expect(screen.getByRole('button', { name: /Exportar CSV/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Exportar XLSX/ })).toBeNull();
    // The address's id is the option's value: its label shows, and the API gets the id.
    expect(screen.getByText('Paróquia')).toBeTruthy();
    const pedido = f.pedidos.find((p) => p.url.pathname === '/api/auditoria-acesso/paginado');
    expect(pedido?.url.searchParams.get('organizacaoId')).toBe('2');
  }, 30_000);

  it('writes a moment in the reader’s date format and local time', () => {
    expect(celulaDataHora('2026-11-10T14:05:09')).toBe('10/11/2026 14:05:09');
    expect(celulaDataHora(null)).toBe('');
  });
});

/** A form whose page shows one refusal itself, and whose save opens the created record. */
function Formulario({ tratar }: { tratar: (e: unknown) => boolean }) {
  const f = useFormRecurso<{ id: number }>({
    recurso: 'culto',
    acesso: 'Culto',
    voltar: '/culto',
    erro: (e) => tratar(e),
    aposSalvar: (salvo) => `/culto/form/${salvo.id}/visualizacao`,
  });
  return (
    <Form {...f.formProps}>
      <Form.Item name="destino" label="Destino">
        <Input />
      </Form.Item>
      <Button {...f.saveButtonProps}>Salvar</Button>
    </Form>
  );
}

describe('useFormRecurso', () => {
  it('opens the created record when told where a save goes', async () => {
    api();
    montar(<Formulario tratar={() => false} />, '/culto/form', '/culto/form/:id?/:visualizacao?');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.getByTestId('endereco').textContent).toBe('/culto/form/5/visualizacao'));
  });

  it('lets the page show a refusal itself, before the field errors and the message', async () => {
    apiFalsa([
      sessaoDeAdministrador(),
      {
        metodo: 'POST',
        caminho: /^\/api\/culto\/$/,
        responder: () => ({
          status: 400,
          corpo: { codigo: 'VALIDACAO', mensagem: 'Recusado', campos: [{ campo: 'permissoes.0', mensagem: 'Não' }] },
        }),
      },
    ]);
    const tratar = vi.fn(() => true);
    montar(<Formulario tratar={tratar} />, '/culto/form', '/culto/form/:id?/:visualizacao?');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(tratar).toHaveBeenCalledOnce());
    expect((tratar.mock.calls[0] as unknown[])[0]).toBeInstanceOf(ApiError);
    expect(screen.getByTestId('endereco').textContent).toBe('/culto/form');
  });
});

describe('row actions', () => {
  it('runs a confirmed action only after yes, and asks a verb-led one with its own verb and Cancel', async () => {
    apiFalsa([sessaoDeAdministrador()]);
    const repetir = vi.fn();
    const excluir = vi.fn();
    montar(
      <>
        <AcaoLinha rotulo="Repetir" confirmacao="Repetir a tarefa?" aoClicar={repetir} />
        <AcaoExcluir confirmacao="Excluir o filtro?" aoExcluir={excluir} />
      </>,
      '/lista',
    );
    const usuario = userEvent.setup();
    await usuario.click(await screen.findByRole('button', { name: 'Repetir' }));
    expect(repetir).not.toHaveBeenCalled();
    await usuario.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(repetir).toHaveBeenCalledOnce());

    await usuario.click(screen.getByRole('button', { name: 'Excluir' }));
    await screen.findByText('Excluir o filtro?');
    await usuario.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(excluir).not.toHaveBeenCalled();
  }, 30_000);
});
