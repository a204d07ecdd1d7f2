import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

/** The people report: chosen columns and filters, as XLSX or PDF, within scope and field rules. */
const t = usarAppTeste();
let sinodo: string;
let paroquia: string;
let atendimento: string;

beforeAll(async () => {
  [sinodo, paroquia, atendimento] = await t.logins('sinodo', 'paroquia', 'atendimento');
  const [o] = await t.banco.db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.nomeFantasia, 'Paróquia da Reconciliação - Canguçu'));
  for (const [nome, cpf, nascimento] of [
    ['Rosa', '73019486203', '1970-03-02'],
    ['Rita', null, '1981-11-30'],
  ] as const) {
    const r = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token: sinodo,
      payload: {
        nome,
        sobrenome: 'Relatada',
        cpf,
        dataNascimento: nascimento,
        sexo: 'F',
        organizacaoId: o!.id,
        enderecos: [{ logradouro: 'Rua do Relatório', numero: '5' }],
      },
    });
    expect(r.statusCode, r.body).toBe(201);
  }
});

const relatorio = (query: string, token = sinodo) =>
  t.req({ method: 'GET', url: `/api/relatorios/pessoas?${query}`, token });

describe('people report', () => {
  it('XLSX with the chosen columns, labelled and formatted, in name order', async () => {
    const r = await relatorio('formato=xlsx&nome=relatada&colunas=nome,cpf,dataNascimento,sexo,logradouro');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['x-total-linhas']).toBe('2');
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const aba = livro.worksheets[0]!;
    // The title and what the report covers come first; then the table.
    expect(aba.getRow(1).values).toEqual([undefined, 'Relatório de pessoas']);
    expect(String(aba.getRow(3).getCell(1).value)).toContain('Nome: relatada');
    expect(aba.getRow(5).values).toEqual([undefined, 'Nome', 'CPF', 'Data de nascimento', 'Sexo', 'Logradouro']);
    expect(aba.getRow(6).values).toEqual([
      undefined,
      'Rita',
      undefined,
      new Date(Date.UTC(1981, 10, 30)),
      'Feminino',
      'Rua do Relatório',
    ]);
    expect(aba.getRow(6).getCell(3).numFmt).toBe('dd/mm/yyyy');
    expect(aba.getRow(7).values).toEqual([
      undefined,
      'Rosa',
      '73019486203',
      new Date(Date.UTC(1970, 2, 2)),
      'Feminino',
      'Rua do Relatório',
    ]);
  });

  it('PDF of the same set; a bad column or no column is a 400', async () => {
    const r = await relatorio('formato=pdf&nome=relatada&colunas=nome,sobrenome,organizacaoNome');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await relatorio('colunas=senha')).statusCode).toBe(400);
    expect((await relatorio('colunas=')).statusCode).toBe(400);
  });

  it('hides what the profile may not view, and needs the report screen', async () => {
    await t.regrasCampo('Secretaria Paroquial', [
      { acesso: 'Pessoa', campo: 'cpf', visualizar: false, atualizar: false },
    ]);
    const colunas = (await t.req({ method: 'GET', url: '/api/relatorios/colunas', token: paroquia })).json();
    expect(colunas).toContain('nome');
    expect(colunas).not.toContain('cpf');
    const r = await relatorio('formato=xlsx&nome=relatada&colunas=nome,cpf', paroquia);
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    expect(livro.worksheets[0]!.getRow(5).values).toEqual([undefined, 'Nome']);
    expect((await relatorio('colunas=nome', atendimento)).statusCode).toBe(403);
  });
});
