import { type AsaasFake, iniciarAsaasFake } from '@sig/asaas-fake';
import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { provedorAsaas } from '../asaas/index.js';

/**
 * Payment booklets: the open charges of the chosen people in the period, one slip each, as a PDF —
 * at once for a few, or through a CARNES batch whose PDF is drawn from the codes it kept.
 */
let t: AppTeste;
let fake: AsaasFake;
let admin: string;
let paroquia: string;
let tesouraria: string;
let pessoaId: number;
let outraPessoaId: number;

const req = (method: 'GET' | 'POST', url: string, payload?: object, token = tesouraria) =>
  t.req({ method, url, token, payload });
const emitir = (query: string, token = tesouraria) => req('GET', `/api/emissao-carnes?${query}`, undefined, token);
const paginas = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

async function contaCobrada(mes: number, forma = 'BOLETO', token = tesouraria, titular = pessoaId) {
  const c = await req(
    'POST',
    '/api/conta-a-receber',
    {
      pessoaId: titular,
      tipo: 'CONTRIBUICAO',
      mesCompetencia: mes,
      anoCompetencia: 2098,
      vencimento: `2098-${String(mes).padStart(2, '0')}-10`,
      valorPrevisto: '40.00',
    },
    token,
  );
  expect(c.statusCode, c.body).toBe(201);
  const cob = await req('POST', '/api/cobranca', { contaAReceberId: c.json().id, forma }, token);
  expect(cob.statusCode, cob.body).toBe(201);
  return c.json();
}

beforeAll(async () => {
  fake = await iniciarAsaasFake();
  const provedor = provedorAsaas({ baseUrl: fake.url, chaveApi: fake.chaveApi, userAgent: 'SIG/teste' });
  t = await criarAppTeste({}, { provedor: { provedor, demo: true, url: fake.url, fechar: fake.fechar } });
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  const idPorCpf = async (cpf: string) =>
    (await t.banco.db.select({ id: schema.pessoa.id }).from(schema.pessoa).where(eq(schema.pessoa.cpf, cpf)))[0]!.id;
  pessoaId = await idPorCpf('39053344705');
  outraPessoaId = await idPorCpf('11144477735');
  for (const mes of [1, 2, 3]) await contaCobrada(mes);
  for (const mes of [7, 8, 9, 10, 11, 12]) await contaCobrada(mes, 'BOLETO', tesouraria, pessoaId);
  for (const mes of [7, 8, 9, 10]) await contaCobrada(mes, 'BOLETO', tesouraria, outraPessoaId);
  // A Pix charge outside the due-date range but inside the competence one.
  await contaCobrada(5, 'PIX');
});
afterAll(() => t.fechar());

describe('payment booklets', () => {
  it('prints one slip per open charge of the person in the due-date range', async () => {
    const r = await emitir(`pessoasIds=${pessoaId}&inicio=2098-01-01&fim=2098-03-31`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['x-total-linhas']).toBe('3');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(paginas(r.rawPayload)).toBe(1);
    // Three QR images and three barcodes make a booklet far larger than an empty page.
    expect(r.rawPayload.length).toBeGreaterThan(5_000);
  });

  it('takes the period by competence month, Pix charges included', async () => {
    const r = await emitir(`pessoasIds=${pessoaId}&tipoPeriodo=competencia&inicio=2098-02-15&fim=2098-05-01`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['x-total-linhas']).toBe('3');
  });

  it('answers an empty run with no slips', async () => {
    const r = await emitir(`pessoasIds=${pessoaId}&inicio=2097-01-01&fim=2097-12-31`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['x-total-linhas']).toBe('0');
  });

  it('refuses a period upside down on its end field', async () => {
    const r = await emitir(`pessoasIds=${pessoaId}&inicio=2098-03-31&fim=2098-01-01`);
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('fim');
  });

  it('answers 403 without the financial permission and 404 for an organization outside the scope', async () => {
    expect((await emitir(`inicio=2098-01-01&fim=2098-12-31`, paroquia)).statusCode).toBe(403);
    const [raiz] = await t.banco.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .orderBy(sql`length(${schema.organizacao.caminho})`)
      .limit(1);
    expect((await emitir(`organizacaoId=${raiz!.id}&inicio=2098-01-01&fim=2098-12-31`)).statusCode).toBe(404);
    expect((await emitir(`organizacaoId=${raiz!.id}&inicio=2098-01-01&fim=2098-06-30`, admin)).statusCode).toBe(200);
  });
});

