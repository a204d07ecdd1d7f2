import { readFileSync } from 'node:fs';
import { schema } from '@sig/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarContaAReceber, criarPessoa, organizacaoDoUsuario, outroSinodo } from '../../../test/fabricas.js';
import { AMOSTRAS, fluxoDeMigracao } from '../../../test/migracao.js';

const pessoasCsv = readFileSync(new URL('migracao-pessoas.csv', AMOSTRAS));
const csv = readFileSync(new URL('migracao-receber.csv', AMOSTRAS));
const xlsx = readFileSync(new URL('migracao-receber.xlsx', AMOSTRAS));

let t: AppTeste;
let tesouraria: string;
let organizacaoId: number;
const origem = 'sistema-financeiro';

type Corpo = Record<string, unknown>;

const fluxo = fluxoDeMigracao(
  () => t,
  () => tesouraria,
);
const simular = (arquivo: Buffer, nome: string, tipo = 'CONTAS_A_RECEBER', o = origem) =>
  fluxo.simular(arquivo, nome, tipo, o);
const { importar, post, get } = fluxo;

const contasDaOrigem = (o = origem) =>
  t.banco.db
    .select()
    .from(schema.contaAReceber)
    .where(and(eq(schema.contaAReceber.origem, o)));
const vivas = async (o = origem) => (await contasDaOrigem(o)).filter((c) => c.status !== 'EXCLUIDO');
const pagamentosDe = (ids: number[]) =>
  t.banco.db.select().from(schema.pagamento).where(inArray(schema.pagamento.contaAReceberId, ids));

beforeAll(async () => {
  t = await criarAppTeste();
  [tesouraria] = await t.logins('tesouraria');
  organizacaoId = await organizacaoDoUsuario(t.banco.db, 'tesouraria@sig.local');
  // The people the receivables name, brought from the same source first.
  const p = await simular(pessoasCsv, 'membros.csv', 'PESSOAS');
  expect(await importar(p.id)).toMatchObject({ status: 'CONCLUIDA', criados: 5 });
});
afterAll(() => t.fechar());

