import { ESTADOS_CONCESSAO, hojeNoBrasil } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { historicoDe, organizacaoPorNome, pessoaPorCpf, pessoasDe } from '../../../test/fabricas.js';
import { LIMITE_CONTAGEM_NOME } from './falecido.service.js';
import { avisarVencimentos } from './vencimentos.job.js';

const t = usarAppTeste();
let admin: string;
let paroquia: string;
let atendimento: string;
let paroquiaId: number;
let outraId: number;
let cemiterioId: number;
let alheioId: number;
let jazigoAlheio: number;
let pessoas: number[];
const jazigos = new Map<string, number>();

const req = reqCom(t, () => paroquia);
const criar = (url: string, payload: object, token = paroquia) => t.criar(url, payload, token);
const grade = async (id = cemiterioId, quadra = 'Z') =>
  (await req('GET', `/api/cemiterio/${id}/jazigos?quadra=${quadra}`)).json();
const situacao = async (rotulo: string) =>
  (await req('GET', `/api/jazigo/${jazigos.get(rotulo)}`)).json().situacaoJazigo as string;
const concessao = (extra: Record<string, unknown> = {}) => ({
  jazigoId: jazigos.get('Z-1-1'),
  pessoaId: pessoas[0],
  tipoConcessao: 'TEMPORARIA',
  inicio: '2026-01-10',
  valor: '1200.00',
  parcelas: 6,
  ...extra,
});
const sepultamento = (extra: Record<string, unknown> = {}) => ({
  jazigoId: jazigos.get('Z-1-1'),
  nome: 'Augusto Schmidt',
  dataNascimento: '1930-02-01',
  dataFalecimento: '2026-03-01',
  dataSepultamento: '2026-03-02',
  ...extra,
});

beforeAll(async () => {
  [admin, paroquia, atendimento] = await t.logins('admin', 'paroquia', 'atendimento');
  outraId = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
  // Paula, the parish secretary, acts for her parish.
  paroquiaId = (await pessoaPorCpf(t.banco.db, '11144477735')).organizacaoId!;
  const c = await criar('/api/cemiterio', {
    organizacaoId: paroquiaId,
    nome: 'Cemitério da Saudade',
    endereco: 'Rua das Flores, 10',
    prazoExumacaoAnos: 3,
  });
  cemiterioId = c.id;
  const gerado = await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, {
    quadra: 'Z',
    fileiraDe: 1,
    fileiraAte: 2,
    numeroDe: 1,
    numeroAte: 3,
    tipoJazigo: 'SEPULTURA',
    capacidade: 2,
  });
  expect(gerado.statusCode, gerado.body).toBe(200);
  for (const j of (await grade()).jazigos) jazigos.set(j.rotulo, j.id);
  const alheio = await criar('/api/cemiterio', { organizacaoId: outraId, nome: 'Cemitério Alheio' }, admin);
  alheioId = alheio.id;
  await req('POST', `/api/cemiterio/${alheioId}/jazigos`, { quadra: 'A', fileiraAte: 1, numeroAte: 1 }, admin);
  const [ja] = await t.banco.db
    .select({ id: schema.jazigo.id })
    .from(schema.jazigo)
    .where(eq(schema.jazigo.cemiterioId, alheioId));
  jazigoAlheio = ja!.id;
  pessoas = await pessoasDe(t.banco.db, paroquiaId, 3);
});

