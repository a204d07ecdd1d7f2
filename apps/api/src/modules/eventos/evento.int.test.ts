import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { fabricaDeEventos } from '../../../test/eventos.js';
import { organizacaoPorNome, pessoaPorCpf } from '../../../test/fabricas.js';
import { processarInscricoes } from './inscricoes.job.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let atendimento: string;
let sinodoId: number;
let paroquiaId: number;
let outraId: number;

type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';
const req = reqCom(t, () => sinodo);
const publico = (method: Metodo, url: string, payload?: object) => t.req({ method, url, payload });
const criar = (url: string, payload: object, token = sinodo) => t.criar(url, payload, token);

const fabrica = fabricaDeEventos('congrenaje', 100_000_000);
const congresso = (extra: Record<string, unknown> = {}) => fabrica.congresso(sinodoId, extra);
const { inscrito } = fabrica;
/** A congress whose first lot has one seat (R$ 100,00) and the second `vagas` (R$ 130,00). */
const criarComDoisLotes = (vagas: number) =>
  criar(
    '/api/evento-com-inscricao',
    congresso({
      lotes: [
        { numero: 1, valor: '100.00', quantidade: 1 },
        { numero: 2, valor: '130.00', quantidade: vagas },
      ],
    }),
  );
let sequencia = 0;

beforeAll(async () => {
  [admin, sinodo, paroquia, atendimento] = await t.logins('admin', 'sinodo', 'paroquia', 'atendimento');
  sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  outraId = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
  paroquiaId = (await pessoaPorCpf(t.banco.db, '11144477735')).organizacaoId!;
});

