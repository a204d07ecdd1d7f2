import { schema } from '@sig/db';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { historicoDe } from '../../../test/fabricas.js';
import { contaCaixaPelaApi, planoContaPelaApi } from '../../../test/financeiro.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let tesouraria: string;

/** Ids of the demo tree the tests move around in. */
const ids = {
  igreja: 0,
  tipoComunidade: 0,
  sinodo: 0,
  paroquia: 0,
  paroquiaIrma: 0,
  paroquiaOutroSinodo: 0,
  outroSinodo: 0,
  banco: 0,
  tipoContato: 0,
};

const org = schema.organizacao;
const db = () => t.banco.db;

async function linha(id: number) {
  const [o] = await db().select().from(org).where(eq(org.id, id));
  return o!;
}

async function organizacaoAtual(token: string): Promise<number> {
  const r = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
  return r.json().organizacaoId as number;
}

/** Valid CNPJs (check digits right), one per test that needs a fresh one. */
const CNPJS = ['11222333000181', '45997418000153', '11444777000161', '60701190000104', '33000167000101'];

const nova = (extra: Record<string, unknown> = {}) => ({
  razaoSocial: 'Comunidade Evangélica Nova Esperança',
  nomeFantasia: 'Comunidade Nova Esperança',
  tipoOrganizacaoId: ids.tipoComunidade,
  organizacaoPaiId: ids.paroquia,
  ...extra,
});

beforeAll(async () => {
  [admin, sinodo, paroquia, tesouraria] = await t.logins('admin', 'sinodo', 'paroquia', 'tesouraria');
  ids.sinodo = await organizacaoAtual(sinodo);
  ids.paroquia = await organizacaoAtual(paroquia);
  ids.igreja = await organizacaoAtual(admin);
  const [tipo] = await db().select().from(schema.tipoOrganizacao).where(eq(schema.tipoOrganizacao.nome, 'Comunidade'));
  ids.tipoComunidade = tipo!.id;
  const [irma] = await db()
    .select()
    .from(org)
    .where(and(eq(org.organizacaoPaiId, ids.sinodo), ne(org.id, ids.paroquia)));
  ids.paroquiaIrma = irma!.id;
  const [outroSinodo] = await db()
    .select()
    .from(org)
    .where(and(eq(org.organizacaoPaiId, ids.igreja), ne(org.id, ids.sinodo)));
  ids.outroSinodo = outroSinodo!.id;
  const [longe] = await db().select().from(org).where(eq(org.organizacaoPaiId, ids.outroSinodo));
  ids.paroquiaOutroSinodo = longe!.id;
  const [banco] = await db().select().from(schema.banco).limit(1);
  ids.banco = banco!.id;
  const [tc] = await db().select().from(schema.tipoContato).limit(1);
  ids.tipoContato = tc!.id;
});

describe('GET /api/organizacao/paginado', () => {
  it('shows the administrator the whole tree', async () => {
    const r = await t.req({ method: 'GET', url: '/api/organizacao/paginado?quantidade=5', token: admin });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.total).toBe(279);
    expect(b.itens).toHaveLength(5);
    expect(b).toMatchObject({ pagina: 1, quantidade: 5 });
  });

  it('shows a parish secretary only the parish subtree', async () => {
    const r = await t.req({ method: 'GET', url: '/api/organizacao/paginado?quantidade=100', token: paroquia });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    const subarvore = await db()
      .select({ id: org.id })
      .from(org)
      .where(like(org.caminho, `${(await linha(ids.paroquia)).caminho}%`));
    expect(b.total).toBe(subarvore.length);
    expect(b.total).toBe(5);
    expect(new Set(b.itens.map((i: { id: number }) => i.id))).toEqual(new Set(subarvore.map((s) => s.id)));
  });

  it('filters, sorts and pages in SQL', async () => {
    const r = await t.req({
      method: 'GET',
      url: `/api/organizacao/paginado?tipoOrganizacaoId=${ids.tipoComunidade}&ordenarPor=id&ordem=desc&quantidade=3&pagina=2`,
      token: sinodo,
    });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.itens).toHaveLength(3);
    expect(b.itens.every((i: { tipoOrganizacaoNome: string }) => i.tipoOrganizacaoNome === 'Comunidade')).toBe(true);
    const idsPagina = b.itens.map((i: { id: number }) => i.id);
    expect([...idsPagina].sort((a, c) => c - a)).toEqual(idsPagina);

    const busca = await t.req({
      method: 'GET',
      url: `/api/organizacao/paginado?busca=${encodeURIComponent('sínodo rio dos')}`,
      token: admin,
    });
    expect(busca.json().itens.map((i: { id: number }) => i.id)).toEqual([ids.sinodo]);

    const curinga = await t.req({ method: 'GET', url: '/api/organizacao/paginado?busca=%25', token: admin });
    expect(curinga.json().total).toBe(0);

    const filhas = await t.req({
      method: 'GET',
      url: `/api/organizacao/paginado?organizacaoPaiId=${ids.sinodo}`,
      token: admin,
    });
    expect(filhas.json().total).toBeGreaterThanOrEqual(2);
  });

  it('refuses an unknown sort column', async () => {
    const r = await t.req({ method: 'GET', url: '/api/organizacao/paginado?ordenarPor=senha', token: admin });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('ordenarPor');
  });

  it('requires a session', async () => {
    const semPerfil = await t.req({ method: 'GET', url: '/api/organizacao/paginado' });
    expect(semPerfil.statusCode).toBe(401);
  });
});