describe('/cemiterio', () => {
  it('creates a cemetery, lays out a block of plots and lists it', async () => {
    const g = await grade();
    expect(g.quadras).toContain('Z');
    expect(g.jazigos.map((j: { rotulo: string }) => j.rotulo)).toEqual([
      'Z-1-1',
      'Z-1-2',
      'Z-1-3',
      'Z-2-1',
      'Z-2-2',
      'Z-2-3',
    ]);
    expect(g.jazigos.every((j: { situacaoJazigo: string }) => j.situacaoJazigo === 'LIVRE')).toBe(true);
    // Generating again with a wider range keeps the plots there and adds the rest.
    const deNovo = await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, {
      quadra: 'Z',
      fileiraAte: 2,
      numeroAte: 4,
    });
    expect(deNovo.json()).toEqual({ criados: 2, existentes: 6 });
    const lista = (await req('GET', '/api/cemiterio/paginado?nome=saudade')).json();
    expect(lista.itens).toEqual([
      expect.objectContaining({ id: cemiterioId, nome: 'Cemitério da Saudade', jazigos: 8, livres: 8 }),
    ]);
    const alterado = await req('PUT', `/api/cemiterio/${cemiterioId}`, {
      organizacaoId: paroquiaId,
      nome: 'Cemitério da Saudade',
      endereco: 'Rua das Flores, 12',
      prazoExumacaoAnos: 5,
    });
    expect(alterado.json()).toMatchObject({ endereco: 'Rua das Flores, 12', prazoExumacaoAnos: 5 });
    const select = (await req('GET', '/api/jazigo/select?busca=z-2')).json();
    expect(select.length).toBe(4);
    expect((await req('GET', '/api/cemiterio/select?busca=saudade')).json()).toEqual([
      { value: cemiterioId, label: 'Cemitério da Saudade' },
    ]);
    const csv = await req('GET', '/api/cemiterio/exportar?formato=csv&nome=saudade');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Cemitério da Saudade');
  });

  it('refuses bad input', async () => {
    const r = await req('POST', '/api/cemiterio', { organizacaoId: paroquiaId, nome: '' });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('nome');
    // The exhumation's legal minimum is a setting of at least a year.
    for (const prazoExumacaoAnos of [0, 51, 2.5]) {
      const p = await req('POST', '/api/cemiterio', { organizacaoId: paroquiaId, nome: 'Prazo', prazoExumacaoAnos });
      expect(p.statusCode).toBe(400);
      expect(p.json().campos[0].campo).toBe('prazoExumacaoAnos');
    }
    const padrao = await criar('/api/cemiterio', { organizacaoId: paroquiaId, nome: 'Cemitério do Prazo Padrão' });
    expect(padrao.prazoExumacaoAnos).toBe(3);
    expect((await req('DELETE', `/api/cemiterio/${padrao.id}`)).statusCode).toBe(200);
    const g = await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, {
      quadra: 'Y',
      fileiraDe: 5,
      fileiraAte: 2,
      numeroAte: 1,
    });
    expect(g.statusCode).toBe(400);
    expect(g.json().campos[0].campo).toBe('fileiraAte');
    const j = await req('PUT', `/api/jazigo/${jazigos.get('Z-2-3')}`, {
      tipoJazigo: 'X',
      capacidade: 1,
      situacaoJazigo: 'LIVRE',
    });
    expect(j.statusCode).toBe(400);
  });

  it('changes a plot by hand: an unavailable plot is not granted', async () => {
    const r = await req('PUT', `/api/jazigo/${jazigos.get('Z-2-3')}`, {
      tipoJazigo: 'GAVETA',
      capacidade: 4,
      situacaoJazigo: 'INDISPONIVEL',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ tipoJazigo: 'GAVETA', capacidade: 4, situacaoJazigo: 'INDISPONIVEL' });
    const c = await req('POST', '/api/arrendatario', concessao({ jazigoId: jazigos.get('Z-2-3') }));
    expect(c.statusCode).toBe(422);
    expect(c.json().codigo).toBe('JAZIGO_INDISPONIVEL');
  });

  it('needs its permission and keeps other organizations out', async () => {
    expect((await req('GET', '/api/cemiterio/paginado', undefined, atendimento)).statusCode).toBe(403);
    expect(
      (await req('POST', '/api/cemiterio', { organizacaoId: paroquiaId, nome: 'X' }, atendimento)).statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/cemiterio/${cemiterioId}/jazigos`, undefined, atendimento)).statusCode).toBe(403);
    expect((await req('GET', `/api/cemiterio/${alheioId}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/cemiterio/${alheioId}/jazigos`)).statusCode).toBe(404);
    expect(
      (await req('POST', `/api/cemiterio/${alheioId}/jazigos`, { quadra: 'B', fileiraAte: 1, numeroAte: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await req('PUT', `/api/cemiterio/${alheioId}`, { organizacaoId: paroquiaId, nome: 'X' })).statusCode).toBe(
      404,
    );
    expect((await req('DELETE', `/api/cemiterio/${alheioId}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/jazigo/${jazigoAlheio}`)).statusCode).toBe(404);
    const fora = await req('POST', '/api/cemiterio', { organizacaoId: outraId, nome: 'Fora' });
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('organizacaoId');
    const lista = (await req('GET', '/api/cemiterio/paginado?quantidade=100')).json();
    expect(lista.itens.some((c: { id: number }) => c.id === alheioId)).toBe(false);
  });
});

describe('/arrendatario', () => {
  it('grants a plot once, even to 20 requests at the same time', async () => {
    const respostas = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        req('POST', '/api/arrendatario', concessao({ pessoaId: pessoas[i % 2], valor: `${1200 + i}.00` })),
      ),
    );
    const concedidas = respostas.filter((r) => r.statusCode === 201);
    expect(concedidas).toHaveLength(1);
    const recusadas = respostas.filter((r) => r.statusCode !== 201);
    expect(recusadas.every((r) => r.statusCode === 409)).toBe(true);
    expect(recusadas.every((r) => ['JAZIGO_JA_CONCEDIDO', 'REGISTRO_DUPLICADO'].includes(r.json().codigo))).toBe(true);
    expect(await situacao('Z-1-1')).toBe('RESERVADO');
    const lista = (await req('GET', `/api/arrendatario/paginado?cemiterioId=${cemiterioId}`)).json();
    expect(lista.total).toBe(1);
    // Whichever request won (on PostgreSQL any of the 20 may), the list holds exactly its amount.
    expect(lista.itens[0]).toMatchObject({
      jazigoRotulo: 'Z-1-1',
      cemiterioNome: 'Cemitério da Saudade',
      valor: concedidas[0]!.json().valor,
    });
    expect(concedidas[0]!.json().valor).toMatch(/^12(0\d|1\d)\.00$/);
  });

  it('updates and ends a concession, freeing the plot', async () => {
    // Granted at no cost, so it has no installments and its price may still change.
    const c = await criar('/api/arrendatario', concessao({ jazigoId: jazigos.get('Z-1-2'), valor: '0.00' }));
    const r = await req(
      'PUT',
      `/api/arrendatario/${c.id}`,
      concessao({ jazigoId: jazigos.get('Z-1-3'), isento: true, motivoIsencao: 'Baixa renda' }),
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ jazigoRotulo: 'Z-1-3', isento: true, motivoIsencao: 'Baixa renda' });
    expect(await situacao('Z-1-2')).toBe('LIVRE');
    const r2 = await req('PUT', `/api/arrendatario/${c.id}`, {
      ...concessao({ jazigoId: jazigos.get('Z-1-3'), isento: true, motivoIsencao: 'Baixa renda' }),
      renovadoAte: '2029-01-10',
    });
    expect(r2.statusCode, r2.body).toBe(200);
    // What expires by a date: this one by 2029, none by 2028.
    const vencendo = (d: string) =>
      req('GET', `/api/arrendatario/paginado?cemiterioId=${cemiterioId}&vencendoAte=${d}`).then((x) => x.json().total);
    expect(await vencendo('2029-12-31')).toBe(1);
    expect(await vencendo('2028-12-31')).toBe(0);
    expect((await req('GET', '/api/arrendatario/paginado?vencendoAte=2029-02-30')).statusCode).toBe(400);
    expect(await situacao('Z-1-3')).toBe('RESERVADO');
    expect((await req('DELETE', `/api/arrendatario/${c.id}`)).statusCode).toBe(200);
    expect(await situacao('Z-1-3')).toBe('LIVRE');
  });

  it('refuses bad input: 12 installments, an exemption without reason', async () => {
    const r = await req('POST', '/api/arrendatario', concessao({ jazigoId: jazigos.get('Z-2-1'), parcelas: 12 }));
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('parcelas');
    const i = await req('POST', '/api/arrendatario', concessao({ jazigoId: jazigos.get('Z-2-1'), isento: true }));
    expect(i.statusCode).toBe(400);
    expect(i.json().campos[0].campo).toBe('motivoIsencao');
  });

  it('needs its permission and keeps other organizations out', async () => {
    expect((await req('GET', '/api/arrendatario/paginado', undefined, atendimento)).statusCode).toBe(403);
    expect((await req('POST', '/api/arrendatario', concessao(), atendimento)).statusCode).toBe(403);
    const fora = await req('POST', '/api/arrendatario', concessao({ jazigoId: jazigoAlheio }));
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('jazigoId');
    const alheia = await criar('/api/arrendatario', concessao({ jazigoId: jazigoAlheio }), admin);
    expect((await req('GET', `/api/arrendatario/${alheia.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/api/arrendatario/${alheia.id}`, concessao())).statusCode).toBe(404);
    expect((await req('DELETE', `/api/arrendatario/${alheia.id}`)).statusCode).toBe(404);
  });
});

describe('/falecido', () => {
  it('buries in a plot under its concession and shows it occupied', async () => {
    const f = await criar('/api/falecido', sepultamento({ gaveta: 'A' }));
    expect(f).toMatchObject({ nome: 'Augusto Schmidt', jazigoRotulo: 'Z-1-1', gaveta: 'A' });
    const p = await criar('/api/falecido', sepultamento({ pessoaId: pessoas[2], nome: null, gaveta: 'B' }));
    expect(p.pessoaId).toBe(pessoas[2]);
    expect(p.nome.length).toBeGreaterThan(0);
    // The registry learns of the death in the same transaction, with the change in the person's history.
    const [pessoa] = await t.banco.db
      .select({ status: schema.pessoa.status })
      .from(schema.pessoa)
      .where(eq(schema.pessoa.id, pessoas[2]!));
    expect(pessoa!.status).toBe('FALECIDO');
    const z = (await grade()).jazigos.find((j: { rotulo: string }) => j.rotulo === 'Z-1-1');
    expect(z).toMatchObject({ situacaoJazigo: 'OCUPADO', ocupantes: 2 });
    const csv = await req('GET', `/api/falecido/exportar?formato=csv&cemiterioId=${cemiterioId}`);
    expect(csv.body).toContain('Augusto Schmidt');
    const csvConcessoes = await req('GET', `/api/arrendatario/exportar?formato=csv&cemiterioId=${cemiterioId}`);
    expect(csvConcessoes.body).toContain('Z-1-1');
    const lista = (await req('GET', `/api/falecido/paginado?nome=augusto&cemiterioId=${cemiterioId}`)).json();
    expect(lista.itens).toEqual([expect.objectContaining({ id: f.id, cemiterioNome: 'Cemitério da Saudade' })]);
    // Ending a concession with someone buried under it is refused.
    const conc = (await req('GET', `/api/arrendatario/paginado?cemiterioId=${cemiterioId}`)).json().itens[0];
    expect(conc.falecidos).toBe(2);
    expect((await req('DELETE', `/api/arrendatario/${conc.id}`)).statusCode).toBe(409);
    // Moving a burial out and back, then removing one, updates the plot.
    const alterado = await req('PUT', `/api/falecido/${f.id}`, sepultamento({ gaveta: 'C' }));
    expect(alterado.statusCode, alterado.body).toBe(200);
    expect(alterado.json().gaveta).toBe('C');
    expect((await req('DELETE', `/api/falecido/${p.id}`)).statusCode).toBe(200);
    expect(await situacao('Z-1-1')).toBe('OCUPADO');
  });

  it("says 'Falecido(s) já adicionado(s)' for the same deceased again, and refuses a full plot", async () => {
    const r = await req('POST', '/api/falecido', sepultamento());
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({ codigo: 'FALECIDO_JA_ADICIONADO', mensagem: 'Falecido(s) já adicionado(s)' });
    await criar('/api/falecido', sepultamento({ pessoaId: pessoas[2], nome: null }));
    const cheio = await req('POST', '/api/falecido', sepultamento({ nome: 'Outra Pessoa' }));
    expect(cheio.statusCode).toBe(422);
    expect(cheio.json().codigo).toBe('JAZIGO_SEM_VAGA');
    const sem = await req('POST', '/api/falecido', sepultamento({ jazigoId: jazigos.get('Z-2-2') }));
    expect(sem.statusCode).toBe(422);
    expect(sem.json().codigo).toBe('JAZIGO_SEM_CONCESSAO');
  });

  it('refuses bad input: a burial before the death, no name', async () => {
    const r = await req('POST', '/api/falecido', sepultamento({ dataSepultamento: '2026-02-01' }));
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('dataSepultamento');
    const n = await req('POST', '/api/falecido', sepultamento({ nome: null }));
    expect(n.statusCode).toBe(400);
    expect(n.json().campos[0].campo).toBe('nome');
  });

  it('needs its permission and keeps other organizations out', async () => {
    expect((await req('GET', '/api/falecido/paginado', undefined, atendimento)).statusCode).toBe(403);
    expect((await req('POST', '/api/falecido', sepultamento(), atendimento)).statusCode).toBe(403);
    const fora = await req('POST', '/api/falecido', sepultamento({ jazigoId: jazigoAlheio, nome: 'Fora' }));
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('jazigoId');
    const alheio = await criar('/api/falecido', sepultamento({ jazigoId: jazigoAlheio, nome: 'Alheio' }), admin);
    expect((await req('GET', `/api/falecido/${alheio.id}`)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/falecido/${alheio.id}`)).statusCode).toBe(404);
    const lista = (await req('GET', '/api/falecido/paginado?quantidade=500')).json();
    expect(lista.itens.some((f: { id: number }) => f.id === alheio.id)).toBe(false);
  });
});

