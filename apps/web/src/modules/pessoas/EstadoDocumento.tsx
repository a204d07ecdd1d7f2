import { LoadingOutlined } from '@ant-design/icons';
import { Alert, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { aplicarErrosServidor, mensagemDeErro } from '../../platform/formulario';

type Estado =
  | { fase: 'parado' }
  | { fase: 'gerando' }
  | { fase: 'pronto'; total: number; truncado: boolean }
  | { fase: 'vazio' }
  | { fase: 'erro'; mensagem: string };

/**
 * Generating a people document (labels, the people report) as a download: the server counts
 * the people before streaming and says so in a header, so an empty result saves no file and a
 * finished one can say how many it holds. Server field errors land on the form's fields.
 */
export function useGerarDocumento(form: FormInstance, cabecalhoTotal: string) {
  const [estado, setEstado] = useState<Estado>({ fase: 'parado' });
  const gerar = async (caminho: string, query: Parameters<typeof api.baixar>[1], nomePadrao: string) => {
    setEstado({ fase: 'gerando' });
    try {
      const cabecalhos = await api.baixar(caminho, query, nomePadrao, (h) => h.get(cabecalhoTotal) !== '0');
      const total = Number(cabecalhos.get(cabecalhoTotal) ?? 0);
      // Only the report stops short of the whole set, and says so.
      const truncado = cabecalhos.get('x-relatorio-truncado') === 'true';
      setEstado(total ? { fase: 'pronto', total, truncado } : { fase: 'vazio' });
    } catch (e) {
      aplicarErrosServidor(form, e);
      setEstado({ fase: 'erro', mensagem: mensagemDeErro(e) });
    }
  };
  return { estado, gerando: estado.fase === 'gerando', gerar };
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
