import { CADASTROS, type CampoCadastro, type DefinicaoCadastro } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { PIMACO_6180 } from '../../../test/constantes.js';
import { LIMITE_LISTA } from '../../platform/crud-motor.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let atendimento: string;
let tesouraria: string;

beforeAll(async () => {
  [admin, sinodo, paroquia, atendimento, tesouraria] = await t.logins(
    'admin',
    'sinodo',
    'paroquia',
    'atendimento',
    'tesouraria',
  );
});

let contador = 0;
/** Short, unique, uppercase-free values ("t1a") that fit any length bound of 3 or more. */
const marca = () => `t${(++contador).toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;

/**
 * The first option the writer's form offers (a write names only what its writer may name); the
 * administrator's when the writer may not list that registry.
 */
async function primeiraOpcao(recurso: string, token = admin): Promise<number> {
  const r = await t.req({ method: 'GET', url: `/api/${recurso}/select`, token });
  if (r.statusCode === 403 && token !== admin) return primeiraOpcao(recurso);
  expect(r.statusCode).toBe(200);
  return r.json()[0].value;
}

/** A valid value of one field; texts carry the mark so that filters find exactly this row. */
async function valorDe(c: CampoCadastro, m: string, recurso: string, token: string): Promise<unknown> {
  switch (c.tipo) {
    case 'inteiro':
      return Math.min(c.max ?? 5, (c.min ?? 0) + 5);
    case 'booleano':
      return true;
    case 'referencia':
      return primeiraOpcao(c.referencia!, token);
    case 'url':
      return `https://exemplo.org/${m}.png`;
    case 'opcao':
      return c.opcoes?.[0];
    case 'dinheiro':
      return '25.50';
    case 'decimal':
      return 12.5;
    case 'data':
      return '2099-12-31';
    default:
      return c.nome === 'nome' ? `Teste ${recurso} ${m} Ação` : m.slice(0, c.max ?? 200);
  }
}

/** Values that must agree with each other (a label sheet's grid must fit its paper). */
const FIXOS: Record<string, Record<string, unknown>> = {
  // Spec §5: an offering plan falls on a Sunday.
  'plano-de-ofertas': { data: '2099-12-27' },
  'configuracao-etiquetas': { ...PIMACO_6180, quantidade: 30 },
};

/**
 * A valid input for any declaration (one item per sub-record list, no parent in a tree), its
 * name carrying accents.
 */
async function amostra(
  def: DefinicaoCadastro,
  token = admin,
): Promise<{ corpo: Record<string, unknown>; termo: string }> {
  const m = marca();
  const corpo: Record<string, unknown> = {};
  for (const c of def.campos) corpo[c.nome] = c.nome === def.pai ? null : await valorDe(c, m, def.recurso, token);
  for (const f of def.filhos ?? []) {
    const item: Record<string, unknown> = {};
    for (const c of f.campos) item[c.nome] = await valorDe(c, m, def.recurso, token);
    corpo[f.nome] = [item];
  }
  Object.assign(corpo, FIXOS[def.recurso]);
  return { corpo, termo: `${m} acao` };
}

const criar = (def: DefinicaoCadastro, corpo: Record<string, unknown>, token = admin) =>
  t.req({ method: 'POST', url: `/api/${def.recurso}`, token, payload: corpo });

/** The books are the treasury's; the synod office reads them. */
const FINANCEIROS = new Set<string>(['ContaCaixa', 'PlanoConta', 'CentroCusto', 'PlanoOfertas']);