describe('/falecido/:id/exumacao', () => {
  it('exhumes not before the minimum term, and the plot has room again', async () => {
    const [augusto] = (await req('GET', `/api/falecido/paginado?nome=augusto&cemiterioId=${cemiterioId}`)).json().itens;
    const antes = (await grade()).jazigos.find((j: { rotulo: string }) => j.rotulo === 'Z-1-1');
    // The cemetery's term is 5 years since the first test: a burial of 2026-03-02 waits until 2031-03-02.
    const cedo = await req('POST', `/api/falecido/${augusto.id}/exumacao`, { dataExumacao: '2031-03-01' });
    expect(cedo.statusCode).toBe(422);
    expect(cedo.json()).toMatchObject({ codigo: 'EXUMACAO_ANTES_DO_PRAZO' });
    expect(cedo.json().mensagem).toContain('2031-03-02');
    const r = await req('POST', `/api/falecido/${augusto.id}/exumacao`, { dataExumacao: '2031-03-02' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().dataExumacao).toBe('2031-03-02');
    const depois = (await grade()).jazigos.find((j: { rotulo: string }) => j.rotulo === 'Z-1-1');
    expect(depois.ocupantes).toBe(antes.ocupantes - 1);
    const outra = await req('POST', `/api/falecido/${augusto.id}/exumacao`, { dataExumacao: '2032-01-01' });
    expect(outra.statusCode).toBe(409);
    expect(outra.json().codigo).toBe('FALECIDO_JA_EXUMADO');
    expect((await req('PUT', `/api/falecido/${augusto.id}`, sepultamento())).statusCode).toBe(409);
  });

  it('refuses bad input, needs its permission and keeps other organizations out', async () => {
    const [f] = (await req('GET', `/api/falecido/paginado?cemiterioId=${cemiterioId}`)).json().itens;
    const r = await req('POST', `/api/falecido/${f.id}/exumacao`, { dataExumacao: '31/12/2031' });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('dataExumacao');
    expect(
      (await req('POST', `/api/falecido/${f.id}/exumacao`, { dataExumacao: '2040-01-01' }, atendimento)).statusCode,
    ).toBe(403);
    const alheio = (await req('GET', '/api/falecido/paginado?nome=alheio&quantidade=10', undefined, admin)).json()
      .itens[0];
    expect((await req('POST', `/api/falecido/${alheio.id}/exumacao`, { dataExumacao: '2040-01-01' })).statusCode).toBe(
      404,
    );
  });
});

describe('/falecido/publico: where is buried, for anyone', () => {
  const publico = (nome: string) =>
    t.req({ method: 'GET', url: `/api/falecido/publico?nome=${encodeURIComponent(nome)}` });
  const abrir = async (id: number, token: string) => {
    const c = (await req('GET', `/api/cemiterio/${id}`, undefined, token)).json();
    const r = await req(
      'PUT',
      `/api/cemiterio/${id}`,
      {
        organizacaoId: c.organizacaoId,
        nome: c.nome,
        endereco: c.endereco,
        prazoExumacaoAnos: c.prazoExumacaoAnos,
        buscaPublica: true,
      },
      token,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().buscaPublica).toBe(true);
  };

  it('answers only for the cemeteries that opted in, with name, dates and plot only', async () => {
    const fechado = await publico('alheio');
    expect(fechado.statusCode, fechado.body).toBe(200);
    expect(fechado.json()).toEqual({ itens: [], maisResultados: false });
    await abrir(alheioId, admin);
    // Accents and case aside; no sign-in.
    const r = (await publico('ALHÉIO')).json();
    expect(r.maisResultados).toBe(false);
    expect(r.itens).toHaveLength(1);
    expect(Object.keys(r.itens[0]).sort()).toEqual([
      'cemiterioEndereco',
      'cemiterioNome',
      'dataFalecimento',
      'dataNascimento',
      'dataSepultamento',
      'jazigoRotulo',
      'nome',
    ]);
    expect(r.itens[0]).toMatchObject({ nome: 'Alheio', dataFalecimento: '2026-03-01', dataSepultamento: '2026-03-02' });
  });

  it('leaves out the exhumed, who left the plot', async () => {
    await abrir(cemiterioId, paroquia);
    expect((await publico('augusto')).json().itens).toEqual([]);
  });

  it('asks for at least 3 letters of the name', async () => {
    const r = await publico('ab');
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('nome');
    expect((await t.req({ method: 'GET', url: '/api/falecido/publico' })).statusCode).toBe(400);
  });
});

describe('/arrendatario: state over time and renewal', () => {
  const hoje = hojeNoBrasil();
  const emDias = (n: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const ids: Record<string, number> = {};
  const jazigosR: number[] = [];
  const jazigoDe = (id: number) => jazigosR[Object.values(ids).indexOf(id)]!;
  const lista = async (estado: string) =>
    (
      await req('GET', `/api/arrendatario/paginado?cemiterioId=${cemiterioId}&estadoConcessao=${estado}&quantidade=100`)
    ).json();

  beforeAll(async () => {
    const g = await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, {
      quadra: 'R',
      fileiraDe: 1,
      fileiraAte: 1,
      numeroDe: 1,
      numeroAte: 4,
      tipoJazigo: 'SEPULTURA',
      capacidade: 1,
    });
    expect(g.statusCode, g.body).toBe(200);
    const r = (await grade(cemiterioId, 'R')).jazigos as { rotulo: string; id: number }[];
    const casos: [string, Record<string, unknown>][] = [
      ['perpetua', { tipoConcessao: 'PERPETUA', inicio: '2000-01-01', renovadoAte: '2001-01-01' }],
      ['vencida', { inicio: '2020-01-01', renovadoAte: emDias(-1) }],
      ['aVencer', { inicio: '2020-01-01', renovadoAte: emDias(90) }],
      ['vigente', { inicio: '2020-01-01', renovadoAte: emDias(91) }],
    ];
    for (const [i, [nome, extra]] of casos.entries()) {
      jazigosR.push(r[i]!.id);
      ids[nome] = (
        await criar('/api/arrendatario', concessao({ jazigoId: r[i]!.id, pessoaId: pessoas[1], ...extra }))
      ).id;
    }
  });

  it('derives the state from the dates and filters the list (and its total) by it', async () => {
    const porEstado = Object.fromEntries(
      await Promise.all(ESTADOS_CONCESSAO.map(async (e) => [e, await lista(e)] as const)),
    );
    for (const [estado, p] of Object.entries(porEstado)) {
      expect(p.total).toBe(p.itens.length);
      for (const a of p.itens) expect(a.estadoConcessao).toBe(estado);
    }
    const de = (e: string) => porEstado[e]!.itens.map((a: { id: number }) => a.id);
    expect(de('VENCIDA')).toContain(ids.vencida);
    expect(de('A_VENCER')).toContain(ids.aVencer);
    // No one buried yet: reserved, however long its term (a perpetual one too).
    expect(de('RESERVADA')).toEqual(expect.arrayContaining([ids.perpetua, ids.vigente]));
    // Someone buried under it: active.
    const vigente = await req(
      'POST',
      '/api/falecido',
      sepultamento({ jazigoId: jazigoDe(ids.vigente!), nome: 'Hans' }),
    );
    expect(vigente.statusCode, vigente.body).toBe(201);
    expect((await req('GET', `/api/arrendatario/${ids.vigente}`)).json().estadoConcessao).toBe('VIGENTE');
    const todas = (await req('GET', `/api/arrendatario/paginado?cemiterioId=${cemiterioId}&quantidade=100`)).json();
    expect(Object.values(porEstado).reduce((n, p) => n + p.total, 0)).toBe(todas.total);
    expect((await req('GET', '/api/arrendatario/paginado?estadoConcessao=OUTRO')).statusCode).toBe(400);
  });

  it('renews to a later date, back to standing, and keeps it in the change history', async () => {
    const r = await req('POST', `/api/arrendatario/${ids.vencida}/renovar`, { renovadoAte: emDias(400) });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ renovadoAte: emDias(400), estadoConcessao: 'RESERVADA' });
    const historico = await historicoDe(t.banco.db, 'arrendatario', ids.vencida!);
    expect(historico).toMatchObject([
      { operacao: 'CRIACAO', campo: null },
      { operacao: 'ALTERACAO', campo: 'renovadoAte', valorAnterior: emDias(-1), valorNovo: emDias(400) },
    ]);
    const lido = await req('GET', `/api/auditoria-acesso/historico/arrendatario/${ids.vencida}`, undefined, admin);
    expect(lido.statusCode, lido.body).toBe(200);
    expect(lido.json()).toHaveLength(2);
  });

  it('refuses bad input, a date not after the current one and a perpetual concession', async () => {
    const mal = await req('POST', `/api/arrendatario/${ids.aVencer}/renovar`, { renovadoAte: '31/12/2031' });
    expect(mal.statusCode).toBe(400);
    expect(mal.json().campos[0].campo).toBe('renovadoAte');
    const antes = await req('POST', `/api/arrendatario/${ids.aVencer}/renovar`, { renovadoAte: emDias(90) });
    expect(antes.statusCode).toBe(422);
    expect(antes.json()).toMatchObject({ codigo: 'RENOVACAO_NAO_POSTERIOR', campos: [{ campo: 'renovadoAte' }] });
    const perpetua = await req('POST', `/api/arrendatario/${ids.perpetua}/renovar`, { renovadoAte: emDias(400) });
    expect(perpetua.statusCode).toBe(422);
    expect(perpetua.json().codigo).toBe('CONCESSAO_PERPETUA');
  });

  it('needs its permission and keeps other organizations out', async () => {
    const corpo = { renovadoAte: emDias(500) };
    expect((await req('POST', `/api/arrendatario/${ids.aVencer}/renovar`, corpo, atendimento)).statusCode).toBe(403);
    const [alheia] = (await req('GET', `/api/arrendatario/paginado?cemiterioId=${alheioId}`, undefined, admin)).json()
      .itens;
    expect((await req('POST', `/api/arrendatario/${alheia.id}/renovar`, corpo)).statusCode).toBe(404);
  });
});

