import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { lerSessao } from './sessao';

/**
 * Open screens listen to the hub (`/api/hub`, server-sent events) and refetch `chave` when an
 * event of `tipo` arrives. EventSource cannot send the bearer header, so the stream is read with fetch.
 */
export function useHub(tipo: string, chave: QueryKey) {
  const qc = useQueryClient();
  const chaveJson = JSON.stringify(chave);
  useEffect(() => {
    const token = lerSessao()?.token;
    if (!token) return;
    const queryKey = JSON.parse(chaveJson) as QueryKey;
    const controle = new AbortController();
    let espera = 1000;
    const conectar = async () => {
      while (!controle.signal.aborted) {
        try {
          const r = await fetch('/api/hub', { headers: { authorization: `Bearer ${token}` }, signal: controle.signal });
          if (!r.ok || !r.body) throw new Error(String(r.status));
          espera = 1000;
          const leitor = r.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await leitor.read();
            if (done) break;
            if (value.includes(`event: ${tipo}\n`)) void qc.invalidateQueries({ queryKey });
          }
        } catch {
          if (controle.signal.aborted) return;
        }
        // Reconnect with a growing pause: the server restarting should not be hammered.
        await new Promise((ok) => setTimeout(ok, espera));
        espera = Math.min(espera * 2, 30_000);
      }
    };
    void conectar();
    return () => controle.abort();
  }, [qc, tipo, chaveJson]);
}
