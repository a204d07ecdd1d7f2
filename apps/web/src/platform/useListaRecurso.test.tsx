import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Space, Table } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFalsa, montar, sessaoDeAdministrador, textos } from '../../test/ambiente';
import { AcoesLinha } from './crud/AcoesLinha';
import { celulaData, celulaDinheiro } from './crud/celulas';
import type { FiltroLista } from './crud/filtros';
import { CabecalhoDaLista, FiltrosDaLista } from './crud/PartesDaLista';
import { useListaRecurso } from './useListaRecurso';

const FILTROS: readonly FiltroLista[] = [
  { tipo: 'texto', nome: 'destino' },
  { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte', padrao: 'mes' },
  { tipo: 'booleano', nome: 'santaCeia' },
];

const culto = (id: number, destino: string) => ({
  id,
  data: '2026-11-01',
  hora: '10:00',
  destino,
  ofertas: '10.00',
  lancamentoCaixaId: null,
});

/** A worship-like list on the hook, as a page composes it. */
function Lista() {
  const lista = useListaRecurso({
    recurso: 'culto',
    acesso: 'Culto',
    filtros: FILTROS,
    ordenacao: { ordem: 'desc' },
    rotaForm: '/culto/form',
    invalidar: [['lancamento-caixa']],
    colunas: [
      { key: 'data', dataIndex: 'data', title: 'Data', render: celulaData },
      { key: 'destino', dataIndex: 'destino', title: 'Destino' },
      { key: 'ofertas', dataIndex: 'ofertas', title: 'Ofertas', render: celulaDinheiro, total: celulaDinheiro },
      { key: 'acoes', title: 'Ações', render: (_, c) => <AcoesLinha {...lista.acoes(c)} /> },
    ],
  });
  return (
    <Space orientation="vertical">
      <CabecalhoDaLista titulo="Cultos" lista={lista} />
      <FiltrosDaLista lista={lista} />
      <Table {...lista.tableProps} />
    </Space>
  );
}

type Estado = { cultos: ReturnType<typeof culto>[]; salvos: unknown[]; visoes: unknown[] };
let estado: Estado;

function api() {
  return apiFalsa([
    sessaoDeAdministrador(),
    { metodo: 'GET', caminho: /^\/api\/filtro-salvo\/?$/, responder: () => ({ corpo: estado.salvos }) },
    {
      metodo: 'GET',
      caminho: /^\/api\/visualizacao\/paginado$/,
      responder: () => ({ corpo: { itens: estado.visoes, total: estado.visoes.length, pagina: 1, quantidade: 100 } }),
    },
    {
      metodo: 'GET',
      caminho: /^\/api\/culto\/paginado$/,
      responder: (url) => ({
        corpo: {
          itens: estado.cultos,
          total: estado.cultos.length,
          pagina: Number(url.searchParams.get('pagina')),
          quantidade: Number(url.searchParams.get('quantidade')),
          totais: { presentes: 0, ofertas: '1250.50' },
        },
      }),
    },
    {
      metodo: 'DELETE',
      caminho: /^\/api\/culto\/\d+$/,
      responder: (url) => {
        estado.cultos = estado.cultos.filter((c) => `/api/culto/${c.id}` !== url.pathname);
        return { corpo: { sucesso: true } };
      },
    },
  ]);
}

const endereco = () => new URL(`http://x${screen.getByTestId('endereco').textContent}`);
const listagens = (f: ReturnType<typeof api>) => f.pedidos.filter((p) => p.url.pathname === '/api/culto/paginado');

beforeAll(() => textos());
beforeEach(() => {
  localStorage.clear();
  estado = { cultos: [culto(1, 'Diaconia'), culto(2, 'Missão')], salvos: [], visoes: [] };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useListaRecurso', () => {
  it('opens on the month so far (spec §9) when the address has no filters, with 10 rows a page', async () => {
    const f = api();
    montar(<Lista />, '/lista');
    await screen.findByText('Diaconia');
    const hoje = dayjs();
    // The address shows them too (a navigation, a moment later).
    await waitFor(() =>
      expect(endereco().searchParams.get('periodoDe')).toBe(hoje.startOf('month').format('YYYY-MM-DD')),
    );
    expect(endereco().searchParams.get('periodoAte')).toBe(hoje.format('YYYY-MM-DD'));
    // One request, already with the period: none went out before the defaults were in.
    const [pedido, ...outros] = listagens(f);
    expect(outros).toEqual([]);
    expect(Object.fromEntries(pedido!.url.searchParams)).toMatchObject({
      pagina: '1',
      quantidade: '10',
      ordem: 'desc',
      periodoDe: hoje.startOf('month').format('YYYY-MM-DD'),
    });
    // The dates on screen are the user's, never ISO.
    expect(screen.getByLabelText('Período de')).toHaveProperty('value', hoje.startOf('month').format('DD/MM/YYYY'));
  });

  it('keeps filters, page and sort in the address, and searches from the first page', async () => {
    const f = api();
    montar(<Lista />, '/lista?destino=dia&pagina=2&santaCeia=true');
    await screen.findByText('Diaconia');
    // Filters in the address are the list's: no default period is added.
    expect(endereco().searchParams.get('periodoDe')).toBeNull();
    expect(Object.fromEntries(listagens(f)[0]!.url.searchParams)).toMatchObject({
      destino: 'dia',
      pagina: '2',
      santaCeia: 'true',
    });
    expect(screen.getByLabelText('Destino')).toHaveProperty('value', 'dia');

    const u = userEvent.setup();
    await u.clear(screen.getByLabelText('Destino'));
    await u.type(screen.getByLabelText('Destino'), 'missão');
    await u.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(endereco().searchParams.get('destino')).toBe('missão'));
    expect(endereco().searchParams.get('pagina')).toBeNull();
    await waitFor(() => expect(listagens(f).at(-1)!.url.searchParams.get('destino')).toBe('missão'));
  }, 30_000);

  it('applies the default saved filter instead of the declared defaults', async () => {
    estado.salvos = [{ id: 7, nome: 'Diaconia', padrao: true, filtros: { destino: 'diaconia', santaCeia: 'false' } }];
    const f = api();
    montar(<Lista />, '/lista');
    await screen.findByText('Diaconia');
    await waitFor(() =>
      expect(Object.fromEntries(endereco().searchParams)).toEqual({ destino: 'diaconia', santaCeia: 'false' }),
    );
    expect(listagens(f)).toHaveLength(1);
    expect(listagens(f)[0]!.url.searchParams.get('destino')).toBe('diaconia');
  });

  it('asks before searching a period over 30 days (spec §5/§8), and refuses one that ends before it starts', async () => {
    api();
    montar(<Lista />, '/lista?periodoDe=2026-01-01&periodoAte=2026-01-31');
    await screen.findByText('Diaconia');
    const u = userEvent.setup();
    const ate = screen.getByLabelText('Período até');
    await u.click(ate);
    await u.clear(ate);
    // Enter in a filter searches, as the Search button does.
    await u.type(ate, '15/03/2026{Enter}');
    const [pergunta] = await screen.findAllByText(/O período passa de 30 dias/);
    await u.click(within(pergunta!.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Cancelar' }));
    expect(endereco().searchParams.get('periodoAte')).toBe('2026-01-31');

    await u.click(within(screen.getByTestId('filtros')).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.getAllByText(/O período passa de 30 dias/).length).toBeGreaterThan(1));
    const outra = screen.getAllByText(/O período passa de 30 dias/).at(-1)!;
    await u.click(within(outra.closest('.ant-modal') as HTMLElement).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(endereco().searchParams.get('periodoAte')).toBe('2026-03-15'));

    await u.click(ate);
    await u.clear(ate);
    await u.type(ate, '01/12/2025{Enter}');
    expect(await screen.findByText('A data final não pode ser anterior à data inicial.')).toBeTruthy();
    expect(endereco().searchParams.get('periodoAte')).toBe('2026-03-15');
  }, 40_000);

  it('deletes after confirming, then refreshes the list (and what the delete changed)', async () => {
    const f = api();
    const { consultas } = montar(<Lista />, '/lista?destino=x');
    await screen.findByText('Missão');
    const invalidadas = vi.spyOn(consultas, 'invalidateQueries');
    const u = userEvent.setup();
    const linha = screen.getByText('Missão').closest('tr') as HTMLElement;
    await u.click(within(linha).getByRole('button', { name: 'Excluir' }));
    expect(f.pedidos.some((p) => p.metodo === 'DELETE')).toBe(false);
    await u.click(
      within(document.querySelector('.ant-popconfirm') as HTMLElement).getByRole('button', { name: 'Excluir' }),
    );
    await waitFor(() => expect(screen.queryByText('Missão')).toBeNull());
    expect(f.pedidos.filter((p) => p.metodo === 'DELETE').map((p) => p.url.pathname)).toEqual(['/api/culto/2']);
    expect(await screen.findByText('Registro excluído.')).toBeTruthy();
    expect(invalidadas.mock.calls.map(([o]) => o?.queryKey)).toEqual([['culto'], ['lancamento-caixa']]);
    expect(listagens(f).length).toBeGreaterThan(1);
  }, 30_000);

  it('writes the API totals as the last row, and the saved default view picks the columns', async () => {
    estado.visoes = [{ id: 3, nome: 'Resumo', tela: 'Culto', colunas: 'data, ofertas', padrao: true, ativo: true }];
    api();
    montar(<Lista />, '/lista?destino=x');
    const total = await screen.findByTestId('totais');
    expect(total.textContent).toMatch(/R\$\s1\.250,50/);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Destino' })).toBeNull());
    expect(screen.getByRole('columnheader', { name: 'Ofertas' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeTruthy();
  });

  it('keeps the page size per browser (spec §3 quantidadeRegistrosPorPagina)', async () => {
    localStorage.setItem('quantidadeRegistrosPorPagina', '20');
    const f = api();
    montar(<Lista />, '/lista?destino=x');
    await screen.findByText('Diaconia');
    expect(listagens(f)[0]!.url.searchParams.get('quantidade')).toBe('20');
  });

  it("a list whose New is the page's own dialog shows New and opens it, leaving the address as it is", async () => {
    api();
    const aoNovo = vi.fn();
    function ListaComDialogo() {
      const lista = useListaRecurso({
        recurso: 'culto',
        acesso: 'Culto',
        aoNovo,
        colunas: [{ key: 'destino', dataIndex: 'destino', title: 'Destino' }],
      });
      return <CabecalhoDaLista titulo="Cultos" lista={lista} textoNovo="Novo culto" />;
    }
    montar(<ListaComDialogo />, '/lista');
    await userEvent.click(await screen.findByTestId('novo'));
    expect(aoNovo).toHaveBeenCalledOnce();
    expect(endereco().pathname).toBe('/lista');
    expect(screen.getByTestId('novo').textContent).toBe('Novo culto');
  });

  it("opens a reference declared 'primeira' on its select's first option, with the other defaults", async () => {
    const f = apiFalsa([
      sessaoDeAdministrador(),
      { metodo: 'GET', caminho: /^\/api\/filtro-salvo\/?$/, responder: () => ({ corpo: [] }) },
      {
        metodo: 'GET',
        caminho: /^\/api\/conta-caixa\/select$/,
        responder: () => ({
          corpo: [
            { value: 4, label: 'Caixa geral' },
            { value: 9, label: 'Banco' },
          ],
        }),
      },
      {
        metodo: 'GET',
        caminho: /^\/api\/culto\/paginado$/,
        responder: () => ({ corpo: { itens: estado.cultos, total: 2, pagina: 1, quantidade: 10 } }),
      },
    ]);
    montar(<ListaPorConta />, '/lista');
    await screen.findByText('Diaconia');
    const [pedido, ...outros] = listagens(f);
    expect(outros).toEqual([]);
    expect(pedido!.url.searchParams.get('contaCaixaId')).toBe('4');
    expect(pedido!.url.searchParams.get('periodoDe')).toBe(dayjs().startOf('month').format('YYYY-MM-DD'));
    await waitFor(() => expect(endereco().searchParams.get('contaCaixaId')).toBe('4'));
  });
});

const FILTROS_POR_CONTA: readonly FiltroLista[] = [
  { tipo: 'referencia', nome: 'contaCaixaId', referencia: 'conta-caixa', padrao: 'primeira' },
  { tipo: 'periodo', de: 'periodoDe', ate: 'periodoAte', padrao: 'mes' },
];

/** A ledger-like list: it opens on a cash account. */
function ListaPorConta() {
  const lista = useListaRecurso({
    recurso: 'culto',
    acesso: 'Culto',
    filtros: FILTROS_POR_CONTA,
    exportavel: false,
    colunas: [{ key: 'destino', dataIndex: 'destino', title: 'Destino' }],
  });
  return <Table {...lista.tableProps} />;
}