describe('/arrendatario: life cycle — conversion to perpetual, closing, what expires next', () => {
  const hoje = hojeNoBrasil();
  const emDias = (n: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const v = new Map<string, number>();
  const ids: Record<string, number> = {};
  const historico = async (id: number) => (await req('GET', `/api/arrendatario/${id}/historico`)).json();

  beforeAll(async () => {
    const g = await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, {
      quadra: 'V',
      fileiraAte: 1,
      numeroAte: 6,
      capacidade: 1,
    });
    expect(g.statusCode, g.body).toBe(200);
    for (const j of (await grade(cemiterioId, 'V')).jazigos) v.set(j.rotulo, j.id);
    const casos: [string, string, Record<string, unknown>][] = [
      ['temporaria', 'V-1-1', { inicio: '2024-01-01', renovadoAte: emDias(40) }],
      ['longa', 'V-1-2', { inicio: '2024-01-01', renovadoAte: emDias(200), valor: '0.00' }],
      ['gratuita', 'V-1-3', { tipoConcessao: 'GRATUITA', inicio: '2024-01-01', renovadoAte: emDias(60) }],
      ['vazia', 'V-1-4', { inicio: '2024-01-01', renovadoAte: emDias(-10) }],
    ];
    for (const [nome, rotulo, extra] of casos)
      ids[nome] = (await criar('/api/arrendatario', concessao({ jazigoId: v.get(rotulo), ...extra }))).id;
  });

  it('keeps the creation and each edit in the history', async () => {
    const r = await req(
      'PUT',
      `/api/arrendatario/${ids.longa}`,
      concessao({ jazigoId: v.get('V-1-2'), inicio: '2024-01-01', renovadoAte: emDias(200), valor: '1300.00' }),
    );
    expect(r.statusCode, r.body).toBe(200);
    const h = await historico(ids.longa!);
    // Money stays a decimal string in the history, as the record holds it.
    expect([h[0].valorAnterior, h[0].valorNovo]).toEqual(['0.00', '1300.00']);
    expect(h).toMatchObject([
      { operacao: 'ALTERACAO', campo: 'valor' },
      { operacao: 'CRIACAO', campo: null, valorNovo: expect.objectContaining({ tipoConcessao: 'TEMPORARIA' }) },
    ]);
    expect(h[0].usuarioNome).toBeTruthy();
  });

  it("refuses to change a concession's kind by an edit: the conversion (with its difference) does it", async () => {
    const antes = await historico(ids.gratuita!);
    const r = await req(
      'PUT',
      `/api/arrendatario/${ids.gratuita}`,
      concessao({ jazigoId: v.get('V-1-3'), tipoConcessao: 'PERPETUA', inicio: '2024-01-01' }),
    );
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({ codigo: 'TIPO_CONCESSAO_NA_EDICAO', campos: [{ campo: 'tipoConcessao' }] });
    expect((await req('GET', `/api/arrendatario/${ids.gratuita}`)).json().tipoConcessao).toBe('GRATUITA');
    expect(await historico(ids.gratuita!)).toEqual(antes);
  });

  it('converts a temporary concession to perpetual within its term, the difference added and kept', async () => {
    const r = await req('POST', `/api/arrendatario/${ids.temporaria}/converter-perpetua`, {
      convertidaEm: hoje,
      diferencaConversao: '2500.50',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      tipoConcessao: 'PERPETUA',
      renovadoAte: null,
      valor: '3700.50',
      convertidaEm: hoje,
      diferencaConversao: '2500.50',
      estadoConcessao: 'RESERVADA',
    });
    const h = await historico(ids.temporaria!);
    const campo = (c: string) => h.find((l: { campo: string }) => l.campo === c);
    expect(campo('tipoConcessao')).toMatchObject({ valorAnterior: 'TEMPORARIA', valorNovo: 'PERPETUA' });
    expect(campo('renovadoAte')).toMatchObject({ valorAnterior: emDias(40), valorNovo: null });
    expect(campo('valor')).toMatchObject({ valorAnterior: '1200.00', valorNovo: '3700.50' });
    expect(campo('diferencaConversao')).toMatchObject({ valorAnterior: null, valorNovo: '2500.50' });
    // Perpetual now: neither converted again nor renewed.
    const deNovo = await req('POST', `/api/arrendatario/${ids.temporaria}/converter-perpetua`, {
      convertidaEm: hoje,
      diferencaConversao: '1.00',
    });
    expect(deNovo.statusCode).toBe(422);
    expect(deNovo.json().codigo).toBe('CONCESSAO_NAO_TEMPORARIA');
  });

  it('refuses a conversion out of the term, of a free concession, or with bad input', async () => {
    const corpo = (convertidaEm: string, diferencaConversao = '100.00') => ({ convertidaEm, diferencaConversao });
    const depois = await req('POST', `/api/arrendatario/${ids.longa}/converter-perpetua`, corpo(emDias(201)));
    expect(depois.statusCode).toBe(422);
    expect(depois.json()).toMatchObject({ codigo: 'CONVERSAO_FORA_DO_PRAZO', campos: [{ campo: 'convertidaEm' }] });
    expect(depois.json().mensagem).toContain(emDias(200));
    const antes = await req('POST', `/api/arrendatario/${ids.longa}/converter-perpetua`, corpo('2023-12-31'));
    expect(antes.json().codigo).toBe('CONVERSAO_FORA_DO_PRAZO');
    const gratuita = await req('POST', `/api/arrendatario/${ids.gratuita}/converter-perpetua`, corpo(hoje));
    expect(gratuita.statusCode).toBe(422);
    expect(gratuita.json().codigo).toBe('CONCESSAO_NAO_TEMPORARIA');
    const negativa = await req('POST', `/api/arrendatario/${ids.longa}/converter-perpetua`, corpo(hoje, '-1.00'));
    expect(negativa.statusCode).toBe(400);
    expect(negativa.json().campos[0].campo).toBe('diferencaConversao');
    const semData = await req('POST', `/api/arrendatario/${ids.longa}/converter-perpetua`, { diferencaConversao: '1' });
    expect(semData.statusCode).toBe(400);
    expect((await req('GET', `/api/arrendatario/${ids.longa}`)).json().tipoConcessao).toBe('TEMPORARIA');
  });

  it('closes a concession with an empty plot, which is free for a new grant; a closed one is only read', async () => {
    const cedo = await req('POST', `/api/arrendatario/${ids.vazia}/encerrar`, { encerradaEm: '2023-01-01' });
    expect(cedo.statusCode).toBe(422);
    expect(cedo.json()).toMatchObject({ codigo: 'ENCERRAMENTO_ANTES_DO_INICIO', campos: [{ campo: 'encerradaEm' }] });
    const r = await req('POST', `/api/arrendatario/${ids.vazia}/encerrar`, { encerradaEm: hoje });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ encerradaEm: hoje, estadoConcessao: 'ENCERRADA' });
    expect((await grade(cemiterioId, 'V')).jazigos.find((j: { rotulo: string }) => j.rotulo === 'V-1-4')).toMatchObject(
      { situacaoJazigo: 'LIVRE' },
    );
    const nova = await criar('/api/arrendatario', concessao({ jazigoId: v.get('V-1-4'), inicio: hoje }));
    expect(nova.estadoConcessao).toBe('RESERVADA');
    const encerradas = (
      await req('GET', `/api/arrendatario/paginado?cemiterioId=${cemiterioId}&estadoConcessao=ENCERRADA`)
    ).json();
    expect(encerradas.itens.map((a: { id: number }) => a.id)).toEqual([ids.vazia]);
    for (const [url, corpo] of [
      [`/api/arrendatario/${ids.vazia}/encerrar`, { encerradaEm: hoje }],
      [`/api/arrendatario/${ids.vazia}/renovar`, { renovadoAte: emDias(900) }],
      [`/api/arrendatario/${ids.vazia}/converter-perpetua`, { convertidaEm: hoje, diferencaConversao: '1.00' }],
    ] as const) {
      const x = await req('POST', url, corpo);
      expect(x.statusCode, url).toBe(409);
      expect(x.json().codigo).toBe('CONCESSAO_ENCERRADA');
    }
    expect(
      (await req('PUT', `/api/arrendatario/${ids.vazia}`, concessao({ jazigoId: v.get('V-1-5') }))).statusCode,
    ).toBe(409);
    // Someone still lies in the plot: not closed.
    await criar('/api/falecido', sepultamento({ jazigoId: v.get('V-1-2'), nome: 'Otto' }));
    const ocupada = await req('POST', `/api/arrendatario/${ids.longa}/encerrar`, { encerradaEm: hoje });
    expect(ocupada.statusCode).toBe(409);
    expect(ocupada.json().codigo).toBe('REGISTRO_EM_USO');
    // The plot set in exhumation by hand: the concession is in exhumation.
    await req('PUT', `/api/jazigo/${v.get('V-1-2')}`, {
      tipoJazigo: 'SEPULTURA',
      capacidade: 1,
      situacaoJazigo: 'EM_EXUMACAO',
    });
    expect((await req('GET', `/api/arrendatario/${ids.longa}`)).json().estadoConcessao).toBe('EM_EXUMACAO');
  });

  it('lists and exports what expires in the next N months', async () => {
    const n = async (meses: number) =>
      (await req('GET', `/api/arrendatario/paginado?cemiterioId=${cemiterioId}&venceEmMeses=${meses}&quantidade=100`))
        .json()
        .itens.map((a: { id: number }) => a.id);
    // In 3 months: the free one (60 days), not the converted (perpetual), nor the expired, nor 200 days ahead.
    const tres = await n(3);
    expect(tres).toContain(ids.gratuita);
    expect(tres).not.toContain(ids.temporaria);
    expect(tres).not.toContain(ids.longa);
    expect(await n(12)).toEqual(expect.arrayContaining([ids.gratuita, ids.longa]));
    const csv = await req('GET', `/api/arrendatario/exportar?formato=csv&cemiterioId=${cemiterioId}&venceEmMeses=3`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('V-1-3');
    expect(csv.body).not.toContain('V-1-2');
    for (const mal of ['0', '61', 'x'])
      expect((await req('GET', `/api/arrendatario/paginado?venceEmMeses=${mal}`)).statusCode).toBe(400);
  });

  it('mails each parish the concessions expiring in the next months, once a month', async () => {
    const [tipo] = await t.banco.db
      .select({ id: schema.tipoContato.id })
      .from(schema.tipoContato)
      .where(eq(schema.tipoContato.nome, 'E-mail'));
    await t.banco.db.insert(schema.organizacaoContato).values({
      organizacaoId: paroquiaId,
      tipoContatoId: tipo!.id,
      valor: 'cemiterio@paroquia.test',
      principal: true,
    });
    const enviadas = async () =>
      (await t.banco.db.select().from(schema.caixaSaida)).filter((m) => m.assunto.startsWith('Concessões a vencer'));
    const antes = (await enviadas()).length;
    const r = await avisarVencimentos(t.app.deps);
    expect(r.enviados).toBeGreaterThanOrEqual(1);
    const [m] = (await enviadas()).filter((x) => x.texto.includes('V-1-3'));
    expect(m).toBeDefined();
    expect(m!.texto).toContain('Cemitério da Saudade');
    expect(m!.texto).toContain('/arrendatario?venceEmMeses=3');
    expect(m!.texto).not.toContain('V-1-2');
    const depois = (await enviadas()).length;
    expect(depois).toBeGreaterThan(antes);
    // Run again (a retried job): nothing more is sent this month.
    expect((await avisarVencimentos(t.app.deps)).enviados).toBe(0);
    expect((await enviadas()).length).toBe(depois);
  });

  it('needs its permission and keeps other organizations out', async () => {
    const conversao = { convertidaEm: hoje, diferencaConversao: '1.00' };
    for (const [url, corpo] of [
      [`/api/arrendatario/${ids.gratuita}/converter-perpetua`, conversao],
      [`/api/arrendatario/${ids.gratuita}/encerrar`, { encerradaEm: hoje }],
    ] as const)
      expect((await req('POST', url, corpo, atendimento)).statusCode).toBe(403);
    expect((await req('GET', `/api/arrendatario/${ids.gratuita}/historico`, undefined, atendimento)).statusCode).toBe(
      403,
    );
    const [alheia] = (await req('GET', `/api/arrendatario/paginado?cemiterioId=${alheioId}`, undefined, admin)).json()
      .itens;
    expect((await req('POST', `/api/arrendatario/${alheia.id}/converter-perpetua`, conversao)).statusCode).toBe(404);
    expect((await req('POST', `/api/arrendatario/${alheia.id}/encerrar`, { encerradaEm: hoje })).statusCode).toBe(404);
    expect((await req('GET', `/api/arrendatario/${alheia.id}/historico`)).statusCode).toBe(404);
  });
});