describe.each(CADASTROS.map((d) => [d.recurso, d] as const))('registry %s', (recurso, def) => {
  const url = `/api/${recurso}`;
  const financeiro = FINANCEIROS.has(def.acesso);
  let escritor = '';
  beforeAll(() => {
    escritor = financeiro ? tesouraria : sinodo;
  });

  it('create → get → list → filter → select → update → export → delete → 404, with history', async () => {
    const { corpo, termo } = await amostra(def, escritor);
    const criado = await criar(def, corpo, escritor);
    expect(criado.statusCode, criado.body).toBe(201);
    const item = criado.json();
    expect(item).toMatchObject(corpo);
    const id: number = item.id;

    const lido = await t.req({ method: 'GET', url: `${url}/${id}`, token: escritor });
    expect(lido.statusCode).toBe(200);
    expect(lido.json()).toEqual(item);

    const todos = await t.req({ method: 'GET', url, token: escritor });
    expect(todos.statusCode).toBe(200);
    const ids = todos.json().map((x: { id: number }) => x.id);
    // The whole list stops at its limit (the cities: every municipality); the paged one finds the rest.
    if (ids.length < LIMITE_LISTA) expect(ids).toContain(id);
    else expect(ids).toHaveLength(LIMITE_LISTA);

    const pagina = await t.req({
      method: 'GET',
      url: `${url}/paginado?nome=${encodeURIComponent(termo.toUpperCase())}`,
      token: escritor,
    });
    expect(pagina.statusCode, pagina.body).toBe(200);
    expect(pagina.json()).toMatchObject({ total: 1, pagina: 1, itens: [{ id }] });

    const opcoes = await t.req({
      method: 'GET',
      url: `${url}/select?busca=${encodeURIComponent(termo)}`,
      token: escritor,
    });
    expect(opcoes.json()).toEqual([{ value: id, label: corpo[def.rotulo] }]);

    const novoNome = `${corpo.nome} alterado`;
    const alterado = await t.req({
      method: 'PUT',
      url: `${url}/${id}`,
      token: escritor,
      payload: { ...corpo, nome: novoNome },
    });
    expect(alterado.statusCode, alterado.body).toBe(200);
    expect(alterado.json()).toMatchObject({ id, nome: novoNome });
    const porCorpo = await t.req({ method: 'PUT', url, token: escritor, payload: { ...corpo, id, ativo: false } });
    expect(porCorpo.statusCode, porCorpo.body).toBe(200);
    expect(porCorpo.json()).toMatchObject({ id, nome: corpo.nome, ativo: false });
    // Inactive rows leave the selects but stay in the lists.
    const semInativo = await t.req({
      method: 'GET',
      url: `${url}/select?busca=${encodeURIComponent(termo)}`,
      token: escritor,
    });
    expect(semInativo.json()).toEqual([]);

    const csv = await t.req({
      method: 'GET',
      url: `${url}/exportar?formato=csv&nome=${encodeURIComponent(termo)}`,
      token: escritor,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const linhas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // pt-BR: the separator Brazilian Excel reads.
    const cabecalho = linhas[0]!.split(';');
    expect(cabecalho[0]).toBe('Identificador');
    expect(cabecalho).toContain('Nome');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toContain(String(corpo.nome));

    const excluido = await t.req({ method: 'DELETE', url: `${url}/${id}`, token: escritor });
    expect(excluido.statusCode, excluido.body).toBe(200);
    expect((await t.req({ method: 'GET', url: `${url}/${id}`, token: escritor })).statusCode).toBe(404);
    const depois = await t.req({
      method: 'GET',
      url: `${url}/paginado?nome=${encodeURIComponent(termo)}`,
      token: escritor,
    });
    expect(depois.json().total).toBe(0);

    const historico = await t.banco.db
      .select({ operacao: schema.historicoAlteracao.operacao, campo: schema.historicoAlteracao.campo })
      .from(schema.historicoAlteracao)
      .where(and(eq(schema.historicoAlteracao.entidade, recurso), eq(schema.historicoAlteracao.entidadeId, id)));
    expect(historico.map((h) => h.operacao)).toEqual(expect.arrayContaining(['CRIACAO', 'ALTERACAO', 'EXCLUSAO']));
    expect(historico).toContainEqual({ operacao: 'ALTERACAO', campo: 'nome' });
  });

  it('refuses a missing required field naming it (400)', async () => {
    const { corpo } = await amostra(def);
    const r = await criar(def, { ...corpo, nome: undefined });
    expect(r.statusCode).toBe(400);
    expect(r.json().codigo).toBe('VALIDACAO');
    expect(r.json().campos).toContainEqual({ campo: 'nome', mensagem: 'Por favor, informe o campo Nome' });
  });

  // Only registries that declare unique fields have this rule (estado's sigla-per-country is tested below).
  if (def.unicos?.length) {
    it('refuses a duplicate of a unique field (409), case-insensitively', async () => {
      const { corpo } = await amostra(def);
      expect((await criar(def, corpo)).statusCode).toBe(201);
      const unico = def.unicos![0]!;
      const { corpo: outro } = await amostra(def);
      const repetido = { ...outro, [unico]: String(corpo[unico]).toUpperCase() };
      const r = await criar(def, repetido);
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().codigo).toBe('NOME_DUPLICADO');
      expect(r.json().campos[0].campo).toBe(unico);
    });
  }

  it('a read-only profile may list, not write (403)', async () => {
    const leitor = financeiro
      ? sinodo
      : ({ MuralAvisos: atendimento, ConfiguracaoEtiquetas: tesouraria }[def.acesso as string] ?? paroquia);
    expect((await t.req({ method: 'GET', url: `${url}/paginado`, token: leitor })).statusCode).toBe(200);
    const { corpo } = await amostra(def);
    expect((await criar(def, corpo, leitor)).statusCode).toBe(403);
    // The permission is checked before the row is looked for: any id answers 403.
    const put = await t.req({ method: 'PUT', url: `${url}/1`, token: leitor, payload: corpo });
    expect(put.statusCode).toBe(403);
    expect((await t.req({ method: 'DELETE', url: `${url}/1`, token: leitor })).statusCode).toBe(403);
  });

  it('an unknown id is 404 on read, update and delete', async () => {
    const { corpo } = await amostra(def);
    expect((await t.req({ method: 'GET', url: `${url}/999999`, token: admin })).json().codigo).toBe('NAO_ENCONTRADO');
    expect((await t.req({ method: 'PUT', url: `${url}/999999`, token: admin, payload: corpo })).statusCode).toBe(404);
    expect((await t.req({ method: 'DELETE', url: `${url}/999999`, token: admin })).statusCode).toBe(404);
  });
});

const def = (recurso: string) => CADASTROS.find((d) => d.recurso === recurso)!;

describe('registry rules', () => {
  it('a required select or reference sent blank is "Por favor, informe o campo" (spec §5), not a format error', async () => {
    const r = await criar(def('categorias-contribuicao'), {
      nome: `Categoria ${marca()}`,
      valor: '10.00',
      periodicidadeContribuicao: null,
      periodicidadeCobranca: '',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual(
      expect.arrayContaining([
        { campo: 'periodicidadeContribuicao', mensagem: 'Por favor, informe o campo Periodicidade da contribuição' },
        { campo: 'periodicidadeCobranca', mensagem: 'Por favor, informe o campo Periodicidade da cobrança' },
      ]),
    );
    const s = await criar(def('classe'), { nome: `Classe ${marca()}`, caracteristicas: [{ caracteristicaId: '' }] });
    expect(s.json().campos).toEqual([
      { campo: 'caracteristicas.0.caracteristicaId', mensagem: 'Por favor, informe o campo Característica' },
    ]);
  });

  it('a list answers the label of each listed reference with its page, a self-reference included', async () => {
    const paisId = await primeiraOpcao('pais');
    const pais = (await t.req({ method: 'GET', url: `/api/pais/${paisId}`, token: admin })).json();
    const estado = await criar(def('estado'), { nome: `Estado ${marca()}`, sigla: 'ZY', paisId });
    const lista = await t.req({ method: 'GET', url: `/api/estado/paginado?sigla=ZY`, token: admin });
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().itens).toEqual([expect.objectContaining({ id: estado.json().id, paisIdRotulo: pais.nome })]);
    // Not on one record: the form reads the select's own label.
    expect(
      (await t.req({ method: 'GET', url: `/api/estado/${estado.json().id}`, token: admin })).json(),
    ).not.toHaveProperty('paisIdRotulo');

    const pai = await criar(def('grau-parentesco'), { nome: `Pai ${marca()}` });
    const filho = await criar(def('grau-parentesco'), { nome: `Filho ${marca()}`, reciprocoId: pai.json().id });
    const graus = await t.req({
      method: 'GET',
      url: `/api/grau-parentesco/paginado?nome=${encodeURIComponent(filho.json().nome)}`,
      token: admin,
    });
    expect(graus.json().itens[0]).toMatchObject({ reciprocoId: pai.json().id, reciprocoIdRotulo: pai.json().nome });
    const semReciproco = (await t.req({ method: 'GET', url: `/api/grau-parentesco`, token: admin }))
      .json()
      .find((g: { id: number }) => g.id === pai.json().id);
    expect(semReciproco.reciprocoIdRotulo).toBeNull();
  });

  it('a hidden reference takes its label out of the list with it', async () => {
    const desfazer = await t.regrasCampo('Secretaria Paroquial', [
      { acesso: 'Estado', campo: 'paisId', visualizar: false, atualizar: false },
    ]);
    try {
      const lista = (await t.req({ method: 'GET', url: '/api/estado/paginado', token: paroquia })).json();
      expect(lista.itens.length).toBeGreaterThan(0);
      for (const e of lista.itens) {
        expect(e).not.toHaveProperty('paisId');
        expect(e).not.toHaveProperty('paisIdRotulo');
      }
    } finally {
      await desfazer();
    }
  });

  it('a city needs a country or a state (spec §5)', async () => {
    const r = await criar(def('cidade'), { nome: 'Sem lugar' });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toContainEqual({ campo: 'estadoId', mensagem: 'Informe o país ou o estado da cidade.' });
  });

  it('a reference to a missing or deleted row is a 400 naming the field', async () => {
    const pais = await criar(def('pais'), { nome: `País ${marca()}`, sigla: 'ZZ' });
    expect(pais.statusCode).toBe(201);
    expect((await t.req({ method: 'DELETE', url: `/api/pais/${pais.json().id}`, token: admin })).statusCode).toBe(200);
    for (const paisId of [pais.json().id, 999999]) {
      const r = await criar(def('estado'), { nome: `Estado ${marca()}`, sigla: 'ZZ', paisId });
      expect(r.statusCode).toBe(400);
      expect(r.json().campos).toEqual([{ campo: 'paisId', mensagem: 'O registro informado em País não existe.' }]);
    }
  });

  it('a row still referenced cannot be deleted (409); once the reference is deleted, it can', async () => {
    const [brasil] = await t.banco.db.select().from(schema.pais).where(eq(schema.pais.sigla, 'BR'));
    const r = await t.req({ method: 'DELETE', url: `/api/pais/${brasil!.id}`, token: admin });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('REGISTRO_EM_USO');

    const pais = (await criar(def('pais'), { nome: `País ${marca()}` })).json();
    const estado = (await criar(def('estado'), { nome: `Estado ${marca()}`, sigla: 'QQ', paisId: pais.id })).json();
    expect((await t.req({ method: 'DELETE', url: `/api/pais/${pais.id}`, token: admin })).statusCode).toBe(409);
    expect((await t.req({ method: 'DELETE', url: `/api/estado/${estado.id}`, token: admin })).statusCode).toBe(200);
    expect((await t.req({ method: 'DELETE', url: `/api/pais/${pais.id}`, token: admin })).statusCode).toBe(200);
  });

  it('a bank used by an organization account cannot be deleted (409)', async () => {
    const banco = (await criar(def('banco'), { codigo: marca(), nome: `Banco ${marca()}` })).json();
    expect(banco).toMatchObject({ ordem: 0, ativo: true, urlImagem: null });
    const [org] = await t.banco.db.select({ id: schema.organizacao.id }).from(schema.organizacao).limit(1);
    await t.banco.db
      .insert(schema.organizacaoContaBancaria)
      .values({ organizacaoId: org!.id, tipo: 'CORRENTE', bancoId: banco.id, agencia: '1', conta: '2' });
    const r = await t.req({ method: 'DELETE', url: `/api/banco/${banco.id}`, token: admin, idioma: 'en' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ codigo: 'REGISTRO_EM_USO' });
    expect((await t.req({ method: 'GET', url: `/api/banco/${banco.id}`, token: admin })).statusCode).toBe(200);
  });

  it('a unique index the declaration does not list still answers 409 naming its field (state abbreviation)', async () => {
    const paisId = await primeiraOpcao('pais');
    const r = await criar(def('estado'), { nome: `Estado ${marca()}`, sigla: 'SC', paisId });
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().campos[0].campo).toBe('sigla');
  });

  it('a deleted name may be used again', async () => {
    const nome = `Cargo ${marca()}`;
    const primeiro = (await criar(def('cargo'), { nome })).json();
    expect((await t.req({ method: 'DELETE', url: `/api/cargo/${primeiro.id}`, token: admin })).statusCode).toBe(200);
    expect((await criar(def('cargo'), { nome })).statusCode).toBe(201);
  });

  it('sorts by an allowed column only, and filters by equality on numbers and flags', async () => {
    const desc = await t.req({
      method: 'GET',
      url: '/api/banco/paginado?ordenarPor=codigo&ordem=desc&quantidade=5',
      token: admin,
    });
    expect(desc.statusCode).toBe(200);
    const codigos: string[] = desc.json().itens.map((b: { codigo: string }) => b.codigo.toLowerCase());
    expect(codigos).toEqual([...codigos].sort().reverse());
    expect(
      (await t.req({ method: 'GET', url: '/api/banco/paginado?ordenarPor=urlImagem', token: admin })).statusCode,
    ).toBe(400);
    const paisId = await primeiraOpcao('pais');
    const estados = await t.req({
      method: 'GET',
      url: `/api/estado/paginado?paisId=${paisId}&ativo=true&quantidade=100`,
      token: admin,
    });
    expect(estados.json().total).toBeGreaterThanOrEqual(27);
    expect(estados.json().itens.every((e: { paisId: number }) => e.paisId === paisId)).toBe(true);
  });

  it('exports XLSX with the labels in the request language, and audits the export', async () => {
    const nome = `Profissão ${marca()}`;
    expect((await criar(def('profissao'), { nome })).statusCode).toBe(201);
    const r = await t.req({
      method: 'GET',
      url: `/api/profissao/exportar?formato=xlsx&nome=${encodeURIComponent(nome)}`,
      token: sinodo,
      idioma: 'en',
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const aba = livro.worksheets[0]!;
    expect(aba.getRow(1).values).toEqual([undefined, 'Identifier', 'Name', 'Name in English', 'Active']);
    expect(aba.getCell('B2').value).toBe(nome);
    expect(aba.rowCount).toBe(2);

    await t.app.deps.auditoria.descarregar();
    const eventos = await t.banco.db
      .select({ acesso: schema.auditoriaAcesso.acesso })
      .from(schema.auditoriaAcesso)
      .where(and(eq(schema.auditoriaAcesso.evento, 'EXPORTACAO'), eq(schema.auditoriaAcesso.acesso, 'Profissao')));
    expect(eventos.length).toBeGreaterThan(0);
  });

  it('exports every row of a filtered set across keyset batches, none twice', async () => {
    const prefixo = `Lote ${marca()}`;
    await t.banco.db
      .insert(schema.cargo)
      .values(Array.from({ length: 2_100 }, (_, i) => ({ nome: `${prefixo} ${i % 7} ${i}` })));
    const r = await t.req({
      method: 'GET',
      url: `/api/cargo/exportar?ordenarPor=nome&ordem=desc&nome=${encodeURIComponent(prefixo)}`,
      token: admin,
    });
    expect(r.headers['x-total-linhas']).toBe('2100');
    const ids = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(';')[0]);
    expect(ids).toHaveLength(2_100);
    expect(new Set(ids).size).toBe(2_100);
  });
});
