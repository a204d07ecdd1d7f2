import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import ptBR from 'antd/es/locale/pt_BR';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { AutorizacaoProvider } from '../src/platform/autorizacao';
import { i18n } from '../src/platform/i18n';

/** Every namespace the signed-in screens use, in the language asked (the app loads them lazily). */
export async function textos(idioma: 'pt-BR' | 'en' = 'pt-BR') {
  await i18n.changeLanguage(idioma);
  await i18n.loadNamespaces(['comum', 'crud', 'campos', 'menu', 'erros', 'validacao', 'cobrancas', 'cultos']);
  dayjs.locale(idioma === 'en' ? 'en' : 'pt-br');
}

/**
 * A screen test file's hooks: the texts (and the module's `namespaces`) loaded first; after each
 * test the screen unmounted, the fake API removed and the stored session forgotten.
 */
export function prepararTelas(...namespaces: string[]) {
  beforeAll(async () => {
    await textos();
    await i18n.loadNamespaces(namespaces);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });
}

type Resposta = { status?: number; corpo?: unknown; cabecalhos?: Record<string, string> };
/** A route of the fake API: method and path (with its query string), answered by `responder`. */
type Rota = { metodo: string; caminho: RegExp; responder: (url: URL, pedido: Request) => Resposta };

/**
 * The API as the test wants it: every request the app sends goes through `enviar` to `fetch`,
 * answered here by the first matching route (unmatched: 404). `pedidos` lists what was asked.
 */
export function apiFalsa(rotas: Rota[]) {
  const pedidos: { metodo: string; url: URL; corpo?: unknown }[] = [];
  const fetchFalso = vi.fn(async (entrada: RequestInfo | URL) => {
    const pedido = entrada instanceof Request ? entrada : new Request(String(entrada));
    const url = new URL(pedido.url);
    const texto = pedido.method === 'GET' ? '' : await pedido.text();
    pedidos.push({ metodo: pedido.method, url, corpo: texto ? JSON.parse(texto) : undefined });
    const rota = rotas.find((r) => r.metodo === pedido.method && r.caminho.test(url.pathname));
    const r = rota ? rota.responder(url, pedido) : { status: 404, corpo: { codigo: 'NAO_ENCONTRADO', mensagem: 'x' } };
    return new Response(r.corpo === undefined ? null : JSON.stringify(r.corpo), {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json', ...r.cabecalhos },
    });
  });
  vi.stubGlobal('fetch', fetchFalso);
  return { pedidos, fetch: fetchFalso };
}

/** A signed-in administrator (every screen), as the browser stores the session (spec §3). */
export function sessaoDeAdministrador(): Rota {
  localStorage.setItem('token', 'token-de-teste');
  localStorage.setItem('organizacaoLogadaId', '1');
  return {
    metodo: 'PUT',
    caminho: /^\/api\/Autenticacao\/autorizacao$/,
    responder: () => ({
      corpo: { administrador: true, permissoes: [], organizacaoId: 1, perfilId: 1, perfilNome: 'Administrador' },
    }),
  };
}

/** A signed-in administrator on a list screen, with no saved filters nor views (spec §9). */
export function listaDeAdministrador(): Rota[] {
  return [
    sessaoDeAdministrador(),
    { metodo: 'GET', caminho: /^\/api\/filtro-salvo\/?$/, responder: () => ({ corpo: [] }) },
    {
      metodo: 'GET',
      caminho: /^\/api\/visualizacao\/paginado$/,
      responder: () => ({ corpo: { itens: [], total: 0, pagina: 1, quantidade: 100 } }),
    },
  ];
}

/**
 * GET `/api/<recurso>/paginado` answering one page of `itens` (a function: the items as they are
 * when asked), with their count as the total; `extra` adds to the answer (totals, another total).
 */
export function paginaFalsa(
  recurso: string,
  itens: unknown[] | (() => unknown[]),
  extra: Record<string, unknown> = {},
): Rota {
  return {
    metodo: 'GET',
    caminho: new RegExp(`^/api/${recurso}/paginado$`),
    responder: () => {
      const lista = typeof itens === 'function' ? itens() : itens;
      return { corpo: { itens: lista, total: lista.length, pagina: 1, quantidade: 10, ...extra } };
    },
  };
}

/** Shows the address the router is at, for the test to read. */
function Endereco() {
  const l = useLocation();
  return <output data-testid="endereco">{`${l.pathname}${l.search}`}</output>;
}

/** Renders a screen of the signed-in area at `endereco`, with the app's providers around it. */
export function montar(tela: ReactNode, endereco: string, caminho = '/lista') {
  const consultas = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: caminho,
        element: (
          <>
            {tela}
            <Endereco />
          </>
        ),
      },
      { path: '*', element: <Endereco /> },
    ],
    { initialEntries: [endereco] },
  );
  const r = render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={ptBR}>
        <QueryClientProvider client={consultas}>
          <AntApp>
            <AutorizacaoProvider>
              <RouterProvider router={router} />
            </AutorizacaoProvider>
          </AntApp>
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>,
  );
  return { ...r, router, consultas };
}