describe('/evento', () => {
  const entrada = (extra: Record<string, unknown> = {}) => ({
    organizacaoId: paroquiaId,
    tipoEvento: 'CULTO',
    codigo: `culto-${++sequencia}`,
    nome: 'Culto de Páscoa ao ar livre',
    inicio: '2027-03-28T09:00:00-03:00',
    fim: '2027-03-28T11:00:00-03:00',
    local: 'Praça central',
    visibilidade: 'ORGANIZACAO',
    ...extra,
  });

  it('creates, lists, updates and deletes a calendar entry', async () => {
    const e = await criar('/api/evento', entrada(), paroquia);
    expect(e).toMatchObject({ comInscricao: false, nome: 'Culto de Páscoa ao ar livre', somenteLeitura: false });
    const lista = (await req('GET', '/api/evento/paginado?nome=pascoa', undefined, paroquia)).json();
    expect(lista.itens.map((i: { id: number }) => i.id)).toContain(e.id);
    const r = await req('PUT', `/api/evento/${e.id}`, entrada({ codigo: e.codigo, nome: 'Culto de Páscoa' }), paroquia);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().nome).toBe('Culto de Páscoa');
    expect((await req('DELETE', `/api/evento/${e.id}`, undefined, paroquia)).statusCode).toBe(200);
    expect((await req('GET', `/api/evento/${e.id}`, undefined, paroquia)).statusCode).toBe(404);
  });

  it('refuses an end before the start and a code in use', async () => {
    const r = await req('POST', '/api/evento', entrada({ fim: '2027-03-27T09:00:00-03:00' }), paroquia);
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual([expect.objectContaining({ campo: 'fim' })]);
    const e = await criar('/api/evento', entrada(), paroquia);
    const d = await req('POST', '/api/evento', entrada({ codigo: e.codigo.toUpperCase() }), paroquia);
    expect(d.statusCode).toBe(409);
    expect(d.json().campos[0].campo).toBe('codigo');
  });

  it('answers 403 without the screen and 404 outside the scope', async () => {
    expect((await req('GET', '/api/evento/paginado', undefined, atendimento)).statusCode).toBe(403);
    expect((await req('POST', '/api/evento', entrada(), atendimento)).statusCode).toBe(403);
    const alheio = await criar('/api/evento', entrada({ organizacaoId: outraId }), admin);
    expect((await req('GET', `/api/evento/${alheio.id}`, undefined, paroquia)).statusCode).toBe(404);
    expect((await req('PUT', `/api/evento/${alheio.id}`, entrada(), paroquia)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/evento/${alheio.id}`, undefined, paroquia)).statusCode).toBe(404);
    const fora = await req('POST', '/api/evento', entrada({ organizacaoId: outraId }), paroquia);
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('organizacaoId');
  });

  it('shows an event shared down the hierarchy read-only below its organizer', async () => {
    const e = await criar('/api/evento', entrada({ organizacaoId: sinodoId, visibilidade: 'HIERARQUIA' }));
    const lido = await req('GET', `/api/evento/${e.id}`, undefined, paroquia);
    expect(lido.statusCode).toBe(200);
    expect(lido.json().somenteLeitura).toBe(true);
    expect((await req('PUT', `/api/evento/${e.id}`, entrada({ codigo: e.codigo }), paroquia)).statusCode).toBe(404);
    const so = await criar('/api/evento', entrada({ organizacaoId: sinodoId, visibilidade: 'ORGANIZACAO' }));
    expect((await req('GET', `/api/evento/${so.id}`, undefined, paroquia)).statusCode).toBe(404);
  });
});

describe('/evento-com-inscricao', () => {
  it('creates an event with lots, workshops and form, and updates them by id', async () => {
    const e = await criar('/api/evento-com-inscricao', congresso());
    expect(e.lotes.map((l: { numero: number; valor: string }) => [l.numero, l.valor])).toEqual([
      [1, '120.00'],
      [2, '150.00'],
    ]);
    expect(e.oficinas).toHaveLength(3);
    expect(e.formulario.secoes.camiseta).toEqual({ pedir: true, obrigatoria: true });
    const corpo = congresso({
      codigo: e.codigo,
      lotes: [
        { ...e.lotes[0], valor: '110.00' },
        { numero: 3, valor: '180.00', quantidade: 50 },
      ],
      oficinas: e.oficinas.slice(0, 2).map((o: { id: number; nome: string; vagas: number }) => ({
        id: o.id,
        nome: o.nome,
        vagas: o.vagas + 5,
      })),
    });
    const r = await req('PUT', `/api/evento-com-inscricao/${e.id}`, corpo);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().lotes.map((l: { numero: number; valor: string }) => [l.numero, l.valor])).toEqual([
      [1, '110.00'],
      [3, '180.00'],
    ]);
    expect(r.json().oficinas.map((o: { vagas: number }) => o.vagas)).toEqual([35, 35]);
    // The calendar screen does not list it; the registration one does.
    const cal = (await req('GET', `/api/evento/paginado?nome=${e.codigo}`)).json();
    expect(cal.total).toBe(0);
    expect((await req('GET', `/api/evento/${e.id}`)).statusCode).toBe(404);
  });

  it('refuses negative lots, a deadline after the end and repeated lot numbers', async () => {
    const r = await req(
      'POST',
      '/api/evento-com-inscricao',
      congresso({
        prazoInscricao: '2027-02-01T00:00:00-03:00',
        lotes: [
          { numero: 1, valor: '-1.00', quantidade: 10 },
          { numero: 1, valor: '10.00', quantidade: -1 },
        ],
      }),
    );
    expect(r.statusCode).toBe(400);
    const campos = r.json().campos.map((c: { campo: string }) => c.campo);
    expect(campos).toEqual(
      expect.arrayContaining(['lotes.0.valor', 'lotes.1.quantidade', 'prazoInscricao', 'lotes.1.numero']),
    );
  });

  it('keeps a workshop above its confirmed registrants', async () => {
    const e = await criar('/api/evento-com-inscricao', congresso());
    const oficina = e.oficinas[2];
    for (let i = 0; i < 2; i++) {
      const r = await req('POST', '/api/inscricoes-de-eventos', {
        ...inscrito({ oficinaIds: [oficina.id] }),
        eventoId: e.id,
        cortesia: true,
        motivoCortesia: 'Equipe de apoio',
      });
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json().status).toBe('CORTESIA');
    }
    const corpo = (vagas: number) =>
      congresso({
        codigo: e.codigo,
        lotes: e.lotes,
        oficinas: e.oficinas.map((o: { id: number; nome: string; vagas: number }) => ({
          id: o.id,
          nome: o.nome,
          vagas: o.id === oficina.id ? vagas : o.vagas,
        })),
      });
    const abaixo = await req('PUT', `/api/evento-com-inscricao/${e.id}`, corpo(1));
    expect(abaixo.statusCode).toBe(400);
    expect(abaixo.json().campos).toEqual([{ campo: 'oficinas.2.vagas', mensagem: expect.any(String) }]);
    expect((await req('PUT', `/api/evento-com-inscricao/${e.id}`, corpo(2))).statusCode).toBe(200);
    // A workshop someone holds cannot be removed either.
    const sem = congresso({ codigo: e.codigo, lotes: e.lotes, oficinas: [] });
    expect((await req('PUT', `/api/evento-com-inscricao/${e.id}`, sem)).statusCode).toBe(400);
  });

  it('answers 403 to a read-only profile writing and 404 outside the scope', async () => {
    expect((await req('GET', '/api/evento-com-inscricao/paginado', undefined, atendimento)).statusCode).toBe(403);
    expect(
      (await req('POST', '/api/evento-com-inscricao', congresso({ organizacaoId: paroquiaId }), paroquia)).statusCode,
    ).toBe(403);
    const alheio = await criar('/api/evento-com-inscricao', congresso({ organizacaoId: outraId }), admin);
    expect((await req('GET', `/api/evento-com-inscricao/${alheio.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/api/evento-com-inscricao/${alheio.id}`, congresso())).statusCode).toBe(404);
    const fora = await req('POST', '/api/inscricoes-de-eventos', { ...inscrito(), eventoId: alheio.id });
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('eventoId');
  });
});

describe('public registration', () => {
  let e: { id: number; codigo: string; lotes: { id: number }[]; oficinas: { id: number }[] };
  beforeAll(async () => {
    e = await criar('/api/evento-com-inscricao', congresso());
  });

  it('shows the open lot, what is left and the form, without sign-in', async () => {
    const r = await publico('GET', `/api/evento-publico/${e.codigo}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      nome: 'Congrenaje 2027',
      aberta: true,
      lote: { numero: 1, valor: '120.00', restantes: 100 },
    });
    expect(r.json().oficinas).toHaveLength(3);
    expect((await publico('GET', '/api/evento-publico/nao-existe')).statusCode).toBe(404);
  });

  it('registers, holds the seat, shows it by token and cancels it', async () => {
    const r = await publico(
      'POST',
      `/api/evento-publico/${e.codigo}/inscricao`,
      inscrito({ oficinaIds: [e.oficinas[0]!.id] }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const i = r.json();
    expect(i).toMatchObject({ status: 'PENDENTE', valor: '120.00', loteNumero: 1, oficinas: ['Louvor e banda'] });
    expect(i.vencimento).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const pag = (await publico('GET', `/api/evento-publico/${e.codigo}`)).json();
    expect(pag.lote.restantes).toBe(99);
    expect(pag.oficinas[0].restantes).toBe(29);
    expect((await publico('GET', `/api/evento-publico/inscricao/${i.token}`)).json().codigo).toBe(i.codigo);
    const c = await publico('POST', `/api/evento-publico/inscricao/${i.token}/cancelar`);
    expect(c.json().status).toBe('CANCELADA');
    expect((await publico('POST', `/api/evento-publico/inscricao/${i.token}/cancelar`)).statusCode).toBe(409);
    expect((await publico('GET', `/api/evento-publico/${e.codigo}`)).json().lote.restantes).toBe(100);
  });

  it('takes one registration per CPF and per e-mail', async () => {
    const p = inscrito();
    expect((await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, p)).statusCode).toBe(201);
    const mesmoCpf = await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, { ...inscrito(), cpf: p.cpf });
    expect(mesmoCpf.statusCode).toBe(409);
    expect(mesmoCpf.json().codigo).toBe('INSCRICAO_DUPLICADA');
    const mesmoEmail = await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, {
      ...inscrito(),
      email: p.email.toUpperCase(),
    });
    expect(mesmoEmail.json().codigo).toBe('INSCRICAO_DUPLICADA');
  });

  it('asks a minor for a guardian and consent, and the form for what it requires', async () => {
    const r = await publico(
      'POST',
      `/api/evento-publico/${e.codigo}/inscricao`,
      inscrito({ dataNascimento: '2012-01-01', dados: { respostas: {} } }),
    );
    expect(r.statusCode).toBe(400);
    expect(
      r
        .json()
        .campos.map((c: { campo: string }) => c.campo)
        .sort(),
    ).toEqual(['dados.camiseta', 'responsavelConsentimento', 'responsavelNome']);
    const ok = await publico(
      'POST',
      `/api/evento-publico/${e.codigo}/inscricao`,
      inscrito({ dataNascimento: '2012-01-01', responsavelNome: 'Marta Schmidt', responsavelConsentimento: true }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const duas = await publico(
      'POST',
      `/api/evento-publico/${e.codigo}/inscricao`,
      inscrito({ oficinaIds: [e.oficinas[0]!.id, e.oficinas[1]!.id] }),
    );
    expect(duas.statusCode).toBe(400);
    expect(duas.json().campos[0].campo).toBe('oficinaIds');
  });

  it('closes at the deadline', async () => {
    const fechado = await criar(
      '/api/evento-com-inscricao',
      congresso({ prazoInscricao: '2026-01-01T00:00:00-03:00' }),
    );
    const r = await publico('POST', `/api/evento-publico/${fechado.codigo}/inscricao`, inscrito());
    expect(r.statusCode).toBe(422);
    expect(r.json().codigo).toBe('INSCRICOES_ENCERRADAS');
    expect((await publico('GET', `/api/evento-publico/${fechado.codigo}`)).json().aberta).toBe(false);
  });
});

describe('no overselling', () => {
  /** Fills `n` seats directly, so the race is for the last ones only. */
  async function ocupar(eventoId: number, loteId: number, n: number, oficinaId?: number) {
    const ids = (
      (await t.banco.db.execute(sql`insert into inscricao_evento (evento_id, lote_id, nome, email, status, token, codigo, valor)
        select ${eventoId}, ${loteId}, 'Ocupante ' || g, 'ocupante' || g || '-' || ${eventoId} || '@exemplo.com', 'CONFIRMADA',
          'tok-' || ${eventoId} || '-' || g, 'C' || ${eventoId} || '-' || g, 100
        from generate_series(1, ${n}::int) g returning id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    if (oficinaId)
      await t.banco.db.execute(sql`insert into inscricao_oficina (inscricao_id, oficina_id)
        select unnest(${`{${ids.map((i) => i.id).join(',')}}`}::int[]), ${oficinaId}`);
  }
  const corrida = (codigo: string, extra: Record<string, unknown> = {}) =>
    Promise.all(
      Array.from({ length: 50 }, () => publico('POST', `/api/evento-publico/${codigo}/inscricao`, inscrito(extra))),
    );

  it('50 registrations at once for the last 10 seats of a workshop: exactly 10 succeed', async () => {
    const e = await criar(
      '/api/evento-com-inscricao',
      congresso({ oficinas: [{ nome: 'Fotografia', vagas: 40, horario: 'dom' }] }),
    );
    const oficinaId = e.oficinas[0].id;
    await ocupar(e.id, e.lotes[0].id, 30, oficinaId);
    const r = await corrida(e.codigo, { oficinaIds: [oficinaId] });
    expect(r.filter((x) => x.statusCode === 201)).toHaveLength(10);
    const recusadas = r.filter((x) => x.statusCode !== 201);
    expect(recusadas).toHaveLength(40);
    expect(recusadas.every((x) => x.json().codigo === 'VAGAS_ESGOTADAS')).toBe(true);
    const lido = (await req('GET', `/api/evento-com-inscricao/${e.id}`)).json();
    expect(lido.oficinas[0].ocupadas).toBe(40);
  });

  it('the same at lot level, and the waiting list for whoever asks', async () => {
    const e = await criar(
      '/api/evento-com-inscricao',
      congresso({ lotes: [{ numero: 1, valor: '90.00', quantidade: 40 }], oficinas: [] }),
    );
    await ocupar(e.id, e.lotes[0].id, 30);
    const r = await corrida(e.codigo);
    expect(r.filter((x) => x.statusCode === 201)).toHaveLength(10);
    expect(r.filter((x) => x.statusCode === 409 && x.json().codigo === 'VAGAS_ESGOTADAS')).toHaveLength(40);
    expect((await publico('GET', `/api/evento-publico/${e.codigo}`)).json().lote).toBeNull();
    const espera = await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, inscrito({ listaEspera: true }));
    expect(espera.statusCode, espera.body).toBe(201);
    expect(espera.json()).toMatchObject({ status: 'LISTA_ESPERA', loteNumero: null });
  });

  it('opens the next lot when the first sells out', async () => {
    const e = await criarComDoisLotes(5);
    const a = await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, inscrito());
    const b = await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, inscrito());
    expect([a.json().loteNumero, b.json().loteNumero]).toEqual([1, 2]);
    expect(b.json().valor).toBe('130.00');
  });

  it('the lot turning under a race: its last seat once, the rest on the next at its price', async () => {
    const e = await criarComDoisLotes(60);
    const r = await corrida(e.codigo);
    // Every one answered 201: none lost to a deadlock or a conflict between the two paths.
    expect(r.filter((x) => x.statusCode !== 201).map((x) => x.body)).toEqual([]);
    const lotes = r.map((x) => `${x.json().loteNumero} ${x.json().valor}`);
    expect(lotes.filter((l) => l === '1 100.00')).toHaveLength(1);
    expect(lotes.filter((l) => l === '2 130.00')).toHaveLength(49);
  });

  it('one registration of a CPF when ten ask at once', async () => {
    const e = await criar('/api/evento-com-inscricao', congresso({ oficinas: [] }));
    const mesmo = inscrito();
    const r = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, { ...mesmo, email: `cpf-igual-${n}@exemplo.com` }),
      ),
    );
    expect(r.filter((x) => x.statusCode === 201)).toHaveLength(1);
    expect(r.filter((x) => x.statusCode === 409 && x.json().codigo === 'INSCRICAO_DUPLICADA')).toHaveLength(9);
    const [n] = (
      (await t.banco.db.execute(
        sql`select count(*)::int as n from inscricao_evento where evento_id = ${e.id}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(n!.n).toBe(1);
  });
});

describe('/inscricoes-de-eventos', () => {
  let e: { id: number; codigo: string; lotes: { id: number }[]; oficinas: { id: number }[] };
  beforeAll(async () => {
    e = await criar('/api/evento-com-inscricao', congresso());
  });

  it('lists with filters and totals, and exports', async () => {
    await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, inscrito({ oficinaIds: [e.oficinas[2]!.id] }));
    await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, inscrito());
    const l = (await req('GET', `/api/inscricoes-de-eventos/paginado?eventoId=${e.id}`)).json();
    expect(l.total).toBe(2);
    expect(l.totais).toEqual({ valor: '240.00', confirmadas: 0, pendentes: 2 });
    const porOficina = (
      await req('GET', `/api/inscricoes-de-eventos/paginado?eventoId=${e.id}&oficinaId=${e.oficinas[2]!.id}`)
    ).json();
    expect(porOficina.total).toBe(1);
    expect(porOficina.itens[0].oficinas[0].nome).toBe('Liderança');
    const x = await req('GET', `/api/inscricoes-de-eventos/exportar?eventoId=${e.id}&formato=csv`);
    expect(x.statusCode).toBe(200);
    expect(x.body).toContain('Congrenaje 2027');
    expect((await req('GET', '/api/inscricoes-de-eventos/paginado?status=XX')).statusCode).toBe(400);
    expect((await req('GET', '/api/inscricoes-de-eventos/paginado', undefined, atendimento)).statusCode).toBe(403);
  });

  it('registers from staff, grants a courtesy with a reason, and checks in only the confirmed', async () => {
    const semMotivo = await req('POST', '/api/inscricoes-de-eventos', {
      ...inscrito(),
      eventoId: e.id,
      cortesia: true,
    });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().campos[0].campo).toBe('motivoCortesia');
    const cortesia = await criar('/api/inscricoes-de-eventos', {
      ...inscrito(),
      eventoId: e.id,
      cortesia: true,
      motivoCortesia: 'Palestrante',
    });
    expect(cortesia).toMatchObject({ status: 'CORTESIA', valor: '0.00', motivoCortesia: 'Palestrante' });
    // The parish reaches the synod's shared event: it registers and checks in its members.
    const pendente = await criar('/api/inscricoes-de-eventos', { ...inscrito(), eventoId: e.id }, paroquia);
    expect(pendente.status).toBe('PENDENTE');

    const naoPaga = await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: pendente.codigo }, paroquia);
    expect(naoPaga.statusCode).toBe(409);
    expect(naoPaga.json().codigo).toBe('INSCRICAO_NAO_PAGA');
    const ok = await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: cortesia.codigo.toLowerCase() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().checkInEm).not.toBeNull();
    const cancelada = await req('POST', `/api/inscricoes-de-eventos/${pendente.id}/cancelar`, undefined, paroquia);
    expect(cancelada.json().status).toBe('CANCELADA');
    const recusada = await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: pendente.codigo });
    expect(recusada.json().codigo).toBe('INSCRICAO_CANCELADA_CHECKIN');
    expect((await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: 'ZZZZ-ZZZZ' })).statusCode).toBe(404);
    expect((await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: 'x' })).statusCode).toBe(400);
    expect(
      (await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: cortesia.codigo }, atendimento)).statusCode,
    ).toBe(403);
  });

  it('keeps registrations of events outside the scope out of reach', async () => {
    const alheio = await criar('/api/evento-com-inscricao', congresso({ organizacaoId: outraId }), admin);
    const i = await criar(
      '/api/inscricoes-de-eventos',
      { ...inscrito(), eventoId: alheio.id, cortesia: true, motivoCortesia: 'x' },
      admin,
    );
    expect((await req('GET', `/api/inscricoes-de-eventos/${i.id}`)).statusCode).toBe(404);
    expect((await req('POST', `/api/inscricoes-de-eventos/${i.id}/cancelar`)).statusCode).toBe(404);
    expect((await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: i.codigo })).statusCode).toBe(404);
    const l = (await req('GET', `/api/inscricoes-de-eventos/paginado?quantidade=500`)).json();
    expect(l.itens.some((x: { id: number }) => x.id === i.id)).toBe(false);
  });
});

