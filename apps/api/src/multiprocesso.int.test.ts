/**
 * Several processes, one system (docs/deploy.md): two API processes and two workers on one
 * PostgreSQL database, each on its own port, as systemd would run them; then two full processes
 * starting together on a fresh database. Needs a PostgreSQL server on which it creates (and drops)
 * databases of its own: SIG_TEST_PG_MULTI (`.ci/run` sets it).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, migracoesConhecidas } from '@sig/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVA_ITEM_MS } from './modules/processamento-lote/index.js';

const servidor = process.env.SIG_TEST_PG_MULTI;
const SENHA_DEMO = 'Demo@2026';

type Processo = { nome: string; porta: number; filho: ChildProcess; saida: string[] };

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `n` ports the system has free now, held together until all are known so none repeats. A random
 * port in the ephemeral range may be taken by any outgoing connection (a PostgreSQL client's).
 */
async function portasLivres(n: number): Promise<number[]> {
  const servidores = await Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Server>((ok, falha) => {
          const s = net.createServer();
          s.once('error', falha);
          s.listen(0, '127.0.0.1', () => ok(s));
        }),
    ),
  );
  const portas = servidores.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servidores.map((s) => new Promise((ok) => s.close(ok))));
  return portas;
}

/** A database of its own on the server, and the processes started on it (all ended by `encerrar`). */
function ambiente(prefixo: string) {
  const nome = `${prefixo}_${randomBytes(4).toString('hex')}`;
  const pasta = mkdtempSync(path.join(os.tmpdir(), 'sig-multi-'));
  const processos: Processo[] = [];
  const u = new URL(servidor ?? 'postgres://localhost/x');
  u.pathname = `/${nome}`;
  const url = u.toString();

  const criar = async () => {
    const c = new pg.Client({ connectionString: servidor });
    await c.connect();
    await c.query(`create database "${nome}"`);
    await c.end();
  };

  const iniciar = (nomeProc: string, papel: 'api' | 'worker' | 'all', porta: number, semear: boolean): Processo => {
    const filho = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATABASE_POOL_MAX: '4',
        PORT: String(porta),
        HOST: '127.0.0.1',
        SIG_ROLE: papel,
        SIG_ENV: 'development',
        SIG_SECRET: 'segredo-de-teste-com-32-caracteres!!',
        SIG_ADMIN_PASSWORD: 'Admin@12345',
        SIG_SEED_DEMO: String(semear),
        SIG_JOBS_POLL_SECONDS: '0.5',
        // Two claim loops per worker and a pause after each item: a batch of a few hundred lasts seconds.
        SIG_LOTE_CONCORRENCIA: '2',
        SIG_LOTE_PAUSA_MS: '100',
        DATA_DIR: path.join(pasta, nomeProc),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const p = { nome: nomeProc, porta, filho, saida: [] as string[] };
    filho.stdout!.on('data', (d) => p.saida.push(String(d)));
    filho.stderr!.on('data', (d) => p.saida.push(String(d)));
    processos.push(p);
    return p;
  };

  /** A query on the test's database, on a connection of its own. */
  const consultar = async <T extends object>(texto: string, params: unknown[] = []): Promise<T[]> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query(texto, params)).rows as T[];
    } finally {
      await c.end();
    }
  };

  const encerrar = async () => {
    for (const p of processos) if (p.filho.exitCode === null) p.filho.kill('SIGKILL');
    const c = new pg.Client({ connectionString: servidor });
    await c.connect();
    await c.query(`drop database if exists "${nome}" with (force)`);
    await c.end();
    rmSync(pasta, { recursive: true, force: true });
  };

  return { nome, url, pasta, processos, criar, iniciar, consultar, encerrar };
}

