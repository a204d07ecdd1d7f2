import { randomUUID } from 'node:crypto';
import { paged, type Tarefa, tarefa, tarefaDetalhe } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

// No worker here: the jobs stay where the test puts them.
const t = usarAppTeste();
let admin: string;
let falhou: string;
let esperando: string;

beforeAll(async () => {
  admin = await t.loginAdmin();
  falhou = (await t.app.deps.tarefas.enviar(
    'asaas.aplicar-evento',
    { eventoId: 'evt_falhou' },
    { chave: 'evt_falhou' },
  ))!;
  esperando = (await t.app.deps.tarefas.enviar('correio.enviar', { id: 1 }, { chave: '1' }))!;
  // As a worker leaves a job whose every run failed.
  await t.banco.db.execute(
    sql`update pgboss.job set state = 'failed', retry_count = retry_limit, started_on = now(), completed_on = now(),
          output = jsonb_build_object('message', 'deadlock detected')
        where id = ${falhou}::uuid`,
  );
});

const get = (url: string, token = admin) => t.req({ method: 'GET', url, token });
const post = (url: string, token = admin) => t.req({ method: 'POST', url, token });
const lista = async (consulta = '') => {
  const r = await get(`/api/tarefas/paginado${consulta}`);
  expect(r.statusCode, r.body).toBe(200);
  return paged(tarefa).parse(r.json());
};

describe('/tarefas: the background jobs', () => {
  it('lists the jobs of the declared queues, newest first, with attempts and the last error', async () => {
    const { itens } = await lista('?quantidade=100');
    const csv = await get('/api/tarefas/exportar?situacao=failed');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Fila;Situação;Referência;Tentativas;Erro;Data/hora;Concluído em');
    expect(csv.body).toContain('asaas.aplicar-evento;Falhou;"{""eventoId"":""evt_falhou""}";9;deadlock detected;');
    const porId = new Map(itens.map((x) => [x.id, x]));
    expect(porId.get(falhou)).toMatchObject({
      fila: 'asaas.aplicar-evento',
      situacao: 'failed',
      referencia: '{"eventoId":"evt_falhou"}',
      tentativas: 9,
      tentativasMaximas: 9,
      erro: 'deadlock detected',
      executarApos: null,
    });
    expect(porId.get(esperando)).toMatchObject({
      fila: 'correio.enviar',
      situacao: 'created',
      tentativas: 0,
      erro: null,
    });
    expect(porId.get(esperando)!.executarApos).not.toBeNull();
    const datas = itens.map((x) => x.criadoEm);
    expect(datas).toEqual([...datas].sort().reverse());
  });

  it('filters by queue and state', async () => {
    const falhas = await lista('?situacao=failed');
    expect(falhas.itens.map((x: Tarefa) => x.id)).toEqual([falhou]);
    const correio = await lista('?fila=correio.enviar,correio.retomar&situacao=created,retry');
    expect(correio.itens.map((x) => x.id)).toEqual([esperando]);
    expect(correio.total).toBe(1);
  });

  it('shows a job with its data and what its last run gave', async () => {
    const r = await get(`/api/tarefas/${falhou}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(tarefaDetalhe.parse(r.json())).toMatchObject({
      dados: { eventoId: 'evt_falhou' },
      saida: { message: 'deadlock detected' },
    });
  });

  it('sends a failed job back to its queue, and only a failed one', async () => {
    const r = await post(`/api/tarefas/${falhou}/repetir`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: falhou, situacao: 'retry' });
    const outra = await post(`/api/tarefas/${falhou}/repetir`);
    expect(outra.statusCode).toBe(409);
    expect(outra.json().codigo).toBe('TAREFA_NAO_REPETIVEL');
    expect((await post(`/api/tarefas/${esperando}/repetir`)).statusCode).toBe(409);
  });

  it('refuses bad filters and ids', async () => {
    for (const consulta of ['?fila=outra.fila', '?situacao=perdida', '?ordenarPor=dados', '?pagina=0']) {
      expect((await get(`/api/tarefas/paginado${consulta}`)).statusCode, consulta).toBe(400);
    }
    expect((await get('/api/tarefas/123')).statusCode).toBe(400);
    expect((await post('/api/tarefas/nao-e-uuid/repetir')).statusCode).toBe(400);
  });

  it('answers 404 for a job that does not exist', async () => {
    expect((await get(`/api/tarefas/${randomUUID()}`)).statusCode).toBe(404);
    expect((await post(`/api/tarefas/${randomUUID()}/repetir`)).statusCode).toBe(404);
  });

  it('is refused without the screen, and to a profile given it below the top of the tree (jobs have no organization)', async () => {
    const tesouraria = await t.login('tesouraria@sig.local');
    expect((await get('/api/tarefas/paginado', tesouraria)).statusCode).toBe(403);
    expect((await get('/api/tarefas/exportar', tesouraria)).statusCode).toBe(403);
    expect((await post(`/api/tarefas/${falhou}/repetir`, tesouraria)).statusCode).toBe(403);
    const p = schema.perfil;
    const pp = schema.perfilPermissao;
    const [perfil] = await t.banco.db.select({ id: p.id }).from(p).where(eq(p.nome, 'Secretaria Sinodal'));
    const novaVersao = () =>
      t.banco.db
        .update(p)
        .set({ versao: sql`${p.versao} + 1` })
        .where(eq(p.id, perfil!.id));
    await t.banco.db
      .insert(pp)
      .values({ perfilId: perfil!.id, acesso: 'Tarefas', listar: true, visualizar: true, atualizar: true });
    await novaVersao();
    try {
      const sinodo = await t.login('sinodo@sig.local');
      const r = await get('/api/tarefas/paginado', sinodo);
      expect(r.statusCode).toBe(403);
      expect(r.json().codigo).toBe('SEM_PERMISSAO_ORGANIZACAO');
      expect((await get(`/api/tarefas/${falhou}`, sinodo)).statusCode).toBe(403);
    } finally {
      await t.banco.db.delete(pp).where(and(eq(pp.perfilId, perfil!.id), eq(pp.acesso, 'Tarefas')));
      await novaVersao();
    }
  });
});
