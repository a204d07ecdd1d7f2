import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';
import { criarContaPelaApi } from '../../test/asaas-teste.js';
import { criarPessoa, organizacaoPorNome, pessoaPorCpf, unico } from '../../test/fabricas.js';
import { paginasPdf } from '../../test/pdf-texto.js';

/**
 * Files fit to hand out (issue 17): every list's CSV/XLSX and every report's PDF/XLSX speak the
 * reader's language — separators, decimal marks, labels instead of codes — with money a number
 * in spreadsheets, and reports carry their title, filters, totals and "page n of m".
 */
const t = usarAppTeste();
let tesouraria: string;
let sinodo: string;
let pessoaId: number;
const FILTRO = 'vencimentoDe=2097-02-01&vencimentoAte=2097-03-31';
const SOBRENOME = unico('Paginada').replace(/\W/g, '');

const get = (url: string, idioma: string, token = tesouraria) => t.req({ method: 'GET', url, token, idioma });
const planilha = async (corpo: Buffer) => {
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.load(corpo as unknown as ArrayBuffer);
  return livro.worksheets[0]!;
};
/** The rows of a sheet as arrays of cell values (from column A). */
const linhasPlanilha = (aba: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  aba.eachRow({ includeEmpty: true }, (r) => {
    out.push((r.values as unknown[]).slice(1));
  });
  return out;
};

beforeAll(async () => {
  [tesouraria, sinodo] = await Promise.all([t.login('tesouraria@sig.local'), t.login('sinodo@sig.local')]);
  pessoaId = (await pessoaPorCpf(t.banco.db, '39053344705')).id;
  for (const [mes, valor] of [
    [2, '10.25'],
    [3, '1250.50'],
  ] as const) {
    await criarContaPelaApi(t, tesouraria, {
      pessoaId,
      mesCompetencia: mes,
      anoCompetencia: 2097,
      vencimento: `2097-0${mes}-10`,
      valorPrevisto: valor,
    });
  }
  const org = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
  for (let i = 0; i < 90; i++)
    await criarPessoa(t.banco.db, {
      organizacaoId: org,
      nome: `Pessoa ${String(i).padStart(2, '0')}`,
      nomeBusca: `pessoa ${String(i).padStart(2, '0')} ${SOBRENOME.toLowerCase()}`,
      sobrenome: SOBRENOME,
      titular: i % 2 === 0,
      email: `pessoa.${i}.${SOBRENOME.toLowerCase()}@exemplo.org`,
    });
});

describe('CSV in the reader’s language', () => {
  it('pt-BR: `;`, decimal commas, a BOM and labels instead of codes', async () => {
    const r = await get(`/api/conta-a-receber/exportar?${FILTRO}&formato=csv`, 'pt-BR');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.body.startsWith('\uFEFF')).toBe(true);
    const [cabecalho, a, b] = r.body.slice(1).trim().split('\r\n');
    expect(cabecalho!.split(';')).toContain('Valor previsto');
    const colunas = cabecalho!.split(';');
    const celulas = a!.split(';');
    expect(celulas[colunas.indexOf('Valor previsto')]).toBe('10,25');
    expect(b!.split(';')[colunas.indexOf('Valor previsto')]).toBe('1250,50');
    expect(celulas[colunas.indexOf('Status')]).toBe('Em aberto');
    expect(celulas[colunas.indexOf('Vencimento')]).toBe('10/02/2097');
    expect(a).not.toContain('ABERTO');
  });

  it('en: `,` and decimal points, labels in English', async () => {
    const r = await get(`/api/conta-a-receber/exportar?${FILTRO}&formato=csv`, 'en');
    const [cabecalho, , b] = r.body.slice(1).trim().split('\r\n');
    const colunas = cabecalho!.split(',');
    const celulas = b!.split(',');
    expect(celulas[colunas.indexOf('Expected value')]).toBe('1250.50');
    expect(celulas[colunas.indexOf('Status')]).toBe('Open');
    expect(celulas[colunas.indexOf('Due date')]).toBe('03/10/2097');
  });

  it('yes/no of a registry list as words, not true/false', async () => {
    const r = await get(`/api/pessoa/exportar?nome=${SOBRENOME}&formato=csv`, 'pt-BR', sinodo);
    expect(r.statusCode, r.body).toBe(200);
    const [cabecalho, ...linhas] = r.body.slice(1).trim().split('\r\n');
    const titular = cabecalho!.split(';').indexOf('Titular');
    expect(titular).toBeGreaterThan(0);
    expect(new Set(linhas.map((l) => l.split(';')[titular]))).toEqual(new Set(['Sim', 'Não']));
    expect(r.body).not.toMatch(/;true|;false|;ATIVO/);
  });
});