const pronto = async (p: Processo) => {
  const limite = Date.now() + 240_000;
  while (Date.now() < limite) {
    if (p.filho.exitCode !== null) throw new Error(`${p.nome} ended: ${p.saida.join('')}`);
    const ok = await fetch(`http://127.0.0.1:${p.porta}/api/saude`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await esperar(500);
  }
  throw new Error(`${p.nome} did not answer: ${p.saida.join('')}`);
};

/** An npm script as the operator runs it (docs/deploy.md); answers its output, or fails with it. */
const npm = (args: string[], env: Record<string, string>) =>
  new Promise<string>((ok, falha) => {
    const filho = spawn('npm', args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let saida = '';
    filho.stdout.on('data', (d) => {
      saida += d;
    });
    filho.stderr.on('data', (d) => {
      saida += d;
    });
    filho.on('close', (codigo) => (codigo === 0 ? ok(saida) : falha(new Error(saida))));
  });

const api = (p: Processo, metodo: string, rota: string, corpo?: object, token?: string) =>
  fetch(`http://127.0.0.1:${p.porta}/api${rota}`, {
    method: metodo,
    headers: {
      ...(corpo ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: corpo ? JSON.stringify(corpo) : undefined,
  });

const entrar = async (p: Processo, login: string) => {
  const r = await api(p, 'POST', '/Autenticacao/autenticar', { login, senha: SENHA_DEMO });
  expect(r.status).toBe(200);
  return ((await r.json()) as { accessToken: string }).accessToken;
};

/** Polls `ler` until `pronto` holds of what it answers, or fails with the last answer after `ms`. */
async function ate<T>(ler: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const limite = Date.now() + ms;
  let v = await ler();
  while (!ok(v)) {
    if (Date.now() > limite) throw new Error(`gave up waiting; last: ${JSON.stringify(v)}`);
    await esperar(250);
    v = await ler();
  }
  return v;
}

/** The jobs the two schedules below run, every minute for the test. */
const AGENDADAS = ['asaas.conciliar', 'receber.marcar-vencidas'];

describe.skipIf(!servidor)('two API processes and two workers on one PostgreSQL', () => {
  const amb = ambiente('sig_ops_mp');
  const { processos, consultar } = amb;
  let portas: number[];
  let categoriaId: number;
  let agendadoEm: number;
  let agendas: { name: string; cron: string }[];

  beforeAll(async () => {
    await amb.criar();
    portas = await portasLivres(4);
    // The first API migrates and loads the demo; then the others, one after another (on a loaded
    // machine four starting at once exceed Fastify's ten seconds for registering the routes).
    await pronto(amb.iniciar('api-1', 'api', portas[0], true));
    await pronto(amb.iniciar('api-2', 'api', portas[1], false));
    await pronto(amb.iniciar('worker-1', 'worker', portas[2], false));
    await pronto(amb.iniciar('worker-2', 'worker', portas[3], false));
    // A forced schedule: both daily jobs every minute, so the last test sees a tick or two.
    agendas = await consultar('select name, cron from pgboss.schedule where name = any($1)', [AGENDADAS]);
    expect(agendas).toHaveLength(AGENDADAS.length);
    await consultar(`update pgboss.schedule set cron = '* * * * *' where name = any($1)`, [AGENDADAS]);
    agendadoEm = Date.now();
    // People for the bulk batches, in the treasurer's parish, and a monthly category to charge them.
    const [paroquia] = await consultar<{ id: number }>(
      `select organizacao_id as id from pessoa where cpf = '39053344705'`,
    );
    await consultar(
      `insert into pessoa (nome, sobrenome, nome_busca, organizacao_id)
       select 'Multi', x.grupo || ' ' || g, 'multi ' || x.grupo || ' ' || g, $1
       from (values ('hub', 3), ('lote', 240)) x(grupo, n), generate_series(1, x.n) g`,
      [paroquia!.id],
    );
    const [cat] = await consultar<{ id: number }>(
      `insert into categoria_contribuicao (nome, organizacao_id, valor, periodicidade_contribuicao, periodicidade_cobranca, dia_vencimento)
       values ('Multi', $1, 30, 'MENSAL', 'MENSAL', 10) returning id`,
      [paroquia!.id],
    );
    categoriaId = cat!.id;
  }, 600_000);

  afterAll(() => amb.encerrar(), 60_000);

  /** A one-month receivables batch for the people whose name has `nome`, created through `p`. */
  const criarLote = async (p: Processo, token: string, nome: string) => {
    const r = await api(
      p,
      'POST',
      '/contas-a-receber-lote',
      { nome, categoriaContribuicaoId: categoriaId, competenciaInicio: '2031-01', competenciaFim: '2031-01' },
      token,
    );
    expect(r.status).toBe(201);
    return (await r.json()) as { id: number; total: number };
  };

  const loteNoBanco = async (id: number) =>
    (
      await consultar<{ status: string; total: number; sucessos: number; erros: number }>(
        'select status, total, sucessos, erros from processamento_lote where id = $1',
        [id],
      )
    )[0]!;

  it('reports one version and migration from every process', async () => {
    const saudes = await Promise.all(processos.map(async (p) => (await api(p, 'GET', '/saude')).json()));
    expect(new Set(saudes.map((s) => `${s.versao} ${s.migracao}`)).size).toBe(1);
    expect(saudes[0].migracao).toMatch(/^\d{4}_/);
  });

  it('refuses on one API a session revoked on the other', async () => {
    const [api1, api2] = processos as [Processo, Processo];
    const accessToken = await entrar(api1, 'sinodo@sig.local');
    expect((await api(api2, 'PUT', '/Autenticacao/autorizacao', undefined, accessToken)).status).toBe(200);
    expect((await api(api1, 'PUT', '/Autenticacao/invalidar-token', undefined, accessToken)).status).toBe(200);
    expect((await api(api2, 'PUT', '/Autenticacao/autorizacao', undefined, accessToken)).status).toBe(401);
  });

  it('holds the sign-in lock across both APIs', async () => {
    const [api1, api2] = processos as [Processo, Processo];
    const errada = { login: 'paroquia@sig.local', senha: 'errada-123' };
    // Three failures (the free ones of an account and origin), split between the processes.
    for (const p of [api1, api2, api1])
      expect((await api(p, 'POST', '/Autenticacao/autenticar', errada)).status).toBe(401);
    // Counted per process, API 2 would have seen one failure and let the right password in.
    const certa = await api(api2, 'POST', '/Autenticacao/autenticar', { ...errada, senha: SENHA_DEMO });
    expect(certa.status).toBe(429);
  });

  it('holds a public route’s request limit across both APIs', async () => {
    const [api1, api2] = processos as [Processo, Processo];
    // Three password-reset requests an hour per address (`redefinicao-email`), split between the processes.
    const pedido = { email: 'ninguem-multi@sig.local' };
    for (const p of [api1, api2, api1])
      expect((await api(p, 'POST', '/Autenticacao/solicitar-redefinicao-senha', pedido)).status).toBe(200);
    const quarta = await api(api2, 'POST', '/Autenticacao/solicitar-redefinicao-senha', pedido);
    expect(quarta.status).toBe(429);
    expect(Number(quarta.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('brings a change made through API 1 to a hub stream opened on API 2', async () => {
    const [api1, api2] = processos as [Processo, Processo];
    const token = await entrar(api1, 'tesouraria@sig.local');
    const parar = new AbortController();
    const r = await fetch(`http://127.0.0.1:${api2.porta}/api/hub`, {
      headers: { authorization: `Bearer ${token}` },
      signal: parar.signal,
    });
    expect(r.status).toBe(200);
    const leitor = r.body!.pipeThrough(new TextDecoderStream()).getReader();
    let recebido = '';
    const ler = async (ate: (texto: string) => boolean) => {
      const limite = setTimeout(() => parar.abort(), 30_000);
      try {
        while (!ate(recebido)) {
          const { value, done } = await leitor.read();
          if (done) break;
          recebido += value;
        }
      } finally {
        clearTimeout(limite);
      }
      return recebido;
    };
    await ler((t) => t.includes(': conectado'));
    const lote = await criarLote(api1, token, 'multi hub');
    expect(lote.total).toBe(3);
    const evento = `event: processamento_lote\ndata: ${JSON.stringify({ tipo: 'processamento_lote', id: lote.id })}`;
    await ler((t) => t.includes(evento)).catch(() => recebido);
    parar.abort();
    expect(recebido).toContain(evento);
    await ate(
      () => loteNoBanco(lote.id),
      (l) => l.status === 'CONCLUIDO',
      30_000,
    );
  });

  it('runs each scheduled occurrence once, however many workers keep the schedule', async () => {
    // Both workers pass over the schedules; an occurrence goes through pg-boss's send-it queue under a
    // singleton key and minute slot, and the queues are exclusive (one job queued or running).
    const filas = await consultar<{ name: string; policy: string }>(
      'select name, policy from pgboss.queue where name = any($1) order by name',
      [AGENDADAS],
    );
    expect(filas).toEqual(AGENDADAS.map((name) => ({ name, policy: 'exclusive' })));
    // The schedule changed in beforeAll. A pass (every 30 s, by whichever worker claims it) sends the
    // occurrences of the last minute, so each occurrence is met by two or three passes: wait for two
    // occurrences of each schedule, which the passes of both workers have gone over.
    const ocorrencias = await ate(
      () =>
        consultar<{ fila: string; slot: string; n: number }>(
          `select data->>'name' as fila, data->>'slot' as slot, count(*)::int as n from pgboss.job
           where name = '__pgboss__send-it' and data->>'name' = any($1) group by 1, 2 order by 1, 2`,
          [AGENDADAS],
        ),
      (os) => AGENDADAS.every((f) => os.filter((o) => o.fila === f).length >= 2),
      Math.max(30_000, agendadoEm + 210_000 - Date.now()),
    );
    // One send per schedule and minute slot, and no more jobs than occurrences.
    for (const o of ocorrencias) expect(o, `${o.fila} at ${o.slot}`).toMatchObject({ n: 1 });
    const feitos = await consultar<{ name: string; n: number }>(
      `select name, count(*)::int as n from pgboss.job
       where name = any($1) and singleton_key is distinct from 'inicio' group by 1 order by 1`,
      [AGENDADAS],
    );
    expect(feitos.map((f) => f.name)).toEqual(AGENDADAS);
    for (const f of feitos) expect(f.n).toBeLessThanOrEqual(ocorrencias.filter((o) => o.fila === f.name).length);
    for (const { name, cron } of agendas)
      await consultar('update pgboss.schedule set cron = $2 where name = $1', [name, cron]);
  }, 240_000);

  it('works each item of a batch once across both workers when one is killed mid-batch', async () => {
    const [api1, , worker1] = processos as [Processo, Processo, Processo];
    const token = await entrar(api1, 'tesouraria@sig.local');
    const lote = await criarLote(api1, token, 'multi lote');
    expect(lote.total).toBe(240);
    await ate(
      () => loteNoBanco(lote.id),
      (l) => l.sucessos >= 20,
      60_000,
    );
    // Receivables locked against inserts: every claim loop of both workers stops inside an item.
    const trava = new pg.Client({ connectionString: amb.url });
    await trava.connect();
    try {
      await trava.query('begin');
      await trava.query('lock table conta_a_receber in share mode');
      await ate(
        () =>
          consultar<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = $1 and wait_event_type = 'Lock' and query like '%lote_item_id%'`,
            [amb.nome],
          ),
        ([r]) => r!.n >= 4,
        30_000,
      );
      worker1.filho.kill('SIGKILL');
      await ate(
        async () => worker1.filho.exitCode !== null || worker1.filho.signalCode !== null,
        (morto) => morto,
        10_000,
      );
    } finally {
      await trava.query('commit');
      await trava.end();
    }
    // The survivor takes the dead one's items once their lease runs out.
    const fim = await ate(
      () => loteNoBanco(lote.id),
      (l) => l.status !== 'EM_ANDAMENTO' && l.status !== 'PENDENTE',
      RESERVA_ITEM_MS + 90_000,
    );
    expect(fim).toEqual({ status: 'CONCLUIDO', total: 240, sucessos: 240, erros: 0 });
    const [itens] = await consultar<{ ok: number; retomados: number; contas: number; pessoas: number }>(
      `select count(*) filter (where i.status = 'OK')::int as ok,
         count(*) filter (where i.tentativas > 1)::int as retomados,
         (select count(*)::int from conta_a_receber c join processamento_lote_item x on x.id = c.lote_item_id
           where x.lote_id = $1) as contas,
         (select count(distinct c.pessoa_id)::int from conta_a_receber c join processamento_lote_item x on x.id = c.lote_item_id
           where x.lote_id = $1) as pessoas
       from processamento_lote_item i where i.lote_id = $1`,
      [lote.id],
    );
    // The killed worker's items were taken again, and still every person got one receivable.
    expect(itens!.retomados).toBeGreaterThan(0);
    expect(itens).toMatchObject({ ok: 240, contas: 240, pessoas: 240 });
  }, 240_000);
});

describe.skipIf(!servidor)('two full processes starting together on a fresh PostgreSQL', () => {
  const amb = ambiente('sig_ops_up');
  let portas: number[];

  beforeAll(async () => {
    await amb.criar();
    portas = await portasLivres(3);
  });
  afterAll(() => amb.encerrar(), 60_000);

  it('migrates once and both serve', async () => {
    const [a, b] = [amb.iniciar('all-1', 'all', portas[0], false), amb.iniciar('all-2', 'all', portas[1], false)];
    await Promise.all([pronto(a), pronto(b)]);
    const saudes = await Promise.all([a, b].map(async (p) => (await api(p, 'GET', '/saude')).json()));
    expect(saudes[0].migracao).toBe(migracoesConhecidas(MIGRATIONS_DIR).at(-1)!.tag);
    expect(saudes[1].migracao).toBe(saudes[0].migracao);
    const [contagem] = await amb.consultar<{ migracoes: number; versoes: number; igrejas: number; admins: number }>(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as migracoes,
         (select count(*)::int from drizzle.sig_versao) as versoes,
         (select count(*)::int from organizacao) as igrejas,
         (select count(*)::int from usuario) as admins`,
    );
    // Each migration applied once, one version recorded, the base data (the church and its administrator) once.
    expect(contagem).toEqual({
      migracoes: migracoesConhecidas(MIGRATIONS_DIR).length,
      versoes: 1,
      igrejas: 1,
      admins: 1,
    });
    for (const p of [a, b]) {
      const r = await api(p, 'POST', '/Autenticacao/autenticar', { login: 'admin@sig.local', senha: 'Admin@12345' });
      expect(r.status, p.nome).toBe(200);
    }
  }, 600_000);

  it('backs up while it serves and restores into an empty database that then serves, by the commands', async () => {
    const arquivo = path.join(amb.pasta, 'copia.zip');
    const feita = await npm(['run', 'backup', '--', '--to', arquivo], {
      DATABASE_URL: amb.url,
      DATA_DIR: path.join(amb.pasta, 'all-1'),
    });
    expect(feita).toMatch(/backup written to .*: postgres, migration \d{4}_/);
    const alvo = ambiente('sig_ops_rs');
    await alvo.criar();
    try {
      // The restored DATA_DIR is the one the process below starts with.
      const restaurar = (...mais: string[]) =>
        npm(['run', 'restore', '--', '--from', arquivo, ...mais], {
          DATABASE_URL: alvo.url,
          DATA_DIR: path.join(alvo.pasta, 'restaurado'),
        });
      expect(await restaurar()).toMatch(/tables and \d+ files match the manifest/);
      await expect(restaurar()).rejects.toThrow(/--replace/);
      expect(await restaurar('--replace')).toMatch(/match the manifest/);
      const p = alvo.iniciar('restaurado', 'all', portas[2], false);
      await pronto(p);
      expect((await (await api(p, 'GET', '/saude')).json()).migracao).toBe(
        migracoesConhecidas(MIGRATIONS_DIR).at(-1)!.tag,
      );
      const r = await api(p, 'POST', '/Autenticacao/autenticar', { login: 'admin@sig.local', senha: 'Admin@12345' });
      expect(r.status).toBe(200);
    } finally {
      await alvo.encerrar();
    }
  }, 300_000);
});
