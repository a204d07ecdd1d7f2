import { type EmailSaida, type EmailSaidaDetalhe, emailSaida, emailSaidaDetalhe, paged } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

const t = usarAppTeste();
let admin: string;

beforeAll(async () => {
  admin = await t.loginAdmin();
});

const get = (url: string, token = admin) => t.req({ method: 'GET', url, token });
const post = (url: string, token = admin) => t.req({ method: 'POST', url, token });
const lista = async (consulta = '', token = admin) => {
  const r = await get(`/api/caixa-de-saida/paginado${consulta}`, token);
  expect(r.statusCode, r.body).toBe(200);
  return paged(emailSaida).parse(r.json()).itens as EmailSaida[];
};
const RECUSADO = 'contato@comunidade-antiga.example';

/** A demo profile given the screen (or not), its cached permissions made stale. */
async function conceder(perfil: string, acesso: string) {
  const [p] = await t.banco.db
    .select({ id: schema.perfil.id })
    .from(schema.perfil)
    .where(eq(schema.perfil.nome, perfil));
  await t.banco.db
    .insert(schema.perfilPermissao)
    .values({ perfilId: p!.id, acesso, listar: true, visualizar: true, atualizar: true });
  await t.banco.db
    .update(schema.perfil)
    .set({ versao: sql`${schema.perfil.versao} + 1` })
    .where(eq(schema.perfil.id, p!.id));
  return async () => {
    await t.banco.db
      .delete(schema.perfilPermissao)
      .where(and(eq(schema.perfilPermissao.perfilId, p!.id), eq(schema.perfilPermissao.acesso, acesso)));
    await t.banco.db
      .update(schema.perfil)
      .set({ versao: sql`${schema.perfil.versao} + 1` })
      .where(eq(schema.perfil.id, p!.id));
  };
}

describe('/caixa-de-saida: the mail outbox', () => {
  it('lists the messages newest first, filtered by state and recipient; a failed one carries its SMTP error', async () => {
    const todas = await lista('?quantidade=100');
    expect(todas.length).toBeGreaterThanOrEqual(3);
    const datas = todas.map((m) => m.criadoEm);
    expect(datas).toEqual([...datas].sort().reverse());
    const comErro = await lista('?situacao=ERRO');
    expect(comErro.map((m) => m.para)).toEqual([RECUSADO]);
    expect(comErro[0]).toMatchObject({ situacao: 'ERRO', tentativas: 6, enviadoEm: null });
    expect(comErro[0]!.erro).toContain('User unknown');
    const csv = await get('/api/caixa-de-saida/exportar?situacao=ERRO');
    expect(csv.statusCode, csv.body).toBe(200);
    const [cabecalho, linha, ...resto] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(cabecalho).toBe('Destinatário;Assunto;Situação;Tentativas;Erro;Data/hora;Enviado em');
    expect(linha).toMatch(new RegExp(`^${RECUSADO};.*;Erro;6;.*User unknown`));
    expect(resto).toEqual([]);
    const enviadas = await lista('?situacao=ENVIADO,PENDENTE&para=paroquia-da-paz');
    expect(enviadas.map((m) => m.situacao)).toEqual(['ENVIADO', 'ENVIADO']);
    expect(enviadas.every((m) => m.enviadoEm)).toBe(true);
  });

  it('shows a message with its text', async () => {
    const [m] = await lista('?situacao=ERRO');
    const r = await get(`/api/caixa-de-saida/${m!.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const d: EmailSaidaDetalhe = emailSaidaDetalhe.parse(r.json());
    expect(d).toMatchObject({ id: m!.id, para: RECUSADO, assunto: 'SIG: aviso da paróquia' });
    expect(d.texto).toContain('reunião do conselho');
  });

  it('sends a failed message again: back to pending with its attempts counted anew, once', async () => {
    const [m] = await lista('?situacao=ERRO');
    const r = await post(`/api/caixa-de-saida/${m!.id}/reenviar`);
    expect(r.statusCode, r.body).toBe(200);
    // No SMTP here: it waits in the outbox.
    expect(r.json()).toMatchObject({ id: m!.id, situacao: 'PENDENTE', tentativas: 0, erro: null });
    const outra = await post(`/api/caixa-de-saida/${m!.id}/reenviar`);
    expect(outra.statusCode).toBe(409);
    expect(outra.json().codigo).toBe('EMAIL_NAO_REENVIAVEL');
    expect(await lista('?situacao=ERRO')).toEqual([]);
  });

  it('refuses bad filters and ids', async () => {
    for (const consulta of ['?situacao=PERDIDO', '?quantidade=0', '?ordenarPor=texto']) {
      const r = await get(`/api/caixa-de-saida/paginado${consulta}`);
      expect(r.statusCode, consulta).toBe(400);
    }
    expect((await get('/api/caixa-de-saida/abc')).statusCode).toBe(400);
    expect((await post('/api/caixa-de-saida/abc/reenviar')).statusCode).toBe(400);
  });

  it('answers 404 for a message that does not exist', async () => {
    expect((await get('/api/caixa-de-saida/999999')).statusCode).toBe(404);
    expect((await post('/api/caixa-de-saida/999999/reenviar')).statusCode).toBe(404);
  });

  it('is refused without the screen, and to a profile given it below the top of the tree (mail has no organization)', async () => {
    const tesouraria = await t.login('tesouraria@sig.local');
    expect((await get('/api/caixa-de-saida/paginado', tesouraria)).statusCode).toBe(403);
    expect((await get('/api/caixa-de-saida/exportar', tesouraria)).statusCode).toBe(403);
    expect((await post('/api/caixa-de-saida/1/reenviar', tesouraria)).statusCode).toBe(403);
    const retirar = await conceder('Secretaria Sinodal', 'CaixaDeSaida');
    try {
      const sinodo = await t.login('sinodo@sig.local');
      const r = await get('/api/caixa-de-saida/paginado', sinodo);
      expect(r.statusCode).toBe(403);
      expect(r.json().codigo).toBe('SEM_PERMISSAO_ORGANIZACAO');
      expect((await get('/api/caixa-de-saida/1', sinodo)).statusCode).toBe(403);
    } finally {
      await retirar();
    }
  });
});
