import { schema } from '@sig/db';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';

/** The grant rule (platform/concessao.ts) on every path that gives rights. */

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
const ids = { sinodo: 0, paroquia: 0 };

const db = () => t.banco.db;
const perfilId = async (nome: string) =>
  (await db().select({ id: schema.perfil.id }).from(schema.perfil).where(eq(schema.perfil.nome, nome)))[0]!.id;
const usuarioId = async (email: string) =>
  (await db().select({ id: schema.usuario.id }).from(schema.usuario).where(eq(schema.usuario.email, email)))[0]!.id;
const orgAtual = async (token: string) =>
  (await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token })).json().organizacaoId as number;

const vincular = (organizacaoId: number, payload: object, token: string) =>
  t.req({ method: 'POST', url: `/api/organizacao/${organizacaoId}/usuarios`, token, payload });

/** A person of the parish with an account whose password the writer chose. */
async function pessoaComConta(token: string, email: string) {
  const r = await t.req({
    method: 'POST',
    url: '/api/pessoa',
    token,
    payload: {
      nome: 'Conta',
      sobrenome: email,
      organizacaoId: ids.paroquia,
      status: 'ATIVO',
      usuario: { email, senha: 'Escolhida123', confirmacaoSenha: 'Escolhida123', trocarSenha: false },
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  return { pessoaId: r.json().id as number, usuarioId: r.json().usuario.id as number };
}

/** A profile of the given screens (each with every action), to link in tests. */
async function perfilCom(nome: string, telas: string[], somentePropria = false) {
  const r = await t.req({
    method: 'POST',
    url: '/api/perfil',
    token: admin,
    payload: {
      nome,
      permissoes: telas.map((acesso) => ({
        acesso,
        listar: true,
        visualizar: true,
        criar: true,
        atualizar: true,
        excluir: true,
        somentePropriaOrganizacao: somentePropria,
      })),
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

beforeAll(async () => {
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
  ids.sinodo = await orgAtual(sinodo);
  ids.paroquia = await orgAtual(paroquia);
});

describe('linking a user to a profile at an organization', () => {
  it('refuses the synod secretary giving the treasury profile to an account she made (the issue story)', async () => {
    const conta = await pessoaComConta(sinodo, 'escolhida@exemplo.org');
    const r = await vincular(
      ids.paroquia,
      { usuarioId: conta.usuarioId, perfilId: await perfilId('Tesouraria') },
      sinodo,
    );
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json()).toMatchObject({
      codigo: 'PERMISSAO_ACIMA_DA_PROPRIA',
      campos: [{ campo: 'perfilId', mensagem: 'Você não pode conceder permissões que não possui.' }],
    });
    const vinculos = await db()
      .select({ perfilId: schema.usuarioOrganizacao.perfilId })
      .from(schema.usuarioOrganizacao)
      .where(eq(schema.usuarioOrganizacao.usuarioId, conta.usuarioId));
    expect(vinculos).toEqual([{ perfilId: await perfilId('Membro') }]);
    const token = await t.login('escolhida@exemplo.org', 'Escolhida123');
    const receber = await t.req({ method: 'GET', url: '/api/conta-a-receber/paginado', token });
    expect(receber.statusCode).toBe(403);
  });

  it('gives a profile within the writer’s rights, and refuses one reaching further than hers', async () => {
    const conta = await pessoaComConta(sinodo, 'dentro@exemplo.org');
    const cadastros = await perfilCom('Cadastro de pessoas', ['Pessoa', 'Dashboard']);
    const ok = await vincular(ids.paroquia, { usuarioId: conta.usuarioId, perfilId: cadastros }, sinodo);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().perfilNome).toBe('Cadastro de pessoas');

    // The parish secretary holds her screens for the parish and below: not at the synod above her.
    const r = await vincular(ids.sinodo, { usuarioId: conta.usuarioId, perfilId: cadastros }, paroquia);
    expect(r.statusCode).toBe(404);
  });

  it('measures "own organization only" at the organization the link is made', async () => {
    const conta = await pessoaComConta(admin, 'propria@exemplo.org');
    // Without its members link (beyond the writer below, who could not take it over).
    await t.req({
      method: 'DELETE',
      url: `/api/organizacao/${ids.paroquia}/usuarios/${conta.usuarioId}`,
      token: admin,
    });
    const restrito = await perfilCom('Pessoas da própria', ['Pessoa'], true);
    const amplo = await perfilCom('Pessoas e abaixo', ['Pessoa']);
    // A writer holding Pessoa for her own organization only.
    const escritor = await perfilCom('Secretaria restrita', ['Pessoa', 'Organizacao'], true);
    const restrita = await pessoaComConta(admin, 'restrita@exemplo.org');
    expect(
      (await vincular(ids.paroquia, { usuarioId: restrita.usuarioId, perfilId: escritor }, admin)).statusCode,
    ).toBe(201);
    const token = await t.login('restrita@exemplo.org', 'Escolhida123');
    expect(await orgAtual(token)).toBe(ids.paroquia);

    const alcance = await vincular(ids.paroquia, { usuarioId: conta.usuarioId, perfilId: amplo }, token);
    expect(alcance.statusCode).toBe(403);
    expect(alcance.json().codigo).toBe('PERMISSAO_ACIMA_DA_PROPRIA');
    const mesmo = await vincular(ids.paroquia, { usuarioId: conta.usuarioId, perfilId: restrito }, token);
    expect(mesmo.statusCode, mesmo.body).toBe(201);
  });

  it('neither changes nor removes a link whose profile is beyond the writer, nor one’s own', async () => {
    const tiago = await usuarioId('tesouraria@sig.local');
    const membro = await perfilId('Membro');
    const rebaixar = await vincular(ids.paroquia, { usuarioId: tiago, perfilId: membro }, sinodo);
    expect(rebaixar.statusCode).toBe(403);
    const remover = await t.req({
      method: 'DELETE',
      url: `/api/organizacao/${ids.paroquia}/usuarios/${tiago}`,
      token: sinodo,
    });
    expect(remover.statusCode).toBe(403);
    expect(remover.json().codigo).toBe('PERMISSAO_ACIMA_DA_PROPRIA');

    const eu = await vincular(
      ids.paroquia,
      { usuarioId: await usuarioId('sinodo@sig.local'), perfilId: membro },
      sinodo,
    );
    expect(eu.statusCode).toBe(403);
    const [ainda] = await db()
      .select({ perfilId: schema.usuarioOrganizacao.perfilId })
      .from(schema.usuarioOrganizacao)
      .where(
        and(eq(schema.usuarioOrganizacao.usuarioId, tiago), eq(schema.usuarioOrganizacao.organizacaoId, ids.paroquia)),
      );
    expect(ainda!.perfilId).toBe(await perfilId('Tesouraria'));
  });

  it('lets the administrator give any profile, the administrator one included', async () => {
    const conta = await pessoaComConta(admin, 'admin-da@exemplo.org');
    const r = await vincular(
      ids.paroquia,
      { usuarioId: conta.usuarioId, perfilId: await perfilId('Administrador do Sistema') },
      admin,
    );
    expect(r.statusCode).toBe(201);
  });
});

describe("a person's account", () => {
  it('is refused when the members profile is beyond the writer', async () => {
    // A writer of people who lacks the gifts test the members profile grants.
    const escritor = await perfilCom('Só pessoas', ['Pessoa']);
    const conta = await pessoaComConta(admin, 'so-pessoas@exemplo.org');
    expect((await vincular(ids.paroquia, { usuarioId: conta.usuarioId, perfilId: escritor }, admin)).statusCode).toBe(
      201,
    );
    const token = await t.login('so-pessoas@exemplo.org', 'Escolhida123');
    const r = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token,
      payload: {
        nome: 'Nova',
        sobrenome: 'Pessoa',
        organizacaoId: ids.paroquia,
        usuario: { email: 'nova@exemplo.org', senha: 'Escolhida123', confirmacaoSenha: 'Escolhida123' },
      },
    });
    expect(r.statusCode, r.body).toBe(403);
    expect(r.json()).toMatchObject({ codigo: 'PERMISSAO_ACIMA_DA_PROPRIA', campos: [{ campo: 'usuario' }] });
    const [criada] = await db().select().from(schema.usuario).where(eq(schema.usuario.email, 'nova@exemplo.org'));
    expect(criada).toBeUndefined();
  });
});

describe("a profile's rules", () => {
  it('follow the same rule: no screen the writer lacks', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/perfil',
      token: sinodo,
      payload: { nome: 'Tesouraria paralela', permissoes: [{ acesso: 'ContaAReceber', listar: true }] },
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({
      codigo: 'PERMISSAO_ACIMA_DA_PROPRIA',
      campos: [{ campo: 'permissoes.0.listar' }],
    });
  });
});
