import { schema } from '@sig/db';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { historicoDe, usuarioPorEmail } from '../../../test/fabricas.js';

/**
 * The engine's richer declarations: sub-records (characteristic options, class characteristics,
 * team participants), a tree (classifications) and organization registries shared down the
 * hierarchy (contribution categories, the notice board).
 */
const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;

beforeAll(async () => {
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
});

const post = (url: string, payload: object, token = admin) => t.req({ method: 'POST', url, token, payload });
const put = (url: string, payload: object, token = admin) => t.req({ method: 'PUT', url, token, payload });
const get = (url: string, token = admin) => t.req({ method: 'GET', url, token });

const usuarioId = (email: string) => usuarioPorEmail(t.banco.db, email);

describe('sub-records', () => {
  it('a characteristic keeps its options: add, edit, remove in one save, with history', async () => {
    const criado = await post('/api/caracteristica', {
      nome: 'Tamanho de camiseta',
      opcoes: [
        { chave: 'P', valor: 'Pequena', ordem: 1 },
        { chave: 'M', valor: 'Média', ordem: 2 },
      ],
    });
    expect(criado.statusCode, criado.body).toBe(201);
    const c = criado.json();
    expect(c.opcoes).toEqual([
      { id: expect.any(Number), chave: 'P', valor: 'Pequena', ordem: 1, ativo: true },
      { id: expect.any(Number), chave: 'M', valor: 'Média', ordem: 2, ativo: true },
    ]);
    const [p] = c.opcoes;
    const alterado = await put(`/api/caracteristica/${c.id}`, {
      nome: c.nome,
      opcoes: [
        { id: p.id, chave: 'P', valor: 'Pequeno', ordem: 1, ativo: false },
        { chave: 'G', valor: 'Grande', ordem: 3 },
      ],
    });
    expect(alterado.statusCode, alterado.body).toBe(200);
    expect(alterado.json().opcoes).toEqual([
      { id: p.id, chave: 'P', valor: 'Pequeno', ordem: 1, ativo: false },
      { id: expect.any(Number), chave: 'G', valor: 'Grande', ordem: 3, ativo: true },
    ]);
    // The removed option is deleted logically (something may still name it).
    const linhas = await t.banco.db
      .select({ chave: schema.caracteristicaOpcao.chave, excluidoEm: schema.caracteristicaOpcao.excluidoEm })
      .from(schema.caracteristicaOpcao)
      .where(eq(schema.caracteristicaOpcao.caracteristicaId, c.id));
    expect(linhas.find((l) => l.chave === 'M')?.excluidoEm).toBeInstanceOf(Date);
    const historico = await historicoDe(t.banco.db, 'caracteristica', c.id);
    expect(historico.map((h) => h.campo)).toContain('opcoes');
  });

  it('refuses a repeated option key naming the item, and an item id of another characteristic', async () => {
    const repetida = await post('/api/caracteristica', {
      nome: 'Cor',
      opcoes: [
        { chave: 'az', valor: 'Azul' },
        { chave: 'AZ', valor: 'Anil' },
      ],
    });
    expect(repetida.statusCode).toBe(400);
    expect(repetida.json().campos).toEqual([
      { campo: 'opcoes.1.chave', mensagem: expect.stringContaining('outro item') },
    ]);

    const outra = (await post('/api/caracteristica', { nome: 'Outra', opcoes: [{ chave: 'x', valor: 'X' }] })).json();
    const cor = (await post('/api/caracteristica', { nome: 'Cor', opcoes: [] })).json();
    const alheio = await put(`/api/caracteristica/${cor.id}`, {
      nome: 'Cor',
      opcoes: [{ id: outra.opcoes[0].id, chave: 'x', valor: 'Roubada' }],
    });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().campos[0].campo).toBe('opcoes.0');
    expect((await get(`/api/caracteristica/${outra.id}`)).json().opcoes[0].valor).toBe('X');
  });

  it('a class names characteristics that exist; a characteristic a class uses cannot be deleted (409)', async () => {
    const car = (
      await post('/api/caracteristica', { nome: 'Prioridade', opcoes: [{ chave: 'a', valor: 'Alta' }] })
    ).json();
    const inexistente = await post('/api/classe', { nome: 'Suporte', caracteristicas: [{ caracteristicaId: 999999 }] });
    expect(inexistente.statusCode).toBe(400);
    expect(inexistente.json().campos[0].campo).toBe('caracteristicas.0.caracteristicaId');

    const classe = await post('/api/classe', {
      nome: 'Suporte',
      caracteristicas: [{ caracteristicaId: car.id, obrigatorio: true }],
    });
    expect(classe.statusCode, classe.body).toBe(201);
    expect(classe.json().caracteristicas).toEqual([
      { id: expect.any(Number), caracteristicaId: car.id, obrigatorio: true, ordem: 0 },
    ]);
    expect((await t.req({ method: 'DELETE', url: `/api/caracteristica/${car.id}`, token: admin })).statusCode).toBe(
      409,
    );

    // Its own options do not hold a characteristic back: they go with it.
    const solta = (await post('/api/caracteristica', { nome: 'Solta', opcoes: [{ chave: 's', valor: 'S' }] })).json();
    expect((await t.req({ method: 'DELETE', url: `/api/caracteristica/${solta.id}`, token: admin })).statusCode).toBe(
      200,
    );
    const opcoes = await t.banco.db
      .select()
      .from(schema.caracteristicaOpcao)
      .where(
        and(eq(schema.caracteristicaOpcao.caracteristicaId, solta.id), isNull(schema.caracteristicaOpcao.excluidoEm)),
      );
    expect(opcoes).toEqual([]);
  });

  it('a team needs at least one participant, a user of the scope, once', async () => {
    const vazio = await post('/api/time', { nome: 'Equipe TI', participantes: [] });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json().campos).toEqual([
      { campo: 'participantes', mensagem: expect.stringContaining('Participantes') },
    ]);

    const u = await usuarioId('atendimento@sig.local');
    const dobrado = await post('/api/time', { nome: 'Equipe TI', participantes: [{ usuarioId: u }, { usuarioId: u }] });
    expect(dobrado.statusCode).toBe(400);

    const time = await post('/api/time', { nome: 'Equipe TI', participantes: [{ usuarioId: u }] });
    expect(time.statusCode, time.body).toBe(201);
    expect(time.json().participantes).toEqual([{ id: expect.any(Number), usuarioId: u }]);

    const nome = await get(`/api/usuarios/${u}`);
    expect(nome.json()).toMatchObject({ id: u, email: 'atendimento@sig.local' });
    const busca = await get('/api/usuarios/select?busca=atendimento');
    expect(busca.json().map((o: { value: number }) => o.value)).toContain(u);
    // The parish secretary's profile has no Usuarios screen, but fills the teams form that names users.
    expect((await get('/api/usuarios/select', paroquia)).statusCode).toBe(200);
  });

  it('the users lookup shows only users linked within the scope (404 beyond it)', async () => {
    const tesouraria = await usuarioId('tesouraria@sig.local');
    const administrador = await usuarioId('admin@sig.local');
    // The synod secretary: the parish treasurer is below her synod, the administrator (national church) is not.
    expect((await get(`/api/usuarios/${tesouraria}`, sinodo)).statusCode).toBe(200);
    expect((await get(`/api/usuarios/${administrador}`, sinodo)).statusCode).toBe(404);
    const opcoes = (await get('/api/usuarios/select', sinodo)).json().map((o: { value: number }) => o.value);
    expect(opcoes).toContain(tesouraria);
    expect(opcoes).not.toContain(administrador);
  });
});

