import { schema } from '@sig/db';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { criarOrganizacao, criarPessoa, organizacaoPorNome, outroSinodo, unico } from '../../../test/fabricas.js';
import { semEspacos, textoDoPdf } from '../../../test/pdf.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let tesouraria: string;
let comunidadeId: number;
let alheiaId: number;
let templateId: number;
let templateAlheioId: number;
const nomes: string[] = [];

const req = reqCom(t, () => sinodo);
const paginas = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;
const modelo = (organizacaoId: number) => ({
  organizacaoId,
  nome: unico('Convite'),
  tipoOficio: 'CONVITE',
  assunto: 'Convite a {{pessoa.nome}}',
  corpo: 'Prezado(a) {{destinatario.nome}}, {{organizacao.nome}} convida para o culto festivo.',
  rodape: 'Ofício {{oficio.numero}}',
  tamanhoPapel: 'A4',
  orientacao: 'RETRATO',
  margemMm: 25,
});

beforeAll(async () => {
  [admin, sinodo, tesouraria] = await t.logins('admin', 'sinodo', 'tesouraria');
  const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  comunidadeId = await criarOrganizacao(t.banco.db, { organizacaoPaiId: sinodoId, nomeFantasia: unico('Comunidade') });
  alheiaId = await outroSinodo(t.banco.db);
  for (const nome of ['Ana', 'Bruno', 'Carla']) {
    const p = await criarPessoa(t.banco.db, { organizacaoId: comunidadeId, nome });
    nomes.push(`${nome} ${p.sobrenome}`);
  }
  const r = await req('POST', '/api/template-oficio', modelo(comunidadeId));
  expect(r.statusCode, r.body).toBe(201);
  templateId = r.json().id;
  const a = await req('POST', '/api/template-oficio', modelo(alheiaId), admin);
  templateAlheioId = a.json().id;
});

