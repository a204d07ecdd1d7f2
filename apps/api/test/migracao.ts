import { expect } from 'vitest';
import type { AppTeste } from './app-teste.js';

/** The sample files shipped with the product (packages/db/src/seed/amostras). */
export const AMOSTRAS = new URL('../../../packages/db/src/seed/amostras/', import.meta.url);

/**
 * A migration run driven as its screen drives it, by the user `token()` gives: upload, dry run
 * with the automatic mapping, import (the batch worked to its end). Getters, because a file's app
 * and sign-in come in its `beforeAll`.
 */
export function fluxoDeMigracao(app: () => AppTeste, token: () => string) {
  const enviar = (arquivo: Buffer, nomeArquivo: string, tipo: string, origem: string, comToken = token()) =>
    app().req({
      method: 'POST',
      url: `/api/migracao/arquivo?tipo=${tipo}&nomeArquivo=${encodeURIComponent(nomeArquivo)}&origem=${origem}`,
      token: comToken,
      headers: { 'content-type': 'application/octet-stream' },
      payload: arquivo,
    });
  const post = (url: string, payload?: object) => app().req({ method: 'POST', url, token: token(), payload });

  /** Upload, keep the automatic mapping, dry run: the run as the dry run left it. */
  async function simular(arquivo: Buffer, nome: string, tipo: string, origem: string) {
    const r = await enviar(arquivo, nome, tipo, origem);
    expect(r.statusCode, r.body).toBe(201);
    const m = r.json();
    const a = await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento });
    expect(a.statusCode, a.body).toBe(200);
    return a.json();
  }

  async function importar(id: number) {
    const r = await post(`/api/migracao/${id}/confirmacao`);
    expect(r.statusCode, r.body).toBe(200);
    await app().app.lotes.processarTudo();
    return (await app().req({ method: 'GET', url: `/api/migracao/${id}`, token: token() })).json();
  }

  return { enviar, simular, importar };
}
