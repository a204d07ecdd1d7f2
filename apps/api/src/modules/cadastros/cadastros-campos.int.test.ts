import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

/** Per-field rules (spec §6) apply to registries as to any screen: here Banco for the synod secretary. */
const t = usarAppTeste();
let sinodo: string;

beforeAll(async () => {
  await t.regrasCampo('Secretaria Sinodal', [
    { acesso: 'Banco', campo: 'urlImagem', visualizar: false, atualizar: false },
    { acesso: 'Banco', campo: 'ordem', visualizar: null, atualizar: false },
  ]);
  sinodo = await t.login('sinodo@sig.local');
});

describe('field permissions on a registry', () => {
  it('hides a field from reads, lists and exports, and keeps it on update', async () => {
    const admin = await t.loginAdmin();
    const criado = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: admin,
      payload: { codigo: 'ZX1', nome: 'Banco Oculto', urlImagem: 'https://exemplo.org/a.png', ordem: 7 },
    });
    const id = criado.json().id;
    const lido = (await t.req({ method: 'GET', url: `/api/banco/${id}`, token: sinodo })).json();
    expect(lido).not.toHaveProperty('urlImagem');
    expect(lido.ordem).toBe(7);
    const pagina = (await t.req({ method: 'GET', url: '/api/banco/paginado?codigo=ZX1', token: sinodo })).json();
    expect(pagina.itens[0]).not.toHaveProperty('urlImagem');
    const csv = await t.req({ method: 'GET', url: '/api/banco/exportar?codigo=ZX1', token: sinodo });
    expect(csv.body).not.toContain('URL da imagem');
    expect(csv.body).not.toContain('exemplo.org');

    const put = await t.req({
      method: 'PUT',
      url: `/api/banco/${id}`,
      token: sinodo,
      payload: { codigo: 'ZX1', nome: 'Banco Renomeado' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const depois = (await t.req({ method: 'GET', url: `/api/banco/${id}`, token: admin })).json();
    expect(depois).toMatchObject({ nome: 'Banco Renomeado', urlImagem: 'https://exemplo.org/a.png', ordem: 7 });
  });

  it('refuses a new value for a locked field (403 naming it)', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: sinodo,
      payload: { codigo: 'ZX2', nome: 'Banco Travado', ordem: 3 },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ codigo: 'CAMPO_SEM_PERMISSAO', campos: [{ campo: 'ordem' }] });
    const semOrdem = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: sinodo,
      payload: { codigo: 'ZX2', nome: 'Banco Travado' },
    });
    expect(semOrdem.statusCode, semOrdem.body).toBe(201);
    expect(semOrdem.json().ordem).toBe(0);
  });
});
