import { hojeNoBrasil } from '@sig/contracts';
import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarOrganizacao, criarPessoa, organizacaoDoUsuario, organizacaoForaDe } from '../../../test/fabricas.js';

let t: AppTeste;
let paroquia: string;
let atendimento: string;
let paroquiaId: number;
let a: number;
let b: number;
const ano = Number(hojeNoBrasil().slice(0, 4));

const ler = (consulta: string, token = paroquia) =>
  t.req({ method: 'GET', url: `/api/indicadores/cadastros?${consulta}`, token });
const PERIODO = 'periodo=1&periodoDe=2026-01-01&periodoAte=2026-03-31';

beforeAll(async () => {
  t = await criarAppTeste();
  [paroquia, atendimento] = await t.logins('paroquia', 'atendimento');
  const db = t.banco.db;
  paroquiaId = await organizacaoDoUsuario(db, 'paroquia@sig.local');
  a = await criarOrganizacao(db, { organizacaoPaiId: paroquiaId });
  b = await criarOrganizacao(db, { organizacaoPaiId: a });
  const [membro] = await db.select().from(schema.tipoPessoa).where(eq(schema.tipoPessoa.nome, 'Membro'));
  const tipoPessoaId = membro!.id;
  // Complete: surname, sex, birth date and type filled, not a pre-registration.
  const p1 = await criarPessoa(db, {
    organizacaoId: a,
    sexo: 'F',
    dataNascimento: `${ano - 36}-05-01`,
    tipoPessoaId,
    titular: true,
  });
  const p2 = await criarPessoa(db, { organizacaoId: a, sexo: 'M', dataNascimento: `${ano - 11}-03-01` });
  const p3 = await criarPessoa(db, { organizacaoId: b, sexo: 'F', tipoPessoaId, titular: true, status: 'FALECIDO' });
  const p4 = await criarPessoa(db, {
    organizacaoId: b,
    sexo: 'M',
    dataNascimento: `${ano - 76}-01-01`,
    tipoPessoaId,
    status: 'DESLIGADO',
  });
  const mov = (pessoaId: number, organizacaoId: number, tipo: string, forma: string, data: string) => ({
    pessoaId,
    organizacaoId,
    tipo,
    forma,
    data,
  });
  await db.insert(schema.pessoaIntegracao).values([
    mov(p1.id, a, 'INTEGRACAO', 'BATISMO', '2026-03-10'),
    mov(p2.id, a, 'INTEGRACAO', 'TRANSFERENCIA', '2026-02-05'),
    mov(p3.id, b, 'DESLIGAMENTO', 'FALECIMENTO', '2026-03-20'),
    mov(p4.id, b, 'DESLIGAMENTO', 'TRANSFERENCIA', '2025-12-15'),
    mov(p4.id, b, 'DESLIGAMENTO', 'A_PEDIDO', '2026-01-31'),
    // Outside both periods.
    mov(p4.id, b, 'INTEGRACAO', 'CONFIRMACAO', '2025-09-30'),
  ]);
  // A fresh database migrated on a busy machine can take minutes.
}, 600_000);

afterAll(() => t?.fechar());

const nada = { admissoes: 0, transferenciasRecebidas: 0, desligamentos: 0, falecimentos: 0, transferenciasEnviadas: 0 };

