import { CADASTROS } from '@sig/contracts';
import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { ENTIDADES_HISTORICO } from '../../platform/historico.js';
import { FUSO } from './auditoria.service.js';

type Item = {
  id: number;
  evento: string;
  usuarioId: number | null;
  usuarioNome: string | null;
  login: string | null;
  organizacaoId: number | null;
  acesso: string | null;
  metodo: string | null;
  rota: string | null;
  status: number | null;
  criadoEm: string;
};

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
const org = new Map<string, number>();

/** Today in the church's time zone, as the period filters read it. */
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: FUSO }).format(new Date());

const listar = async (token: string, query: Record<string, string | number> = {}) => {
  await t.app.deps.auditoria.descarregar();
  const r = await t.req({ method: 'GET', url: '/api/auditoria-acesso/paginado', token, query: strings(query) });
  return r;
};
const strings = (q: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));
const itens = async (token: string, query: Record<string, string | number> = {}) => {
  const r = await listar(token, { quantidade: 500, ...query });
  expect(r.statusCode).toBe(200);
  return r.json().itens as Item[];
};

const inserirAuditoria = (linhas: (typeof schema.auditoriaAcesso.$inferInsert)[]) =>
  t.app.deps.db.insert(schema.auditoriaAcesso).values(linhas);

beforeAll(async () => {
  for (const o of await t.app.deps.db
    .select({ id: schema.organizacao.id, nome: schema.organizacao.nomeFantasia })
    .from(schema.organizacao))
    org.set(o.nome, o.id);
  admin = await t.loginAdmin();
  sinodo = await t.login('sinodo@sig.local');
  paroquia = await t.login('paroquia@sig.local');
});

describe('GET /api/auditoria-acesso/paginado', () => {
  it('records sign-in, failed sign-in, sign-out and requests, and lists them newest first', async () => {
    const falha = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/autenticar',
      payload: { login: 'ninguem@sig.local', senha: 'errada' },
    });
    expect(falha.statusCode).toBe(401);
    const token = await t.login('tesouraria@sig.local');
    const saida = await t.req({ method: 'PUT', url: '/api/Autenticacao/invalidar-token', token });
    expect(saida.statusCode).toBe(200);

    const todos = await itens(admin);
    const login = todos.find((i) => i.evento === 'LOGIN' && i.login === 'tesouraria@sig.local');
    expect(login).toMatchObject({ usuarioNome: 'Tiago Tesoureiro' });
    expect(login!.organizacaoId).toBeGreaterThan(0);
    const logout = todos.find((i) => i.evento === 'LOGOUT' && i.usuarioId === login!.usuarioId);
    expect(logout).toMatchObject({ usuarioNome: 'Tiago Tesoureiro', organizacaoId: login!.organizacaoId });
    // Failed sign-ins have no organization: only the national church's administrators see them.
    expect(todos.find((i) => i.evento === 'LOGIN_FALHA')).toMatchObject({
      login: 'ninguem@sig.local',
      usuarioId: null,
      organizacaoId: null,
    });
    const requisicao = todos.find((i) => i.evento === 'REQUISICAO' && i.rota === '/api/Autenticacao/invalidar-token');
    expect(requisicao).toMatchObject({ metodo: 'PUT', status: 200, usuarioId: login!.usuarioId });

    // The listing call itself is audited (acesso of the screen, status).
    const depois = await itens(admin, { evento: 'REQUISICAO', acesso: 'AuditoriaAcesso' });
    expect(depois[0]).toMatchObject({ rota: '/api/auditoria-acesso/paginado', metodo: 'GET', status: 200 });

    const datas = todos.map((i) => i.criadoEm);
    expect([...datas].sort().reverse()).toEqual(datas);
  });

  it('pages, filters and sorts with the allow-list', async () => {
    const r = await listar(admin, { quantidade: 2, pagina: 1 });
    const b = r.json();
    expect(b.itens).toHaveLength(2);
    expect(b).toMatchObject({ pagina: 1, quantidade: 2 });
    expect(b.total).toBeGreaterThan(2);
    const p2 = (await listar(admin, { quantidade: 2, pagina: 2 })).json();
    expect(p2.itens[0].id).not.toBe(b.itens[0].id);

    const logins = await itens(admin, { evento: 'LOGIN', metodo: 'GET' });
    expect(logins).toEqual([]);
    const porEvento = await itens(admin, { ordenarPor: 'evento', ordem: 'asc' });
    const eventos = porEvento.map((i) => i.evento);
    expect([...eventos].sort()).toEqual(eventos);
    const ok = await itens(admin, { status: 200, evento: 'REQUISICAO' });
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.every((i) => i.status === 200)).toBe(true);

    const hj = hoje();
    expect((await itens(admin, { periodoDe: hj, periodoAte: hj })).length).toBeGreaterThan(0);
    expect(await itens(admin, { periodoAte: '2020-01-01' })).toEqual([]);

    const ruim = await listar(admin, { ordenarPor: 'senhaHash' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().campos.map((c: { campo: string }) => c.campo)).toContain('ordenarPor');
  });

  it('rejects a period that ends before it starts', async () => {
    const r = await listar(admin, { periodoDe: '2026-03-10', periodoAte: '2026-03-01' });
    expect(r.statusCode).toBe(400);
    const b = r.json();
    expect(b.codigo).toBe('VALIDACAO');
    expect(b.campos).toEqual([{ campo: 'periodoAte', mensagem: expect.any(String) }]);
    const data = await listar(admin, { periodoDe: '2026-02-30' });
    expect(data.statusCode).toBe(400);
    expect(data.json().campos[0].campo).toBe('periodoDe');
  });

  it('refuses users without the screen and anonymous calls', async () => {
    const r = await listar(paroquia);
    expect(r.statusCode).toBe(403);
    expect(r.json().codigo).toBe('SEM_AUTORIZACAO_LISTAR');
    const e = await t.req({ method: 'GET', url: '/api/auditoria-acesso/exportar?formato=csv', token: paroquia });
    expect(e.statusCode).toBe(403);
    const anonimo = await t.req({ method: 'GET', url: '/api/auditoria-acesso/paginado' });
    expect(anonimo.statusCode).toBe(401);
  });

  it("limits a synod's user to the synod's subtree", async () => {
    const outro = org.get('Sínodo Amazonas')!;
    const proprio = org.get('Sínodo Rio dos Sinos')!;
    const [paroquiaPropria] = await t.app.deps.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.organizacaoPaiId, proprio))
      .limit(1);
    const agora = new Date();
    await inserirAuditoria([
      { evento: 'TELA', acesso: 'Escopo', organizacaoId: outro, criadoEm: agora },
      { evento: 'TELA', acesso: 'Escopo', organizacaoId: paroquiaPropria!.id, criadoEm: agora },
      { evento: 'TELA', acesso: 'Escopo', organizacaoId: null, criadoEm: agora },
    ]);
    const vistos = await itens(sinodo, { acesso: 'Escopo' });
    expect(vistos.map((i) => i.organizacaoId)).toEqual([paroquiaPropria!.id]);
    // An organization outside the scope does not exist for the reader (platform/referencias.ts).
    expect((await listar(sinodo, { organizacaoId: outro })).statusCode).toBe(404);
    expect(await itens(sinodo, { evento: 'LOGIN_FALHA' })).toEqual([]);
    const doAdmin = await itens(admin, { acesso: 'Escopo' });
    expect(doAdmin.map((i) => i.organizacaoId).sort()).toEqual([outro, paroquiaPropria!.id, null].sort());
  });
});