describe('GET /api/organizacao/exportar', () => {
  const exportar = async (token: string, filtro: string) => {
    const r = await t.req({ method: 'GET', url: `/api/organizacao/exportar?${filtro}`, token });
    expect(r.statusCode, r.body).toBe(200);
    return r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
  };

  it("exports the list's filtered set in the reader's language, within the scope", async () => {
    const [cabecalho, ...linhas] = await exportar(paroquia, 'situacao=ATIVA');
    expect(cabecalho).toBe('Nome fantasia;Razão social;CNPJ;Tipo de organização;Situação;Organização superior');
    const { nomeFantasia } = await linha(ids.paroquia);
    expect(linhas.some((l) => l.startsWith(`${nomeFantasia};`) && l.includes(';Ativa;'))).toBe(true);
    const { nomeFantasia: irma } = await linha(ids.paroquiaIrma);
    expect(linhas.some((l) => l.startsWith(`${irma};`))).toBe(false);
  });

  it('leaves out a column the profile may not see; refuses an unknown format', async () => {
    const desfazer = await t.regrasCampo('Secretaria Sinodal', [
      { acesso: 'Organizacao', campo: 'cnpj', visualizar: false, atualizar: null },
    ]);
    try {
      const [cabecalho] = await exportar(await t.login('sinodo@sig.local'), 'situacao=ATIVA');
      expect(cabecalho).not.toContain('CNPJ');
      expect(cabecalho).toContain('Razão social;Tipo de organização');
    } finally {
      await desfazer();
    }
    const ruim = await t.req({ method: 'GET', url: '/api/organizacao/exportar?formato=doc', token: admin });
    expect(ruim.statusCode).toBe(400);
  });
});

describe('GET /api/organizacao and /select', () => {
  it('lists everything in scope', async () => {
    const todos = await t.req({ method: 'GET', url: '/api/organizacao', token: admin });
    expect(todos.statusCode).toBe(200);
    expect(todos.json()).toHaveLength(279);
    const meus = await t.req({ method: 'GET', url: '/api/organizacao', token: paroquia });
    expect(meus.json()).toHaveLength(5);
    expect(meus.json()[0].id).toBe(ids.paroquia);
  });

  it('offers options in scope, filtered', async () => {
    const r = await t.req({ method: 'GET', url: '/api/organizacao/select?busca=comunidade', token: paroquia });
    expect(r.statusCode).toBe(200);
    const opcoes = r.json();
    expect(opcoes).toHaveLength(4);
    expect(opcoes[0]).toEqual({ value: expect.any(Number), label: expect.stringMatching(/^Comunidade/) });
    const admin50 = await t.req({ method: 'GET', url: '/api/organizacao/select', token: admin });
    expect(admin50.json()).toHaveLength(50);
  });
});

describe('GET /api/organizacao/:id', () => {
  it('reads an organization with its names and sub-records', async () => {
    const r = await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: sinodo });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b).toMatchObject({
      id: ids.paroquia,
      tipoOrganizacaoNome: 'Paróquia',
      organizacaoPaiId: ids.sinodo,
      organizacaoPaiNome: 'Sínodo Rio dos Sinos',
      tokenAsaasConfigurado: false,
      valorPadraoContribuicao: '50.00',
      enderecos: [],
      contatos: [],
      contasBancarias: [],
      camposTrabalho: [],
    });
    expect(b).not.toHaveProperty('tokenAsaasCifrado');
    expect(b).not.toHaveProperty('caminho');
  });

  it('answers 404 outside the scope', async () => {
    for (const [token, id] of [
      [paroquia, ids.paroquiaIrma],
      [paroquia, ids.paroquiaOutroSinodo],
      [paroquia, ids.sinodo],
      [sinodo, ids.paroquiaOutroSinodo],
    ] as const) {
      const r = await t.req({ method: 'GET', url: `/api/organizacao/${id}`, token });
      expect(r.statusCode).toBe(404);
      expect(r.json().codigo).toBe('NAO_ENCONTRADO');
    }
    const inexistente = await t.req({ method: 'GET', url: '/api/organizacao/999999', token: admin });
    expect(inexistente.statusCode).toBe(404);
  });

  it('hides the fields the profile may not view', async () => {
    await db().update(org).set({ registroEstatuto: 'Livro A-12' }).where(eq(org.id, ids.paroquia));
    const r = await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: paroquia });
    expect(r.statusCode).toBe(200);
    expect(r.json()).not.toHaveProperty('registroEstatuto');
    expect(r.json()).toHaveProperty('cnpj');
    const a = await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: admin });
    expect(a.json().registroEstatuto).toBe('Livro A-12');
  });
});

