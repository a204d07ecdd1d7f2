import { schema } from '@sig/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';

/** Personal-data rights (LGPD): the export of everything held on a person, and anonymization. */
let t: AppTeste;
let sinodo: string;
let tesouraria: string;
let orgParoquia: number;
let grauIrmao: number;
let tipoCelebracao: number;

const CPF = '73019486203';

beforeAll(async () => {
  t = await criarAppTeste();
  [sinodo, tesouraria] = await Promise.all([t.login('sinodo@sig.local'), t.login('tesouraria@sig.local')]);
  const [o] = await t.banco.db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.nomeFantasia, 'Paróquia da Reconciliação - Canguçu'));
  orgParoquia = o!.id;
  const [g] = await t.banco.db
    .select({ id: schema.grauParentesco.id })
    .from(schema.grauParentesco)
    .where(eq(schema.grauParentesco.nome, 'Irmão(ã)'));
  grauIrmao = g!.id;
  const [c] = await t.banco.db
    .select({ id: schema.tipoCelebracaoOficio.id })
    .from(schema.tipoCelebracaoOficio)
    .limit(1);
  tipoCelebracao = c!.id;
});
afterAll(() => t.fechar());

async function criar(payload: Record<string, unknown>) {
  const r = await t.req({
    method: 'POST',
    url: '/api/pessoa',
    token: sinodo,
    payload: { sobrenome: 'Becker', organizacaoId: orgParoquia, status: 'ATIVO', ...payload },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

describe('personal data', () => {
  it('exports the record, its tabs and its history as JSON and PDF, and audits it', async () => {
    const p = await criar({
      nome: 'Greta',
      cpf: CPF,
      enderecos: [{ logradouro: 'Rua Grande', numero: '7', preferencial: true }],
      celebracoes: [{ tipoCelebracaoOficioId: tipoCelebracao, data: '1999-04-04' }],
    });
    const alterado = await t.req({
      method: 'PUT',
      url: `/api/pessoa/${p.id}`,
      token: sinodo,
      payload: { sobrenome: 'Becker Vogt', organizacaoId: orgParoquia, nome: 'Greta', cpf: CPF, status: 'ATIVO' },
    });
    expect(alterado.statusCode, alterado.body).toBe(200);
    const json = await t.req({ method: 'GET', url: `/api/pessoa/${p.id}/dados-pessoais`, token: sinodo });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain(`dados-pessoais-${p.id}.json`);
    const dados = json.json();
    expect(dados).toMatchObject({
      geradoPor: 'sinodo@sig.local',
      pessoa: { id: p.id, nome: 'Greta', sobrenome: 'Becker Vogt', cpf: CPF },
      usuario: null,
      vinculos: [],
    });
    expect(dados.historico.map((h: { campo: string | null }) => h.campo)).toEqual(
      expect.arrayContaining(['sobrenome']),
    );

    const pdf = await t.req({ method: 'GET', url: `/api/pessoa/${p.id}/dados-pessoais?formato=pdf`, token: sinodo });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    await t.app.deps.auditoria.descarregar();
    const eventos = await t.banco.db
      .select({ rota: schema.auditoriaAcesso.rota })
      .from(schema.auditoriaAcesso)
      .where(eq(schema.auditoriaAcesso.evento, 'DADOS_PESSOAIS'));
    expect(eventos.length).toBe(2);
  });

  it('the update history lists the changes with who made them, newest first (404 out of scope)', async () => {
    const p = await criar({ nome: 'Wilma' });
    await t.req({
      method: 'PUT',
      url: `/api/pessoa/${p.id}`,
      token: sinodo,
      payload: { nome: 'Wilma', sobrenome: 'Becker Roth', organizacaoId: orgParoquia },
    });
    const r = await t.req({ method: 'GET', url: `/api/pessoa/${p.id}/historico`, token: sinodo });
    expect(r.statusCode).toBe(200);
    expect(r.json()[0]).toMatchObject({
      operacao: 'ALTERACAO',
      campo: 'sobrenome',
      valorAnterior: 'Becker',
      valorNovo: 'Becker Roth',
    });
    expect(r.json().at(-1)).toMatchObject({ operacao: 'CRIACAO', usuarioNome: expect.any(String) });
    expect((await t.req({ method: 'GET', url: '/api/pessoa/999999/historico', token: sinodo })).statusCode).toBe(404);
  });

  it('a user account, its links and its accesses are part of the export', async () => {
    const [u] = await t.banco.db
      .select({ pessoaId: schema.usuario.pessoaId })
      .from(schema.usuario)
      .where(eq(schema.usuario.email, 'paroquia@sig.local'));
    const dados = (
      await t.req({ method: 'GET', url: `/api/pessoa/${u!.pessoaId}/dados-pessoais`, token: sinodo })
    ).json();
    expect(dados.usuario).toMatchObject({ email: 'paroquia@sig.local', ativo: true });
    expect(dados.vinculos).toEqual(
      expect.arrayContaining([{ organizacao: 'Paróquia da Reconciliação - Canguçu', perfil: 'Secretaria Paroquial' }]),
    );
  });

  it('anonymizing erases personal data and its history, keeps rites and contributions, and cannot repeat', async () => {
    const irma = await criar({ nome: 'Irmgard' });
    const p = await criar({
      nome: 'Helga',
      cpf: '40827519397',
      dataNascimento: '1960-02-02',
      nomeMae: 'Ursula',
      enderecos: [{ logradouro: 'Rua Secreta', numero: '9' }],
      contatos: [{ tipoContatoId: 1, valor: 'helga@exemplo.org' }],
      familia: [{ parenteId: irma.id, grauParentescoId: grauIrmao }],
      contribuicao: [{ valor: '80.00', dizimista: true }],
      celebracoes: [{ tipoCelebracaoOficioId: tipoCelebracao, data: '1960-05-05', livro: '2' }],
    });
    const curto = await t.req({
      method: 'POST',
      url: `/api/pessoa/${p.id}/anonimizar`,
      token: sinodo,
      payload: { motivo: 'curto' },
    });
    expect(curto.statusCode).toBe(400);
    expect(
      (
        await t.req({
          method: 'POST',
          url: `/api/pessoa/${p.id}/anonimizar`,
          token: tesouraria,
          payload: { motivo: 'Pedido da titular em 2026' },
        })
      ).statusCode,
    ).toBe(403);

    const r = await t.req({
      method: 'POST',
      url: `/api/pessoa/${p.id}/anonimizar`,
      token: sinodo,
      payload: { motivo: 'Pedido da titular em 2026' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({ id: p.id, nome: 'Pessoa anonimizada', anonimizado: true });

    const lido = (await t.req({ method: 'GET', url: `/api/pessoa/${p.id}`, token: sinodo })).json();
    expect(lido).toMatchObject({
      nome: 'Pessoa anonimizada',
      sobrenome: `#${p.id}`,
      anonimizadoEm: expect.any(String),
      cpf: null,
      dataNascimento: null,
      nomeMae: null,
      enderecos: [],
      contatos: [],
      familia: [],
      contribuicao: [{ valor: '80.00', dizimista: true }],
      celebracoes: [{ data: '1960-05-05', livro: '2' }],
    });
    expect((await t.req({ method: 'GET', url: `/api/pessoa/${irma.id}`, token: sinodo })).json().familia).toEqual([]);
    const enderecos = await t.banco.db
      .select()
      .from(schema.pessoaEndereco)
      .where(eq(schema.pessoaEndereco.pessoaId, p.id));
    expect(enderecos).toEqual([]);
    const historico = await t.banco.db
      .select({
        operacao: schema.historicoAlteracao.operacao,
        antes: schema.historicoAlteracao.valorAnterior,
        depois: schema.historicoAlteracao.valorNovo,
      })
      .from(schema.historicoAlteracao)
      .where(and(eq(schema.historicoAlteracao.entidade, 'pessoa'), eq(schema.historicoAlteracao.entidadeId, p.id)));
    expect(JSON.stringify(historico)).not.toContain('Helga');
    expect(JSON.stringify(historico)).not.toContain('40827519397');
    expect(historico).toContainEqual({
      operacao: 'ANONIMIZACAO',
      antes: null,
      depois: { motivo: 'Pedido da titular em 2026' },
    });
    const naLista = (await t.req({ method: 'GET', url: '/api/pessoa/paginado?nome=helga', token: sinodo })).json();
    expect(naLista.total).toBe(0);

    const outra = await t.req({
      method: 'POST',
      url: `/api/pessoa/${p.id}/anonimizar`,
      token: sinodo,
      payload: { motivo: 'Pedido da titular em 2026' },
    });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().mensagem).toBe('Os dados desta pessoa já foram anonimizados.');
  });

  it('a person who is a user cannot be anonymized until the access is removed', async () => {
    const [u] = await t.banco.db
      .select({ pessoaId: schema.usuario.pessoaId })
      .from(schema.usuario)
      .where(eq(schema.usuario.email, 'tesouraria@sig.local'));
    const r = await t.req({
      method: 'POST',
      url: `/api/pessoa/${u!.pessoaId}/anonimizar`,
      token: sinodo,
      payload: { motivo: 'Pedido da titular em 2026' },
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('PESSOA_E_USUARIO');
  });
});