describe('/arrendatario/:id/parcelas: installments become receivables', () => {
  const p = new Map<string, number>();
  const parcelas = async (id: number, token = paroquia) =>
    req('GET', `/api/arrendatario/${id}/parcelas`, undefined, token);
  const contasDa = async (id: number) =>
    t.banco.db
      .select({ valor: schema.contaAReceber.valorPrevisto, organizacaoId: schema.contaAReceber.organizacaoId })
      .from(schema.arrendatarioParcela)
      .innerJoin(schema.contaAReceber, eq(schema.contaAReceber.id, schema.arrendatarioParcela.contaAReceberId))
      .where(eq(schema.arrendatarioParcela.arrendatarioId, id));

  beforeAll(async () => {
    await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, { quadra: 'P', fileiraAte: 1, numeroAte: 6 });
    for (const j of (await grade(cemiterioId, 'P')).jazigos) p.set(j.rotulo, j.id);
  });

  it('splits R$ 1.000,00 in 3 to the cent, each a receivable of the parish falling due a month apart', async () => {
    const c = await criar(
      '/api/arrendatario',
      concessao({ jazigoId: p.get('P-1-1'), inicio: '2026-01-31', valor: '1000.00', parcelas: 3 }),
    );
    const r = await parcelas(c.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual([
      expect.objectContaining({
        origem: 'CONCESSAO',
        numero: 1,
        de: 3,
        vencimento: '2026-01-31',
        valorPrevisto: '333.33',
        status: 'ABERTO',
      }),
      expect.objectContaining({ numero: 2, vencimento: '2026-02-28', valorPrevisto: '333.33' }),
      expect.objectContaining({ numero: 3, vencimento: '2026-03-31', valorPrevisto: '333.34' }),
    ]);
    const contas = await contasDa(c.id);
    expect(contas.every((x) => x.organizacaoId === paroquiaId)).toBe(true);
  });

  it('creates nothing twice on a double submit, and nothing for an exempt concession', async () => {
    const pedido = concessao({ jazigoId: p.get('P-1-2'), valor: '1000.00', parcelas: 3 });
    const [a, b] = await Promise.all([
      req('POST', '/api/arrendatario', pedido),
      req('POST', '/api/arrendatario', pedido),
    ]);
    const criada = [a!, b!].find((x) => x.statusCode === 201)!;
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    expect(await contasDa(criada.json().id)).toHaveLength(3);
    const isenta = await criar(
      '/api/arrendatario',
      concessao({ jazigoId: p.get('P-1-3'), isento: true, motivoIsencao: 'Família de baixa renda' }),
    );
    expect((await parcelas(isenta.id)).json()).toEqual([]);
    // Its price is fixed once charged: the edit that changes it is refused, and charges nothing.
    const muda = await req('PUT', `/api/arrendatario/${criada.json().id}`, { ...pedido, valor: '900.00' });
    expect(muda.statusCode).toBe(422);
    expect(muda.json().codigo).toBe('CONCESSAO_COM_PARCELAS');
    expect(await contasDa(criada.json().id)).toHaveLength(3);
  });

  it('renewal and conversion to perpetual (the difference) add their own installments, once', async () => {
    const c = await criar(
      '/api/arrendatario',
      concessao({ jazigoId: p.get('P-1-4'), inicio: '2026-01-10', renovadoAte: '2029-01-10', valor: '0.00' }),
    );
    const renova = { renovadoAte: '2032-01-10', valor: '600.00', parcelas: 2 };
    const [r1, r2] = await Promise.all([
      req('POST', `/api/arrendatario/${c.id}/renovar`, renova),
      req('POST', `/api/arrendatario/${c.id}/renovar`, renova),
    ]);
    expect([r1!.statusCode, r2!.statusCode].sort()).toEqual([200, 422]);
    const conv = await req('POST', `/api/arrendatario/${c.id}/converter-perpetua`, {
      convertidaEm: '2027-05-01',
      diferencaConversao: '100.00',
      parcelas: 3,
    });
    expect(conv.statusCode, conv.body).toBe(200);
    const lista = (await parcelas(c.id)).json();
    expect(lista.map((x: { origem: string; valorPrevisto: string }) => `${x.origem} ${x.valorPrevisto}`)).toEqual([
      'CONVERSAO 33.33',
      'CONVERSAO 33.33',
      'CONVERSAO 33.34',
      'RENOVACAO 300.00',
      'RENOVACAO 300.00',
    ]);
  });

  it('charges the installments on request, by a charges batch of exactly them, for who may charge', async () => {
    const pedido = concessao({ jazigoId: p.get('P-1-6'), valor: '1000.00', parcelas: 3, formaCobranca: 'BOLETO' });
    // The secretary may not charge: refused before anything is granted.
    const negado = await req('POST', '/api/arrendatario', pedido);
    expect(negado.statusCode).toBe(403);
    const livre = (await grade(cemiterioId, 'P')).jazigos.find((j: { rotulo: string }) => j.rotulo === 'P-1-6');
    expect(livre.situacaoJazigo).toBe('LIVRE');
    const c = await criar('/api/arrendatario', pedido, admin);
    const contas = (await parcelas(c.id, admin)).json().map((x: { contaAReceberId: number }) => x.contaAReceberId);
    expect(contas).toHaveLength(3);
    const itens = await t.banco.db
      .select({ referenciaId: schema.processamentoLoteItem.referenciaId, tipo: schema.processamentoLote.tipo })
      .from(schema.processamentoLoteItem)
      .innerJoin(schema.processamentoLote, eq(schema.processamentoLote.id, schema.processamentoLoteItem.loteId))
      .where(inArray(schema.processamentoLoteItem.referenciaId, contas));
    expect(itens.map((i) => i.tipo)).toEqual(['COBRANCAS', 'COBRANCAS', 'COBRANCAS']);
    expect(itens.map((i) => i.referenciaId).sort()).toEqual([...contas].sort());
  });

  it('refuses bad input, needs its permission and keeps other organizations out', async () => {
    const c = await criar('/api/arrendatario', concessao({ jazigoId: p.get('P-1-5'), renovadoAte: '2029-01-10' }));
    const ruim = await req('POST', `/api/arrendatario/${c.id}/renovar`, { renovadoAte: '2030-01-10', parcelas: 12 });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().campos[0].campo).toBe('parcelas');
    expect((await req('GET', '/api/arrendatario/abc/parcelas')).statusCode).toBe(400);
    expect((await parcelas(c.id, atendimento)).statusCode).toBe(403);
    const alheia = await t.banco.db
      .select({ id: schema.arrendatario.id })
      .from(schema.arrendatario)
      .where(eq(schema.arrendatario.jazigoId, jazigoAlheio));
    expect((await parcelas(alheia[0]!.id)).statusCode).toBe(404);
  });
});

