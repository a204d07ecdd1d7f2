import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

/** Icons (`/api/icones`): a registry of glyphs from the bundled set, chosen by ticket categories and shown with tickets. */
const t = usarAppTeste();
let atendente: string;
let tesouraria: string;
let paroquia: string;

beforeAll(async () => {
  [atendente, tesouraria, paroquia] = await t.logins('atendimento', 'tesouraria', 'paroquia');
});

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = atendente, payload?: object) =>
  t.req({ method, url, token, payload, idioma: 'pt-BR' });

describe('icons', () => {
  it('the installation brings a starter set; an icon is created with a glyph of the bundled set', async () => {
    const todos = (await req('GET', '/api/icones')).json() as { nome: string; simbolo: string }[];
    expect(todos).toEqual(
      expect.arrayContaining([expect.objectContaining({ nome: 'Documento', simbolo: 'documento' })]),
    );
    const r = await req('POST', '/api/icones', atendente, { nome: 'Calendário litúrgico', simbolo: 'calendario' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ nome: 'Calendário litúrgico', simbolo: 'calendario', ativo: true });
  });

  it('a glyph outside the bundled set, or none, is refused naming the field; nothing is stored', async () => {
    const fora = await req('POST', '/api/icones', atendente, { nome: 'Foguete', simbolo: 'foguete' });
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos).toEqual([expect.objectContaining({ campo: 'simbolo' })]);
    const sem = await req('POST', '/api/icones', atendente, { nome: 'Foguete' });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().campos).toEqual([expect.objectContaining({ campo: 'simbolo' })]);
    const nomes = ((await req('GET', '/api/icones')).json() as { nome: string }[]).map((i) => i.nome);
    expect(nomes).not.toContain('Foguete');
  });

  it('a profile without the icons screen may neither list nor create (403)', async () => {
    expect((await req('GET', '/api/icones/paginado', tesouraria)).statusCode).toBe(403);
    expect((await req('POST', '/api/icones', tesouraria, { nome: 'Outro', simbolo: 'estrela' })).statusCode).toBe(403);
  });

  it('an unknown icon is not found (404)', async () => {
    expect((await req('GET', '/api/icones/999999')).statusCode).toBe(404);
  });

  it('a category shows its icon; the ticket lists and the ticket carry its glyph; an icon in use is not deleted', async () => {
    const icone = (await req('POST', '/api/icones', atendente, { nome: 'Aconselhamento', simbolo: 'coracao' })).json();
    const categoria = await req('POST', '/api/categoria-atendimentos', atendente, {
      nome: 'Aconselhamento pastoral',
      iconeId: icone.id,
    });
    expect(categoria.statusCode, categoria.body).toBe(201);
    expect(categoria.json()).toMatchObject({ iconeId: icone.id });
    const semIcone = await req('POST', '/api/categoria-atendimentos', atendente, { nome: 'X', iconeId: 999999 });
    expect(semIcone.statusCode).toBe(400);

    const orgs = (await req('GET', '/api/atendimento-meus-atendimentos/organizacoes-destino', paroquia)).json() as {
      value: number;
    }[];
    const responsavel = (await req('GET', '/api/atendimento-meus-atendimentos/usuarios', paroquia)).json() as {
      value: number;
    }[];
    const aberto = await req('POST', '/api/atendimento-meus-atendimentos', paroquia, {
      assunto: 'Conversa com o pastor',
      descricao: 'Gostaria de marcar uma conversa.',
      categoriaAtendimentoId: categoria.json().id,
      organizacaoDestinoId: orgs[0]!.value,
      responsavelUsuarioId: responsavel[0]!.value,
    });
    expect(aberto.statusCode, aberto.body).toBe(201);
    expect(aberto.json()).toMatchObject({ categoriaIcone: 'coracao' });
    const lista = (await req('GET', '/api/atendimento-meus-atendimentos/paginado', paroquia)).json();
    expect(lista.itens.find((i: { id: number }) => i.id === aberto.json().id)).toMatchObject({
      categoriaNome: 'Aconselhamento pastoral',
      categoriaIcone: 'coracao',
    });
    const form = (
      await req('GET', `/api/atendimento-meus-atendimentos/categorias/${categoria.json().id}`, paroquia)
    ).json();
    expect(form).toMatchObject({ icone: 'coracao' });

    expect((await req('DELETE', `/api/icones/${icone.id}`)).statusCode).toBe(409);
  });
});
