import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { criarContaPelaApi } from '../../../test/asaas-teste.js';
import { organizacaoDoUsuario } from '../../../test/fabricas.js';
import { semEspacos, textoDoPdf } from '../../../test/pdf.js';

const t = usarAppTeste();
let admin: string;
let paroquia: string;
let tesouraria: string;
let devedora: number;
let outra: number;

const BASE = '2099-06-30';
/** A valid CPF the seed does not hold (nine digits from the clock, then the check digits). */
function cpfNovo(): string {
  const d = String(Date.now() % 1e9)
    .padStart(9, '7')
    .split('')
    .map(Number);
  for (const n of [9, 10]) {
    const soma = d.slice(0, n).reduce((s, v, i) => s + v * (n + 1 - i), 0);
    d.push(((soma * 10) % 11) % 10);
  }
  return d.join('');
}
const CPF = cpfNovo();
const cpfTela = `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}`;
const req = (url: string, token = tesouraria, idioma?: string) => t.req({ method: 'GET', url, token, idioma });
const conta = (pessoaId: number, vencimento: string, valorPrevisto: string): Promise<{ id: number }> =>
  criarContaPelaApi(t, tesouraria, {
    pessoaId,
    mesCompetencia: Number(vencimento.slice(5, 7)),
    anoCompetencia: Number(vencimento.slice(0, 4)),
    vencimento,
    valorPrevisto,
  });

beforeAll(async () => {
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const organizacaoId = await organizacaoDoUsuario(t.banco.db, 'tesouraria@sig.local');
  const [a, b] = await t.banco.db
    .insert(schema.pessoa)
    .values([
      { nome: 'Débora', sobrenome: 'Devedora', cpf: CPF, organizacaoId },
      { nome: 'Otávio', sobrenome: 'Outro', organizacaoId },
    ])
    .returning({ id: schema.pessoa.id });
  devedora = a!.id;
  outra = b!.id;
  await conta(devedora, '2099-06-25', '10.00'); // 5 days
  await conta(devedora, '2099-06-01', '20.50'); // 29 days
  await conta(devedora, '2099-05-16', '30.00'); // 45 days
  await conta(devedora, '2099-04-16', '40.00'); // 75 days
  await conta(devedora, '2099-01-01', '50.25'); // 180 days
  await conta(devedora, '2099-07-05', '99.00'); // not yet due
  await conta(devedora, BASE, '98.00'); // due on the base date: not overdue
  const paga = await conta(devedora, '2099-03-01', '97.00');
  const pago = await t.req({
    method: 'POST',
    url: '/api/pagamento',
    token: tesouraria,
    payload: { contaAReceberId: paga.id, valor: '97.00', dataPagamento: BASE, dataCredito: BASE, forma: 'DINHEIRO' },
  });
  expect(pago.statusCode, pago.body).toBe(201);
  await conta(outra, '2099-03-01', '7.00');
});