describe('letters for a people filter', () => {
  let loteId: number;

  it('counts, then issues one numbered letter per person in the background', async () => {
    const filtro = { templateId, organizacaoId: comunidadeId, data: '2032-03-10' };
    const previa = await req('POST', '/api/oficio/lote/previa', filtro);
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json()).toEqual({ pessoas: 3 });
    const r = await req('POST', '/api/oficio/lote', filtro);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ tipo: 'OFICIOS', total: 3, status: 'PENDENTE' });
    loteId = r.json().id;
    // Not done yet: nothing to download.
    expect((await req('GET', `/api/oficio/lote/${loteId}/pdf`)).json().codigo).toBe('LOTE_SITUACAO_INVALIDA');
    await t.app.lotes.processarTudo();
    const itens = (await req('GET', `/api/processamento-lote/${loteId}/itens`, undefined, admin)).json().itens;
    expect(itens.map((i: { status: string; resultado: string }) => [i.status, i.resultado])).toEqual([
      ['OK', '1/2032'],
      ['OK', '2/2032'],
      ['OK', '3/2032'],
    ]);
    const emitidos = await req('GET', `/api/oficio/paginado?organizacaoId=${comunidadeId}&ano=2032&ordem=asc`);
    expect(
      emitidos
        .json()
        .itens.map((o: { destinatario: string }) => o.destinatario)
        .sort(),
    ).toEqual([...nomes].sort());
    const lista = await req('GET', '/api/oficio/lote/paginado?pagina=1&quantidade=10');
    expect(lista.json().itens.map((l: { id: number }) => l.id)).toContain(loteId);
  });

  it('a reprocessed item finds its letter instead of issuing another', async () => {
    const linhas = (await t.banco.db.execute(
      `update processamento_lote_item set status = 'PENDENTE' where lote_id = ${loteId}`,
    )) as unknown as { rowCount?: number; affectedRows?: number };
    expect(linhas.rowCount ?? linhas.affectedRows).toBe(3);
    await t.app.lotes.processarTudo();
    const emitidos = await req('GET', `/api/oficio/paginado?organizacaoId=${comunidadeId}&ano=2032`);
    expect(emitidos.json().total).toBe(3);
  });

  it("downloads the batch's letters as one PDF, one letter a page", async () => {
    const pdf = await req('GET', `/api/oficio/lote/${loteId}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['x-total-linhas']).toBe('3');
    expect(paginas(pdf.rawPayload)).toBe(3);
    const texto = semEspacos(textoDoPdf(pdf.rawPayload));
    for (const nome of nomes) expect(texto).toContain(semEspacos(`Prezado(a) ${nome}`));
    expect(texto).toContain(semEspacos('Ofício nº 3/2032'));
    expect(texto).toContain(semEspacos('Página 1 de 1'));
  });

  it('and as a ZIP of PDFs', async () => {
    const zip = await req('GET', `/api/oficio/lote/${loteId}/zip`);
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const arquivos = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(arquivos).sort()).toEqual(['oficio-1-2032.pdf', 'oficio-2-2032.pdf', 'oficio-3-2032.pdf']);
    const um = Buffer.from(arquivos['oficio-1-2032.pdf']!);
    expect(paginas(um)).toBe(1);
    expect(semEspacos(textoDoPdf(um))).toContain(semEspacos('Ofício nº 1/2032'));
  });

  it('refuses bad input, a profile without the screen, and what is out of scope', async () => {
    expect((await req('POST', '/api/oficio/lote', { organizacaoId: comunidadeId })).statusCode).toBe(400);
    expect((await req('POST', '/api/oficio/lote', { templateId, data: '2032-13-40' })).statusCode).toBe(400);
    expect((await req('POST', '/api/oficio/lote', { templateId }, tesouraria)).statusCode).toBe(403);
    expect((await req('POST', '/api/oficio/lote/previa', { templateId }, tesouraria)).statusCode).toBe(403);
    expect((await req('GET', '/api/oficio/lote/paginado', undefined, tesouraria)).statusCode).toBe(403);
    expect((await req('GET', `/api/oficio/lote/${loteId}/pdf`, undefined, tesouraria)).statusCode).toBe(403);
    expect((await req('GET', `/api/oficio/lote/${loteId}/zip`, undefined, tesouraria)).statusCode).toBe(403);
    // Another synod's template or people, and this batch to another synod's user.
    const alheio = await req('POST', '/api/oficio/lote', { templateId: templateAlheioId });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().campos[0].campo).toBe('templateId');
    const pessoasAlheias = await req('POST', '/api/oficio/lote', { templateId, organizacaoId: alheiaId });
    expect(pessoasAlheias.statusCode).toBe(400);
    expect(pessoasAlheias.json().campos[0].campo).toBe('organizacaoId');
    const [outro] = await t.logins('paroquia');
    expect((await req('GET', `/api/oficio/lote/${loteId}/pdf`, undefined, outro)).statusCode).toBe(404);
  });

  it('refuses an empty filter', async () => {
    const r = await req('POST', '/api/oficio/lote', { templateId, nome: 'ninguém com este nome xyz' });
    expect(r.statusCode).toBe(422);
    expect(r.json().codigo).toBe('LOTE_SEM_ITENS');
  });
});

describe('the public check of a letter', () => {
  const verificar = (codigo: string) => t.req({ method: 'GET', url: `/api/oficio/verificar/${codigo}` });
  let codigo: string;

  beforeAll(async () => {
    const emitidos = await req('GET', `/api/oficio/paginado?organizacaoId=${comunidadeId}&ano=2032&ordem=asc`);
    codigo = emitidos.json().itens[0].codigoVerificacao;
  });

  it('confirms number, date, organization and recipient, nothing more, without sign-in', async () => {
    expect(codigo).toMatch(/^[0-9A-Z]{12}$/);
    const r = await verificar(codigo);
    expect(r.statusCode, r.body).toBe(200);
    expect(Object.keys(r.json()).sort()).toEqual(['data', 'destinatario', 'numeroAno', 'organizacao']);
    expect(r.json()).toMatchObject({ numeroAno: '1/2032', data: '2032-03-10' });
    expect(nomes).toContain(r.json().destinatario);
    // Read case-insensitively, as typed from paper.
    expect((await verificar(codigo.toLowerCase())).statusCode).toBe(200);
  });

  it('prints the code and its QR on the letter', async () => {
    const emitidos = await req('GET', `/api/oficio/paginado?organizacaoId=${comunidadeId}&ano=2032&ordem=asc`);
    const pdf = await req('GET', `/api/oficio/${emitidos.json().itens[0].id}/pdf`);
    expect(semEspacos(textoDoPdf(pdf.rawPayload))).toContain(semEspacos(`Verificação: ${codigo}`));
  });

  it('answers 400 to a malformed code and 404 to an unknown one', async () => {
    const r = await verificar('abc');
    expect(r.statusCode).toBe(400);
    expect((await verificar('ZZZZZZZZZZZZ')).statusCode).toBe(404);
  });
});

describe('a ministry certificate issued as a letter', () => {
  it("merges the person's minister data into a certificate template", async () => {
    const p = await criarPessoa(t.banco.db, { organizacaoId: comunidadeId, nome: 'Helmut' });
    await t.banco.db.insert(schema.ministro).values({
      pessoaId: p.id,
      tipoMinisterio: 'PASTORAL',
      registroMinisterial: 'RM-4711',
      dataOrdenacao: '2010-05-02',
      localOrdenacao: 'São Leopoldo',
      ordenante: 'Pastor Sinodal',
    });
    const m = await req('POST', '/api/template-oficio', {
      ...modelo(comunidadeId),
      nome: unico('Certificado'),
      tipoOficio: 'CERTIFICADO_MINISTERIAL',
      assunto: 'Certificado ministerial de {{pessoa.nome}}',
      corpo:
        'Certificamos que {{pessoa.nome}} ({{ministro.registroMinisterial}}) foi ordenado para o ministério {{ministro.tipoMinisterio}} em {{ministro.dataOrdenacao}}, em {{ministro.localOrdenacao}}, por {{ministro.ordenante}}.',
    });
    expect(m.statusCode, m.body).toBe(201);
    // The certificate action lists only certificate templates.
    const opcoes = await req('GET', '/api/template-oficio/select?tipoOficio=CERTIFICADO_MINISTERIAL');
    expect(opcoes.statusCode, opcoes.body).toBe(200);
    const ids = opcoes.json().map((o: { value: number }) => o.value);
    expect(ids).toContain(m.json().id);
    expect(ids).not.toContain(templateId);
    expect((await req('GET', '/api/template-oficio/select?tipoOficio=NENHUM')).statusCode).toBe(400);
    const o = await req('POST', '/api/oficio', { templateId: m.json().id, pessoaId: p.id });
    expect(o.statusCode, o.body).toBe(201);
    expect(o.json().texto).toBe(
      `Certificamos que Helmut ${p.sobrenome} (RM-4711) foi ordenado para o ministério Pastoral em 2 de maio de 2010, em São Leopoldo, por Pastor Sinodal.`,
    );
    // A person without minister data: the gaps show as the fields' names.
    const sem = await req('POST', '/api/oficio', {
      templateId: m.json().id,
      pessoaId: (await criarPessoa(t.banco.db, { organizacaoId: comunidadeId })).id,
    });
    expect(sem.json().texto).toContain('[Local da ordenação]');
  });
});
