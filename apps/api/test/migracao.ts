import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppTeste } from './app-teste.js';
import { criarPerfil, criarUsuario, outroSinodo } from './fabricas.js';

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
  /** Calls as that user, for what a test reads and does beside the flow. */
  const post = (url: string, payload?: object, idioma?: string) =>
    app().req({ method: 'POST', url, token: token(), payload, idioma });
  const get = (url: string, idioma?: string) => app().req({ method: 'GET', url, token: token(), idioma });

  const obter = async (id: number) => (await get(`/api/migracao/${id}`)).json();

  /**
   * The dry run asked for with `mapeamento` and its batch worked to its end: the run as it left
   * it, which must be ANALISADA — otherwise the failure shows the run and its batch's item.
   */
  async function analisar(id: number, mapeamento: object) {
    const a = await post(`/api/migracao/${id}/analise`, { mapeamento });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().status).toBe('ANALISANDO');
    await app().app.lotes.processarTudo();
    const m = await obter(id);
    if (m.status !== 'ANALISADA') {
      const [run] = await app()
        .banco.db.select({ loteId: schema.migracao.analiseLoteId })
        .from(schema.migracao)
        .where(eq(schema.migracao.id, id));
      const itens = run?.loteId
        ? await app()
            .banco.db.select()
            .from(schema.processamentoLoteItem)
            .where(eq(schema.processamentoLoteItem.loteId, run.loteId))
        : [];
      expect.fail(`dry run ${id} ended ${m.status}: ${JSON.stringify({ run: m, itens })}`);
    }
    return m;
  }

  /** Upload, keep the automatic mapping, dry run: the run as the dry run left it. */
  async function simular(arquivo: Buffer, nome: string, tipo: string, origem: string) {
    const r = await enviar(arquivo, nome, tipo, origem);
    expect(r.statusCode, r.body).toBe(201);
    const m = r.json();
    return analisar(m.id, m.mapeamento);
  }

  async function importar(id: number) {
    const r = await post(`/api/migracao/${id}/confirmacao`);
    expect(r.statusCode, r.body).toBe(200);
    await app().app.lotes.processarTudo();
    return obter(id);
  }

  return { enviar, analisar, simular, importar, obter, post, get };
}

/** The users a migration test signs in as: the treasury (migrates), the desk (may not), one in another synod. */
export async function usuariosDaMigracao(t: AppTeste) {
  const [tesouraria, atendimento] = await t.logins('tesouraria', 'atendimento');
  const perfil = await criarPerfil(t.banco.db, { permissoes: [{ acesso: 'Migracao' }] });
  const { token: fora } = await criarUsuario(t.banco.db, {
    organizacaoId: await outroSinodo(t.banco.db),
    perfilId: perfil.id,
  });
  return { tesouraria: tesouraria!, atendimento: atendimento!, fora };
}
