import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { historicoDe } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let tesouraria: string;
/** People of the demo users: Paula's parish is below Sara's synod; the administrator is at the church. */
let paula: number;
let sara: number;
let administrador: number;
let demo: { id: number; perguntas: { id: number; dom: string }[] };

const BASE = '/api/teste-dons';
const get = (url: string, token = sinodo, idioma?: string) => t.req({ method: 'GET', url, token, idioma });
const post = (payload: object, token = sinodo, idioma?: string) =>
  t.req({ method: 'POST', url: BASE, token, payload, idioma });

async function pessoaPorEmail(email: string): Promise<number> {
  const [p] = await t.banco.db
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.email, email));
  return p!.id;
}

/** Answers of the demo key: each gift's three questions get the value its key maps to (3 when unlisted). */
const respostasDemo = (porDom: Record<string, number> = {}) =>
  Object.fromEntries(demo.perguntas.map((p) => [String(p.id), porDom[p.dom] ?? 3]));

/** An answer key made through the registry, as an administrator would. */
async function criarGabarito(corpo: Record<string, unknown>) {
  const r = await t.req({ method: 'POST', url: '/api/gabarito-dons', token: admin, payload: corpo });
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; perguntas: { id: number; dom: string }[] };
}

beforeAll(async () => {
  [admin, sinodo, paroquia, tesouraria] = await t.logins('admin', 'sinodo', 'paroquia', 'tesouraria');
  [paula, sara, administrador] = await Promise.all([
    pessoaPorEmail('paroquia@sig.local'),
    pessoaPorEmail('sinodo@sig.local'),
    pessoaPorEmail('admin@sig.local'),
  ]);
  const [g] = await t.banco.db
    .select({ id: schema.gabaritoDons.id })
    .from(schema.gabaritoDons)
    .where(eq(schema.gabaritoDons.nome, 'Teste dos dons (demonstração)'));
  const perguntas = await t.banco.db
    .select({ id: schema.gabaritoPergunta.id, dom: schema.gabaritoPergunta.dom })
    .from(schema.gabaritoPergunta)
    .where(eq(schema.gabaritoPergunta.gabaritoId, g!.id));
  demo = { id: g!.id, perguntas };
});

