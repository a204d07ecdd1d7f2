import { LoadingOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { baixarArquivo } from '../../platform/api';
import { cliente } from '../../platform/cliente';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';

type Estado =
  | { fase: 'parado' }
  | { fase: 'gerando' }
  | { fase: 'pronto'; total: number; truncado: boolean }
  | { fase: 'vazio' }
  | { fase: 'erro'; mensagem: string };

/** A typed call asked with `parseAs: 'stream'`: its body still unread. */
type Pedido = Promise<{ response: Response }>;

/**
 * Generating a people document (labels, the people report) as a download: the server counts
 * the people before streaming and says so in a header, so an empty result saves no file and a
 * finished one can say how many it holds. Server field errors land on the form's fields; any
 * refusal is shown in place.
 */
export function useGerarDocumento(form: FormInstance, cabecalhoTotal: string) {
  const geracao = useMutation({
    mutationFn: async ({ pedido, nomePadrao }: { pedido: () => Pedido; nomePadrao: string }) => {
      const { response } = await pedido();
      const total = Number(response.headers.get(cabecalhoTotal) ?? 0);
      if (!total) await response.body?.cancel();
      else baixarArquivo(await response.blob(), response, nomePadrao);
      // Only the report stops short of the whole set, and says so.
      return { total, truncado: response.headers.get('x-relatorio-truncado') === 'true' };
    },
    onError: (e) => aplicarErrosServidor(form, e),
  });
  const estado: Estado = geracao.isPending
    ? { fase: 'gerando' }
    : geracao.isError
      ? { fase: 'erro', mensagem: mensagemDeErro(geracao.error) }
      : geracao.data
        ? geracao.data.total
          ? { fase: 'pronto', ...geracao.data }
          : { fase: 'vazio' }
        : { fase: 'parado' };
  return {
    estado,
    gerando: geracao.isPending,
    /**
     * `pedido`: the typed call (`parseAs: 'stream'`); a path and its query for the pages not on
     * the typed client yet. Never rejects: the outcome is `estado`.
     */
    gerar: (pedido: (() => Pedido) | string, ...resto: [string] | [Record<string, unknown> | undefined, string]) => {
      const [query, nomePadrao] = resto.length === 1 ? [undefined, resto[0]] : resto;
      const chamada =
        typeof pedido === 'string'
          ? () =>
              cliente.GET(`/api/${pedido}` as '/api/banco/exportar', { params: { query } as never, parseAs: 'stream' })
          : pedido;
      return geracao.mutateAsync({ pedido: chamada, nomePadrao }).then(
        () => undefined,
        () => undefined,
      );
    },
  };
}

/** The messages of one document; counts come as a number (for plurals) and formatted. */
type Textos = {
  gerando: string;
  pronto: (total: number, formatado: string) => string;
  truncado?: (formatado: string) => string;
  vazio: string;
};

/** Where the generation stands: in progress, how many it held, nothing found, or what went wrong. */
export function EstadoDocumento({ estado, textos }: { estado: Estado; textos: Textos }) {
  const { i18n } = useTranslation();
  const numero = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR');
  const comum = { showIcon: true, 'data-testid': 'estado-documento' };
  switch (estado.fase) {
    case 'parado':
      return null;
    case 'gerando':
      return <Alert {...comum} type="info" icon={<LoadingOutlined />} title={textos.gerando} role="status" />;
    case 'pronto': {
      const n = numero.format(estado.total);
      return estado.truncado && textos.truncado ? (
        <Alert {...comum} type="warning" title={textos.truncado(n)} />
      ) : (
        <Alert {...comum} type="success" title={textos.pronto(estado.total, n)} role="status" />
      );
    }
    case 'vazio':
      return <Alert {...comum} type="warning" title={textos.vazio} />;
    case 'erro':
      return <Alert {...comum} type="error" title={estado.mensagem} />;
  }
}
