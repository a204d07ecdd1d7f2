import { schema } from '@sig/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { fabricaDeEventos } from '../../../test/eventos.js';
import { organizacaoPorNome, outroSinodo } from '../../../test/fabricas.js';
import { iniciarSmtpFalso, type SmtpFalso } from '../../../test/smtp-falso.js';

let t: AppTeste;
let smtp: SmtpFalso;
let admin: string;
let sinodo: string;
let paroquia: string;
let atendimento: string;
let eventoId: number;
let alheiaId: number;
const ids: Record<string, number> = {};

const req = (method: 'GET' | 'POST', url: string, payload?: object, token = sinodo) =>
  t.req({ method, url, token, payload });
const fabrica = fabricaDeEventos('massa', 400_000_000);
const mensagem = { assunto: 'Aviso a {nome}', texto: 'Ola, {nome}. Tragam agasalho.' };
/** A message as the SMTP server got it, its quoted-printable soft breaks joined. */
const corrido = (m: string) => m.replace(/=\n/g, '');

beforeAll(async () => {
  smtp = await iniciarSmtpFalso();
  t = await criarAppTeste({ SMTP_URL: smtp.url }, { trabalhar: true });
  [admin, sinodo, paroquia, atendimento] = await t.logins('admin', 'sinodo', 'paroquia', 'atendimento');
  const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  const e = await req('POST', '/api/evento-com-inscricao', fabrica.congresso(sinodoId));
  expect(e.statusCode, e.body).toBe(201);
  eventoId = e.json().id;
  const publica = await t.req({
    method: 'POST',
    url: `/api/evento-publico/${e.json().codigo}/inscricao`,
    idioma: 'en',
    payload: fabrica.inscrito({ nome: 'Alice English' }),
  });
  expect(publica.statusCode, publica.body).toBe(201);
  const equipe = await req('POST', '/api/inscricoes-de-eventos', {
    ...fabrica.inscrito({ nome: 'Bruno Brasil' }),
    eventoId,
  });
  expect(equipe.statusCode, equipe.body).toBe(201);
  ids.bruno = equipe.json().id;
  const lista = (await req('GET', `/api/inscricoes-de-eventos/paginado?eventoId=${eventoId}`)).json();
  ids.alice = lista.itens.find((i: { nome: string }) => i.nome === 'Alice English').id;
  const alheio = await req(
    'POST',
    '/api/evento-com-inscricao',
    fabrica.congresso(await outroSinodo(t.banco.db)),
    admin,
  );
  const deFora = await req(
    'POST',
    '/api/inscricoes-de-eventos',
    { ...fabrica.inscrito(), eventoId: alheio.json().id },
    admin,
  );
  expect(deFora.statusCode, deFora.body).toBe(201);
  ids.alheia = deFora.json().id;
  alheiaId = alheio.json().id;
});
afterAll(async () => {
  await t?.fechar();
  await smtp.fechar();
});

describe('POST /inscricoes-de-eventos/email', () => {
  it("mails every registration of the filter, each with its name and in its registrant's language", async () => {
    const r = await req('POST', '/api/inscricoes-de-eventos/email', { eventoId, ...mensagem });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ tipo: 'EMAIL_INSCRICOES', total: 2, status: 'PENDENTE' });
    const loteId = r.json().id;
    await t.app.lotes.processarTudo();
    const lote = (await req('GET', `/api/inscricoes-de-eventos/email/${loteId}`)).json();
    expect(lote).toMatchObject({ status: 'CONCLUIDO', sucessos: 2, erros: 0 });
    const itens = (await req('GET', `/api/inscricoes-de-eventos/email/${loteId}/itens`)).json().itens;
    expect(itens.map((i: { referenciaId: number; status: string }) => [i.referenciaId, i.status]).sort()).toEqual(
      [
        [ids.alice, 'OK'],
        [ids.bruno, 'OK'],
      ].sort(),
    );
    await expect.poll(() => smtp.recebidas.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const para = (nome: string) => corrido(smtp.recebidas.find((m) => m.includes(`Subject: Aviso a ${nome}`)) ?? '');
    expect(para('Alice English')).toContain('Ola, Alice English. Tragam agasalho.');
    expect(para('Alice English')).toContain('You receive this message as a registrant of Congrenaje 2027');
    expect(para('Bruno Brasil')).toContain('Ola, Bruno Brasil. Tragam agasalho.');
    expect(para('Bruno Brasil')).toContain('por estar inscrito(a) em Congrenaje 2027');
  });

  it('takes the rows picked by hand only within the scope, and never mails one twice', async () => {
    const r = await req('POST', '/api/inscricoes-de-eventos/email', { ids: [ids.bruno, ids.alheia], ...mensagem });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().total).toBe(1);
    const loteId = r.json().id;
    await t.app.lotes.processarTudo();
    // An item taken again (its worker died before recording it) finds its mark and writes nothing.
    const escritas = () => t.banco.db.select().from(schema.caixaSaida);
    const antes = (await escritas()).length;
    await t.banco.db
      .update(schema.processamentoLoteItem)
      .set({ status: 'PENDENTE' })
      .where(eq(schema.processamentoLoteItem.loteId, loteId));
    await t.app.lotes.processarTudo();
    expect((await escritas()).length).toBe(antes);
    const alheia = await t.banco.db
      .select()
      .from(schema.inscricaoEvento)
      .where(inArray(schema.inscricaoEvento.id, [ids.alheia]));
    expect((await escritas()).some((m) => m.para === alheia[0]!.email)).toBe(false);
  });

  it('refuses an event outside the scope, a blank subject, and a profile without update', async () => {
    const fora = await req('POST', '/api/inscricoes-de-eventos/email', { eventoId: alheiaId, ...mensagem });
    expect(fora.statusCode).toBeGreaterThanOrEqual(400);
    expect(fora.statusCode).toBeLessThan(500);
    const vazio = await req('POST', '/api/inscricoes-de-eventos/email', { eventoId, assunto: ' ', texto: 'x' });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().campos[0].campo).toBe('assunto');
    const semDireito = await req('POST', '/api/inscricoes-de-eventos/email', { eventoId, ...mensagem }, atendimento);
    expect(semDireito.statusCode).toBe(403);
  });

  it("reads a batch only within the sender's scope", async () => {
    const r = await req('POST', '/api/inscricoes-de-eventos/email', { eventoId, ...mensagem });
    const loteId = r.json().id;
    expect((await req('GET', `/api/inscricoes-de-eventos/email/${loteId}`, undefined, paroquia)).statusCode).toBe(404);
    expect((await req('GET', `/api/inscricoes-de-eventos/email/${loteId}/itens`, undefined, paroquia)).statusCode).toBe(
      404,
    );
    expect((await req('GET', `/api/inscricoes-de-eventos/email/${loteId}`, undefined, atendimento)).statusCode).toBe(
      403,
    );
  });
});
