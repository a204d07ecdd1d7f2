import { schema } from '@sig/db';
import { and, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { SENHA_DEMO } from '../../../test/constantes.js';

let t: AppTeste;
let admin: string;
let sinodo: string;
let paroquia: string;
const ids = { sinodo: 0, paroquia: 0, igreja: 0, outroSinodo: 0, membro: 0, tesouraria: 0, secretariaParoquial: 0 };

const db = () => t.banco.db;

async function organizacaoAtual(token: string): Promise<number> {
  const r = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
  return r.json().organizacaoId as number;
}

const perfilId = async (nome: string) =>
  (await db().select().from(schema.perfil).where(eq(schema.perfil.nome, nome)))[0]!.id;
const usuarioId = async (email: string) =>
  (await db().select().from(schema.usuario).where(eq(schema.usuario.email, email)))[0]!.id;

let sequencia = 0;
/** A member's account at an organization (the demo password), as the person form would create it. */
async function novoUsuario(organizacaoId: number, perfil = ids.membro) {
  sequencia += 1;
  const email = `membro${sequencia}@usuarios.teste`;
  const [p] = await db()
    .insert(schema.pessoa)
    .values({ nome: 'Marta', sobrenome: `Membro ${sequencia}`, email, organizacaoId })
    .returning();
  const [modelo] = await db().select().from(schema.usuario).where(eq(schema.usuario.email, 'sinodo@sig.local'));
  const [u] = await db()
    .insert(schema.usuario)
    .values({ pessoaId: p!.id, email, senhaHash: modelo!.senhaHash })
    .returning();
  await db()
    .insert(schema.usuarioOrganizacao)
    .values({ usuarioId: u!.id, organizacaoId, perfilId: perfil, padrao: true });
  return { id: u!.id, email };
}

beforeAll(async () => {
  t = await criarAppTeste();
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
  ids.sinodo = await organizacaoAtual(sinodo);
  ids.paroquia = await organizacaoAtual(paroquia);
  ids.igreja = await organizacaoAtual(admin);
  const [outro] = await db()
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(and(eq(schema.organizacao.organizacaoPaiId, ids.igreja), ne(schema.organizacao.id, ids.sinodo)))
    .limit(1);
  ids.outroSinodo = outro!.id;
  ids.membro = await perfilId('Membro');
  ids.tesouraria = await perfilId('Tesouraria');
  ids.secretariaParoquial = await perfilId('Secretaria Paroquial');
});

afterAll(async () => {
  await t?.fechar();
});

describe('GET /api/usuarios/paginado', () => {
  it('lists the users of the scope with their links there, filtered and sorted', async () => {
    const r = await t.req({ method: 'GET', url: '/api/usuarios/paginado?quantidade=50', token: sinodo });
    expect(r.statusCode).toBe(200);
    const emails = r.json().itens.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['sinodo@sig.local', 'paroquia@sig.local', 'tesouraria@sig.local']));
    // The administrator acts for the whole church, outside the synod.
    expect(emails).not.toContain('admin@sig.local');
    const sara = r.json().itens.find((u: { email: string }) => u.email === 'sinodo@sig.local');
    expect(sara).toMatchObject({ ativo: true, totpAtivo: false });
    expect(sara.vinculos.map((v: { perfilNome: string }) => v.perfilNome).sort()).toEqual([
      'Secretaria Paroquial',
      'Secretaria Sinodal',
    ]);

    const busca = await t.req({ method: 'GET', url: '/api/usuarios/paginado?busca=tesour', token: sinodo });
    expect(busca.json().itens.map((u: { email: string }) => u.email)).toEqual(['tesouraria@sig.local']);
    const porPerfil = await t.req({
      method: 'GET',
      url: `/api/usuarios/paginado?perfilId=${ids.tesouraria}`,
      token: sinodo,
    });
    expect(porPerfil.json().total).toBe(1);
    const todos = await t.req({ method: 'GET', url: '/api/usuarios/paginado?quantidade=50', token: admin });
    expect(todos.json().itens.map((u: { email: string }) => u.email)).toContain('admin@sig.local');
  });

  it('refuses an unknown sort key (400) and a profile without the screen (403)', async () => {
    const invalido = await t.req({ method: 'GET', url: '/api/usuarios/paginado?ordenarPor=senhaHash', token: sinodo });
    expect(invalido.statusCode).toBe(400);
    const semTela = await t.req({ method: 'GET', url: '/api/usuarios/paginado', token: paroquia });
    expect(semTela.statusCode).toBe(403);
  });

  it('exports the filtered users', async () => {
    const r = await t.req({ method: 'GET', url: '/api/usuarios/exportar?busca=tesour', token: sinodo });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    expect(r.body).toContain('tesouraria@sig.local');
    expect(r.body).not.toContain('sinodo@sig.local');
    const semTela = await t.req({ method: 'GET', url: '/api/usuarios/exportar', token: paroquia });
    expect(semTela.statusCode).toBe(403);
  });
});