describe('receivables with their payments', () => {
  let id: number;

  it('maps the usual headers and checks every row, pt-BR amounts read exactly', async () => {
    const m = await simular(csv, 'lancamentos.csv');
    id = m.id;
    expect(m.mapeamento).toMatchObject({
      chaveLegada: 'Lançamento',
      pessoaChave: 'Código do membro',
      cpf: 'CPF',
      competencia: 'Competência',
      vencimento: 'Vencimento',
      valorPrevisto: 'Valor',
      valorPago: 'Valor pago',
      dataPagamento: 'Data de pagamento',
      formaPagamento: 'Forma de pagamento',
      categoria: 'Categoria',
    });
    expect(m).toMatchObject({ status: 'ANALISADA', linhas: 9, criados: 4, atualizados: 0, falhas: 5 });
    expect(await contasDaOrigem()).toHaveLength(0);
    const linhas = (await get(`/api/migracao/${id}/linhas?quantidade=50`)).json().itens as Corpo[];
    const porNumero = (n: number) => linhas.find((l) => l.numero === n)!;
    const mensagem = (n: number) => (porNumero(n).mensagens as { mensagem: string }[]).map((x) => x.mensagem).join(' ');
    expect(porNumero(2)).toMatchObject({
      acao: 'CRIAR',
      chaveLegada: 'L-1001',
      descricao: 'Ana Lúcia Schmidt · 1/2024 · 1250.00',
    });
    expect(porNumero(4).acao).toBe('CRIAR');
    expect(mensagem(6)).toMatch(/não existe/);
    expect(mensagem(7)).toMatch(/[Dd]ata|[Dd]ia/);
    expect(mensagem(8)).toMatch(/[Vv]alor/);
    expect(mensagem(9)).toMatch(/outra linha/);
    expect(mensagem(10)).toMatch(/Categoria/);
    expect(mensagem(10)).toMatch(/Forma de pagamento.*Data inválida/);
  });

  it('imports them as migrated, paid ones with their payment as history and no charge', async () => {
    const m = await importar(id);
    expect(m).toMatchObject({ status: 'CONCLUIDA', lotePendentes: 0 });
    const contas = await vivas();
    expect(contas).toHaveLength(4);
    const l1001 = contas.find((c) => c.chaveLegada === 'L-1001')!;
    expect(l1001).toMatchObject({
      migrada: true,
      origem,
      organizacaoId,
      tipo: 'CONTRIBUICAO',
      mesCompetencia: 1,
      anoCompetencia: 2024,
      vencimento: '2024-01-10',
      valorPrevisto: '1250.00',
      valorPago: '1250.00',
      status: 'PAGO',
      formaPagamento: 'PIX',
      cobrancaGerada: false,
    });
    expect(contas.find((c) => c.chaveLegada === 'L-1002')).toMatchObject({
      valorPrevisto: '35.50',
      valorPago: '35.50',
    });
    // Found by CPF, unpaid and past due.
    expect(contas.find((c) => c.chaveLegada === 'L-1003')).toMatchObject({ status: 'VENCIDO', valorPago: null });
    const pagamentos = await pagamentosDe(contas.map((c) => c.id));
    expect(pagamentos).toHaveLength(3);
    expect(pagamentos.find((p) => p.contaAReceberId === l1001.id)).toMatchObject({
      valor: '1250.00',
      dataPagamento: '2024-01-08',
      dataCredito: '2024-01-08',
      forma: 'PIX',
    });
    const cobrancas = await t.banco.db
      .select()
      .from(schema.cobranca)
      .where(
        inArray(
          schema.cobranca.contaAReceberId,
          contas.map((c) => c.id),
        ),
      );
    expect(cobrancas).toHaveLength(0);
    // The receipt rule refuses them (spec §8).
    const r = await post('/api/recibo', { contaAReceberIds: [l1001.id], data: '2099-05-20' });
    expect(r.statusCode).toBe(422);
    expect(r.json().codigo).toBe('RECIBO_CONTA_MIGRADA');
  });

  it('a rerun of the same file, as XLSX, changes nothing: 0 created, 0 updated', async () => {
    const m = await simular(xlsx, 'lancamentos.xlsx');
    expect(m).toMatchObject({ formato: 'XLSX', criados: 0, atualizados: 0, ignorados: 4, falhas: 5 });
    expect(await importar(m.id)).toMatchObject({ status: 'CONCLUIDA', loteId: null });
    expect(await vivas()).toHaveLength(4);
  });

  it('a corrected file updates the amounts and adds the payment; its undo restores them', async () => {
    const corrigido = Buffer.from(
      csv
        .toString('utf8')
        .replace(
          'L-1003;;418.736.920-13;03/2024;10/03/2024;80;;;',
          'L-1003;;418.736.920-13;03/2024;10/03/2024;80;80,00;11/03/2024;',
        )
        .replace(
          'L-1004;M-010;;03/2024;10/03/2024;120,00;120,00',
          'L-1004;M-010;;03/2024;10/03/2024;1.120,00;1.120,00',
        ),
    );
    const m = await simular(corrigido, 'lancamentos-corrigido.csv');
    expect(m).toMatchObject({ criados: 0, atualizados: 2, ignorados: 2 });
    const linhas = (await get(`/api/migracao/${m.id}/linhas?acao=ATUALIZAR`)).json().itens as Corpo[];
    expect(linhas.find((l) => l.chaveLegada === 'L-1004')!.diferencas).toEqual([
      { campo: 'valorPrevisto', antes: '120.00', depois: '1120.00' },
      { campo: 'valorPago', antes: '120.00', depois: '1120.00' },
    ]);
    await importar(m.id);
    let contas = await vivas();
    expect(contas.find((c) => c.chaveLegada === 'L-1004')).toMatchObject({
      valorPrevisto: '1120.00',
      valorPago: '1120.00',
    });
    const l1003 = contas.find((c) => c.chaveLegada === 'L-1003')!;
    expect(l1003).toMatchObject({ status: 'PAGO', valorPago: '80.00' });

    expect((await post(`/api/migracao/${m.id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    contas = await vivas();
    expect(contas.find((c) => c.chaveLegada === 'L-1004')).toMatchObject({
      valorPrevisto: '120.00',
      valorPago: '120.00',
    });
    expect(contas.find((c) => c.chaveLegada === 'L-1003')).toMatchObject({ status: 'VENCIDO', valorPago: null });
    const [pago] = await pagamentosDe([l1003.id]);
    expect(pago!.estornadoEm).not.toBeNull();
  });

  it('undo of the first run removes the receivables and their payments', async () => {
    expect((await post(`/api/migracao/${id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await vivas()).toHaveLength(0);
    const pagamentos = await pagamentosDe((await contasDaOrigem()).map((c) => c.id));
    expect(pagamentos.every((p) => p.estornadoEm)).toBe(true);
    // Imported again after the undo, they come back once.
    const m = await simular(csv, 'lancamentos.csv');
    expect(m).toMatchObject({ criados: 4 });
  });

  it('is refused (403) to whoever may migrate but not create receivables', async () => {
    const [paroquia] = await t.logins('paroquia');
    const envio = (tipo: string) =>
      t.req({
        method: 'POST',
        url: `/api/migracao/arquivo?tipo=${tipo}&nomeArquivo=x.csv`,
        token: paroquia,
        headers: { 'content-type': 'application/octet-stream' },
        payload: csv,
      });
    expect((await envio('CONTAS_A_RECEBER')).statusCode).toBe(403);
    expect((await envio('PESSOAS')).statusCode).toBe(201);
  });

  it('refuses per row a person, organization or category outside the scope', async () => {
    const sinodo = await outroSinodo(t.banco.db);
    const [org] = await t.banco.db
      .select({ nome: schema.organizacao.nomeFantasia })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.id, sinodo));
    await criarPessoa(t.banco.db, { organizacaoId: sinodo, nome: 'Alheia', cpf: '73160485226' });
    await t.banco.db.insert(schema.categoriaContribuicao).values([
      {
        nome: 'Plano Sinodal',
        organizacaoId: sinodo,
        valor: '10.00',
        periodicidadeContribuicao: 'MENSAL',
        periodicidadeCobranca: 'MENSAL',
      },
      {
        nome: 'Dízimo Mensal',
        organizacaoId,
        valor: '10.00',
        periodicidadeContribuicao: 'MENSAL',
        periodicidadeCobranca: 'MENSAL',
      },
    ]);
    const arquivo = Buffer.from(
      [
        'Código;CPF;Código do membro;Organização;Categoria;Vencimento;Valor',
        'X-1;731.604.852-26;;;;10/01/2024;10,00',
        `X-2;;M-001;${org!.nome};;10/01/2024;10,00`,
        'X-3;;M-001;;Plano Sinodal;10/01/2024;10,00',
        'X-4;;M-001;;dizimo mensal;10/01/2024;10,00',
      ].join('\n'),
    );
    const m = await simular(arquivo, 'escopo.csv');
    expect(m).toMatchObject({ criados: 1, falhas: 3 });
    const linhas = (await get(`/api/migracao/${m.id}/linhas?quantidade=10`)).json().itens as Corpo[];
    for (const n of [2, 3, 4]) {
      const l = linhas.find((x) => x.numero === n)!;
      expect(l.acao).toBe('ERRO');
      expect(JSON.stringify(l.mensagens)).toMatch(/fora do seu escopo/);
    }
    expect(linhas.find((x) => x.numero === 5)!.acao).toBe('CRIAR');
    await importar(m.id);
    const c = (await vivas()).find((x) => x.chaveLegada === 'X-4');
    expect(c!.categoriaContribuicaoId).not.toBeNull();
    const en = (await get(`/api/migracao/${m.id}/linhas?acao=ERRO`, 'en')).json().itens as Corpo[];
    expect(JSON.stringify(en)).toMatch(/outside your scope/);
  });

  it('refuses per row an organization code that is not a plain number: O-12 is not organization 12', async () => {
    const arquivo = Buffer.from(
      [
        'Código;Código do membro;Organização;Vencimento;Valor',
        `N-1;M-001;O-${organizacaoId};10/01/2024;10,00`,
        `N-2;M-001;${organizacaoId};10/01/2024;10,00`,
      ].join('\n'),
    );
    const m = await simular(arquivo, 'codigos.csv');
    expect(m).toMatchObject({ criados: 1, falhas: 1 });
    const linha = async (idioma?: string) =>
      ((await get(`/api/migracao/${m.id}/linhas?quantidade=10`, idioma)).json().itens as Corpo[]).find(
        (x) => x.numero === 2,
      )!;
    expect(await linha()).toMatchObject({
      acao: 'ERRO',
      mensagens: [{ campo: 'organizacao', mensagem: expect.stringMatching(/Organização.*código.*só o número/) }],
    });
    expect(JSON.stringify((await linha('en')).mensagens)).toMatch(/Organization.*code.*number alone/);
  });

  it('the database holds one migrated receivable per owner and source key, whichever run writes it', async () => {
    const chave = { migrada: true, origem: 'corrida', chaveLegada: 'L-1', organizacaoId };
    const primeira = await criarContaAReceber(t.banco.db, chave);
    await expect(criarContaAReceber(t.banco.db, chave)).rejects.toMatchObject({ cause: { code: '23505' } });
    // Removed by an undo, the key is free for the next run.
    await t.banco.db
      .update(schema.contaAReceber)
      .set({ status: 'EXCLUIDO' })
      .where(eq(schema.contaAReceber.id, primeira.id));
    expect((await criarContaAReceber(t.banco.db, chave)).id).not.toBe(primeira.id);
  });

  // Two work units of rows: seconds alone, more on a busy machine.
  it('a cancelled run is undone: what it wrote before the cancel is removed, the rest never written', async () => {
    // Rows 2–505 of the file: a first work unit of rows 2–499, a second of 500–505.
    const numeros = Array.from({ length: 504 }, (_, i) => i + 1);
    const arquivo = Buffer.from(
      ['Lançamento;CPF;Vencimento;Valor', ...numeros.map((n) => `C-${n};418.736.920-13;10/01/2024;${n},00`)].join('\n'),
    );
    const m = await simular(arquivo, 'cancelada.csv', 'CONTAS_A_RECEBER', 'cancelada');
    expect(m.criados).toBe(504);
    await post(`/api/migracao/${m.id}/confirmacao`);
    expect(await t.app.lotes.processarProximo()).toBe(true);
    expect(await vivas('cancelada')).toHaveLength(498);
    expect((await get(`/api/migracao/${m.id}`)).json()).toMatchObject({ lotePendentes: 6 });
    expect((await post(`/api/migracao/${m.id}/cancelamento`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await vivas('cancelada')).toHaveLength(498);

    const r = await post(`/api/migracao/${m.id}/desfazer`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'DESFEITA' });
    await t.app.lotes.processarTudo();
    expect(await vivas('cancelada')).toHaveLength(0);
    const linhas = (await get(`/api/migracao/${m.id}/linhas`)).json().itens as Corpo[];
    expect(linhas.filter((l) => l.aplicada && !l.desfeita)).toHaveLength(0);
  }, 120_000);
});
