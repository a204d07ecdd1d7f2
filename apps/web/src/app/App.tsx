import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// The ES builds: en_US is then the one ConfigProvider already carries as its default.
import enUS from 'antd/es/locale/en_US';
import ptBR from 'antd/es/locale/pt_BR';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiError } from '../platform/api';
import { i18n } from '../platform/i18n';
import { router } from './router';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { avisarErro?: boolean };
    mutationMeta: { erroTratado?: boolean };
  }
}

/**
 * The one place a failed request is told to the user when its page does not handle it: a write
 * (mutation) without its own `onError` or `meta.erroTratado`, and a read that asks for it
 * (`meta.avisarErro`; lists and forms show their reads' errors in place). The message code is
 * fetched with the first such failure, so /login does not download it (bench/README.md).
 */
const avisar = (erro: unknown) => void import('../platform/aviso').then((m) => m.avisarErro(erro));
const clienteConsultas = new QueryClient({
  queryCache: new QueryCache({ onError: (erro, consulta) => consulta.meta?.avisarErro && avisar(erro) }),
  mutationCache: new MutationCache({
    onError: (erro, _v, _c, mutacao) => {
      if (!mutacao.options.onError && !mutacao.meta?.erroTratado) avisar(erro);
    },
  }),
  defaultOptions: {
    queries: {
      retry: (n, erro) => !(erro instanceof ApiError && erro.status < 500) && n < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** Colours chosen for WCAG AA contrast on white (links, placeholders and secondary text included). */
const TEMA = {
  token: {
    colorPrimary: '#1f4e79',
    colorLink: '#1f4e79',
    colorTextPlaceholder: '#6b6b6b',
    colorTextDescription: '#595959',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorError: '#cf1322',
  },
  components: {
    Menu: { itemSelectedBg: '#dce8f3', itemSelectedColor: '#1f4e79' },
    // An empty table's text is drawn in the disabled colour, too pale to read (axe contrast).
    Table: { colorTextDisabled: '#595959' },
  },
};

/**
 * antd's App (message, notification and modal holders, with all their code) wraps the signed-in
 * area only (AreaLogada.tsx); the public pages' notices use the static `message`, themed here.
 */
ConfigProvider.config({ holderRender: (filhos) => <ConfigProvider theme={TEMA}>{filhos}</ConfigProvider> });

export function App() {
  const [idioma, setIdioma] = useState(i18n.language);
  useEffect(() => {
    const mudar = (l: string) => setIdioma(l);
    i18n.on('languageChanged', mudar);
    return () => i18n.off('languageChanged', mudar);
  }, []);
  useEffect(() => {
    document.documentElement.lang = idioma;
  }, [idioma]);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={idioma === 'en' ? enUS : ptBR} theme={TEMA}>
        <QueryClientProvider client={clienteConsultas}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