describe('the registrations job', () => {
  const correios = async (assunto: string) =>
    (await t.banco.db.select().from(schema.caixaSaida)).filter((m) => m.assunto.startsWith(assunto));

  it('releases an unpaid registration after its due day and gives the seat to the waiting list', async () => {
    const e = await criar(
      '/api/evento-com-inscricao',
      congresso({ lotes: [{ numero: 1, valor: '80.00', quantidade: 1 }], oficinas: [] }),
    );
    const primeira = (await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, inscrito())).json();
    const espera = inscrito({ listaEspera: true });
    const segunda = (await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, espera)).json();
    expect(segunda.status).toBe('LISTA_ESPERA');
    // Its due day passed (yesterday in Brazil, the job's calendar: from 21:00 there the UTC date is
    // already tomorrow): the job releases it and places the next in line, who is e-mailed.
    await t.banco.db.execute(
      sql`update inscricao_evento set vencimento = (now() at time zone 'America/Sao_Paulo')::date - 1
        where token = ${primeira.token}`,
    );
    const r = await processarInscricoes(t.app.deps);
    expect(r).toMatchObject({ expiradas: 1, promovidas: 1 });
    expect((await publico('GET', `/api/evento-publico/inscricao/${primeira.token}`)).json().status).toBe('EXPIRADA');
    const promovida = (await publico('GET', `/api/evento-publico/inscricao/${segunda.token}`)).json();
    expect(promovida).toMatchObject({ status: 'PENDENTE', loteNumero: 1, valor: '80.00' });
    const [m] = (await correios('Abriu uma vaga')).filter((x) => x.para === espera.email);
    expect(m!.texto).toContain(`/externo/eventos/${e.codigo}?inscricao=${segunda.token}`);
    // Run again (a retried job): nothing changes.
    expect(await processarInscricoes(t.app.deps)).toMatchObject({ expiradas: 0, promovidas: 0 });
  });

  it('gives a cancelled seat to the waiting list at once', async () => {
    const e = await criar(
      '/api/evento-com-inscricao',
      congresso({ lotes: [{ numero: 1, valor: '80.00', quantidade: 1 }], oficinas: [] }),
    );
    const a = (await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, inscrito())).json();
    const b = (
      await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, inscrito({ listaEspera: true }))
    ).json();
    await publico('POST', `/api/evento-publico/inscricao/${a.token}/cancelar`);
    expect((await publico('GET', `/api/evento-publico/inscricao/${b.token}`)).json().status).toBe('PENDENTE');
  });

  it('confirms a registration whose receivable is paid and e-mails its QR code', async () => {
    const e = await criar('/api/evento-com-inscricao', congresso());
    const p = inscrito();
    const i = (await publico('POST', `/api/evento-publico/${e.codigo}/inscricao`, p)).json();
    const [pessoa] = await t.banco.db.select({ id: schema.pessoa.id }).from(schema.pessoa).limit(1);
    const [conta] = await t.banco.db
      .insert(schema.contaAReceber)
      .values({
        organizacaoId: sinodoId,
        pessoaId: pessoa!.id,
        tipo: 'EVENTO',
        mesCompetencia: 1,
        anoCompetencia: 2027,
        vencimento: '2027-01-10',
        valorPrevisto: '120.00',
        status: 'PAGO',
      })
      .returning({ id: schema.contaAReceber.id });
    await t.banco.db
      .update(schema.inscricaoEvento)
      .set({ contaAReceberId: conta!.id })
      .where(eq(schema.inscricaoEvento.token, i.token));
    expect((await processarInscricoes(t.app.deps)).confirmadas).toBe(1);
    expect((await publico('GET', `/api/evento-publico/inscricao/${i.token}`)).json().status).toBe('CONFIRMADA');
    const [m] = (await correios('Inscrição confirmada')).filter((x) => x.para === p.email);
    expect(m!.texto).toContain(i.codigo);
    expect(m!.anexos?.[0]).toMatchObject({ tipo: 'image/png' });
    const ok = await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: i.codigo });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
