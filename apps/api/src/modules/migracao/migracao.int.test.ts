import { readFileSync } from 'node:fs';
import { schema } from '@sig/db';
import { and, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarPessoa, organizacaoDoUsuario } from '../../../test/fabricas.js';
import { AMOSTRAS, fluxoDeMigracao, usuariosDaMigracao } from '../../../test/migracao.js';

const csv = readFileSync(new URL('migracao-pessoas.csv', AMOSTRAS));
const xlsx = readFileSync(new URL('migracao-pessoas.xlsx', AMOSTRAS));

let t: AppTeste;
let tesouraria: string;
let atendimento: string;
let fora: string;
let organizacaoId: number;

type Corpo = Record<string, unknown>;

const fluxo = fluxoDeMigracao(
  () => t,
  () => tesouraria,
);
const enviar = (arquivo: Buffer, nomeArquivo: string, token = tesouraria, origem = 'planilha-teste') =>
  fluxo.enviar(arquivo, nomeArquivo, 'PESSOAS', origem, token);
const post = (url: string, payload?: object, token = tesouraria, idioma?: string) =>
  t.req({ method: 'POST', url, token, payload, idioma });
const get = (url: string, token = tesouraria, idioma?: string) => t.req({ method: 'GET', url, token, idioma });
const simular = (arquivo: Buffer, nome: string, origem = 'planilha-teste') =>
  fluxo.simular(arquivo, nome, 'PESSOAS', origem);
const { importar } = fluxo;

const pessoasDaOrigem = (origem: string) =>
  t.banco.db
    .select()
    .from(schema.pessoa)
    .where(and(eq(schema.pessoa.origem, origem), isNull(schema.pessoa.excluidoEm)));

beforeAll(async () => {
  t = await criarAppTeste();
  ({ tesouraria, atendimento, fora } = await usuariosDaMigracao(t));
  organizacaoId = await organizacaoDoUsuario(t.banco.db, 'tesouraria@sig.local');
});
afterAll(() => t.fechar());

