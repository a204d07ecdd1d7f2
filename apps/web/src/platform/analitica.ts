import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { clienteDiscreto, dados } from './cliente';
import { lerSessao } from './sessao';

/** One page view: where the user went, what the tab said, for which organization, who. */
export type VisualizacaoPagina = {
  caminho: string;
  titulo: string;
  organizacaoId: number;
  pessoaId: number | null;
};

/** Where page views go: the pages and the hook never know which sender is plugged in. */
export type EnvioAnalitica = (v: VisualizacaoPagina) => void;

export const envioNenhum: EnvioAnalitica = () => undefined;

/**
 * To the API, which logs or forwards the view (SIG_ANALYTICS): same origin, with the session's
 * token. keepalive lets the request outlive a closing tab; failures are dropped on purpose,
 * analytics never bothers the user.
 */
export const envioServidor: EnvioAnalitica = (v) => {
  clienteDiscreto.POST('/api/analitica/pagina', { body: v, keepalive: true }).catch(() => undefined);
};

/** The limits of POST /api/analitica/pagina. */
const MAX_CAMINHO = 500;
const MAX_TITULO = 200;

/** A page whose chunk is still loading sets its title later; its view waits this long at most (a slow
 * link or a busy machine takes seconds to bring a chunk). */
const ESPERA_TITULO_MS = 10_000;

/** The sender the server asks for in GET /api/saude: none unless analytics is on. */
function useEnvioConfigurado(): EnvioAnalitica {
  const saude = useQuery({
    queryKey: ['saude'],
    queryFn: () => dados(clienteDiscreto.GET('/api/saude')),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return saude.data?.analitica.ativa ? envioServidor : envioNenhum;
}

/** Sends one page view after each navigation of the signed-in app, once the page has set its tab title. */
export function useAnaliticaPaginas() {
  const enviar = useEnvioConfigurado();
  const { pathname } = useLocation();
  // The title of the previous view: while the tab still shows it, the new page has not set its own.
  const ultimoTitulo = useRef(document.title);

  useEffect(() => {
    if (enviar === envioNenhum) return;
    const antes = ultimoTitulo.current;
    let pendente = true;
    const parar = () => {
      pendente = false;
      observador.disconnect();
      clearTimeout(limite);
    };
    const registrar = () => {
      if (!pendente) return;
      parar();
      const sessao = lerSessao();
      if (!sessao) return;
      ultimoTitulo.current = document.title;
      enviar({
        caminho: pathname.slice(0, MAX_CAMINHO),
        titulo: document.title.slice(0, MAX_TITULO),
        organizacaoId: sessao.organizacaoId,
        pessoaId: sessao.pessoaId || null,
      });
    };
    const observador = new MutationObserver(() => {
      if (document.title !== antes) registrar();
    });
    observador.observe(document.querySelector('head > title') ?? document.head, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    // A page already loaded set its title in its own effect, which ran before this one: a tick is enough.
    const limite = setTimeout(registrar, document.title === antes ? ESPERA_TITULO_MS : 0);
    return () => {
      // Leaving before the title changed still counts the view; a remount on the same page does not.
      if (window.location.pathname !== pathname) registrar();
      else parar();
    };
  }, [pathname, enviar]);
}