describe('registry indicator', () => {
  it('counts the subtree’s people and their movements, in buckets beside the previous period', async () => {
    const r = await ler(`organizacaoId=${a}&${PERIODO}`);
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    expect(d).toMatchObject({
      pessoas: 4,
      titulares: 2,
      completos: 2,
      anteriorDe: '2025-10-01',
      anteriorAte: '2025-12-31',
    });
    expect(d.movimento).toEqual({
      ...nada,
      admissoes: 1,
      transferenciasRecebidas: 1,
      desligamentos: 1,
      falecimentos: 1,
    });
    expect(d.movimentoAnterior).toEqual({ ...nada, transferenciasEnviadas: 1 });
    expect(d.serie).toEqual([
      { chave: '2026-01', de: '2026-01-01', ate: '2026-01-31', ...nada, desligamentos: 1 },
      { chave: '2026-02', de: '2026-02-01', ate: '2026-02-28', ...nada, transferenciasRecebidas: 1 },
      { chave: '2026-03', de: '2026-03-01', ate: '2026-03-31', ...nada, admissoes: 1, falecimentos: 1 },
    ]);
    expect(d.serieAnterior.map((s: { chave: string }) => s.chave)).toEqual(['2025-10', '2025-11', '2025-12']);
    expect(d.serieAnterior[2].transferenciasEnviadas).toBe(1);
    expect(d.porStatus).toEqual([
      { chave: 'ATIVO', total: 2 },
      { chave: 'DESLIGADO', total: 1 },
      { chave: 'FALECIDO', total: 1 },
    ]);
    expect(d.porSexo).toEqual([
      { chave: 'F', total: 2 },
      { chave: 'M', total: 2 },
    ]);
    expect(d.porFaixaEtaria).toEqual([
      { chave: '0-11', total: 1 },
      { chave: '30-44', total: 1 },
      { chave: '75+', total: 1 },
      { chave: 'SEM_DATA', total: 1 },
    ]);
    expect(d.porTipo).toEqual([
      { chave: expect.any(String), nome: 'Membro', total: 3 },
      { chave: '', nome: '', total: 1 },
    ]);
    // Equal totals go by name, and the fixtures' generated names ("…-9", "…-10") do not follow the ids.
    expect(d.porOrganizacao).toHaveLength(2);
    expect(d.porOrganizacao).toEqual(
      expect.arrayContaining([
        { organizacaoId: a, nome: expect.any(String), total: 2, titulares: 1, temFilhas: false },
        { organizacaoId: b, nome: expect.any(String), total: 2, titulares: 1, temFilhas: false },
      ]),
    );
  });

  it('applies the person filters and "own organization only"', async () => {
    const titulares = (await ler(`organizacaoId=${a}&${PERIODO}&titular=true`)).json();
    expect(titulares).toMatchObject({ pessoas: 2, titulares: 2 });
    expect(titulares.movimento).toEqual({ ...nada, admissoes: 1, falecimentos: 1 });
    const completos = (await ler(`organizacaoId=${a}&${PERIODO}&cadastroCompleto=false`)).json();
    expect(completos).toMatchObject({ pessoas: 2, completos: 0 });
    const ativos = (await ler(`organizacaoId=${a}&${PERIODO}&status=ATIVO&status=FALECIDO`)).json();
    expect(ativos.pessoas).toBe(3);
    const propria = (await ler(`organizacaoId=${a}&${PERIODO}&somenteMinhaOrganizacao=true`)).json();
    expect(propria).toMatchObject({ pessoas: 2 });
    expect(propria.porOrganizacao).toHaveLength(1);
    expect(propria.movimento).toEqual({ ...nada, admissoes: 1, transferenciasRecebidas: 1 });
  });

  it('ranks the organizations right below the chosen one with their whole subtree', async () => {
    const d = (await ler(PERIODO)).json();
    const linha = d.porOrganizacao.find((o: { organizacaoId: number }) => o.organizacaoId === a);
    expect(linha).toMatchObject({ total: 4, titulares: 2, temFilhas: true });
    expect(d.porOrganizacao.some((o: { organizacaoId: number }) => o.organizacaoId === b)).toBe(false);
  });

  it('rejects a bad filter, needs its permission and keeps other organizations out', async () => {
    const invertido = await ler('periodoDe=2026-03-31&periodoAte=2026-01-01');
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().campos[0].campo).toBe('periodoAte');
    expect((await ler('status=VIVO')).statusCode).toBe(400);
    expect((await ler('periodo=3')).statusCode).toBe(400);
    expect((await ler(PERIODO, atendimento)).statusCode).toBe(403);
    const fora = await organizacaoForaDe(t.banco.db, paroquiaId);
    expect((await ler(`organizacaoId=${fora}&${PERIODO}`)).statusCode).toBe(404);
  });
});

