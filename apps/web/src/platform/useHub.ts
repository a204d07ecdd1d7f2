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
    let reconexao = false;
    const conectar = async () => {
      while (!controle.signal.aborted) {
        try {
          const r = await fetch('/api/hub', { headers: { authorization: `Bearer ${token}` }, signal: controle.signal });
          if (!r.ok || !r.body) throw new Error(String(r.status));
          espera = 1000;
          // Events sent while the stream was down are lost: what the screen shows is read again.
          if (reconexao) void qc.invalidateQueries({ queryKey });
          reconexao = true;
          const leitor = r.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await leitor.read();
            if (done) break;
            if (value.includes(`event: ${tipo}\n`)) void qc.invalidateQueries({ queryKey });
          }
        } catch {
          if (controle.signal.aborted) return;
          reconexao = true;
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