describe('a tree (classifications)', () => {
  it('refuses a node below itself or below its own descendant; a node with children stays', async () => {
    const raiz = (await post('/api/classificacao', { nome: 'Secretaria' })).json();
    const filho = (await post('/api/classificacao', { nome: 'Certidões', classificacaoPaiId: raiz.id })).json();
    const neto = (await post('/api/classificacao', { nome: 'Segunda via', classificacaoPaiId: filho.id })).json();
    const proprio = await put(`/api/classificacao/${raiz.id}`, { nome: 'Secretaria', classificacaoPaiId: raiz.id });
    expect(proprio.statusCode).toBe(400);
    expect(proprio.json().campos[0]).toMatchObject({ campo: 'classificacaoPaiId' });
    const ciclo = await put(`/api/classificacao/${raiz.id}`, { nome: 'Secretaria', classificacaoPaiId: neto.id });
    expect(ciclo.statusCode).toBe(400);
    expect((await get(`/api/classificacao/paginado?classificacaoPaiId=${raiz.id}`)).json().itens).toEqual([
      expect.objectContaining({ id: filho.id }),
    ]);
    expect((await t.req({ method: 'DELETE', url: `/api/classificacao/${filho.id}`, token: admin })).statusCode).toBe(
      409,
    );
    const mover = await put(`/api/classificacao/${neto.id}`, { nome: 'Segunda via', classificacaoPaiId: raiz.id });
    expect(mover.statusCode, mover.body).toBe(200);
  });
});

