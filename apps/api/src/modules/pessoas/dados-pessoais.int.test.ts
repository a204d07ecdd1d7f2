import type { AsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppTeste } from '../../../test/app-teste.js';
import { criarAppComAsaas } from '../../../test/asaas-teste.js';
import { organizacaoPorNome } from '../../../test/fabricas.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';
import { ErroProvedor } from '../asaas/index.js';

/** Personal-data rights (LGPD): the export of everything held on a person, and anonymization. */
let t: AppTeste;
let fake: AsaasFake;
let provedor: PaymentProvider;
/** Turned on by a test: the provider refuses to change customers (it is down). */
let provedorFora = false;
let admin: string;
let sinodo: string;
let tesouraria: string;
let orgParoquia: number;
let grauIrmao: number;
let tipoCelebracao: number;

const CPF = '73019486203';

beforeAll(async () => {
  ({ t, fake, provedor } = await criarAppComAsaas(
    {},
    {
      embrulhar: (p) => ({
        ...p,
        atualizarCliente: (...args) =>
          provedorFora ? Promise.reject(new ErroProvedor('PROVEDOR_INDISPONIVEL', 503)) : p.atualizarCliente(...args),
      }),
    },
  ));
  [admin, sinodo, tesouraria] = await t.logins('admin', 'sinodo', 'tesouraria');
  orgParoquia = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
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
    const json = await t.req({ method: 'GET', url: `/api/pessoa/${p.id}/dados-pessoais`, token: admin });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain(`dados-pessoais-${p.id}.json`);
    const dados = json.json();
    expect(dados).toMatchObject({
      geradoPor: 'admin@sig.local',
      pessoa: { id: p.id, nome: 'Greta', sobrenome: 'Becker Vogt', cpf: CPF },
      usuario: null,
      vinculos: [],
    });
    expect(dados.historico.map((h: { campo: string | null }) => h.campo)).toEqual(
      expect.arrayContaining(['sobrenome']),
    );

    const pdf = await t.req({ method: 'GET', url: `/api/pessoa/${p.id}/dados-pessoais?formato=pdf`, token: admin });
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

  it('the export is a right of its own (DadosPessoais): reading or even editing people does not give it', async () => {
    const p = await criar({ nome: 'Frieda' });
    const url = `/api/pessoa/${p.id}/dados-pessoais`;
    // The treasury reads people; the synod office edits them: neither was given the export.
    for (const token of [tesouraria, sinodo]) {
      expect((await t.req({ method: 'GET', url: `/api/pessoa/${p.id}`, token })).statusCode).toBe(200);
      const r = await t.req({ method: 'GET', url, token });
      expect(r.statusCode).toBe(403);
      expect(r.json().codigo).toBe('ACESSO_NAO_PERMITIDO');
    }
    expect((await t.req({ method: 'GET', url: `${url}?formato=xml`, token: admin })).statusCode).toBe(400);

    // Given to the synod office for its own organization only: a person of a parish below stays out of reach.
    const [perfil] = await t.banco.db
      .select({ id: schema.perfil.id })
      .from(schema.perfil)
      .where(eq(schema.perfil.nome, 'Secretaria Sinodal'));
    await t.banco.db.insert(schema.perfilPermissao).values({
      perfilId: perfil!.id,
      acesso: 'DadosPessoais',
      visualizar: true,
      somentePropriaOrganizacao: true,
    });
    await t.banco.db
      .update(schema.perfil)
      .set({ versao: sql`${schema.perfil.versao} + 1` })
      .where(eq(schema.perfil.id, perfil!.id));
    try {
      expect((await t.req({ method: 'GET', url, token: sinodo })).statusCode).toBe(404);
      const sinodal = (await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: sinodo })).json();
      const doSinodo = await t.req({
        method: 'POST',
        url: '/api/pessoa',
        token: sinodo,
        payload: { nome: 'Sinodal', sobrenome: 'Becker', organizacaoId: sinodal.organizacaoId, status: 'ATIVO' },
      });
      expect(doSinodo.statusCode, doSinodo.body).toBe(201);
      const r = await t.req({ method: 'GET', url: `/api/pessoa/${doSinodo.json().id}/dados-pessoais`, token: sinodo });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().pessoa.nome).toBe('Sinodal');
    } finally {
      await t.banco.db
        .delete(schema.perfilPermissao)
        .where(
          and(eq(schema.perfilPermissao.perfilId, perfil!.id), eq(schema.perfilPermissao.acesso, 'DadosPessoais')),
        );
      await t.banco.db
        .update(schema.perfil)
        .set({ versao: sql`${schema.perfil.versao} + 1` })
        .where(eq(schema.perfil.id, perfil!.id));
    }
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
      await t.req({ method: 'GET', url: `/api/pessoa/${u!.pessoaId}/dados-pessoais`, token: admin })
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

describe('an anonymized person', () => {
  const anonimizar = (id: number) =>
    t.req({
      method: 'POST',
      url: `/api/pessoa/${id}/anonimizar`,
      token: sinodo,
      payload: { motivo: 'Pedido da titular em 2026' },
    });
  const recusada = (r: { statusCode: number; json: () => { codigo: string; mensagem: string } }) => {
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('PESSOA_ANONIMIZADA');
  };

  it('is read-only for good: the record, its tabs, its integration, its minister data and links to it', async () => {
    const p = await criar({ nome: 'Ingrid', cpf: '91827364564', nomeMae: 'Olga' });
    const ministro = { pessoaId: p.id, tipoMinisterio: 'PASTORAL', situacaoMinisterial: 'ATIVO' };
    const m = await t.req({ method: 'POST', url: '/api/pessoa-ministro', token: sinodo, payload: ministro });
    expect(m.statusCode, m.body).toBe(201);
    const integracao = { pessoaId: p.id, tipo: 'INTEGRACAO', data: '2020-01-01', forma: 'BATISMO' };
    const i = await t.req({
      method: 'POST',
      url: '/api/pessoa-integracao-desligamento',
      token: sinodo,
      payload: integracao,
    });
    expect(i.statusCode, i.body).toBe(201);
    expect((await anonimizar(p.id)).statusCode).toBe(200);

    const antigos = {
      nome: 'Ingrid',
      sobrenome: 'Becker',
      cpf: '91827364564',
      nomeMae: 'Olga',
      organizacaoId: orgParoquia,
    };
    const devolvida = await t.req({ method: 'PUT', url: `/api/pessoa/${p.id}`, token: sinodo, payload: antigos });
    recusada(devolvida);
    expect(devolvida.json().mensagem).toBe(
      'Os dados desta pessoa foram anonimizados: o cadastro não pode mais ser alterado.',
    );
    const emIngles = await t.req({
      method: 'PUT',
      url: `/api/pessoa/${p.id}`,
      token: sinodo,
      idioma: 'en',
      payload: antigos,
    });
    expect(emIngles.json().mensagem).toBe(
      "This person's data has been anonymized: the record can no longer be changed.",
    );
    recusada(await t.req({ method: 'DELETE', url: `/api/pessoa/${p.id}`, token: sinodo }));
    const escrever = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.req({ method, url, token: sinodo, payload });
    recusada(await escrever('POST', '/api/pessoa-integracao-desligamento', { ...integracao, data: '2021-01-01' }));
    recusada(await escrever('PUT', `/api/pessoa-integracao-desligamento/${i.json().id}`, integracao));
    recusada(await escrever('PUT', `/api/pessoa-ministro/${m.json().id}`, { ...ministro, registroMinisterial: 'X' }));
    // A relative or a spouse named on someone else's record would write into this one (the mirrored link).
    const parente = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token: sinodo,
      payload: {
        nome: 'Parente',
        sobrenome: 'Becker',
        organizacaoId: orgParoquia,
        familia: [{ parenteId: p.id, grauParentescoId: grauIrmao }],
      },
    });
    expect(parente.statusCode).toBe(400);
    expect(parente.json().campos).toEqual([
      { campo: 'familia.0.parenteId', mensagem: expect.stringContaining('anonimizad') },
    ]);

    const lida = (await t.req({ method: 'GET', url: `/api/pessoa/${p.id}`, token: sinodo })).json();
    expect(lida).toMatchObject({ nome: 'Pessoa anonimizada', cpf: null, nomeMae: null, familia: [] });
    const integracoes = await t.banco.db
      .select({ data: schema.pessoaIntegracao.data })
      .from(schema.pessoaIntegracao)
      .where(eq(schema.pessoaIntegracao.pessoaId, p.id));
    expect(integracoes).toEqual([{ data: '2020-01-01' }]);
    const outra = await anonimizar(p.id);
    expect(outra.statusCode).toBe(409);
    expect(outra.json().codigo).toBe('PESSOA_JA_ANONIMIZADA');
  });

  it("anonymizes the person's customer at the payment provider and removes the link", async () => {
    const p = await criar({ nome: 'Gudrun', cpf: '82736451937', email: 'gudrun@exemplo.org' });
    const cliente = await t.req({ method: 'POST', url: '/api/clientes', token: admin, payload: { pessoaId: p.id } });
    expect(cliente.statusCode, cliente.body).toBe(201);
    const [antes] = await provedor.buscarClientes({ referenciaExterna: `pessoa:${p.id}` });
    expect(antes).toMatchObject({ nome: 'Gudrun Becker', email: 'gudrun@exemplo.org' });

    expect((await anonimizar(p.id)).statusCode).toBe(200);
    const lido = await fetch(`${fake.url}/customers/${antes!.id}`, { headers: { access_token: fake.chaveApi } });
    expect(await lido.json()).toMatchObject({
      name: `Pessoa anonimizada #${p.id}`,
      email: null,
      phone: null,
      mobilePhone: null,
      address: null,
      notificationDisabled: true,
      deleted: false,
    });
    const links = await t.banco.db
      .select()
      .from(schema.clienteProvedor)
      .where(eq(schema.clienteProvedor.pessoaId, p.id));
    expect(links).toEqual([]);
  });

  it('a provider that fails keeps the link and says so; repeating the anonymization finishes it', async () => {
    const p = await criar({ nome: 'Hedwig', cpf: '73645192891', email: 'hedwig@exemplo.org' });
    expect(
      (await t.req({ method: 'POST', url: '/api/clientes', token: admin, payload: { pessoaId: p.id } })).statusCode,
    ).toBe(201);
    provedorFora = true;
    try {
      const falhou = await anonimizar(p.id);
      expect(falhou.statusCode).toBe(502);
      expect(falhou.json().codigo).toBe('ANONIMIZACAO_PENDENTE_NO_PROVEDOR');
    } finally {
      provedorFora = false;
    }
    // The record itself is anonymized already, and stays read-only.
    const lida = (await t.req({ method: 'GET', url: `/api/pessoa/${p.id}`, token: sinodo })).json();
    expect(lida).toMatchObject({
      nome: 'Pessoa anonimizada',
      cpf: null,
      anonimizadoEm: expect.any(String),
      anonimizacaoPendente: true,
    });
    const [pendente] = await provedor.buscarClientes({ referenciaExterna: `pessoa:${p.id}` });
    expect(pendente).toMatchObject({ email: 'hedwig@exemplo.org' });

    const repetida = await anonimizar(p.id);
    expect(repetida.statusCode, repetida.body).toBe(200);
    const [feito] = await provedor.buscarClientes({ referenciaExterna: `pessoa:${p.id}` });
    expect(feito).toMatchObject({ nome: `Pessoa anonimizada #${p.id}`, email: null });
    expect(repetida.json()).toEqual({ id: p.id, nome: 'Pessoa anonimizada', anonimizado: true });
    const concluida = (await t.req({ method: 'GET', url: `/api/pessoa/${p.id}`, token: sinodo })).json();
    expect(concluida.anonimizacaoPendente).toBe(false);
    expect((await anonimizar(p.id)).json().codigo).toBe('PESSOA_JA_ANONIMIZADA');
  });
});
