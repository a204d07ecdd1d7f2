import { schema } from '@sig/db';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome, outroSinodo } from '../../../test/fabricas.js';

/** Label emission: the people chosen by filter, laid out on a configured sheet, as a PDF. */
const t = usarAppTeste();
let sinodo: string;
let atendimento: string;
let pimaco: number;
let orgParoquia: number;
let orgOutroSinodo: number;

const paginas = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
const emitir = (query: string, token = sinodo) =>
  t.req({ method: 'GET', url: `/api/emissao-etiquetas/pdf?configuracaoId=${pimaco}&${query}`, token });

beforeAll(async () => {
  [sinodo, atendimento] = await t.logins('sinodo', 'atendimento');
  const [c] = await t.banco.db
    .select({ id: schema.configuracaoEtiqueta.id })
    .from(schema.configuracaoEtiqueta)
    .where(like(schema.configuracaoEtiqueta.nome, 'Pimaco 6180%'));
  pimaco = c!.id;
  orgParoquia = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
  orgOutroSinodo = await outroSinodo(t.banco.db);
  for (const [nome, enderecos] of [
    ['Etelvina', [{ logradouro: 'Rua das Flores', numero: '10', cep: '96600000', bairro: 'Centro' }]],
    ['Eduarda', [{ logradouro: 'Av. Brasil', numero: '200', complemento: 'ap. 3', correspondencia: true }]],
    ['Edite', [{ logradouro: 'Rua Velha', ativo: false }]],
    ['Elsa', []],
  ] as const) {
    const r = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token: sinodo,
      payload: { nome, sobrenome: 'Etiquetada', organizacaoId: orgParoquia, enderecos },
    });
    expect(r.statusCode, r.body).toBe(201);
  }
});

describe('label emission', () => {
  it('prints one label per person with an active address, in name order', async () => {
    const r = await emitir('nome=etiquetada');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['x-total-etiquetas']).toBe('2');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginas(r.rawPayload)).toBe(1);
    expect((await emitir('nome=etiquetada&somenteComEndereco=false')).headers['x-total-etiquetas']).toBe('4');
  });

  it('starts at the position given, turning to a second sheet when the first fills', async () => {
    const r = await emitir('nome=etiquetada&posicaoInicial=30');
    expect(paginas(r.rawPayload)).toBe(2);
    expect((await emitir('nome=etiquetada&posicaoInicial=0')).statusCode).toBe(400);
  });

  it('people chosen one by one narrow the print run, up to the configured maximum', async () => {
    const opcoes: { value: number; label: string }[] = (
      await t.req({ method: 'GET', url: '/api/pessoa/select?busca=etiquetada', token: sinodo })
    ).json();
    const ids = opcoes.map((o) => o.value);
    const etelvina = opcoes.find((o) => o.label.startsWith('Etelvina'))!.value;
    const uma = await emitir(`pessoasIds=${etelvina}`);
    expect(uma.statusCode, uma.body).toBe(200);
    expect(uma.headers['x-total-etiquetas']).toBe('1');
    expect((await t.req({ method: 'GET', url: '/api/pessoa/selecao', token: sinodo })).json()).toEqual({ maximo: 500 });
    await t.banco.db
      .update(schema.parametro)
      .set({ valor: '2' })
      .where(eq(schema.parametro.nome, 'Máximo de pessoas por seleção'));
    const demais = await emitir(`pessoasIds=${ids.slice(0, 3).join(',')}`);
    expect(demais.statusCode).toBe(400);
    expect(demais.json().campos).toEqual([{ campo: 'pessoasIds', mensagem: 'Selecione no máximo 2 pessoas.' }]);
    await t.banco.db
      .update(schema.parametro)
      .set({ valor: '500' })
      .where(eq(schema.parametro.nome, 'Máximo de pessoas por seleção'));
  });

  it('refuses a missing layout, a profile without the screen, and an organization out of scope', async () => {
    const semLayout = await t.req({
      method: 'GET',
      url: '/api/emissao-etiquetas/pdf?configuracaoId=999999',
      token: sinodo,
    });
    expect(semLayout.statusCode).toBe(400);
    expect(semLayout.json().campos[0].campo).toBe('configuracaoId');
    expect((await emitir('nome=etiquetada', atendimento)).statusCode).toBe(403);
    expect((await emitir(`organizacaoId=${orgOutroSinodo}`)).statusCode).toBe(404);
  });
});