describe('GET /api/auditoria-acesso/historico/:entidade/:entidadeId', () => {
  const historico = (token: string, entidade: string, id: number) =>
    t.req({ method: 'GET', url: `/api/auditoria-acesso/historico/${entidade}/${id}`, token });

  it("follows the record's current scope, not the writer's: all its rows inside, 404 outside", async () => {
    const sinodal = (await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: sinodo })).json();
    const [paroquiaDoSinodo] = await t.app.deps.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.organizacaoPaiId, sinodal.organizacaoId))
      .limit(1);
    const paroquiaId = paroquiaDoSinodo!.id;
    const criada = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token: sinodo,
      payload: { nome: 'Historiada', sobrenome: 'Becker', organizacaoId: paroquiaId, status: 'ATIVO' },
    });
    expect(criada.statusCode, criada.body).toBe(201);
    const id = criada.json().id as number;
    const corpo = { nome: 'Historiada', sobrenome: 'Becker Alterada', organizacaoId: paroquiaId, status: 'ATIVO' };
    // Changed by the national church's administrator: a writer above the synod's scope.
    expect((await t.req({ method: 'PUT', url: `/api/pessoa/${id}`, token: admin, payload: corpo })).statusCode).toBe(
      200,
    );

    const r = await historico(sinodo, 'pessoa', id);
    expect(r.statusCode).toBe(200);
    expect(r.json().map((x: { operacao: string; campo: string | null }) => [x.operacao, x.campo])).toEqual([
      ['ALTERACAO', 'sobrenome'],
      ['CRIACAO', null],
    ]);
    expect(r.json()[0]).toMatchObject({
      entidade: 'pessoa',
      entidadeId: id,
      valorAnterior: 'Becker',
      valorNovo: 'Becker Alterada',
      usuarioNome: 'Administrador do Sistema',
    });

    // Moved to another synod: the synod office wrote its history, but the record is no longer its to read.
    const longe = org.get('Sínodo Amazonas')!;
    const movida = await t.req({
      method: 'PUT',
      url: `/api/pessoa/${id}`,
      token: admin,
      payload: { ...corpo, organizacaoId: longe },
    });
    expect(movida.statusCode, movida.body).toBe(200);
    expect((await historico(sinodo, 'pessoa', id)).statusCode).toBe(404);
    expect((await historico(admin, 'pessoa', id)).json()).toHaveLength(3);

    expect((await historico(sinodo, 'pessoa', 999_999)).statusCode).toBe(404);
    expect((await historico(admin, 'Teste', id)).statusCode).toBe(404);
    const negado = await historico(paroquia, 'pessoa', id);
    expect(negado.statusCode).toBe(403);
    expect(negado.json().codigo).toBe('ACESSO_NAO_PERMITIDO');
    expect(
      (await t.req({ method: 'GET', url: '/api/auditoria-acesso/historico/x;drop/abc', token: admin })).statusCode,
    ).toBe(400);
  });

  it('a church-wide registry row is read by every auditor, whoever wrote it', async () => {
    const banco = await t.req({
      method: 'POST',
      url: '/api/banco',
      token: admin,
      payload: { codigo: '999', nome: 'Banco Historiado' },
    });
    expect(banco.statusCode, banco.body).toBe(201);
    const r = await historico(sinodo, 'banco', banco.json().id);
    expect(r.statusCode).toBe(200);
    expect(r.json().map((x: { operacao: string }) => x.operacao)).toEqual(['CRIACAO']);
  });

  it('knows where every kind of record it serves lives (404 for a missing one, never a 500)', async () => {
    for (const entidade of [...ENTIDADES_HISTORICO, ...CADASTROS.map((d) => d.recurso)]) {
      const r = await historico(admin, entidade, 2_000_000_000);
      expect([entidade, r.statusCode]).toEqual([entidade, 404]);
    }
  });
});