describe('registry indicator buckets', () => {
  it("cuts a longer period to its last ten buckets, and the cards count the buckets' days only", async () => {
    const d = (await ler(`organizacaoId=${a}&periodo=0&periodoDe=2026-03-01&periodoAte=2026-03-31`)).json();
    expect(d).toMatchObject({
      periodoDe: '2026-03-22',
      periodoAte: '2026-03-31',
      recortado: true,
      anteriorDe: '2026-03-12',
      anteriorAte: '2026-03-21',
    });
    expect(d.serie).toHaveLength(10);
    expect(d.serie[0]).toMatchObject({ chave: '2026-03-22', de: '2026-03-22', ate: '2026-03-22' });
    // The baptism of 10 March lies before both periods; the death of 20 March in the previous one.
    expect(d.movimento).toEqual(nada);
    expect(d.movimentoAnterior).toEqual({ ...nada, falecimentos: 1 });
    const soma = (serie: Record<string, number>[]) =>
      Object.fromEntries(Object.keys(nada).map((k) => [k, serie.reduce((s, b) => s + b[k]!, 0)]));
    expect(soma(d.serieAnterior)).toEqual(d.movimentoAnterior);
    expect(soma(d.serie)).toEqual(d.movimento);
  });

  it('defaults to the ten months up to today', async () => {
    const d = (await ler(`organizacaoId=${a}`)).json();
    expect(d.serie).toHaveLength(10);
    expect(d.periodoAte).toBe(hojeNoBrasil());
    expect(d.recortado).toBe(false);
  });
});

describe('the list behind the movements', () => {
  const movimentos = (consulta: string, token = paroquia) =>
    t.req({ method: 'GET', url: `/api/pessoa-integracao-desligamento/paginado?${consulta}`, token });

  it("lists each bucket's records with the indicator's filters: its count is the list's total", async () => {
    const d = (await ler(`organizacaoId=${a}&${PERIODO}`)).json();
    for (const b of [...d.serie, ...d.serieAnterior])
      for (const m of Object.keys(nada)) {
        const r = await movimentos(`organizacaoId=${a}&movimento=${m}&periodoDe=${b.de}&periodoAte=${b.ate}`);
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json().total, `${b.chave} ${m}`).toBe(b[m]);
      }
    const titulares = (await ler(`organizacaoId=${a}&${PERIODO}&titular=true`)).json();
    const entradas = await movimentos(
      `organizacaoId=${a}&titular=true&movimento=admissoes,falecimentos&periodoDe=2026-01-01&periodoAte=2026-03-31`,
    );
    expect(entradas.json().total).toBe(titulares.movimento.admissoes + titulares.movimento.falecimentos);
    const linhas = entradas.json().itens;
    expect(linhas.map((l: { movimento: string; forma: string }) => [l.movimento, l.forma])).toEqual([
      ['admissoes', 'BATISMO'],
      ['falecimentos', 'FALECIMENTO'],
    ]);
    expect(linhas[0]).toMatchObject({ organizacaoId: a, tipo: 'INTEGRACAO', data: '2026-03-10' });
  });

  it('refuses a bad filter, needs its permission and keeps other organizations out', async () => {
    expect((await movimentos('movimento=nascimentos')).statusCode).toBe(400);
    expect((await movimentos('periodoDe=2026-03-31&periodoAte=2026-01-01')).statusCode).toBe(400);
    expect((await movimentos('ordenarPor=cpf')).statusCode).toBe(400);
    expect((await movimentos('', atendimento)).statusCode).toBe(403);
    const fora = await organizacaoForaDe(t.banco.db, paroquiaId);
    expect((await movimentos(`organizacaoId=${fora}`)).statusCode).toBe(404);
  });

  it('exports the records with their kinds in the reader’s words', async () => {
    const r = await t.req({
      method: 'GET',
      url: `/api/pessoa-integracao-desligamento/exportar?organizacaoId=${a}&formato=csv&periodoDe=2026-01-01&periodoAte=2026-03-31`,
      token: paroquia,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body).toContain('Falecimento');
    expect(r.body).toContain('Transferência recebida');
  });
});
