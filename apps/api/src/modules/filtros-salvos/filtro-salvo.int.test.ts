import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

const t = usarAppTeste();
let sinodo: string;
let paroquia: string;

beforeAll(async () => {
  [sinodo, paroquia] = await t.logins('sinodo', 'paroquia');
});

const url = '/api/filtro-salvo';
const salvar = (token: string, payload: Record<string, unknown>) => t.req({ method: 'POST', url, token, payload });
const listar = async (token: string, acesso: string) => {
  const r = await t.req({ method: 'GET', url: `${url}?acesso=${acesso}`, token });
  expect(r.statusCode).toBe(200);
  return r.json() as { id: number; nome: string; padrao: boolean; filtros: Record<string, unknown> }[];
};

describe('saved filters (spec §3)', () => {
  it('saves, lists per screen, renames and deletes the own filters', async () => {
    const r = await salvar(sinodo, { acesso: 'Cargo', nome: 'Ativos', filtros: { ativo: true, nome: 'pre' } });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      acesso: 'Cargo',
      nome: 'Ativos',
      padrao: false,
      filtros: { ativo: true, nome: 'pre' },
    });
    const id = r.json().id;
    expect((await listar(sinodo, 'Cargo')).map((f) => f.id)).toEqual([id]);
    expect(await listar(sinodo, 'Setor')).toEqual([]);
    // Another user sees none of them.
    expect(await listar(paroquia, 'Cargo')).toEqual([]);

    const put = await t.req({
      method: 'PUT',
      url: `${url}/${id}`,
      token: sinodo,
      payload: { nome: 'Só ativos', padrao: false, filtros: { ativo: true } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ id, nome: 'Só ativos', filtros: { ativo: true } });

    expect((await t.req({ method: 'DELETE', url: `${url}/${id}`, token: sinodo })).statusCode).toBe(200);
    expect(await listar(sinodo, 'Cargo')).toEqual([]);
  });

  it('an unnamed filter cannot be saved (spec §8)', async () => {
    for (const nome of [undefined, '', '   ']) {
      const r = await salvar(sinodo, { acesso: 'Cargo', nome, filtros: {} });
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({
        codigo: 'FILTRO_NAO_SALVO',
        mensagem: 'Não foi possível salvar o filtro',
        campos: [{ campo: 'nome' }],
      });
    }
    const en = await t.req({ method: 'POST', url, token: sinodo, idioma: 'en', payload: { acesso: 'Cargo' } });
    expect(en.json().mensagem).toBe('The filter could not be saved');
  });

  it('keeps one default per user and screen', async () => {
    const a = (await salvar(sinodo, { acesso: 'Profissao', nome: 'A', padrao: true })).json();
    const b = (await salvar(sinodo, { acesso: 'Profissao', nome: 'B', padrao: true })).json();
    let lista = await listar(sinodo, 'Profissao');
    expect(lista.filter((f) => f.padrao).map((f) => f.id)).toEqual([b.id]);
    expect(lista[0]!.id).toBe(b.id);
    await t.req({ method: 'PUT', url: `${url}/${a.id}`, token: sinodo, payload: { nome: 'A', padrao: true } });
    lista = await listar(sinodo, 'Profissao');
    expect(lista.filter((f) => f.padrao).map((f) => f.id)).toEqual([a.id]);
  });

  it('refuses a repeated name on the same screen (409), case-insensitively', async () => {
    expect((await salvar(sinodo, { acesso: 'Setor', nome: 'Meu filtro' })).statusCode).toBe(201);
    const r = await salvar(sinodo, { acesso: 'Setor', nome: 'MEU FILTRO' });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('NOME_DUPLICADO');
    expect((await salvar(sinodo, { acesso: 'Situacao', nome: 'Meu filtro' })).statusCode).toBe(201);
  });

  it('needs a known screen the user may list', async () => {
    const desconhecida = await salvar(sinodo, { acesso: 'NaoExiste', nome: 'X' });
    expect(desconhecida.statusCode).toBe(400);
    expect(desconhecida.json().campos[0].campo).toBe('acesso');
    const semLista = await salvar(paroquia, { acesso: 'Perfil', nome: 'X' });
    expect(semLista.statusCode).toBe(403);
    expect((await t.req({ method: 'GET', url: `${url}?acesso=NaoExiste`, token: sinodo })).statusCode).toBe(400);
  });

  it("another user's filter reads as not found on update and delete", async () => {
    const meu = (await salvar(sinodo, { acesso: 'Banco', nome: 'Do sínodo' })).json();
    const put = await t.req({
      method: 'PUT',
      url: `${url}/${meu.id}`,
      token: paroquia,
      payload: { nome: 'Meu agora' },
    });
    expect(put.statusCode).toBe(404);
    expect((await t.req({ method: 'DELETE', url: `${url}/${meu.id}`, token: paroquia })).statusCode).toBe(404);
    expect((await listar(sinodo, 'Banco')).map((f) => f.nome)).toEqual(['Do sínodo']);
  });

  it('needs a sign-in', async () => {
    expect((await t.req({ method: 'GET', url: `${url}?acesso=Banco` })).statusCode).toBe(401);
  });
});

describe('GET /api/filtro-salvo without a screen (the /filtros-salvos page)', () => {
  it('lists the own filters of every screen, grouped by screen', async () => {
    const [a, b] = await Promise.all([
      salvar(paroquia, { acesso: 'Pessoa', nome: 'Batizados', filtros: { batizado: true } }),
      salvar(paroquia, { acesso: 'Culto', nome: 'Santa Ceia', padrao: true, filtros: { santaCeia: 'true' } }),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    const r = await t.req({ method: 'GET', url, token: paroquia });
    expect(r.statusCode).toBe(200);
    const meus = r.json() as { acesso: string; nome: string; padrao: boolean }[];
    expect(meus.map((x) => x.acesso)).toEqual([...meus.map((x) => x.acesso)].sort());
    expect(meus).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ acesso: 'Pessoa', nome: 'Batizados' }),
        expect.objectContaining({ acesso: 'Culto', nome: 'Santa Ceia', padrao: true }),
      ]),
    );
    // Another user's filters are not among them.
    const outro = await t.req({ method: 'GET', url, token: sinodo });
    expect(outro.json().map((x: { nome: string }) => x.nome)).not.toContain('Batizados');
  });

  it('refuses an unknown screen (400) and an anonymous reader (401)', async () => {
    const desconhecida = await t.req({ method: 'GET', url: `${url}?acesso=NaoExiste`, token: paroquia });
    expect(desconhecida.statusCode).toBe(400);
    const anonimo = await t.req({ method: 'GET', url });
    expect(anonimo.statusCode).toBe(401);
  });
});
