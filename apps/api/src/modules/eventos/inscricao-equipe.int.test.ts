import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { fabricaDeEventos } from '../../../test/eventos.js';
import { organizacaoPorNome } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let atendimento: string;
let sinodoId: number;
let outraId: number;

const req = reqCom(t, () => sinodo);
const criar = (url: string, payload: object, token = sinodo) => t.criar(url, payload, token);

const fabrica = fabricaDeEventos('equipe', 300_000_000);
const congresso = (extra: Record<string, unknown> = {}) => fabrica.congresso(sinodoId, extra);
const { inscrito } = fabrica;

beforeAll(async () => {
  [admin, sinodo, paroquia, atendimento] = await t.logins('admin', 'sinodo', 'paroquia', 'atendimento');
  sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  outraId = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
});

describe('POST /inscricoes-de-eventos/:id/cortesia', () => {
  let e: { id: number };
  beforeAll(async () => {
    e = await criar('/api/evento-com-inscricao', congresso());
  });

  it('turns a pending registration into a courtesy with its reason, and refuses a cancelled one', async () => {
    const p = await criar('/api/inscricoes-de-eventos', { ...inscrito(), eventoId: e.id }, paroquia);
    expect(p).toMatchObject({ status: 'PENDENTE', valor: '120.00' });
    const r = await req(
      'POST',
      `/api/inscricoes-de-eventos/${p.id}/cortesia`,
      { motivo: 'Equipe de louvor' },
      paroquia,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      status: 'CORTESIA',
      valor: '0.00',
      motivoCortesia: 'Equipe de louvor',
      vencimento: null,
    });
    const outra = await criar('/api/inscricoes-de-eventos', { ...inscrito(), eventoId: e.id });
    await req('POST', `/api/inscricoes-de-eventos/${outra.id}/cancelar`);
    const cancelada = await req('POST', `/api/inscricoes-de-eventos/${outra.id}/cortesia`, { motivo: 'x' });
    expect(cancelada.statusCode).toBe(409);
    expect(cancelada.json().codigo).toBe('INSCRICAO_CORTESIA_NAO_PERMITIDA');
    const deNovo = await req('POST', `/api/inscricoes-de-eventos/${p.id}/cortesia`, { motivo: 'x' });
    expect(deNovo.json().codigo).toBe('INSCRICAO_CORTESIA_NAO_PERMITIDA');
  });

  it('asks for the reason, answers 403 without update and 404 outside the scope', async () => {
    const p = await criar('/api/inscricoes-de-eventos', { ...inscrito(), eventoId: e.id });
    const semMotivo = await req('POST', `/api/inscricoes-de-eventos/${p.id}/cortesia`, { motivo: ' ' });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().campos[0].campo).toBe('motivo');
    expect(
      (await req('POST', `/api/inscricoes-de-eventos/${p.id}/cortesia`, { motivo: 'x' }, atendimento)).statusCode,
    ).toBe(403);
    const alheio = await criar('/api/evento-com-inscricao', congresso({ organizacaoId: outraId }), admin);
    const i = await criar('/api/inscricoes-de-eventos', { ...inscrito(), eventoId: alheio.id }, admin);
    expect((await req('POST', `/api/inscricoes-de-eventos/${i.id}/cortesia`, { motivo: 'x' })).statusCode).toBe(404);
    expect((await req('POST', '/api/inscricoes-de-eventos/999999/cortesia', { motivo: 'x' })).statusCode).toBe(404);
  });
});