describe('POST/DELETE /api/usuarios/:id/vinculos', () => {
  it('links a user of the scope to an organization with a profile, then unlinks', async () => {
    const u = await novoUsuario(ids.paroquia);
    const r = await t.req({
      method: 'POST',
      url: `/api/usuarios/${u.id}/vinculos`,
      token: sinodo,
      payload: { organizacaoId: ids.sinodo, perfilId: ids.membro },
    });
    expect(r.statusCode).toBe(200);
    expect(
      r
        .json()
        .vinculos.map((v: { organizacaoId: number }) => v.organizacaoId)
        .sort(),
    ).toEqual([ids.sinodo, ids.paroquia].sort());
    const remove = await t.req({
      method: 'DELETE',
      url: `/api/usuarios/${u.id}/vinculos/${ids.sinodo}`,
      token: sinodo,
    });
    expect(remove.statusCode).toBe(200);
    expect(remove.json().vinculos).toHaveLength(1);
    const denovo = await t.req({
      method: 'DELETE',
      url: `/api/usuarios/${u.id}/vinculos/${ids.sinodo}`,
      token: sinodo,
    });
    expect(denovo.statusCode).toBe(404);
  });

  it('goes through the grant rule: no profile beyond the writer’s rights, not one’s own links', async () => {
    const u = await novoUsuario(ids.paroquia);
    const acima = await t.req({
      method: 'POST',
      url: `/api/usuarios/${u.id}/vinculos`,
      token: sinodo,
      payload: { organizacaoId: ids.paroquia, perfilId: ids.tesouraria },
    });
    expect(acima.statusCode).toBe(403);
    expect(acima.json().codigo).toBe('PERMISSAO_ACIMA_DA_PROPRIA');
    const propria = await t.req({
      method: 'POST',
      url: `/api/usuarios/${await usuarioId('sinodo@sig.local')}/vinculos`,
      token: sinodo,
      payload: { organizacaoId: ids.paroquia, perfilId: ids.membro },
    });
    expect(propria.statusCode).toBe(403);
    // The treasurer's link is beyond the synod secretary: she may not remove it either.
    const tesoureiro = await usuarioId('tesouraria@sig.local');
    const remover = await t.req({
      method: 'DELETE',
      url: `/api/usuarios/${tesoureiro}/vinculos/${ids.paroquia}`,
      token: sinodo,
    });
    expect(remover.statusCode).toBe(403);
  });

  it('refuses invalid input (400), a profile without the action (403) and what lies outside the scope', async () => {
    const u = await novoUsuario(ids.paroquia);
    const invalido = await t.req({
      method: 'POST',
      url: `/api/usuarios/${u.id}/vinculos`,
      token: sinodo,
      payload: { organizacaoId: 'x' },
    });
    expect(invalido.statusCode).toBe(400);
    const semTela = await t.req({
      method: 'POST',
      url: `/api/usuarios/${u.id}/vinculos`,
      token: paroquia,
      payload: { organizacaoId: ids.paroquia, perfilId: ids.membro },
    });
    expect(semTela.statusCode).toBe(403);
    // Another synod is not the writer's to name: the reference rule answers on the field.
    const foraOrg = await t.req({
      method: 'POST',
      url: `/api/usuarios/${u.id}/vinculos`,
      token: sinodo,
      payload: { organizacaoId: ids.outroSinodo, perfilId: ids.membro },
    });
    expect(foraOrg.statusCode).toBe(400);
    expect(foraOrg.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['organizacaoId']);
    // A user of another synod reads as not found.
    const estranho = await novoUsuario(ids.outroSinodo);
    const foraUsuario = await t.req({
      method: 'POST',
      url: `/api/usuarios/${estranho.id}/vinculos`,
      token: sinodo,
      payload: { organizacaoId: ids.paroquia, perfilId: ids.membro },
    });
    expect(foraUsuario.statusCode).toBe(404);
    const foraRemocao = await t.req({
      method: 'DELETE',
      url: `/api/usuarios/${estranho.id}/vinculos/${ids.outroSinodo}`,
      token: sinodo,
    });
    expect(foraRemocao.statusCode).toBe(404);
  });
});

