import { Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../platform/api';
import { PublicoCard } from './PublicoCard';

type EstadoDoLink<T> =
  | { tipo: 'carregando' }
  | { tipo: 'pronto'; valor: T }
  | { tipo: 'erro'; codigo: string; mensagem: string };

const erroDe = (e: unknown): EstadoDoLink<never> =>
  e instanceof ApiError
    ? { tipo: 'erro', codigo: e.codigo, mensagem: e.message }
    : { tipo: 'erro', codigo: 'ERRO_INESPERADO', mensagem: '' };

/**
 * A public page of a term's personal link (no sign-in): what the link's token opens (`ler`), and
 * `enviar`, an answer whose outcome becomes what the page shows; a refusal of either is the
 * page's error (its code, for the page to explain in its own words).
 */
export function useLinkDoTermo<T>(ler: (token: string) => Promise<T>) {
  const { token } = useParams();
  const [estado, setEstado] = useState<EstadoDoLink<T>>({ tipo: 'carregando' });
  const [enviando, setEnviando] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per token, whatever function the page passes
  useEffect(() => {
    if (!token) return;
    ler(token).then(
      (valor) => setEstado({ tipo: 'pronto', valor }),
      (e: unknown) => setEstado(erroDe(e)),
    );
  }, [token]);

  const enviar = async (acao: (token: string) => Promise<T>) => {
    if (!token) return;
    setEnviando(true);
    try {
      setEstado({ tipo: 'pronto', valor: await acao(token) });
    } catch (e) {
      setEstado(erroDe(e));
    } finally {
      setEnviando(false);
    }
  };
  return { token, estado, enviando, enviar };
}

/** A term page's outcome or problem, under the terms' title. */
export function QuadroDoTermo({
  titulo,
  subtitulo,
  status,
}: {
  titulo: string;
  subtitulo?: string;
  status: 'info' | 'success' | 'warning';
}) {
  const { t } = useTranslation(['publico']);
  return (
    <PublicoCard titulo={t('publico:titulos.termos')}>
      <Result status={status} title={titulo} subTitle={subtitulo} />
    </PublicoCard>
  );
}