describe('/arrendatario/:id/suceder: the holder dies, an heir of the family takes the concession', () => {
  let titular: number;
  let filha: number;
  let estranho: number;
  let id: number;

  beforeAll(async () => {
    const outras = await t.banco.db
      .insert(schema.pessoa)
      .values(['Otto', 'Hilde', 'Bruno'].map((nome) => ({ nome, sobrenome: 'Sucessão', organizacaoId: paroquiaId })))
      .returning({ id: schema.pessoa.id });
    [titular, filha, estranho] = outras.map((o) => o.id) as [number, number, number];
    const [grau] = await t.banco.db.select({ id: schema.grauParentesco.id }).from(schema.grauParentesco).limit(1);
    await t.banco.db
      .insert(schema.pessoaFamilia)
      .values({ pessoaId: titular, parenteId: filha, grauParentescoId: grau!.id });
    await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, { quadra: 'H', fileiraAte: 1, numeroAte: 1 });
    const h = (await grade(cemiterioId, 'H')).jazigos[0].id;
    id = (await criar('/api/arrendatario', concessao({ jazigoId: h, pessoaId: titular, valor: '0.00' }))).id;
  });

  it('passes only after the death, to a living relative, and keeps it in the history', async () => {
    const cedo = await req('POST', `/api/arrendatario/${id}/suceder`, { herdeiroId: filha, sucedidaEm: '2026-06-01' });
    expect(cedo.statusCode).toBe(422);
    expect(cedo.json().codigo).toBe('TITULAR_NAO_FALECIDO');
    await t.banco.db.update(schema.pessoa).set({ status: 'FALECIDO' }).where(eq(schema.pessoa.id, titular));
    const lista = (await req('GET', `/api/arrendatario/${id}/herdeiros`)).json();
    expect(lista.map((h: { pessoaId: number }) => h.pessoaId)).toEqual([filha]);
    expect(lista[0].grau).toBeTruthy();
    const alheio = await req('POST', `/api/arrendatario/${id}/suceder`, {
      herdeiroId: estranho,
      sucedidaEm: '2026-06-01',
    });
    expect(alheio.statusCode).toBe(422);
    expect(alheio.json()).toMatchObject({ codigo: 'HERDEIRO_SEM_VINCULO', campos: [{ campo: 'herdeiroId' }] });
    const r = await req('POST', `/api/arrendatario/${id}/suceder`, { herdeiroId: filha, sucedidaEm: '2026-06-01' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().pessoaId).toBe(filha);
    const h = (await req('GET', `/api/arrendatario/${id}/historico`)).json();
    expect(h.find((x: { campo: string }) => x.campo === 'pessoaId')).toMatchObject({
      valorAnterior: titular,
      valorNovo: filha,
    });
    expect(h.find((x: { campo: string }) => x.campo === 'sucedidaEm')).toMatchObject({ valorNovo: '2026-06-01' });
  });

  it('refuses bad input, needs its permission and keeps other organizations out', async () => {
    const ruim = await req('POST', `/api/arrendatario/${id}/suceder`, { herdeiroId: filha, sucedidaEm: '2026-02-30' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().campos[0].campo).toBe('sucedidaEm');
    const cedo = await req('POST', `/api/arrendatario/${id}/suceder`, { herdeiroId: filha, sucedidaEm: '2020-01-01' });
    expect(cedo.statusCode).toBe(422);
    expect(
      (
        await req(
          'POST',
          `/api/arrendatario/${id}/suceder`,
          { herdeiroId: filha, sucedidaEm: '2026-06-01' },
          atendimento,
        )
      ).statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/arrendatario/${id}/herdeiros`, undefined, atendimento)).statusCode).toBe(403);
    const [alheia] = await t.banco.db
      .select({ id: schema.arrendatario.id })
      .from(schema.arrendatario)
      .where(eq(schema.arrendatario.jazigoId, jazigoAlheio));
    expect((await req('GET', `/api/arrendatario/${alheia!.id}/herdeiros`)).statusCode).toBe(404);
    expect(
      (await req('POST', `/api/arrendatario/${alheia!.id}/suceder`, { herdeiroId: filha, sucedidaEm: '2026-06-01' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('upkeep fees in arrears and the forecast of free plots', () => {
  const hoje = hojeNoBrasil();
  const emDias = (n: number) => new Date(Date.parse(`${hoje}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  let previsaoId: number;
  const f = new Map<string, number>();
  const c: Record<string, number> = {};
  const atraso = async (filtro = '', token = paroquia) =>
    req('GET', `/api/conservacao-em-atraso/paginado?cemiterioId=${previsaoId}${filtro}`, undefined, token);

  beforeAll(async () => {
    previsaoId = (
      await criar('/api/cemiterio', { organizacaoId: paroquiaId, nome: 'Cemitério da Previsão', prazoExumacaoAnos: 3 })
    ).id;
    await req('POST', `/api/cemiterio/${previsaoId}/jazigos`, { quadra: 'F', fileiraAte: 1, numeroAte: 4 });
    for (const j of (await grade(previsaoId, 'F')).jazigos) f.set(j.rotulo, j.id);
    const base = { valor: '0.00', inicio: '2020-01-01' };
    c.termo = (
      await criar('/api/arrendatario', concessao({ ...base, jazigoId: f.get('F-1-1'), renovadoAte: emDias(40) }))
    ).id;
    c.perpetua = (
      await criar('/api/arrendatario', concessao({ ...base, jazigoId: f.get('F-1-2'), tipoConcessao: 'PERPETUA' }))
    ).id;
    c.sepultado = (
      await criar(
        '/api/arrendatario',
        concessao({
          ...base,
          jazigoId: f.get('F-1-3'),
          renovadoAte: '2099-01-01',
          isento: true,
          motivoIsencao: 'Baixa renda',
        }),
      )
    ).id;
    // Buried 3 years less 20 days ago: the exhumation is allowed within this month or the next.
    const sepultamento = emDias(-3 * 365 + 20);
    await criar('/api/falecido', {
      jazigoId: f.get('F-1-3'),
      nome: 'Erna Previsão',
      dataFalecimento: sepultamento,
      dataSepultamento: sepultamento,
    });
  });

  it('launches an upkeep fee once per day due, none for an exempt concession', async () => {
    const r = await req('POST', `/api/arrendatario/${c.termo}/conservacao`, {
      vencimento: '2025-03-31',
      valor: '100.00',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual([
      expect.objectContaining({ origem: 'CONSERVACAO', valorPrevisto: '100.00', vencimento: '2025-03-31' }),
    ]);
    expect(
      (await req('POST', `/api/arrendatario/${c.termo}/conservacao`, { vencimento: '2025-03-31', valor: '100.00' }))
        .statusCode,
    ).toBe(409);
    await req('POST', `/api/arrendatario/${c.termo}/conservacao`, { vencimento: '2099-03-31', valor: '100.00' });
    await req('POST', `/api/arrendatario/${c.perpetua}/conservacao`, { vencimento: '2025-06-30', valor: '50.50' });
    const isenta = await req('POST', `/api/arrendatario/${c.sepultado}/conservacao`, {
      vencimento: '2025-06-30',
      valor: '50.00',
    });
    expect(isenta.statusCode).toBe(422);
    expect(isenta.json().codigo).toBe('CONCESSAO_ISENTA');
    const ruim = await req('POST', `/api/arrendatario/${c.termo}/conservacao`, {
      vencimento: '2025-02-30',
      valor: '0',
    });
    expect(ruim.statusCode).toBe(400);
  });

  it('lists the concessions with upkeep fees past due, with totals, filters and export', async () => {
    const r = await atraso();
    expect(r.statusCode, r.body).toBe(200);
    const pagina = r.json();
    expect(pagina.total).toBe(2);
    expect(pagina.totais).toEqual({ parcelasEmAtraso: 2, valorEmAtraso: '150.50' });
    expect(pagina.itens[0]).toMatchObject({
      arrendatarioId: c.termo,
      jazigoRotulo: 'F-1-1',
      parcelasEmAtraso: 1,
      valorEmAtraso: '100.00',
      vencimentoMaisAntigo: '2025-03-31',
    });
    expect((await atraso('&vencidasAte=2025-04-30')).json().total).toBe(1);
    const csv = await req('GET', `/api/conservacao-em-atraso/exportar?formato=csv&cemiterioId=${previsaoId}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('F-1-2');
    expect((await atraso('&vencidasAte=2025-13-01')).statusCode).toBe(400);
  });

  it("after a succession keeps the late holder's unpaid fees under the late holder's name", async () => {
    const [tio, sobrinha] = (
      await t.banco.db
        .insert(schema.pessoa)
        .values(['Ewald', 'Gisela'].map((nome) => ({ nome, sobrenome: 'Herança', organizacaoId: paroquiaId })))
        .returning({ id: schema.pessoa.id })
    ).map((p) => p.id) as [number, number];
    const [grau] = await t.banco.db.select({ id: schema.grauParentesco.id }).from(schema.grauParentesco).limit(1);
    await t.banco.db
      .insert(schema.pessoaFamilia)
      .values({ pessoaId: tio, parenteId: sobrinha, grauParentescoId: grau!.id });
    const heranca = (await criar('/api/cemiterio', { organizacaoId: paroquiaId, nome: 'Cemitério da Herança' })).id;
    await req('POST', `/api/cemiterio/${heranca}/jazigos`, { quadra: 'K', fileiraAte: 1, numeroAte: 1 });
    const jazigoId = (await grade(heranca, 'K')).jazigos[0].id;
    const id = (
      await criar(
        '/api/arrendatario',
        concessao({
          valor: '0.00',
          inicio: '2020-01-01',
          jazigoId,
          pessoaId: tio,
          renovadoAte: '2099-01-01',
        }),
      )
    ).id;
    await req('POST', `/api/arrendatario/${id}/conservacao`, { vencimento: '2024-03-31', valor: '70.00' });
    await t.banco.db.update(schema.pessoa).set({ status: 'FALECIDO' }).where(eq(schema.pessoa.id, tio));
    const s = await req('POST', `/api/arrendatario/${id}/suceder`, { herdeiroId: sobrinha, sucedidaEm: '2024-06-01' });
    expect(s.statusCode, s.body).toBe(200);
    await req('POST', `/api/arrendatario/${id}/conservacao`, { vencimento: '2025-03-31', valor: '80.00' });
    const linhas = (
      await req('GET', `/api/conservacao-em-atraso/paginado?cemiterioId=${heranca}`, undefined, paroquia)
    ).json();
    expect(linhas.total).toBe(2);
    expect(
      linhas.itens.map((l: { pessoaNome: string; valorEmAtraso: string; arrendatarioId: number }) => [
        l.pessoaNome,
        l.valorEmAtraso,
        l.arrendatarioId,
      ]),
    ).toEqual([
      ['Ewald Herança', '70.00', id],
      ['Gisela Herança', '80.00', id],
    ]);
  });

  it("gives the demo cemetery's concessions their installments, to the cent, held by families of their own", async () => {
    const [demo] = await t.banco.db
      .select({ id: schema.cemiterio.id })
      .from(schema.cemiterio)
      .where(eq(schema.cemiterio.nome, 'Cemitério Evangélico da Paz'));
    const lista = (
      await req('GET', `/api/conservacao-em-atraso/paginado?cemiterioId=${demo!.id}`, undefined, admin)
    ).json();
    expect(lista.total).toBeGreaterThan(30);
    // Each priced concession's grant installments add up to its value.
    const ap = schema.arrendatarioParcela;
    const ar = schema.arrendatario;
    const car = schema.contaAReceber;
    const somas = await t.banco.db
      .select({
        valor: ar.valor,
        soma: sql<string>`sum(${car.valorPrevisto})::numeric(14,2)::text`,
        parcelas: ar.parcelas,
        n: sql<number>`count(*)::int`,
        estados: sql<string[]>`array_agg(distinct ${car.status})`,
      })
      .from(ap)
      .innerJoin(car, eq(car.id, ap.contaAReceberId))
      .innerJoin(ar, eq(ar.id, ap.arrendatarioId))
      .innerJoin(schema.jazigo, eq(schema.jazigo.id, ar.jazigoId))
      .where(and(eq(ap.origem, 'CONCESSAO'), eq(schema.jazigo.cemiterioId, demo!.id)))
      .groupBy(ar.id);
    expect(somas.length).toBeGreaterThan(150);
    for (const s of somas) expect([s.soma, s.n]).toEqual([s.valor, s.parcelas]);
    const estados = new Set(somas.flatMap((s) => s.estados));
    expect([...estados].sort()).toEqual(['ABERTO', 'PAGO', 'VENCIDO']);
    // Its holders have no user account and no receivable of another kind (the money screens' demo figures).
    const [mistura] = await t.banco.db
      .select({ n: sql<number>`count(*)::int` })
      .from(car)
      .where(
        and(
          sql`${car.pessoaId} in (select a.pessoa_id from arrendatario a join jazigo j on j.id = a.jazigo_id
            where j.cemiterio_id = ${demo!.id})`,
          sql`(exists (select 1 from usuario u where u.pessoa_id = ${car.pessoaId})
            or exists (select 1 from conta_a_receber o where o.pessoa_id = ${car.pessoaId} and o.tipo <> 'ARRENDAMENTO'))`,
        ),
      );
    expect(mistura!.n).toBe(0);
  });

  it('forecasts the free plots by month from terms ending and exhumation terms', async () => {
    const r = await req('GET', `/api/cemiterio/${previsaoId}/previsao-vagas?meses=3`);
    expect(r.statusCode, r.body).toBe(200);
    const p = r.json();
    expect(p.livresHoje).toBe(1);
    expect(p.meses).toHaveLength(3);
    const mesDoTermo = emDias(40).slice(0, 7);
    const m = p.meses.find((x: { mes: string }) => x.mes === mesDoTermo);
    expect(m).toMatchObject({ termosEncerrando: 1, livresPrevistos: 2 });
    expect(p.meses.reduce((s: number, x: { termosEncerrando: number }) => s + x.termosEncerrando, 0)).toBe(1);
    expect(p.meses.reduce((s: number, x: { exumacoesPossiveis: number }) => s + x.exumacoesPossiveis, 0)).toBe(1);
    expect((await req('GET', `/api/cemiterio/${previsaoId}/previsao-vagas?meses=61`)).statusCode).toBe(400);
  });

  it('needs its permission and keeps other organizations out', async () => {
    expect((await atraso('', atendimento)).statusCode).toBe(403);
    expect((await req('GET', `/api/cemiterio/${previsaoId}/previsao-vagas`, undefined, atendimento)).statusCode).toBe(
      403,
    );
    expect((await req('GET', `/api/cemiterio/${alheioId}/previsao-vagas`)).statusCode).toBe(404);
    const [alheia] = await t.banco.db
      .select({ id: schema.arrendatario.id })
      .from(schema.arrendatario)
      .where(eq(schema.arrendatario.jazigoId, jazigoAlheio));
    const admin1 = await req(
      'POST',
      `/api/arrendatario/${alheia!.id}/conservacao`,
      { vencimento: '2025-01-31', valor: '10.00' },
      admin,
    );
    expect(admin1.statusCode, admin1.body).toBe(200);
    expect(
      (await req('POST', `/api/arrendatario/${alheia!.id}/conservacao`, { vencimento: '2025-02-28', valor: '10.00' }))
        .statusCode,
    ).toBe(404);
    const todos = (await req('GET', '/api/conservacao-em-atraso/paginado?quantidade=100')).json();
    expect(todos.itens.map((i: { arrendatarioId: number }) => i.arrendatarioId)).not.toContain(alheia!.id);
  });
});

describe('DELETE /arrendatario/:id: the concession leaves, and so does what it still owed', () => {
  const d = new Map<string, number>();
  const { contaAReceber: car, cobranca: cob, arrendatarioParcela: ap } = schema;
  const contasDa = (id: number) =>
    t.banco.db
      .select({ id: car.id, status: car.status, motivo: car.motivoCancelamento })
      .from(ap)
      .innerJoin(car, eq(car.id, ap.contaAReceberId))
      .where(eq(ap.arrendatarioId, id))
      .orderBy(car.vencimento);
  const cobrar = async (contaAReceberId: number) => {
    const r = await req('POST', '/api/cobranca', { contaAReceberId, forma: 'BOLETO' }, admin);
    expect(r.statusCode, r.body).toBe(201);
  };

  beforeAll(async () => {
    await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, { quadra: 'D', fileiraAte: 1, numeroAte: 3 });
    for (const j of (await grade(cemiterioId, 'D')).jazigos) d.set(j.rotulo, j.id);
  });

  it('withdraws its open installments and cancels their charges, with the reason in their history', async () => {
    const c = await criar(
      '/api/arrendatario',
      concessao({ jazigoId: d.get('D-1-1'), inicio: '2099-01-10', valor: '900.00', parcelas: 3 }),
    );
    const [primeira, segunda] = await contasDa(c.id);
    await cobrar(primeira!.id);
    await cobrar(segunda!.id);
    const r = await req('DELETE', `/api/arrendatario/${c.id}`);
    expect(r.statusCode, r.body).toBe(200);
    const motivo = 'Concessão de jazigo excluída: suas parcelas em aberto não são mais cobradas.';
    expect(await contasDa(c.id)).toEqual([
      expect.objectContaining({ status: 'CANCELADO', motivo }),
      expect.objectContaining({ status: 'CANCELADO', motivo }),
      expect.objectContaining({ status: 'CANCELADO', motivo }),
    ]);
    const cobrancas = await t.banco.db
      .select({ status: cob.status, statusProvedor: cob.statusProvedor })
      .from(cob)
      .where(inArray(cob.contaAReceberId, [primeira!.id, segunda!.id]));
    expect(cobrancas).toEqual([
      { status: 'CANCELADO', statusProvedor: 'DELETED' },
      { status: 'CANCELADO', statusProvedor: 'DELETED' },
    ]);
    const h = schema.historicoAlteracao;
    const historico = await t.banco.db
      .select({ valorNovo: h.valorNovo })
      .from(h)
      .where(and(eq(h.entidade, 'conta_a_receber'), eq(h.entidadeId, primeira!.id), eq(h.campo, 'motivoCancelamento')));
    expect(historico.map((x) => x.valorNovo)).toContain(motivo);
    expect((await req('GET', `/api/jazigo/${d.get('D-1-1')}`)).json().situacaoJazigo).toBe('LIVRE');
  });

  it('refuses while an installment is paid: the treasurer reverses it first; nothing is withdrawn', async () => {
    const c = await criar('/api/arrendatario', concessao({ jazigoId: d.get('D-1-2'), valor: '400.00', parcelas: 2 }));
    const [paga, aberta] = await contasDa(c.id);
    await t.banco.db.update(car).set({ status: 'PAGO', valorPago: '200.00' }).where(eq(car.id, paga!.id));
    const r = await t.req({ method: 'DELETE', url: `/api/arrendatario/${c.id}`, token: paroquia, idioma: 'en' });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({
      codigo: 'CONCESSAO_COM_PARCELA_PAGA',
      mensagem: expect.stringContaining('reverse'),
    });
    expect(await contasDa(c.id)).toEqual([
      expect.objectContaining({ id: paga!.id, status: 'PAGO' }),
      expect.objectContaining({ id: aberta!.id, status: 'ABERTO', motivo: null }),
    ]);
    expect((await req('GET', `/api/arrendatario/${c.id}`)).statusCode).toBe(200);
  });
});

describe('/falecido/paginado: a name search counts up to its cap', () => {
  it('says "more than 100" past the cap, counts exactly below it, and pages by burial date', async () => {
    await req('POST', `/api/cemiterio/${cemiterioId}/jazigos`, { quadra: 'K', fileiraAte: 1, numeroAte: 1 });
    const jazigoId = (await grade(cemiterioId, 'K')).jazigos[0].id as number;
    const c = await criar('/api/arrendatario', concessao({ jazigoId, valor: '0.00' }));
    await t.banco.db.insert(schema.falecido).values(
      Array.from({ length: LIMITE_CONTAGEM_NOME + 1 }, (_, i) => ({
        jazigoId,
        arrendatarioId: c.id,
        nome: `Ênio Contado ${i}`,
        dataFalecimento: '2020-01-01',
        dataSepultamento: `2020-01-${String(2 + (i % 27)).padStart(2, '0')}`,
      })),
    );
    const muitos = await req('GET', '/api/falecido/paginado?nome=enio%20contado&quantidade=10&ordem=desc');
    expect(muitos.statusCode, muitos.body).toBe(200);
    expect(muitos.json()).toMatchObject({ total: LIMITE_CONTAGEM_NOME, totalExato: false });
    const datas = muitos.json().itens.map((f: { dataSepultamento: string }) => f.dataSepultamento);
    expect(datas).toEqual([...datas].sort().reverse());
    expect(datas[0]).toBe('2020-01-28');
    const poucos = await req('GET', '/api/falecido/paginado?nome=contado%2010&quantidade=10');
    // "Contado 10" and "Contado 100": the page is not full, so it is the whole answer.
    expect(poucos.json()).toMatchObject({ total: 2, totalExato: true });
    const ultima = await req('GET', '/api/falecido/paginado?nome=contado%201&quantidade=10&pagina=2');
    // 1, 10–19, 100: twelve, the second page holding the last two.
    expect(ultima.json()).toMatchObject({ total: 12, totalExato: true });
    expect(ultima.json().itens).toHaveLength(2);
    // An empty first page is the answer (0); an empty later page may lie past the end, so it counts.
    const nenhum = await req('GET', '/api/falecido/paginado?nome=contado%20999&quantidade=10');
    expect(nenhum.json()).toMatchObject({ itens: [], total: 0, totalExato: true });
    const alem = await req('GET', '/api/falecido/paginado?nome=contado%201&quantidade=10&pagina=3');
    expect(alem.json()).toMatchObject({ itens: [], total: 12, totalExato: true });
  });
});