describe('PUT /api/usuarios/:id/situacao', () => {
  it('deactivates a user (sign-in refused, sessions ended) and reactivates', async () => {
    const u = await novoUsuario(ids.paroquia);
    const token = await t.login(u.email);
    const off = await t.req({
      method: 'PUT',
      url: `/api/usuarios/${u.id}/situacao`,
      token: sinodo,
      payload: { ativo: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().ativo).toBe(false);
    const sessao = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
    expect(sessao.statusCode).toBe(401);
    const login = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/autenticar',
      payload: { login: u.email, senha: SENHA_DEMO },
    });
    expect(login.statusCode).toBe(401);
    const on = await t.req({
      method: 'PUT',
      url: `/api/usuarios/${u.id}/situacao`,
      token: sinodo,
      payload: { ativo: true },
    });
    expect(on.json().ativo).toBe(true);
    await t.login(u.email);
  });

  it('refuses invalid input (400), no screen (403), beyond the writer (403), outside the scope (404)', async () => {
    const u = await novoUsuario(ids.paroquia);
    const invalido = await t.req({ method: 'PUT', url: `/api/usuarios/${u.id}/situacao`, token: sinodo, payload: {} });
    expect(invalido.statusCode).toBe(400);
    const semTela = await t.req({
      method: 'PUT',
      url: `/api/usuarios/${u.id}/situacao`,
      token: paroquia,
      payload: { ativo: false },
    });
    expect(semTela.statusCode).toBe(403);
    const tesoureiro = await t.req({
      method: 'PUT',
      url: `/api/usuarios/${await usuarioId('tesouraria@sig.local')}/situacao`,
      token: sinodo,
      payload: { ativo: false },
    });
    expect(tesoureiro.statusCode).toBe(403);
    const propria = await t.req({
      method: 'PUT',
      url: `/api/usuarios/${await usuarioId('sinodo@sig.local')}/situacao`,
      token: sinodo,
      payload: { ativo: false },
    });
    expect(propria.statusCode).toBe(403);
    const estranho = await novoUsuario(ids.outroSinodo);
    const fora = await t.req({
      method: 'PUT',
      url: `/api/usuarios/${estranho.id}/situacao`,
      token: sinodo,
      payload: { ativo: false },
    });
    expect(fora.statusCode).toBe(404);
  });
});

describe('POST /api/usuarios/:id/redefinicao-senha', () => {
  it('e-mails the user a reset link', async () => {
    const u = await novoUsuario(ids.paroquia);
    const r = await t.req({ method: 'POST', url: `/api/usuarios/${u.id}/redefinicao-senha`, token: sinodo });
    expect(r.statusCode).toBe(200);
    const [mensagem] = await db()
      .select()
      .from(schema.caixaSaida)
      .where(eq(schema.caixaSaida.para, u.email))
      .orderBy(desc(schema.caixaSaida.id));
    expect(mensagem?.texto).toContain('/reset-senha?token=');
  });

  it('refuses an unknown id (400), no screen (403), beyond the writer (403), outside the scope (404)', async () => {
    const invalido = await t.req({ method: 'POST', url: '/api/usuarios/abc/redefinicao-senha', token: sinodo });
    expect(invalido.statusCode).toBe(400);
    const u = await novoUsuario(ids.paroquia);
    const semTela = await t.req({ method: 'POST', url: `/api/usuarios/${u.id}/redefinicao-senha`, token: paroquia });
    expect(semTela.statusCode).toBe(403);
    const tesoureiro = await usuarioId('tesouraria@sig.local');
    const acima = await t.req({ method: 'POST', url: `/api/usuarios/${tesoureiro}/redefinicao-senha`, token: sinodo });
    expect(acima.statusCode).toBe(403);
    const estranho = await novoUsuario(ids.outroSinodo);
    const fora = await t.req({ method: 'POST', url: `/api/usuarios/${estranho.id}/redefinicao-senha`, token: sinodo });
    expect(fora.statusCode).toBe(404);
  });
});

describe('a profile that requires a second factor', () => {
  it('asks for one at sign-in even without the app', async () => {
    const criado = await t.req({
      method: 'POST',
      url: '/api/perfil',
      token: admin,
      payload: {
        nome: 'Com segundo fator',
        exige2FA: true,
        permissoes: [{ acesso: 'Dashboard', listar: true, visualizar: true }],
      },
    });
    expect(criado.statusCode).toBe(201);
    expect(criado.json().exige2FA).toBe(true);
    const u = await novoUsuario(ids.paroquia, criado.json().id);
    const r = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/autenticar',
      payload: { login: u.email, senha: SENHA_DEMO },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().requer2FA).toBe(true);
    const lista = await t.req({ method: 'GET', url: `/api/usuarios/paginado?busca=${u.email}`, token: admin });
    expect(lista.json().itens[0].vinculos[0].exige2FA).toBe(true);
  });
});