describe('reports and certificates', () => {
  let e: { id: number; lotes: { id: number }[]; oficinas: { id: number }[] };
  let presente: { id: number; codigo: string };
  let pendente: { id: number };
  beforeAll(async () => {
    e = await criar('/api/evento-com-inscricao', congresso());
    presente = await criar('/api/inscricoes-de-eventos', {
      ...inscrito({ oficinaIds: [e.oficinas[0]!.id] }),
      dados: { camiseta: 'G', alergias: 'Amendoim', transporte: 'Ônibus da paróquia', respostas: {} },
      eventoId: e.id,
      cortesia: true,
      motivoCortesia: 'Banda',
    });
    pendente = await criar('/api/inscricoes-de-eventos', {
      ...inscrito({ oficinaIds: [e.oficinas[2]!.id] }),
      eventoId: e.id,
    });
    const r = await req('POST', '/api/inscricoes-de-eventos/check-in', { codigo: presente.codigo });
    expect(r.statusCode, r.body).toBe(200);
  });

  it('counts the registrations by community, lot, workshop, shirt, health and logistics', async () => {
    const r = await req('GET', `/api/relatorio-inscricoes-congrenaje?eventoId=${e.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const { inscritos, linhas } = r.json();
    expect(inscritos).toBe(2);
    const linha = (secao: string, item: string) =>
      linhas.find((l: { secao: string; item: string }) => l.secao === secao && l.item === item);
    expect(linha('lote', '1')).toMatchObject({ total: 2, confirmadas: 1, pendentes: 1 });
    expect(linha('oficina', 'Louvor e banda')).toMatchObject({ total: 1, confirmadas: 1 });
    expect(linha('camiseta', 'G')).toMatchObject({ total: 1 });
    expect(linha('saude', 'alergias')).toMatchObject({ total: 1 });
    expect(linha('transporte', 'Ônibus da paróquia')).toMatchObject({ total: 1 });
    expect(linha('status', 'PENDENTE')).toMatchObject({ total: 1 });
    const pdf = await req('GET', `/api/relatorio-inscricoes-congrenaje/arquivo?eventoId=${e.id}&formato=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await req('GET', `/api/relatorio-inscricoes-congrenaje/arquivo?eventoId=${e.id}&formato=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses the report without an event, without the screen and outside the scope', async () => {
    expect((await req('GET', '/api/relatorio-inscricoes-congrenaje')).statusCode).toBe(400);
    expect(
      (await req('GET', `/api/relatorio-inscricoes-congrenaje/arquivo?eventoId=${e.id}&formato=doc`)).statusCode,
    ).toBe(400);
    expect(
      (await req('GET', `/api/relatorio-inscricoes-congrenaje?eventoId=${e.id}`, undefined, atendimento)).statusCode,
    ).toBe(403);
    const alheio = await criar('/api/evento-com-inscricao', congresso({ organizacaoId: outraId }), admin);
    const fora = await req('GET', `/api/relatorio-inscricoes-congrenaje?eventoId=${alheio.id}`);
    expect(fora.statusCode).toBe(404);
  });

  it('follows the registrations over time against the seats, paid and pending, by lot', async () => {
    const r = await req('GET', `/api/indicadores/inscricoes/?eventoId=${e.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    expect(d).toMatchObject({ capacidade: 200, inscricoes: 2, confirmadas: 1, pendentes: 1, valorPendente: '120.00' });
    expect(d.serie.at(-1)).toMatchObject({ ocupadas: 2 });
    expect(d.porLote).toEqual([
      { chave: '1', quantidade: 100, confirmadas: 1, pendentes: 1 },
      { chave: '2', quantidade: 100, confirmadas: 0, pendentes: 0 },
    ]);
    const todas = (await req('GET', '/api/indicadores/inscricoes/')).json();
    expect(todas.inscricoes).toBeGreaterThanOrEqual(2);
    expect((await req('GET', '/api/indicadores/inscricoes/?periodo=7')).statusCode).toBe(400);
    expect((await req('GET', '/api/indicadores/inscricoes/', undefined, atendimento)).statusCode).toBe(403);
    const alheio = await criar('/api/evento-com-inscricao', congresso({ organizacaoId: outraId }), admin);
    const fora = await req('GET', `/api/indicadores/inscricoes/?eventoId=${alheio.id}`);
    expect(fora.statusCode).toBe(404);
  });

  it('issues attendance certificates only to those checked in', async () => {
    const um = await req('GET', `/api/inscricoes-de-eventos/${presente.id}/certificado`);
    expect(um.statusCode, um.body).toBe(200);
    expect(um.headers['content-type']).toBe('application/pdf');
    expect(um.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const todos = await req('GET', `/api/inscricoes-de-eventos/certificados?eventoId=${e.id}`);
    expect(todos.statusCode).toBe(200);
    const ausente = await req('GET', `/api/inscricoes-de-eventos/${pendente.id}/certificado`);
    expect(ausente.statusCode).toBe(409);
    expect(ausente.json().codigo).toBe('INSCRICAO_SEM_PRESENCA');
    expect((await req('GET', '/api/inscricoes-de-eventos/certificados')).statusCode).toBe(400);
    expect(
      (await req('GET', `/api/inscricoes-de-eventos/${presente.id}/certificado`, undefined, atendimento)).statusCode,
    ).toBe(403);
    const alheio = await criar('/api/evento-com-inscricao', congresso({ organizacaoId: outraId }), admin);
    const i = await criar(
      '/api/inscricoes-de-eventos',
      { ...inscrito(), eventoId: alheio.id, cortesia: true, motivoCortesia: 'x' },
      admin,
    );
    expect((await req('GET', `/api/inscricoes-de-eventos/${i.id}/certificado`)).statusCode).toBe(404);
    const fora = await req('GET', `/api/inscricoes-de-eventos/certificados?eventoId=${alheio.id}`);
    expect(fora.statusCode).toBe(404);
  });
});