describe('organization registries shared down the hierarchy', () => {
  it('contribution categories: the due day must exist in the month', async () => {
    const r = await post('/api/categorias-contribuicao', {
      nome: 'Dízimo',
      valor: '30',
      periodicidadeContribuicao: 'MENSAL',
      periodicidadeCobranca: 'MENSAL',
      diaVencimento: 30,
      mesVencimento: 2,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual([{ campo: 'diaVencimento', mensagem: 'O dia informado não existe no mês.' }]);
    const fora = await post('/api/categorias-contribuicao', {
      nome: 'Dízimo',
      valor: '30',
      periodicidadeContribuicao: 'SEMANAL',
      periodicidadeCobranca: 'MENSAL',
      mesVencimento: 13,
    });
    expect(fora.statusCode).toBe(400);
    expect(
      fora
        .json()
        .campos.map((c: { campo: string }) => c.campo)
        .sort(),
    ).toEqual(['mesVencimento', 'periodicidadeContribuicao']);
  });

  it('a synod category shared by hierarchy is seen read-only below; unshared ones are not; names are per organization', async () => {
    const base = {
      valor: '25.00',
      periodicidadeContribuicao: 'MENSAL',
      periodicidadeCobranca: 'ANUAL',
      diaVencimento: 10,
    };
    const compartilhada = await post(
      '/api/categorias-contribuicao',
      { ...base, nome: 'Oferta sinodal', acessivelHierarquia: true },
      sinodo,
    );
    expect(compartilhada.statusCode, compartilhada.body).toBe(201);
    expect(compartilhada.json()).toMatchObject({ organizacaoNome: 'Sínodo Rio dos Sinos', somenteLeitura: false });
    const propria = (await post('/api/categorias-contribuicao', { ...base, nome: 'Só do sínodo' }, sinodo)).json();

    const vista = await get('/api/categorias-contribuicao/paginado?quantidade=100', paroquia);
    const nomes = vista.json().itens.map((i: { nome: string }) => i.nome);
    expect(nomes).toContain('Oferta sinodal');
    expect(nomes).not.toContain('Só do sínodo');
    expect((await get(`/api/categorias-contribuicao/${compartilhada.json().id}`, paroquia)).json()).toMatchObject({
      somenteLeitura: true,
    });
    expect((await get(`/api/categorias-contribuicao/${propria.id}`, paroquia)).statusCode).toBe(404);

    // The same name at another organization is fine; twice at the synod is not.
    const admOutra = await post('/api/categorias-contribuicao', { ...base, nome: 'Só do sínodo' });
    expect(admOutra.statusCode, admOutra.body).toBe(201);
    expect((await post('/api/categorias-contribuicao', { ...base, nome: 'SÓ DO SÍNODO' }, sinodo)).statusCode).toBe(
      409,
    );

    // A category of the church above, shared down: the synod sees it and may not change or delete it.
    const nacional = (
      await post('/api/categorias-contribuicao', { ...base, nome: 'Nacional', acessivelHierarquia: true })
    ).json();
    expect((await get(`/api/categorias-contribuicao/${nacional.id}`, sinodo)).json().somenteLeitura).toBe(true);
    expect(
      (await put(`/api/categorias-contribuicao/${nacional.id}`, { ...base, nome: 'Minha' }, sinodo)).statusCode,
    ).toBe(404);
    expect(
      (await t.req({ method: 'DELETE', url: `/api/categorias-contribuicao/${nacional.id}`, token: sinodo })).statusCode,
    ).toBe(404);
  });

  it('the notice board shows own notices and those shared from above, until they expire', async () => {
    const aviso = (nome: string, extra: Record<string, unknown> = {}) =>
      post('/api/mural-de-avisos', { nome, mensagem: `Texto de ${nome}`, ...extra }, sinodo);
    expect((await aviso('Assembleia sinodal', { paraSubordinadas: true, validoAte: '2099-01-31' })).statusCode).toBe(
      201,
    );
    expect((await aviso('Reunião da secretaria')).statusCode).toBe(201);
    expect((await aviso('Já passou', { paraSubordinadas: true, validoAte: '2020-01-01' })).statusCode).toBe(201);
    expect((await aviso('Desativado', { paraSubordinadas: true, ativo: false })).statusCode).toBe(201);

    const doSinodo = (await get('/api/mural-de-avisos/vigentes', sinodo)).json().map((a: { nome: string }) => a.nome);
    expect(doSinodo).toEqual(expect.arrayContaining(['Assembleia sinodal', 'Reunião da secretaria']));
    expect(doSinodo).not.toContain('Já passou');
    expect(doSinodo).not.toContain('Desativado');

    const daParoquia = await get('/api/mural-de-avisos/vigentes', paroquia);
    expect(daParoquia.statusCode).toBe(200);
    expect(daParoquia.json()).toEqual([
      expect.objectContaining({
        nome: 'Assembleia sinodal',
        organizacaoNome: 'Sínodo Rio dos Sinos',
        validoAte: '2099-01-31',
      }),
    ]);
    const tesouraria = await t.login('tesouraria@sig.local');
    expect((await get('/api/mural-de-avisos/vigentes', tesouraria)).json()).toHaveLength(1);
  });
});