describe('POST /api/organizacao', () => {
  it('creates an organization under a parent in scope, with sub-records and a write-only token', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/organizacao',
      token: sinodo,
      payload: nova({
        cnpj: '11.222.333/0001-81',
        dataCriacao: '1990-05-01',
        tokenAsaas: '$aact_segredo_123',
        valorPadraoContribuicao: '35.5',
        enderecos: [{ cep: '93010-000', logradouro: 'Rua Independência', numero: '100', preferencial: true }],
        contatos: [{ tipoContatoId: ids.tipoContato, valor: '(51) 3333-4444' }],
        contasBancarias: [{ tipo: 'CORRENTE', bancoId: ids.banco, agencia: '0001', conta: '12345-6' }],
      }),
    });
    expect(r.statusCode).toBe(201);
    const b = r.json();
    expect(b).toMatchObject({
      nomeFantasia: 'Comunidade Nova Esperança',
      cnpj: '11222333000181',
      organizacaoPaiId: ids.paroquia,
      tokenAsaasConfigurado: true,
      valorPadraoContribuicao: '35.50',
      enderecos: [{ cep: '93010000', logradouro: 'Rua Independência', preferencial: true }],
      contatos: [{ valor: '(51) 3333-4444' }],
      contasBancarias: [{ bancoId: ids.banco, conta: '12345-6' }],
    });
    expect(JSON.stringify(b)).not.toContain('segredo');

    const gravada = await linha(b.id);
    const pai = await linha(ids.paroquia);
    expect(gravada.caminho).toBe(`${pai.caminho}${b.id}/`);
    expect(gravada.nivel).toBe(pai.nivel + 1);
    expect(gravada.tokenAsaasCifrado).not.toContain('segredo');
    expect(t.app.deps.cofre.decifrar(gravada.tokenAsaasCifrado!)).toBe('$aact_segredo_123');

    const historico = await historicoDe(db(), 'organizacao', b.id);
    expect(historico).toHaveLength(1);
    expect(historico[0]!.operacao).toBe('CRIACAO');
    expect(JSON.stringify(historico)).not.toContain('segredo');

    const lido = await t.req({ method: 'GET', url: `/api/organizacao/${b.id}`, token: sinodo });
    expect(lido.json().tokenAsaasConfigurado).toBe(true);
    expect(lido.json()).not.toHaveProperty('tokenAsaas');
  });

  it('validates the CNPJ check digits and the date order, naming the fields', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/organizacao',
      token: sinodo,
      payload: nova({ cnpj: '11.222.333/0001-82', dataCriacao: '2020-01-10', dataDissolucao: '2019-12-31' }),
    });
    expect(r.statusCode).toBe(400);
    const b = r.json();
    expect(b.codigo).toBe('VALIDACAO');
    expect(b.campos).toContainEqual({ campo: 'cnpj', mensagem: 'CNPJ inválido.' });

    const datas = await t.req({
      method: 'POST',
      url: '/api/organizacao',
      token: sinodo,
      payload: nova({ dataCriacao: '2020-01-10', dataDissolucao: '2019-12-31' }),
    });
    expect(datas.statusCode).toBe(400);
    expect(datas.json().campos).toEqual([
      { campo: 'dataDissolucao', mensagem: 'A data final não pode ser anterior à data inicial.' },
    ]);
  });

  it('answers in English with Accept-Language: en', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/organizacao',
      token: sinodo,
      idioma: 'en',
      payload: nova({ cnpj: '123', nomeFantasia: '' }),
    });
    expect(r.statusCode).toBe(400);
    const b = r.json();
    expect(b.mensagem).toBe('Please check the fields provided.');
    expect(b.campos).toContainEqual({ campo: 'cnpj', mensagem: 'Invalid CNPJ.' });
    expect(b.campos).toContainEqual({ campo: 'nomeFantasia', mensagem: 'Please inform the field Trade name' });
  });

  it('rejects ids of reference rows that do not exist as a validation error, never a 500', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/organizacao',
      token: sinodo,
      payload: nova({
        tipoOrganizacaoId: 99999,
        enderecos: [{ cep: '93010000', logradouro: 'Rua A', cidadeId: 99999 }],
        contasBancarias: [{ tipo: 'CORRENTE', bancoId: 99999, agencia: '1', conta: '2' }],
      }),
    });
    expect(r.statusCode).toBe(400);
    expect(
      r
        .json()
        .campos.map((c: { campo: string }) => c.campo)
        .sort(),
    ).toEqual(['contasBancarias.0.bancoId', 'enderecos.0.cidadeId', 'tipoOrganizacaoId']);
  });

  it('requires a parent in scope for non-administrators', async () => {
    const semPai = await t.req({
      method: 'POST',
      url: '/api/organizacao',
      token: sinodo,
      payload: nova({ organizacaoPaiId: null }),
    });
    expect(semPai.statusCode).toBe(400);
    expect(semPai.json().campos[0].campo).toBe('organizacaoPaiId');
    const foraDoEscopo = await t.req({
      method: 'POST',
      url: '/api/organizacao',
      token: sinodo,
      payload: nova({ organizacaoPaiId: ids.paroquiaOutroSinodo }),
    });
    expect(foraDoEscopo.statusCode).toBe(400);
    expect(foraDoEscopo.json().campos[0].campo).toBe('organizacaoPaiId');
  });

  it('refuses a duplicate CNPJ among live organizations', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/organizacao',
      token: admin,
      payload: nova({ cnpj: CNPJS[0] }),
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('DOCUMENTO_DUPLICADO');
    expect(r.json().campos[0].campo).toBe('cnpj');
  });

  it('refuses a user without the create action', async () => {
    const r = await t.req({ method: 'POST', url: '/api/organizacao', token: tesouraria, payload: nova() });
    expect(r.statusCode).toBe(403);
    expect(r.json().codigo).toBe('ACESSO_NAO_PERMITIDO');
  });
});