describe('upload and mapping', () => {
  it('reads the headers and maps them by name, accents and case ignored', async () => {
    const r = await enviar(csv, 'membros.csv');
    expect(r.statusCode, r.body).toBe(201);
    const m = r.json();
    expect(m).toMatchObject({
      status: 'ENVIADA',
      formato: 'CSV',
      tipo: 'PESSOAS',
      organizacaoId,
      nomeArquivo: 'membros.csv',
    });
    expect(m.mapeamento).toMatchObject({
      chaveLegada: 'Código',
      nomeCompleto: 'Nome completo',
      cpf: 'CPF',
      dataNascimento: 'Data de nascimento',
      email: 'E-mail',
      logradouro: 'Endereço',
      numero: 'Número',
      cidade: 'Cidade',
      uf: 'UF',
      estadoCivil: 'Estado civil',
      telefone: 'Telefone',
      celular: 'Celular',
    });
  });

  it('refuses an empty file and a query without the kind', async () => {
    expect((await enviar(Buffer.alloc(0), 'vazio.csv')).statusCode).toBe(400);
    const r = await t.req({
      method: 'POST',
      url: '/api/migracao/arquivo?nomeArquivo=x.csv',
      token: tesouraria,
      headers: { 'content-type': 'application/octet-stream' },
      payload: csv,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().codigo).toBe('VALIDACAO');
  });

  it('refuses a dry run without a name column', async () => {
    const m = (await enviar(csv, 'membros.csv')).json();
    const r = await post(`/api/migracao/${m.id}/analise`, { mapeamento: { ...m.mapeamento, nomeCompleto: null } });
    expect(r.statusCode).toBe(400);
    expect(r.json().codigo).toBe('MIGRACAO_MAPEAMENTO_INCOMPLETO');
  });

  it('is refused without the Migracao permission (403) and outside the scope (404)', async () => {
    expect((await enviar(csv, 'membros.csv', atendimento)).statusCode).toBe(403);
    expect((await get('/api/migracao/paginado', atendimento)).statusCode).toBe(403);
    const m = (await enviar(csv, 'membros.csv')).json();
    expect((await get(`/api/migracao/${m.id}`, fora)).statusCode).toBe(404);
    expect((await post(`/api/migracao/${m.id}/analise`, { mapeamento: m.mapeamento }, fora)).statusCode).toBe(404);
    expect((await post(`/api/migracao/${m.id}/confirmacao`, undefined, fora)).statusCode).toBe(404);
    const lista = (await get('/api/migracao/paginado?quantidade=100', fora)).json();
    expect(lista.itens.map((x: Corpo) => x.id)).not.toContain(m.id);
  });
});

describe('dry run, import, rerun and undo', () => {
  const origem = 'sistema-antigo';
  let id: number;

  it('a row whose CPF was taken after the dry run fails alone, its reason in the reader language', async () => {
    const m = await simular(xlsx, 'tomado.xlsx', 'cpf-tomado');
    expect(m).toMatchObject({ criados: 5, falhas: 5 });
    const intruso = await criarPessoa(t.banco.db, { organizacaoId, nome: 'Intrusa', cpf: '41873692013' });
    expect(await importar(m.id)).toMatchObject({ status: 'CONCLUIDA', falhas: 6, lotePendentes: 0 });
    expect((await pessoasDaOrigem('cpf-tomado')).map((p) => p.chaveLegada).sort()).toEqual([
      'M-002',
      'M-003',
      'M-004',
      'M-010',
    ]);
    const [linha] = (await get(`/api/migracao/${m.id}/linhas?acao=ERRO&quantidade=1`, tesouraria, 'en')).json()
      .itens as Corpo[];
    expect(linha).toMatchObject({ numero: 2, aplicada: false });
    expect(JSON.stringify(linha!.mensagens)).toMatch(/already provided this document/);
    expect((await post(`/api/migracao/${m.id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await pessoasDaOrigem('cpf-tomado')).toHaveLength(0);
    await t.banco.db.update(schema.pessoa).set({ excluidoEm: new Date() }).where(eq(schema.pessoa.id, intruso.id));
  });

  it('rows written before a kill -9 are not written again when their unit is taken again', async () => {
    const m = await simular(xlsx, 'membros.xlsx', 'planilha-xlsx');
    expect(m).toMatchObject({ formato: 'XLSX', criados: 5, falhas: 5 });
    await post(`/api/migracao/${m.id}/confirmacao`);
    expect(await t.app.lotes.processarProximo()).toBe(true);
    // The worker died after its unit's write but before recording it: the unit is pending again.
    const [item] = await t.banco.db
      .select()
      .from(schema.processamentoLoteItem)
      .where(
        and(
          eq(schema.processamentoLoteItem.loteId, (await get(`/api/migracao/${m.id}`)).json().loteId),
          eq(schema.processamentoLoteItem.status, 'OK'),
        ),
      );
    await t.banco.db
      .update(schema.processamentoLoteItem)
      .set({ status: 'PENDENTE' })
      .where(eq(schema.processamentoLoteItem.id, item!.id));
    await t.banco.db
      .update(schema.processamentoLote)
      .set({ sucessos: 0, status: 'EM_ANDAMENTO', concluidoEm: null })
      .where(eq(schema.processamentoLote.id, item!.loteId));
    await t.app.lotes.processarTudo();
    expect(await pessoasDaOrigem('planilha-xlsx')).toHaveLength(5);
    expect((await get(`/api/migracao/${m.id}`)).json()).toMatchObject({ status: 'CONCLUIDA', lotePendentes: 0 });
    // Undone, the people it created leave the registry.
    expect((await post(`/api/migracao/${m.id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await pessoasDaOrigem('planilha-xlsx')).toHaveLength(0);
  });

  it('checks every row with the form schema and writes nothing', async () => {
    const antes = await pessoasDaOrigem(origem);
    const m = await simular(csv, 'membros.csv', origem);
    id = m.id;
    expect(m).toMatchObject({ status: 'ANALISADA', linhas: 10, criados: 5, atualizados: 0, ignorados: 0, falhas: 5 });
    expect(await pessoasDaOrigem(origem)).toHaveLength(antes.length);
    const linhas = (await get(`/api/migracao/${id}/linhas?quantidade=50`)).json().itens as Corpo[];
    const porNumero = (n: number) => linhas.find((l) => l.numero === n)!;
    expect(porNumero(2)).toMatchObject({ acao: 'CRIAR', chaveLegada: 'M-001', descricao: 'Ana Lúcia Schmidt' });
    const mensagem = (n: number) => (porNumero(n).mensagens as { mensagem: string }[]).map((x) => x.mensagem).join(' ');
    expect(porNumero(6).acao).toBe('ERRO');
    expect(mensagem(6)).toMatch(/CPF/);
    expect(mensagem(7)).toMatch(/[Dd]ata/);
    expect(mensagem(8)).toMatch(/Nome/);
    expect(mensagem(9)).toMatch(/e-mail/i);
    expect(mensagem(10)).toMatch(/outra linha/);
    const en = (await get(`/api/migracao/${id}/linhas?acao=ERRO`, tesouraria, 'en')).json().itens as Corpo[];
    expect(JSON.stringify(en)).toMatch(/another row/);
  });

  it('gives the rows with problems as XLSX: the original row and the message', async () => {
    const r = await get(`/api/migracao/${id}/erros`);
    expect(r.statusCode).toBe(200);
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const aba = livro.worksheets[0]!;
    const linhas: string[][] = [];
    aba.eachRow((row) => linhas.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(linhas[0]).toEqual(expect.arrayContaining(['Linha', 'Código', 'CPF', 'Mensagem']));
    expect(linhas).toHaveLength(6);
    expect(linhas[1]).toEqual(expect.arrayContaining(['6', 'M-005', '123.456.789-00']));
  });

  it('imports through a bulk batch: people with their address, contacts, source and key', async () => {
    const m = await importar(id);
    expect(m).toMatchObject({ status: 'CONCLUIDA', criados: 5, lotePendentes: 0 });
    const pessoas = await pessoasDaOrigem(origem);
    expect(pessoas).toHaveLength(5);
    const ana = pessoas.find((p) => p.chaveLegada === 'M-001')!;
    expect(ana).toMatchObject({
      nome: 'Ana',
      sobrenome: 'Lúcia Schmidt',
      dataNascimento: '1975-03-12',
      sexo: 'F',
      estadoCivil: 'CASADO',
      organizacaoId,
    });
    const [endereco] = await t.banco.db
      .select()
      .from(schema.pessoaEndereco)
      .where(eq(schema.pessoaEndereco.pessoaId, ana.id));
    expect(endereco).toMatchObject({
      logradouro: 'Rua Bento Gonçalves',
      numero: '1200',
      cep: '93510000',
      preferencial: true,
    });
    expect(endereco!.cidadeId).not.toBeNull();
    const contatos = await t.banco.db
      .select()
      .from(schema.pessoaContato)
      .where(eq(schema.pessoaContato.pessoaId, ana.id));
    expect(contatos.map((c) => c.valor).sort()).toEqual(['(51) 3593-1200', '(51) 99812-3344']);
  });

  it('a rerun of the same file changes nothing: 0 created, 0 updated', async () => {
    const m = await simular(csv, 'membros.csv', origem);
    expect(m).toMatchObject({ criados: 0, atualizados: 0, ignorados: 5, falhas: 5 });
    expect(await importar(m.id)).toMatchObject({ status: 'CONCLUIDA', loteId: null });
    expect(await pessoasDaOrigem(origem)).toHaveLength(5);
  });

  it('a corrected file updates only the fields that changed, found by legacy key', async () => {
    const corrigido = Buffer.from(
      csv
        .toString('utf8')
        .replace('Rua Lindolfo Collor;45', 'Rua Lindolfo Collor;47')
        .replace('M-005;Marta Reichert;123.456.789-00', 'M-005;Marta Reichert;')
        .replace('M-010;Elisa Hoffmann', 'M-010;Elisa Hoffmann Lang'),
    );
    const m = await simular(corrigido, 'membros-corrigido.csv', origem);
    expect(m).toMatchObject({ criados: 1, atualizados: 2, ignorados: 3 });
    const linhas = (await get(`/api/migracao/${m.id}/linhas?acao=ATUALIZAR`)).json().itens as Corpo[];
    const elisa = linhas.find((l) => l.chaveLegada === 'M-010')!;
    expect(elisa.diferencas).toEqual([{ campo: 'sobrenome', antes: 'Hoffmann', depois: 'Hoffmann Lang' }]);
    const feito = await importar(m.id);
    expect(feito.status).toBe('CONCLUIDA');
    const [e] = (await pessoasDaOrigem(origem)).filter((p) => p.chaveLegada === 'M-010');
    expect(e!.sobrenome).toBe('Hoffmann Lang');

    // Undo of the whole run: Marta leaves, Elisa gets her surname back, Carlos's added address goes.
    const r = await post(`/api/migracao/${m.id}/desfazer`);
    expect(r.statusCode, r.body).toBe(200);
    await t.app.lotes.processarTudo();
    expect((await get(`/api/migracao/${m.id}`)).json().status).toBe('DESFEITA');
    const depois = await pessoasDaOrigem(origem);
    expect(depois).toHaveLength(5);
    expect(depois.find((p) => p.chaveLegada === 'M-010')!.sobrenome).toBe('Hoffmann');
    const carlos = depois.find((p) => p.chaveLegada === 'M-002')!;
    const enderecos = await t.banco.db
      .select()
      .from(schema.pessoaEndereco)
      .where(and(eq(schema.pessoaEndereco.pessoaId, carlos.id), isNull(schema.pessoaEndereco.excluidoEm)));
    expect(enderecos.map((x) => x.numero)).toEqual(['45']);
  });

  it('a person with the same name and birth date is proposed for review, never merged', async () => {
    const semChave = Buffer.from('Nome;Sobrenome;Nascimento\r\nHelga;Brandt;21/07/1941\r\n');
    const m = await simular(semChave, 'homonimos.csv', 'outra-origem');
    expect(m).toMatchObject({ criados: 0, revisar: 1 });
    const [l] = (await get(`/api/migracao/${m.id}/linhas`)).json().itens as Corpo[];
    expect(l).toMatchObject({ acao: 'REVISAR' });
    expect(l!.alvoId).toBeTypeOf('number');
  });

  it('a row for review is written as the user decides: linked, new or skipped', async () => {
    const arquivo = Buffer.from(
      'Nome;Sobrenome;Nascimento;E-mail\r\nHelga;Brandt;21/07/1941;helga@exemplo.com.br\r\nHelga;Brandt;21/07/1941;\r\n',
    );
    const m = await simular(arquivo, 'decisoes.csv', 'decisoes');
    expect(m).toMatchObject({ criados: 0, revisar: 2 });
    const [a, b] = (await get(`/api/migracao/${m.id}/linhas`)).json().itens as Corpo[];
    const decidir = (linha: Corpo, decisao: unknown, token = tesouraria) =>
      t.req({ method: 'PUT', url: `/api/migracao/${m.id}/linhas/${linha.id}/decisao`, token, payload: { decisao } });
    expect((await decidir(a!, 'FUNDIR')).statusCode).toBe(400);
    expect((await decidir(a!, 'VINCULAR', atendimento)).statusCode).toBe(403);
    expect((await decidir(a!, 'VINCULAR', fora)).statusCode).toBe(404);
    const r = await decidir(a!, 'VINCULAR');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ acao: 'REVISAR', decisao: 'VINCULAR' });
    expect((await decidir(b!, 'CRIAR')).json().decisao).toBe('CRIAR');
    // A row the dry run decided itself takes no decision.
    const criada = ((await get(`/api/migracao/${id}/linhas?acao=CRIAR`)).json().itens as Corpo[])[0]!;
    const outra = await t.req({
      method: 'PUT',
      url: `/api/migracao/${m.id}/linhas/${criada.id}/decisao`,
      token: tesouraria,
      payload: { decisao: 'CRIAR' },
    });
    expect(outra.statusCode).toBe(404);

    const feito = await importar(m.id);
    expect(feito).toMatchObject({ status: 'CONCLUIDA', lotePendentes: 0 });
    const [helga] = await t.banco.db
      .select()
      .from(schema.pessoa)
      .where(eq(schema.pessoa.id, a!.alvoId as number));
    expect(helga).toMatchObject({ email: 'helga@exemplo.com.br', dataNascimento: '1941-07-21' });
    expect(await pessoasDaOrigem('decisoes')).toHaveLength(1);

    // Undone: the new Helga leaves, the linked one loses the e-mail the run gave her.
    await post(`/api/migracao/${m.id}/desfazer`);
    await t.app.lotes.processarTudo();
    expect(await pessoasDaOrigem('decisoes')).toHaveLength(0);
    const [depois] = await t.banco.db
      .select()
      .from(schema.pessoa)
      .where(eq(schema.pessoa.id, a!.alvoId as number));
    expect(depois!.email).toBeNull();
  });

  it('lists the runs of the scope, newest first', async () => {
    const r = await get('/api/migracao/paginado?quantidade=3');
    expect(r.statusCode).toBe(200);
    const { itens, total } = r.json();
    expect(total).toBeGreaterThanOrEqual(5);
    expect(itens[0].nomeArquivo).toBe('decisoes.csv');
  });
});