describe('aging report', () => {
  it("sums a holder's open overdue receivables in buckets of days overdue, with the set's totals", async () => {
    const r = await req(`/api/relatorio-inadimplencia/paginado?pessoaId=${devedora}&dataBase=${BASE}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      itens: [
        {
          pessoaId: devedora,
          organizacaoTitularId: null,
          titularNome: 'Débora Devedora',
          titularDocumento: CPF,
          quantidade: 5,
          vencimentoMaisAntigo: '2099-01-01',
          ate30: '30.50',
          ate60: '30.00',
          ate90: '40.00',
          acima90: '50.25',
          total: '150.75',
        },
      ],
      total: 1,
      pagina: 1,
      quantidade: 10,
      totais: { quantidade: 5, ate30: '30.50', ate60: '30.00', ate90: '40.00', acima90: '50.25', total: '150.75' },
    });
    const todos = (
      await req(`/api/relatorio-inadimplencia/paginado?dataBase=${BASE}&quantidade=500&ordenarPor=total&ordem=desc`)
    ).json();
    const nomes = todos.itens.map((l: { titularNome: string }) => l.titularNome);
    expect(nomes).toContain('Otávio Outro');
    expect(todos.total).toBe(todos.itens.length);
    const totais = todos.itens.map((l: { total: string }) => Number(l.total));
    expect(totais).toEqual([...totais].sort((a, b) => b - a));
  });

  it('exports the whole set as CSV, XLSX and PDF with the totals row', async () => {
    const filtro = `pessoaId=${devedora}&dataBase=${BASE}`;
    const csv = await req(`/api/relatorio-inadimplencia/exportar?${filtro}&formato=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const linhas = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(linhas[0]).toBe(
      'Titular;CPF/CNPJ;Contas;Vencimento mais antigo;1–30 dias;31–60 dias;61–90 dias;Mais de 90 dias;Total',
    );
    expect(linhas[1]).toBe(`Débora Devedora;${cpfTela};5;01/01/2099;30,50;30,00;40,00;50,25;150,75`);
    // A CSV is a bare table: the totals row is in the XLSX and the PDF.
    expect(linhas).toHaveLength(2);

    const xlsx = await req(`/api/relatorio-inadimplencia/exportar?${filtro}&formato=xlsx`);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const aba = livro.worksheets[0]!;
    const linhasXlsx = aba.getSheetValues().filter(Boolean) as unknown[][];
    const daDevedora = linhasXlsx.find((l) => l[1] === 'Débora Devedora')!;
    expect(daDevedora[9]).toBe(150.75);
    expect(linhasXlsx.at(-1)![1]).toBe('Total');

    const pdf = await req(`/api/relatorio-inadimplencia/exportar?${filtro}&formato=pdf`, tesouraria, 'en');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = semEspacos(textoDoPdf(pdf.rawPayload));
    for (const esperado of ['Aging by person', 'Over 90 days', 'Débora Devedora', 'R$150.75', '06/30/2099'])
      expect(texto).toContain(semEspacos(esperado));
  });

  it("shows the demo parish's overdue members today, and the year one of them paid in full", async () => {
    const hoje = (await req('/api/relatorio-inadimplencia/paginado?quantidade=100')).json();
    const lucas = hoje.itens.find((l: { titularNome: string }) => l.titularNome === 'Lucas Atrasado');
    expect(lucas).toMatchObject({ quantidade: 3, ate30: '80.00', ate60: '0.00', ate90: '0.00', acima90: '160.00' });
    const marta = hoje.itens.find((l: { titularNome: string }) => l.titularNome === 'Marta Contribuinte');
    expect(marta).toMatchObject({ ate30: '50.00', ate60: '50.00', ate90: '50.00', total: '150.00' });
    const ano = new Date().getUTCFullYear() - 1;
    const declaracao = await req(`/api/recibo/declaracao-anual?pessoaId=${marta.pessoaId}&ano=${ano}`);
    expect(declaracao.statusCode).toBe(200);
    expect(semEspacos(textoDoPdf(declaracao.rawPayload))).toContain(semEspacos('com o total de R$ 600,00'));
  });

  it('refuses a bad base date and sort key; 403 without the report; 404 outside the scope', async () => {
    const data = await req('/api/relatorio-inadimplencia/paginado?dataBase=2099-02-30');
    expect(data.statusCode).toBe(400);
    expect(data.json().campos[0].campo).toBe('dataBase');
    expect((await req('/api/relatorio-inadimplencia/paginado?ordenarPor=cpf')).statusCode).toBe(400);
    expect((await req('/api/relatorio-inadimplencia/exportar?formato=doc')).statusCode).toBe(400);
    expect((await req('/api/relatorio-inadimplencia/paginado', paroquia)).statusCode).toBe(403);
    expect((await req('/api/relatorio-inadimplencia/exportar', paroquia)).statusCode).toBe(403);
    const igreja = await organizacaoDoUsuario(t.banco.db, 'admin@sig.local');
    expect((await req(`/api/relatorio-inadimplencia/paginado?organizacaoId=${igreja}`)).statusCode).toBe(404);
    expect((await req(`/api/relatorio-inadimplencia/exportar?organizacaoId=${igreja}`)).statusCode).toBe(404);
    const [nacional] = await t.banco.db
      .insert(schema.pessoa)
      .values({ nome: 'Pessoa', sobrenome: 'Nacional', organizacaoId: igreja })
      .returning({ id: schema.pessoa.id });
    expect((await req(`/api/relatorio-inadimplencia/paginado?pessoaId=${nacional!.id}`)).statusCode).toBe(404);
    expect((await req(`/api/relatorio-inadimplencia/paginado?organizacaoId=${igreja}`, admin)).statusCode).toBe(200);
    expect(
      await t.banco.db.select({ id: schema.pessoa.id }).from(schema.pessoa).where(eq(schema.pessoa.id, outra)),
    ).toHaveLength(1);
  });
});