async function criar(token: string, extra: Record<string, unknown> = {}) {
  const r = await t.req({ method: 'POST', url: '/api/organizacao', token, payload: nova(extra) });
  if (r.statusCode !== 201) throw new Error(`criar: ${r.statusCode} ${r.body}`);
  return r.json();
}

/** The record as a form would send it back (output → input). */
function comoFormulario(o: Record<string, unknown>) {
  const { id: _id, tipoOrganizacaoNome: _t, organizacaoPaiNome: _p, tokenAsaasConfigurado: _c, ...resto } = o;
  return resto;
}

describe('PUT /api/organizacao', () => {
  it('replaces sub-records: updates, inserts and deletes, and records history', async () => {
    const criada = await criar(sinodo, {
      enderecos: [
        { cep: '93010000', logradouro: 'Rua A' },
        { cep: '93010001', logradouro: 'Rua B' },
      ],
    });
    const [a, b] = criada.enderecos;
    const r = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${criada.id}`,
      token: sinodo,
      payload: {
        ...comoFormulario(criada),
        nomeFantasia: 'Comunidade Renomeada',
        enderecos: [
          { ...a, logradouro: 'Rua A alterada' },
          { cep: '93010002', logradouro: 'Rua C' },
        ],
      },
    });
    expect(r.statusCode).toBe(200);
    const enderecos = r.json().enderecos;
    expect(enderecos).toHaveLength(2);
    expect(enderecos[0]).toMatchObject({ id: a.id, logradouro: 'Rua A alterada' });
    expect(enderecos[1].logradouro).toBe('Rua C');
    expect(enderecos.map((e: { id: number }) => e.id)).not.toContain(b.id);

    const historico = await db()
      .select()
      .from(schema.historicoAlteracao)
      .where(
        and(eq(schema.historicoAlteracao.entidadeId, criada.id), eq(schema.historicoAlteracao.operacao, 'ALTERACAO')),
      );
    expect(historico.map((h) => h.campo).sort()).toEqual(['enderecos', 'nomeFantasia']);
  });

  it('answers 404 for a sub-record id of another organization and leaves it untouched', async () => {
    const dona = await criar(sinodo, { enderecos: [{ cep: '93010000', logradouro: 'Rua da Dona' }] });
    const outra = await criar(sinodo);
    const alheio = dona.enderecos[0];
    const r = await t.req({
      method: 'PUT',
      url: '/api/organizacao',
      token: sinodo,
      payload: { ...comoFormulario(outra), id: outra.id, enderecos: [{ ...alheio, logradouro: 'Roubada' }] },
    });
    expect(r.statusCode).toBe(404);
    const [guardado] = await db()
      .select()
      .from(schema.organizacaoEndereco)
      .where(eq(schema.organizacaoEndereco.id, alheio.id));
    expect(guardado).toMatchObject({ organizacaoId: dona.id, logradouro: 'Rua da Dona' });
  });

  it('keeps the token when omitted and replaces it when sent', async () => {
    const criada = await criar(admin, { tokenAsaas: 'token-antigo' });
    const antes = (await linha(criada.id)).tokenAsaasCifrado;
    const semToken = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${criada.id}`,
      token: admin,
      payload: { ...comoFormulario(criada), tokenAsaas: null },
    });
    expect(semToken.statusCode).toBe(200);
    expect(semToken.json().tokenAsaasConfigurado).toBe(true);
    expect((await linha(criada.id)).tokenAsaasCifrado).toBe(antes);

    const novo = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${criada.id}`,
      token: admin,
      payload: { ...comoFormulario(criada), tokenAsaas: 'token-novo' },
    });
    expect(novo.statusCode).toBe(200);
    expect(t.app.deps.cofre.decifrar((await linha(criada.id)).tokenAsaasCifrado!)).toBe('token-novo');
    const historico = await db()
      .select()
      .from(schema.historicoAlteracao)
      .where(eq(schema.historicoAlteracao.entidadeId, criada.id));
    expect(JSON.stringify(historico)).not.toMatch(/token-(antigo|novo)/);
    expect(historico.find((h) => h.campo === 'tokenAsaas')?.valorNovo).toBe('*** (novo)');
  });

  it('applies field permissions: a locked field cannot change, an omitted one keeps its value', async () => {
    const admLe = await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: admin });
    const ajuste = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${ids.paroquia}`,
      token: admin,
      payload: { ...comoFormulario(admLe.json()), cnpj: CNPJS[2], registroEstatuto: 'Livro B-7' },
    });
    expect(ajuste.statusCode).toBe(200);

    const lido = (await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: paroquia })).json();
    expect(lido.cnpj).toBe(CNPJS[2]);
    const muda = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${ids.paroquia}`,
      token: paroquia,
      payload: { ...comoFormulario(lido), cnpj: CNPJS[3] },
    });
    expect(muda.statusCode).toBe(403);
    expect(muda.json().codigo).toBe('CAMPO_SEM_PERMISSAO');
    expect(muda.json().campos).toEqual([{ campo: 'cnpj', mensagem: expect.stringContaining('CNPJ') }]);

    const { cnpj: _cnpj, ...semCnpj } = comoFormulario(lido);
    const omite = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${ids.paroquia}`,
      token: paroquia,
      payload: { ...semCnpj, nomeFantasia: 'Paróquia Renomeada pela Secretaria' },
    });
    expect(omite.statusCode).toBe(200);
    expect(omite.json()).not.toHaveProperty('registroEstatuto');
    const gravada = await linha(ids.paroquia);
    expect(gravada).toMatchObject({
      cnpj: CNPJS[2],
      registroEstatuto: 'Livro B-7',
      nomeFantasia: 'Paróquia Renomeada pela Secretaria',
    });

    const mesmo = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${ids.paroquia}`,
      token: paroquia,
      payload: { ...comoFormulario(lido), cnpj: '11.444.777/0001-61' },
    });
    expect(mesmo.statusCode).toBe(200);
  });

  it('moves the whole subtree when the parent changes', async () => {
    const alvo = ids.paroquiaIrma;
    const antes = await linha(alvo);
    const descendentes = await db()
      .select()
      .from(org)
      .where(and(like(org.caminho, `${antes.caminho}%`), ne(org.id, alvo)));
    expect(descendentes.length).toBeGreaterThan(0);
    // A person of the subtree, whose name search reads the organization's path kept beside the name's words.
    await db().execute(sql`insert into pessoa (nome, sobrenome, nome_busca, organizacao_id)
      values ('Movida', 'Zetamovel', 'movida zetamovel', ${descendentes[0]!.id})`);
    const achadas = async (token: string, filtro = '') =>
      (await t.req({ method: 'GET', url: `/api/pessoa/paginado?nome=zetamovel${filtro}`, token })).json().total;
    expect(await achadas(sinodo)).toBe(1);
    const atual = (await t.req({ method: 'GET', url: `/api/organizacao/${alvo}`, token: admin })).json();
    const r = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${alvo}`,
      token: admin,
      payload: { ...comoFormulario(atual), organizacaoPaiId: ids.outroSinodo },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().organizacaoPaiNome).not.toBe('Sínodo Rio dos Sinos');
    const destino = await linha(ids.outroSinodo);
    const depois = await linha(alvo);
    expect(depois.caminho).toBe(`${destino.caminho}${alvo}/`);
    for (const d of descendentes) {
      const movido = await linha(d.id);
      expect(movido.caminho.startsWith(depois.caminho)).toBe(true);
      expect(movido.caminho).toBe(d.caminho.replace(antes.caminho, depois.caminho));
      expect(movido.nivel).toBe(d.nivel);
    }
    // It left the synod secretary's scope along with its communities.
    const fora = await t.req({ method: 'GET', url: `/api/organizacao/${descendentes[0]!.id}`, token: sinodo });
    expect(fora.statusCode).toBe(404);
    // And so did its people, for the name search too.
    expect(await achadas(sinodo)).toBe(0);
    expect(await achadas(admin, `&organizacaoId=${ids.outroSinodo}`)).toBe(1);
    expect(await achadas(admin, `&organizacaoId=${ids.sinodo}`)).toBe(0);
  });

  it('refuses to place an organization under itself or a descendant', async () => {
    const atual = (await t.req({ method: 'GET', url: `/api/organizacao/${ids.sinodo}`, token: admin })).json();
    for (const novoPai of [ids.sinodo, ids.paroquia]) {
      const r = await t.req({
        method: 'PUT',
        url: `/api/organizacao/${ids.sinodo}`,
        token: admin,
        payload: { ...comoFormulario(atual), organizacaoPaiId: novoPai },
      });
      expect(r.statusCode).toBe(422);
      expect(r.json().codigo).toBe('ORGANIZACAO_CICLO');
    }
    expect((await linha(ids.sinodo)).organizacaoPaiId).toBe(ids.igreja);
  });

  it('refuses a new parent outside the scope and an organization outside it', async () => {
    const atual = (await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: sinodo })).json();
    const paraFora = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${ids.paroquia}`,
      token: sinodo,
      payload: { ...comoFormulario(atual), organizacaoPaiId: ids.outroSinodo },
    });
    expect(paraFora.statusCode).toBe(400);
    expect(paraFora.json().campos[0].campo).toBe('organizacaoPaiId');
    const alheia = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${ids.paroquiaOutroSinodo}`,
      token: sinodo,
      payload: nova(),
    });
    expect(alheia.statusCode).toBe(404);
  });

  it('takes its own cash accounts and the analytic ledger accounts it sees as books settings, nothing else', async () => {
    const caixa = (
      await contaCaixaPelaApi(t, tesouraria, { nome: 'Caixa das ofertas', dataSaldoInicial: '2026-01-01' })
    ).id;
    const analitica = (await planoContaPelaApi(t, tesouraria, { codigoInterno: 'O1', nome: 'Ofertas' })).id;
    const sintetica = (
      await planoContaPelaApi(t, tesouraria, { codigoInterno: 'O', nome: 'Receitas', tipoPlanoConta: 'SINTETICA' })
    ).id;
    const atual = (await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: paroquia })).json();
    const { id: _id, tipoOrganizacaoNome: _t, organizacaoPaiNome: _p, tokenAsaasConfigurado: _c, ...corpo } = atual;
    const salvar = (extra: object) =>
      t.req({
        method: 'PUT',
        url: `/api/organizacao/${ids.paroquia}`,
        token: paroquia,
        payload: { ...corpo, ...extra },
      });
    const ok = await salvar({ contaCultoId: caixa, contaCreditoId: analitica });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ contaCultoId: caixa, contaCreditoId: analitica, contaDebitoId: null });
    // Another organization's cash account, and a synthetic ledger account, are refused on their fields.
    const [alheia] = await db()
      .insert(schema.contaCaixa)
      .values({
        organizacaoId: ids.paroquiaIrma,
        nome: 'Alheia',
        tipoContaCaixa: 'CAIXA',
        dataSaldoInicial: '2026-01-01',
      })
      .returning({ id: schema.contaCaixa.id });
    // The account outside the scope is refused before the write (as every reference is), the rest after.
    const r = await salvar({ contaCaixaEntradaId: alheia!.id, contaDebitoId: sintetica });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['contaCaixaEntradaId']);
    const s = await salvar({ contaDebitoId: sintetica });
    expect(s.statusCode).toBe(400);
    expect(s.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['contaDebitoId']);
    const lida = (await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: paroquia })).json();
    expect(lida).toMatchObject({ contaCultoId: caixa, contaCaixaEntradaId: null, contaDebitoId: null });
  });

  it('refuses a user without the update action', async () => {
    const r = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${ids.paroquia}`,
      token: tesouraria,
      payload: nova(),
    });
    expect(r.statusCode).toBe(403);
  });
});

describe('GET/PUT /api/organizacao/configuracoes', () => {
  it("lets the treasurer keep her own organization's settings, and nothing else of the record", async () => {
    const lida = await t.req({ method: 'GET', url: '/api/organizacao/configuracoes', token: tesouraria });
    expect(lida.statusCode, lida.body).toBe(200);
    expect(lida.json().id).toBe(ids.paroquia);
    const [caixa] = await db()
      .insert(schema.contaCaixa)
      .values({
        organizacaoId: ids.paroquia,
        nome: 'Caixa da tesouraria',
        tipoContaCaixa: 'CAIXA',
        dataSaldoInicial: '2026-01-01',
      })
      .returning({ id: schema.contaCaixa.id });
    const antes = await linha(ids.paroquia);
    const r = await t.req({
      method: 'PUT',
      url: '/api/organizacao/configuracoes',
      token: tesouraria,
      payload: {
        diaVencimentoContribuicao: 12,
        valorPadraoContribuicao: '35.50',
        lancamentoCaixaAutomatico: true,
        contaCaixaEntradaId: caixa!.id,
        razaoSocial: 'Outro nome',
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ diaVencimentoContribuicao: 12, contaCaixaEntradaId: caixa!.id });
    const depois = await linha(ids.paroquia);
    expect(depois).toMatchObject({
      razaoSocial: antes.razaoSocial,
      lancamentoCaixaAutomatico: true,
      valorPadraoContribuicao: '35.50',
      contaCaixaEntradaId: caixa!.id,
    });
    const h = (await historicoDe(db(), 'organizacao', ids.paroquia)).at(-1);
    expect(h?.usuarioId).not.toBeNull();
  });

  it("refuses a bad day and another organization's cash account on their fields, changing nothing", async () => {
    const [alheia] = await db()
      .insert(schema.contaCaixa)
      .values({
        organizacaoId: ids.paroquiaIrma,
        nome: 'Caixa alheio',
        tipoContaCaixa: 'CAIXA',
        dataSaldoInicial: '2026-01-01',
      })
      .returning({ id: schema.contaCaixa.id });
    const antes = await linha(ids.paroquia);
    const dia = await t.req({
      method: 'PUT',
      url: '/api/organizacao/configuracoes',
      token: tesouraria,
      payload: { diaVencimentoContribuicao: 40 },
    });
    expect(dia.statusCode).toBe(400);
    expect(dia.json().campos.map((c: { campo: string }) => c.campo)).toContain('diaVencimentoContribuicao');
    const alheio = await t.req({
      method: 'PUT',
      url: '/api/organizacao/configuracoes',
      token: tesouraria,
      payload: { contaCultoId: alheia!.id },
    });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['contaCultoId']);
    expect(await linha(ids.paroquia)).toEqual(antes);
  });

  it('whether members may register here: a community by default, changed in the settings, kept when left out', async () => {
    const comunidade = await t.req({ method: 'POST', url: '/api/organizacao', token: sinodo, payload: nova() });
    expect(comunidade.statusCode, comunidade.body).toBe(201);
    expect(comunidade.json().aceitaCadastro).toBe(true);
    const [tipoParoquia] = await db()
      .select({ id: schema.tipoOrganizacao.id })
      .from(schema.tipoOrganizacao)
      .where(eq(schema.tipoOrganizacao.nome, 'Paróquia'));
    const criarParoquia = (extra: object) =>
      t.req({
        method: 'POST',
        url: '/api/organizacao',
        token: sinodo,
        payload: nova({ tipoOrganizacaoId: tipoParoquia!.id, organizacaoPaiId: ids.sinodo, ...extra }),
      });
    expect((await criarParoquia({ nomeFantasia: 'Paróquia Nova' })).json().aceitaCadastro).toBe(false);
    expect((await criarParoquia({ nomeFantasia: 'Paróquia Aberta', aceitaCadastro: true })).json().aceitaCadastro).toBe(
      true,
    );

    const configurar = (payload: object) =>
      t.req({ method: 'PUT', url: '/api/organizacao/configuracoes', token: tesouraria, payload });
    expect(
      (await t.req({ method: 'GET', url: '/api/organizacao/configuracoes', token: tesouraria })).json(),
    ).toMatchObject({ aceitaCadastro: false });
    const abrir = await configurar({ aceitaCadastro: true });
    expect(abrir.statusCode, abrir.body).toBe(200);
    expect((await linha(ids.paroquia)).aceitaCadastro).toBe(true);
    expect((await configurar({ diaVencimentoContribuicao: 5 })).json().aceitaCadastro).toBe(true);
    const tipo = await configurar({ aceitaCadastro: 'sim' });
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['aceitaCadastro']);
    await configurar({ aceitaCadastro: false });
    expect((await linha(ids.paroquia)).aceitaCadastro).toBe(false);
  });

  it('refuses a profile without the settings screen', async () => {
    const atendimento = await t.login('atendimento@sig.local');
    const r = await t.req({ method: 'PUT', url: '/api/organizacao/configuracoes', token: atendimento, payload: {} });
    expect(r.statusCode).toBe(403);
  });
});

describe('DELETE /api/organizacao/:id', () => {
  it('deletes logically an unused organization', async () => {
    const criada = await criar(sinodo);
    const r = await t.req({ method: 'DELETE', url: `/api/organizacao/${criada.id}`, token: sinodo });
    expect(r.statusCode).toBe(204);
    expect((await linha(criada.id)).excluidoEm).not.toBeNull();
    const lido = await t.req({ method: 'GET', url: `/api/organizacao/${criada.id}`, token: sinodo });
    expect(lido.statusCode).toBe(404);
    const lista = await t.req({ method: 'GET', url: '/api/organizacao', token: sinodo });
    expect(lista.json().map((o: { id: number }) => o.id)).not.toContain(criada.id);
  });

  it('refuses to delete an organization in use', async () => {
    const r = await t.req({ method: 'DELETE', url: `/api/organizacao/${ids.paroquia}`, token: sinodo });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('REGISTRO_EM_USO');
    expect((await linha(ids.paroquia)).excluidoEm).toBeNull();
  });

  it('refuses to delete the organization one acts for', async () => {
    const r = await t.req({ method: 'DELETE', url: `/api/organizacao/${ids.sinodo}`, token: sinodo });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('ORGANIZACAO_ATUAL');
  });

  it('answers 403 without the delete action and 404 outside the scope', async () => {
    const semAcao = await t.req({ method: 'DELETE', url: `/api/organizacao/${ids.paroquia}`, token: tesouraria });
    expect(semAcao.statusCode).toBe(403);
    const fora = await t.req({ method: 'DELETE', url: `/api/organizacao/${ids.paroquiaOutroSinodo}`, token: sinodo });
    expect(fora.statusCode).toBe(404);
  });
});

describe('users of an organization', () => {
  const usuarioId = async (email: string) =>
    (await db().select().from(schema.usuario).where(eq(schema.usuario.email, email)))[0]!.id;
  const perfilId = async (nome: string) =>
    (await db().select().from(schema.perfil).where(eq(schema.perfil.nome, nome)))[0]!.id;

  it('lists the users linked to an organization', async () => {
    const r = await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}/usuarios`, token: sinodo });
    expect(r.statusCode).toBe(200);
    const emails = r.json().map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining(['paroquia@sig.local', 'tesouraria@sig.local']));
    expect(r.json()[0]).toEqual({
      usuarioId: expect.any(Number),
      nome: expect.any(String),
      email: expect.any(String),
      perfilId: expect.any(Number),
      perfilNome: expect.any(String),
    });
    const fora = await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquiaIrma}/usuarios`, token: paroquia });
    expect(fora.statusCode).toBe(404);
  });

  it('links, relinks and unlinks a user', async () => {
    const criada = await criar(sinodo);
    const ana = await usuarioId('atendimento@sig.local');
    const vinculo = await t.req({
      method: 'POST',
      url: `/api/organizacao/${criada.id}/usuarios`,
      token: sinodo,
      payload: { usuarioId: ana, perfilId: await perfilId('Membro') },
    });
    expect(vinculo.statusCode).toBe(201);
    expect(vinculo.json()).toMatchObject({ usuarioId: ana, email: 'atendimento@sig.local', perfilNome: 'Membro' });

    // Only profiles within the writer's own rights (platform/concessao.int.test.ts).
    const cadastro = await t.req({
      method: 'POST',
      url: '/api/perfil',
      token: admin,
      payload: { nome: 'Cadastro', permissoes: [{ acesso: 'Pessoa', listar: true, visualizar: true }] },
    });
    const troca = await t.req({
      method: 'POST',
      url: `/api/organizacao/${criada.id}/usuarios`,
      token: sinodo,
      payload: { usuarioId: ana, perfilId: cadastro.json().id },
    });
    expect(troca.json().perfilNome).toBe('Cadastro');
    const lista = await t.req({ method: 'GET', url: `/api/organizacao/${criada.id}/usuarios`, token: sinodo });
    expect(lista.json()).toHaveLength(1);

    const emUso = await t.req({ method: 'DELETE', url: `/api/organizacao/${criada.id}`, token: sinodo });
    expect(emUso.statusCode).toBe(409);

    const remove = await t.req({
      method: 'DELETE',
      url: `/api/organizacao/${criada.id}/usuarios/${ana}`,
      token: sinodo,
    });
    expect(remove.statusCode).toBe(204);
    const denovo = await t.req({
      method: 'DELETE',
      url: `/api/organizacao/${criada.id}/usuarios/${ana}`,
      token: sinodo,
    });
    expect(denovo.statusCode).toBe(404);
  });

  it('refuses the administrator profile to non-administrators and unknown ids', async () => {
    const ana = await usuarioId('atendimento@sig.local');
    const acima = await t.req({
      method: 'POST',
      url: `/api/organizacao/${ids.paroquia}/usuarios`,
      token: sinodo,
      payload: { usuarioId: ana, perfilId: await perfilId('Administrador do Sistema') },
    });
    expect(acima.statusCode).toBe(403);
    expect(acima.json().codigo).toBe('PERMISSAO_ACIMA_DA_PROPRIA');

    const inexistentes = await t.req({
      method: 'POST',
      url: `/api/organizacao/${ids.paroquia}/usuarios`,
      token: sinodo,
      payload: { usuarioId: 999999, perfilId: 999999 },
    });
    expect(inexistentes.statusCode).toBe(400);
    expect(inexistentes.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['usuarioId', 'perfilId']);

    const semAcao = await t.req({
      method: 'POST',
      url: `/api/organizacao/${ids.paroquia}/usuarios`,
      token: tesouraria,
      payload: { usuarioId: ana, perfilId: await perfilId('Tesouraria') },
    });
    expect(semAcao.statusCode).toBe(403);
  });
});

describe('own organization only', () => {
  it('narrows lists and reads to the current organization', async () => {
    const perfil = (await db().select().from(schema.perfil).where(eq(schema.perfil.nome, 'Secretaria Paroquial')))[0]!;
    await db()
      .update(schema.perfilPermissao)
      .set({ somentePropriaOrganizacao: true })
      .where(and(eq(schema.perfilPermissao.perfilId, perfil.id), eq(schema.perfilPermissao.acesso, 'Organizacao')));
    await db()
      .update(schema.perfil)
      .set({ versao: sql`${schema.perfil.versao} + 1` })
      .where(eq(schema.perfil.id, perfil.id));

    const r = await t.req({ method: 'GET', url: '/api/organizacao/paginado', token: paroquia });
    expect(r.json().total).toBe(1);
    expect(r.json().itens[0].id).toBe(ids.paroquia);
    const [comunidade] = await db().select().from(org).where(eq(org.organizacaoPaiId, ids.paroquia));
    const filha = await t.req({ method: 'GET', url: `/api/organizacao/${comunidade!.id}`, token: paroquia });
    expect(filha.statusCode).toBe(404);
    const propria = await t.req({ method: 'GET', url: `/api/organizacao/${ids.paroquia}`, token: paroquia });
    expect(propria.statusCode).toBe(200);
  });
});