describe('booklets in a batch', () => {
  const segundoSemestre = { inicio: '2098-07-01', fim: '2098-12-31' };
  const criarLote = (corpo: object, token = tesouraria) => req('POST', '/api/emissao-carnes/lote', corpo, token);
  const pdfDoLote = (id: number, token = tesouraria) =>
    req('GET', `/api/emissao-carnes/lote/${id}/pdf`, undefined, token);
  const chamadasDeCodigos = () => fake.requisicoes.filter((r) => /identificationField|pixQrCode/.test(r.url)).length;
  const semCodigos = async () => {
    const r = (await t.banco.db.execute(sql`
      select count(*)::int as n from cobranca c join conta_a_receber r on r.id = c.conta_a_receber_id
      where r.ano_competencia = 2098 and r.mes_competencia >= 7
        and (c.pix_copia_e_cola is null or c.linha_digitavel is null)`)) as unknown as { rows: { n: number }[] };
    return r.rows[0]!;
  };

  it('fetches each charge codes once, in the background, and draws the PDF from them', async () => {
    expect((await semCodigos()).n).toBe(10);
    const r = await criarLote({ ...segundoSemestre, pessoasIds: `${pessoaId},${outraPessoaId}` });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ tipo: 'CARNES', total: 2, status: 'PENDENTE' });
    const id = r.json().id as number;
    // Not done yet: nothing to download.
    expect((await pdfDoLote(id)).json().codigo).toBe('LOTE_SITUACAO_INVALIDA');

    const antes = chamadasDeCodigos();
    await t.app.lotes.processarTudo();
    // Two calls per boleto: the typed line with its barcode, and the Pix code.
    expect(chamadasDeCodigos() - antes).toBe(20);
    expect((await semCodigos()).n).toBe(0);
    const itens = await req('GET', `/api/processamento-lote/${id}/itens`);
    const itensPorPessoa = Object.fromEntries(
      itens
        .json()
        .itens.map((i: { referenciaId: number; status: string; resultado: string }) => [
          i.referenciaId,
          [i.status, i.resultado],
        ]),
    );
    expect(itensPorPessoa).toEqual({ [pessoaId]: ['OK', '6'], [outraPessoaId]: ['OK', '4'] });

    const depois = chamadasDeCodigos();
    const pdf = await pdfDoLote(id);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-total-linhas']).toBe('10');
    // Ten slips, three a page; drawn from the database alone.
    expect(paginas(pdf.rawPayload)).toBe(4);
    expect(chamadasDeCodigos()).toBe(depois);
    const lista = await req('GET', '/api/emissao-carnes/lote/paginado?pagina=1&quantidade=10');
    expect(lista.json().itens[0]).toMatchObject({ id, status: 'CONCLUIDO', sucessos: 2 });
  });

  it('runs again without asking the provider for codes it kept', async () => {
    const r = await criarLote({ ...segundoSemestre, pessoasIds: `${pessoaId}` });
    expect(r.statusCode, r.body).toBe(201);
    const antes = chamadasDeCodigos();
    await t.app.lotes.processarTudo();
    expect(chamadasDeCodigos()).toBe(antes);
    const pdf = await pdfDoLote(r.json().id);
    expect(pdf.headers['x-total-linhas']).toBe('6');
    expect(paginas(pdf.rawPayload)).toBe(2);
  });

  it('keeps each Pix code with its expiry (Brasília time) and asks again for one that expired', async () => {
    const dela = sql`select c.id, c.pix_expira_em as expira, r.vencimento from cobranca c
      join conta_a_receber r on r.id = c.conta_a_receber_id
      where r.pessoa_id = ${pessoaId} and r.ano_competencia = 2098 and r.mes_competencia >= 7 order by c.id`;
    const linhas = async () =>
      (
        (await t.banco.db.execute(dela)) as unknown as {
          rows: { id: number; expira: string | Date; vencimento: string }[];
        }
      ).rows;
    const [primeira] = await linhas();
    // The fake gives a year past the due date, at 23:59:59 in São Paulo (UTC−3).
    const esperado = new Date(
      `${Number(primeira!.vencimento.slice(0, 4)) + 1}${primeira!.vencimento.slice(4)}T23:59:59-03:00`,
    );
    expect(new Date(primeira!.expira).getTime()).toBe(esperado.getTime());
    await t.banco.db.execute(
      sql`update cobranca set pix_expira_em = now() - interval '1 day' where id = ${primeira!.id}`,
    );
    const r = await criarLote({ ...segundoSemestre, pessoasIds: `${pessoaId}` });
    expect(r.statusCode, r.body).toBe(201);
    const pedidosPix = () => fake.requisicoes.filter((q) => /pixQrCode/.test(q.url)).length;
    const [antesPix, antes] = [pedidosPix(), chamadasDeCodigos()];
    await t.app.lotes.processarTudo();
    // Only the expired one: its Pix code, and its typed line with it (one fetch per charge).
    expect(pedidosPix() - antesPix).toBe(1);
    expect(chamadasDeCodigos() - antes).toBe(2);
    const [depois] = await linhas();
    expect(new Date(depois!.expira).getTime()).toBeGreaterThan(Date.now());
  });

  it('keeps a person the provider failed for in error, and the reprocess fetches only that', async () => {
    await contaCobrada(6, 'BOLETO', tesouraria, outraPessoaId);
    const r = await criarLote({ ...segundoSemestre, inicio: '2098-06-01', pessoasIds: `${outraPessoaId}` });
    const id = r.json().id as number;
    fake.injetarFalhas({ status: 400 }, { status: 400 });
    await t.app.lotes.processarTudo();
    expect((await req('GET', `/api/processamento-lote/${id}`)).json()).toMatchObject({ status: 'CONCLUIDO_COM_ERROS' });
    // The batch's PDF leaves out the person in error.
    expect((await pdfDoLote(id)).headers['x-total-linhas']).toBe('0');
    expect((await req('POST', `/api/processamento-lote/${id}/reprocessar-erros`)).statusCode).toBe(200);
    const antes = chamadasDeCodigos();
    await t.app.lotes.processarTudo();
    expect(chamadasDeCodigos() - antes).toBe(2);
    expect((await pdfDoLote(id)).headers['x-total-linhas']).toBe('5');
  });

  it('refuses a batch with no one, a bad period, 403 without the right and 404 outside the scope', async () => {
    const vazio = await criarLote({ pessoasIds: `${pessoaId}`, inicio: '2097-01-01', fim: '2097-12-31' });
    expect(vazio.statusCode).toBe(422);
    expect(vazio.json().codigo).toBe('LOTE_SEM_ITENS');
    const invertido = await criarLote({ ...segundoSemestre, inicio: '2098-12-31', fim: '2098-01-01' });
    expect(invertido.statusCode).toBe(400);
    expect(invertido.json().campos[0].campo).toBe('fim');
    expect((await criarLote({ ...segundoSemestre, pessoasIds: `${pessoaId}` }, paroquia)).statusCode).toBe(403);
    expect((await req('GET', '/api/emissao-carnes/lote/paginado', undefined, paroquia)).statusCode).toBe(403);
    const [raiz] = await t.banco.db
      .select({ id: schema.organizacao.id })
      .from(schema.organizacao)
      .orderBy(sql`length(${schema.organizacao.caminho})`)
      .limit(1);
    // An organization outside the scope names nothing the treasurer may reach: 400 on its field.
    expect((await criarLote({ ...segundoSemestre, organizacaoId: String(raiz!.id) })).statusCode).toBe(400);
    // A batch of the national church's administrator is outside the parish treasurer's scope.
    const doAdmin = await criarLote({ ...segundoSemestre, pessoasIds: `${pessoaId}` }, admin);
    expect(doAdmin.statusCode, doAdmin.body).toBe(201);
    await t.app.lotes.processarTudo();
    expect((await pdfDoLote(doAdmin.json().id, admin)).statusCode).toBe(200);
    expect((await pdfDoLote(doAdmin.json().id)).statusCode).toBe(404);
    expect((await pdfDoLote(doAdmin.json().id, paroquia)).statusCode).toBe(403);
  });

  it('sends a run too large for the immediate download to the batch, unchanged', async () => {
    // Charges straight in the table: the limit is on the count, the provider is never asked.
    await t.banco.db.execute(sql`
      insert into cobranca (conta_a_receber_id, provedor_id, cliente_provedor_id, forma, valor, vencimento, status, status_provedor)
      select c.conta_a_receber_id, 'pay_limite_' || n, c.cliente_provedor_id, 'BOLETO', c.valor, '2096-05-10', c.status, c.status_provedor
      from (select * from cobranca where provedor_id not like 'pay_limite_%' order by id limit 1) c, generate_series(1, 61) n`);
    const antes = fake.requisicoes.length;
    const r = await emitir(`pessoasIds=${pessoaId}&inicio=2096-01-01&fim=2096-12-31`);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ codigo: 'CARNE_USE_LOTE' });
    expect(r.json().mensagem).toContain('60');
    expect(fake.requisicoes.length).toBe(antes);
  });
});