describe('XLSX', () => {
  it('money as numbers with a currency format; labels, not codes', async () => {
    const r = await get(`/api/conta-a-receber/exportar?${FILTRO}&formato=xlsx`, 'en');
    expect(r.statusCode, r.body).toBe(200);
    const aba = await planilha(r.rawPayload);
    const cabecalho = (aba.getRow(1).values as unknown[]).slice(1);
    const col = cabecalho.indexOf('Expected value') + 1;
    const celula = aba.getRow(3).getCell(col);
    expect(celula.value).toBe(1250.5);
    expect(celula.numFmt).toContain('R$');
    expect(aba.getRow(2).getCell(cabecalho.indexOf('Status') + 1).value).toBe('Open');
    expect(aba.getRow(2).getCell(cabecalho.indexOf('Due date') + 1).value).toEqual(new Date(Date.UTC(2097, 1, 10)));
  });

  it('a report carries its title, filters and totals', async () => {
    const r = await get(`/api/relatorio-contas-receber?pessoaId=${pessoaId}&${FILTRO}&formato=xlsx`, 'pt-BR');
    expect(r.statusCode, r.body).toBe(200);
    const linhas = linhasPlanilha(await planilha(r.rawPayload));
    expect(linhas[0]![0]).toBe('Relatório de contas a receber');
    const texto = linhas.map((l) => l.join(' ')).join('\n');
    expect(texto).toContain('Vencimento de: 01/02/2097');
    expect(texto).toContain('Vencimento até: 31/03/2097');
    const total = linhas.find((l) => l[0] === 'Total')!;
    expect(total).toContain(1260.75);
  });
});

describe('PDF reports', () => {
  it('receivables: title, filters, totals and money in pt-BR, "Página 1 de 1", no blank page', async () => {
    const r = await get(`/api/relatorio-contas-receber?pessoaId=${pessoaId}&${FILTRO}&formato=pdf`, 'pt-BR');
    expect(r.statusCode, r.body).toBe(200);
    const paginas = paginasPdf(r.rawPayload);
    expect(paginas).toHaveLength(1);
    const texto = paginas[0]!.join('\n');
    expect(texto).toContain('Relatório de contas a receber');
    expect(texto).toContain('Vencimento de: 01/02/2097');
    expect(texto).toContain('R$ 1.260,75');
    expect(texto).toContain('R$ 1.250,50');
    expect(texto).toContain('Em aberto');
    expect(texto).toMatch(/Página 1 de\s?1/);
  });

  it('receivables in English: R$1,234.56 and "Page 1 of 1"', async () => {
    const r = await get(`/api/relatorio-contas-receber?pessoaId=${pessoaId}&${FILTRO}&formato=pdf`, 'en');
    const texto = paginasPdf(r.rawPayload)[0]!.join('\n');
    expect(texto).toContain('Receivables report');
    expect(texto).toContain('R$1,260.75');
    expect(texto).toMatch(/Page 1 of\s?1/);
  });

  it('people: "Página n de m" on every page, no blank trailing page, long values wrapped', async () => {
    const colunas = 'nome,sobrenome,email,titular,status,organizacaoNome';
    const r = await get(`/api/relatorios/pessoas?formato=pdf&nome=${SOBRENOME}&colunas=${colunas}`, 'pt-BR', sinodo);
    expect(r.statusCode, r.body).toBe(200);
    const paginas = paginasPdf(r.rawPayload);
    expect(paginas.length).toBeGreaterThan(1);
    paginas.forEach((p, i) => {
      expect(p.join('\n')).toMatch(new RegExp(`Página ${i + 1} de\\s?${paginas.length}`));
      // Every page holds rows: none is a footer alone.
      expect(p.some((x) => x.startsWith('Pessoa '))).toBe(true);
    });
    const texto = paginas.flat().join('\n');
    expect(texto).toContain('Relatório de pessoas');
    expect(texto).toContain('90 pessoa(s)');
    expect(texto).toContain('Sim');
    expect(texto).not.toContain('ATIVO');
    expect(texto).not.toContain('…');
  });

  it('people: more columns than a page holds is refused with a message, not cut to three letters', async () => {
    const todas = (await get('/api/relatorios/colunas', 'pt-BR', sinodo)).json() as string[];
    const r = await get(`/api/relatorios/pessoas?formato=pdf&colunas=${todas.join(',')}`, 'pt-BR', sinodo);
    expect(r.statusCode).toBe(400);
    expect(r.json().mensagem).toMatch(/colunas/i);
    const en = await get(`/api/relatorios/pessoas?formato=pdf&colunas=${todas.join(',')}`, 'en', sinodo);
    expect(en.json().mensagem).toMatch(/columns/i);
    const xlsx = await get(
      `/api/relatorios/pessoas?formato=xlsx&colunas=${todas.join(',')}&nome=${SOBRENOME}`,
      'pt-BR',
      sinodo,
    );
    expect(xlsx.statusCode).toBe(200);
  });
});