describe('the questionnaire', () => {
  it('lists the active keys and serves the demo key in order, without the gift of each question', async () => {
    const chaves = await get(`${BASE}/gabaritos`, paroquia);
    expect(chaves.statusCode).toBe(200);
    expect(chaves.json()).toContainEqual({ value: demo.id, label: 'Teste dos dons (demonstração)' });

    const r = await get(`${BASE}/gabaritos/${demo.id}`, paroquia);
    expect(r.statusCode).toBe(200);
    const q = r.json();
    expect(q).toMatchObject({ id: demo.id, escalaMaxima: 3 });
    expect(q.perguntas).toHaveLength(18);
    expect(q.perguntas.map((p: { ordem: number }) => p.ordem)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(Object.keys(q.perguntas[0]).sort()).toEqual(['id', 'ordem', 'texto']);
  });

  it('an unknown key is 404', async () => {
    expect((await get(`${BASE}/gabaritos/999999`)).json().codigo).toBe('NAO_ENCONTRADO');
  });
});

describe('taking a test', () => {
  it('scores per gift, highest first, with each maximum; the list, filters and the result show it', async () => {
    const r = await post({
      gabaritoId: demo.id,
      pessoaId: paula,
      respostas: respostasDemo({
        ENSINO: 3,
        SERVICO: 2,
        HOSPITALIDADE: 0,
        LIDERANCA: 1,
        MISERICORDIA: 2,
        EVANGELISMO: 0,
      }),
    });
    expect(r.statusCode, r.body).toBe(201);
    const teste = r.json();
    expect(teste).toMatchObject({
      pessoaId: paula,
      pessoaNome: 'Paula Paroquial',
      gabaritoId: demo.id,
      gabaritoNome: 'Teste dos dons (demonstração)',
      escalaMaxima: 3,
    });
    // Ties keep the name order (Misericórdia before Serviço; Evangelismo before Hospitalidade).
    expect(teste.pontuacao).toEqual([
      { chave: 'ENSINO', nome: 'Ensino', descricao: expect.any(String), pontos: 9, maximo: 9 },
      { chave: 'MISERICORDIA', nome: 'Misericórdia', descricao: expect.any(String), pontos: 6, maximo: 9 },
      { chave: 'SERVICO', nome: 'Serviço', descricao: expect.any(String), pontos: 6, maximo: 9 },
      { chave: 'LIDERANCA', nome: 'Liderança', descricao: expect.any(String), pontos: 3, maximo: 9 },
      { chave: 'EVANGELISMO', nome: 'Evangelismo', descricao: expect.any(String), pontos: 0, maximo: 9 },
      { chave: 'HOSPITALIDADE', nome: 'Hospitalidade', descricao: expect.any(String), pontos: 0, maximo: 9 },
    ]);
    const [linha] = await t.banco.db.select().from(schema.testeDons).where(eq(schema.testeDons.id, teste.id));
    expect(linha!.pontuacao).toEqual({
      ENSINO: 9,
      SERVICO: 6,
      HOSPITALIDADE: 0,
      LIDERANCA: 3,
      MISERICORDIA: 6,
      EVANGELISMO: 0,
    });
    expect(linha!.organizacaoId).toBe(
      (await t.banco.db.select().from(schema.pessoa).where(eq(schema.pessoa.id, paula)))[0]!.organizacaoId,
    );

    const lido = await get(`${BASE}/${teste.id}`);
    expect(lido.statusCode).toBe(200);
    expect(lido.json()).toEqual(teste);

    const hoje = new Date();
    const dia = (d: number) => new Date(hoje.getTime() + d * 86_400_000).toISOString().slice(0, 10);
    const pagina = await get(
      `${BASE}/paginado?pessoaId=${paula}&gabaritoId=${demo.id}&periodoDe=${dia(-2)}&periodoAte=${dia(2)}`,
    );
    expect(pagina.statusCode, pagina.body).toBe(200);
    expect(pagina.json().itens).toContainEqual({
      id: teste.id,
      pessoaId: paula,
      pessoaNome: 'Paula Paroquial',
      gabaritoId: demo.id,
      gabaritoNome: 'Teste dos dons (demonstração)',
      organizacaoNome: 'Paróquia da Reconciliação - Canguçu',
      realizadoEm: teste.realizadoEm,
    });
    const antes = await get(`${BASE}/paginado?pessoaId=${paula}&periodoAte=${dia(-30)}`);
    expect(antes.json().total).toBe(0);
    const csv = await get(`${BASE}/exportar?pessoaId=${paula}&gabaritoId=${demo.id}&formato=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Pessoa;Gabarito;Organização;Realizado em');
    expect(csv.body).toContain(`Paula Paroquial;Teste dos dons (demonstração);Paróquia da Reconciliação - Canguçu;`);
    const semTeste = await get(`${BASE}/exportar?pessoaId=${paula}&periodoAte=${dia(-30)}`);
    expect(semTeste.body.trim().split('\r\n')).toHaveLength(1);
    const outraPessoa = await get(`${BASE}/paginado?pessoaId=${sara}`);
    expect(outraPessoa.json().itens.map((i: { id: number }) => i.id)).not.toContain(teste.id);
    // The parish sees the test of its member.
    expect((await get(`${BASE}/${teste.id}`, paroquia)).statusCode).toBe(200);
  });

  it('matches questions to gifts case-insensitively and scales the maximum by the key', async () => {
    const g = await criarGabarito({
      nome: `Gabarito escala 5 ${Date.now()}`,
      escalaMaxima: 5,
      dons: [
        { chave: 'Alfa', nome: 'Alfa' },
        { chave: 'beta', nome: 'Beta' },
      ],
      perguntas: [
        { ordem: 1, texto: 'Primeira', dom: 'ALFA' },
        { ordem: 2, texto: 'Segunda', dom: 'Beta' },
        { ordem: 3, texto: 'Terceira', dom: 'alfa' },
      ],
    });
    const [p1, p2, p3] = g.perguntas;
    const r = await post({
      gabaritoId: g.id,
      pessoaId: sara,
      respostas: { [p1!.id]: 5, [p2!.id]: 4, [p3!.id]: 2 },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().pontuacao).toEqual([
      { chave: 'Alfa', nome: 'Alfa', descricao: null, pontos: 7, maximo: 10 },
      { chave: 'beta', nome: 'Beta', descricao: null, pontos: 4, maximo: 5 },
    ]);
  });

  it('refuses unanswered questions, answers off the scale and questions of another key, naming each one', async () => {
    const [primeira, segunda, terceira] = demo.perguntas;
    const respostas = respostasDemo();
    delete respostas[String(primeira!.id)];
    respostas[String(segunda!.id)] = 4;
    const r = await post({ gabaritoId: demo.id, pessoaId: paula, respostas: { ...respostas, 999999: 1 } });
    expect(r.statusCode).toBe(400);
    expect(r.json().codigo).toBe('VALIDACAO');
    expect(r.json().campos).toEqual(
      expect.arrayContaining([
        { campo: `respostas.${primeira!.id}`, mensagem: 'Responda esta pergunta.' },
        {
          campo: `respostas.${segunda!.id}`,
          mensagem: 'A resposta deve ser um número inteiro da escala do gabarito (de 0 ao máximo).',
        },
        { campo: 'respostas.999999', mensagem: 'Esta pergunta não pertence ao gabarito escolhido.' },
      ]),
    );
    expect(r.json().campos).toHaveLength(3);

    // Beyond any scale or not a whole number: refused by the schema, in the request's language.
    const fora = await post(
      { gabaritoId: demo.id, pessoaId: paula, respostas: { ...respostasDemo(), [terceira!.id]: 1.5 } },
      sinodo,
      'en',
    );
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos).toEqual([
      {
        campo: `respostas.${terceira!.id}`,
        mensagem: "The answer must be a whole number on the answer key's scale (0 to the maximum).",
      },
    ]);

    // No person named: the test is the user's own.
    const semPessoa = await post({ gabaritoId: demo.id, respostas: respostasDemo() });
    expect(semPessoa.statusCode, semPessoa.body).toBe(201);
    expect(semPessoa.json().pessoaId).toBe(sara);

    const semGabarito = await post({ gabaritoId: 999999, pessoaId: paula, respostas: {} });
    expect(semGabarito.json().campos).toEqual([
      { campo: 'gabaritoId', mensagem: 'O registro informado em Gabarito não existe.' },
    ]);
    // Nothing of the refused attempts was stored.
    const guardados = await t.banco.db
      .select({ id: schema.testeDons.id })
      .from(schema.testeDons)
      .where(sql`${schema.testeDons.respostas} ->> '999999' is not null`);
    expect(guardados).toEqual([]);
  });

  it('refuses an inactive key, which also leaves the questionnaire and the key options', async () => {
    const g = await criarGabarito({
      nome: `Gabarito inativo ${Date.now()}`,
      ativo: false,
      dons: [{ chave: 'X', nome: 'Xis' }],
      perguntas: [{ texto: 'Única', dom: 'X' }],
    });
    const r = await post({ gabaritoId: g.id, pessoaId: paula, respostas: { [g.perguntas[0]!.id]: 1 } });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual([
      { campo: 'gabaritoId', mensagem: 'O gabarito informado em Gabarito está inativo.' },
    ]);
    expect((await get(`${BASE}/gabaritos/${g.id}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/gabaritos`)).json().map((o: { value: number }) => o.value)).not.toContain(g.id);
  });
});

describe('permissions and organization scope', () => {
  it('a profile without the gifts-test screen gets 403 on every route', async () => {
    expect(
      (await post({ gabaritoId: demo.id, pessoaId: paula, respostas: respostasDemo() }, tesouraria)).statusCode,
    ).toBe(403);
    expect((await get(`${BASE}/paginado`, tesouraria)).statusCode).toBe(403);
    expect((await get(`${BASE}/exportar`, tesouraria)).statusCode).toBe(403);
    expect((await get(`${BASE}/gabaritos/${demo.id}`, tesouraria)).statusCode).toBe(403);
    expect((await get(`${BASE}/1`, tesouraria)).statusCode).toBe(403);
    expect((await t.req({ method: 'DELETE', url: `${BASE}/1`, token: tesouraria })).statusCode).toBe(403);
  });

  it('a test outside the scope is 404 and left out of the list; a person outside it cannot be chosen', async () => {
    const daIgreja = await post({ gabaritoId: demo.id, pessoaId: administrador, respostas: respostasDemo() }, admin);
    expect(daIgreja.statusCode, daIgreja.body).toBe(201);
    const id = daIgreja.json().id;
    expect((await get(`${BASE}/${id}`)).json().codigo).toBe('NAO_ENCONTRADO');
    expect((await t.req({ method: 'DELETE', url: `${BASE}/${id}`, token: sinodo })).statusCode).toBe(404);
    const lista = await get(`${BASE}/paginado?quantidade=500`);
    expect(lista.json().itens.map((i: { id: number }) => i.id)).not.toContain(id);
    expect((await get(`${BASE}/${id}`, admin)).statusCode).toBe(200);

    // Sara belongs to the synod, above the parish.
    const acima = await post({ gabaritoId: demo.id, pessoaId: sara, respostas: respostasDemo() }, paroquia);
    expect(acima.statusCode).toBe(400);
    expect(acima.json().campos).toEqual([
      { campo: 'pessoaId', mensagem: 'O registro informado em Pessoa não existe.' },
    ]);
  });

  it('deletes logically within the scope, with history; the answer key then in use cannot be deleted', async () => {
    const criado = (await post({ gabaritoId: demo.id, pessoaId: paula, respostas: respostasDemo() }, paroquia)).json();
    const excluido = await t.req({ method: 'DELETE', url: `${BASE}/${criado.id}`, token: paroquia });
    expect(excluido.statusCode).toBe(200);
    expect(excluido.json()).toEqual({ sucesso: true });
    expect((await get(`${BASE}/${criado.id}`, paroquia)).statusCode).toBe(404);
    expect((await t.req({ method: 'DELETE', url: `${BASE}/${criado.id}`, token: paroquia })).statusCode).toBe(404);
    const historico = await historicoDe(t.banco.db, 'teste-dons', criado.id);
    expect(historico.map((h) => h.operacao).sort()).toEqual(['CRIACAO', 'EXCLUSAO']);

    // Other tests of the demo key remain: the registry refuses to delete it.
    const r = await t.req({ method: 'DELETE', url: `/api/gabarito-dons/${demo.id}`, token: sinodo });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('REGISTRO_EM_USO');
  });
});

describe('the answer-key registry', () => {
  it("refuses a question whose gift is not one of the key's gifts, naming the question", async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/gabarito-dons',
      token: sinodo,
      payload: {
        nome: `Gabarito inválido ${Date.now()}`,
        dons: [{ chave: 'ENSINO', nome: 'Ensino' }],
        perguntas: [
          { texto: 'Boa', dom: 'ensino' },
          { texto: 'Sem dom', dom: 'CANTO' },
        ],
      },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual([
      {
        campo: 'perguntas.1.dom',
        mensagem: 'O dom informado em Dom não é a chave de nenhum dos dons deste gabarito.',
      },
    ]);
  });

  it('the parish may read the answer keys, not change them', async () => {
    expect((await get(`/api/gabarito-dons/${demo.id}`, paroquia)).statusCode).toBe(200);
    const r = await t.req({ method: 'PUT', url: `/api/gabarito-dons/${demo.id}`, token: paroquia, payload: {} });
    expect(r.statusCode).toBe(403);
  });
});

describe("hole 1: a member (no people screen) reaches only its own person's tests", () => {
  /** A member registered through the public page at a community of Paula's parish, and a neighbour there. */
  let membro: string;
  let propria: number;
  let vizinha: number;
  let testeVizinha: number;

  beforeAll(async () => {
    const [p] = await t.banco.db
      .select({ organizacaoId: schema.pessoa.organizacaoId })
      .from(schema.pessoa)
      .where(eq(schema.pessoa.id, paula));
    const [comunidade] = await t.banco.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.organizacaoPaiId, p!.organizacaoId!))
      .orderBy(schema.organizacao.id)
      .limit(1);
    const cadastro = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/cadastrar',
      payload: {
        nome: 'Mara',
        sobrenome: 'Membro',
        cpf: '65458380835',
        email: 'mara@exemplo.com',
        organizacaoId: comunidade!.id,
        senha: 'MinhaSenha1',
        confirmacaoSenha: 'MinhaSenha1',
        aceiteTermos: true,
      },
    });
    expect(cadastro.statusCode, cadastro.body).toBe(201);
    membro = await t.login('mara@exemplo.com', 'MinhaSenha1');
    propria = await pessoaPorEmail('mara@exemplo.com');
    const [v] = await t.banco.db
      .insert(schema.pessoa)
      .values({ nome: 'Vera', sobrenome: 'Vizinha', nomeBusca: 'vera vizinha', organizacaoId: comunidade!.id })
      .returning({ id: schema.pessoa.id });
    vizinha = v!.id;
    const r = await post({ gabaritoId: demo.id, pessoaId: vizinha, respostas: respostasDemo() }, paroquia);
    expect(r.statusCode, r.body).toBe(201);
    testeVizinha = r.json().id;
  });

  it('takes its own test, with or without naming itself, and lists and reads only its own', async () => {
    const semPessoa = await post({ gabaritoId: demo.id, respostas: respostasDemo() }, membro);
    expect(semPessoa.statusCode, semPessoa.body).toBe(201);
    expect(semPessoa.json()).toMatchObject({ pessoaId: propria, pessoaNome: 'Mara Membro' });
    const comPessoa = await post({ gabaritoId: demo.id, pessoaId: propria, respostas: respostasDemo() }, membro);
    expect(comPessoa.statusCode, comPessoa.body).toBe(201);

    const lista = await get(`${BASE}/paginado?quantidade=100`, membro);
    expect(lista.statusCode).toBe(200);
    expect(lista.json().total).toBe(2);
    expect(new Set(lista.json().itens.map((i: { pessoaId: number }) => i.pessoaId))).toEqual(new Set([propria]));
    // Filtering by the neighbour finds nothing rather than her tests.
    expect((await get(`${BASE}/paginado?pessoaId=${vizinha}`, membro)).json().total).toBe(0);
    expect((await get(`${BASE}/${semPessoa.json().id}`, membro)).statusCode).toBe(200);
    expect((await get(`${BASE}/${testeVizinha}`, membro)).statusCode).toBe(404);
  });

  it('refuses a test for another person of its community without naming her', async () => {
    const r = await post({ gabaritoId: demo.id, pessoaId: vizinha, respostas: respostasDemo() }, membro);
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual([{ campo: 'pessoaId', mensagem: 'O registro informado em Pessoa não existe.' }]);
    expect(r.body).not.toContain('Vera');
    for (const outra of [paula, administrador]) {
      const fora = await post({ gabaritoId: demo.id, pessoaId: outra, respostas: respostasDemo() }, membro);
      expect(fora.statusCode).toBe(400);
      expect(fora.body).not.toMatch(/Paula|Administrador|Paróquia/);
    }
  });

  it('a secretary of the parish still reaches every test of her people', async () => {
    const lista = (await get(`${BASE}/paginado?quantidade=100`, paroquia)).json();
    const pessoas = new Set(lista.itens.map((i: { pessoaId: number }) => i.pessoaId));
    expect(pessoas.has(vizinha)).toBe(true);
    expect(pessoas.has(propria)).toBe(true);
  });
});