describe('GET /api/auditoria-acesso/exportar', () => {
  const exportar = async (token: string, query: Record<string, string | number>) => {
    await t.app.deps.auditoria.descarregar();
    return t.req({ method: 'GET', url: '/api/auditoria-acesso/exportar', token, query: strings(query) });
  };
  const linhas = (corpo: string) =>
    corpo
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');

  it('streams the filtered set as CSV with a header and records the export', async () => {
    await t.req({
      method: 'POST',
      url: '/api/Autenticacao/autenticar',
      payload: { login: '=HYPERLINK("x"),1', senha: 'errada' },
    });
    const r = await exportar(admin, { formato: 'csv', evento: 'LOGIN_FALHA' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="auditoria-acesso-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(r.body.startsWith('\uFEFF')).toBe(true);
    const [cabecalho, ...dados] = linhas(r.body);
    expect(cabecalho).toBe(
      'Identificador;Data/hora;Evento;Usuário;Nome do usuário;Login (e-mail ou CPF);Organização;Tela;Método;Rota;Status;IP;Navegador',
    );
    expect(dados.length).toBe(Number(r.headers['x-total-linhas']));
    expect(dados.some((l) => l.includes(';ninguem@sig.local;'))).toBe(true);
    // Spreadsheet formulas are neutralized and quoted.
    expect(dados.some((l) => l.includes(`"'=hyperlink(""x""),1"`))).toBe(true);

    const en = await t.req({ method: 'GET', url: '/api/auditoria-acesso/exportar', token: admin, idioma: 'en' });
    expect(linhas(en.body)[0]).toMatch(/^Identifier,Date\/time,Event,/);

    const registrados = await itens(admin, { evento: 'EXPORTACAO' });
    expect(registrados[0]).toMatchObject({
      acesso: 'AuditoriaAcesso',
      metodo: 'GET',
      usuarioNome: 'Administrador do Sistema',
    });
    expect(registrados[0]!.rota).toContain('/api/auditoria-acesso/exportar');
  });

  it('pages through large sets in batches without gaps or repeats, in any order', async () => {
    const sinodoId = org.get('Sínodo Rio dos Sinos')!;
    const mesmoInstante = new Date();
    await inserirAuditoria(
      Array.from({ length: 4_321 }, (_, i) => ({
        evento: 'TELA',
        acesso: 'Lote',
        organizacaoId: sinodoId,
        status: i % 3 === 0 ? null : 200 + (i % 7),
        criadoEm: mesmoInstante,
      })),
    );
    const padrao = await exportar(sinodo, { acesso: 'Lote' });
    const ids = linhas(padrao.body)
      .slice(1)
      .map((l) => Number(l.split(';')[0]));
    expect(ids).toHaveLength(4_321);
    expect(new Set(ids).size).toBe(4_321);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const porStatus = await exportar(sinodo, { acesso: 'Lote', ordenarPor: 'status', ordem: 'asc' });
    const status = linhas(porStatus.body)
      .slice(1)
      .map((l) => l.split(';'));
    expect(new Set(status.map((c) => c[0])).size).toBe(4_321);
    const valores = status.map((c) => (c[10] ? Number(c[10]) : 0));
    expect([...valores].sort((x, y) => x - y)).toEqual(valores);
  });

  it("keeps the synod user's export within scope", async () => {
    const r = await exportar(sinodo, { acesso: 'Escopo' });
    expect(r.statusCode).toBe(200);
    expect(linhas(r.body)).toHaveLength(2);
    const falhas = await exportar(sinodo, { evento: 'LOGIN_FALHA' });
    expect(linhas(falhas.body)).toHaveLength(1);
  });

  it('rejects an unknown format', async () => {
    const r = await exportar(admin, { formato: 'xls' });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('formato');
  });
});
