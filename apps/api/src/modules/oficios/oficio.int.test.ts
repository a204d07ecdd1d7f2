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
let pessoaId: number;
let nomePessoa: string;
let pessoaAlheiaId: number;
let templateId: number;
let templateAlheioId: number;
let oficioAlheioId: number;

const req = reqCom(t, () => sinodo);
const modelo = (extra: Record<string, unknown> = {}) => ({
  organizacaoId: comunidadeId,
  nome: unico('Declaração de membresia'),
  tipoOficio: 'DECLARACAO_MEMBRESIA',
  assunto: 'Declaração de membresia de {{pessoa.nome}}',
  cabecalho: 'Paróquia Evangélica de Confissão Luterana',
  corpo: 'Declaramos que {{ pessoa.nome }}, CPF {{pessoa.cpf}}, é membro de {{organizacao.nome}}.\n\n{{oficio.data}}.',
  rodape: 'Ofício {{oficio.numero}}',
  tamanhoPapel: 'A4',
  orientacao: 'RETRATO',
  margemMm: 25,
  ...extra,
});
/** A valid CPF no other test holds: nine digits from the process and a counter, then its check digits. */
const cpfNovo = () => {
  const d = String(process.pid * 1000 + Math.floor(Math.random() * 1000))
    .padStart(9, '1')
    .slice(-9)
    .split('')
    .map(Number);
  for (const n of [9, 10]) {
    const s = d.reduce((a, v, i) => a + v * (n + 1 - i), 0);
    d.push(((s * 10) % 11) % 10);
  }
  return d.join('');
};
const cpfTela = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
let cpf: string;
const emitir = (payload: object, token = sinodo) => req('POST', '/api/oficio', payload, token);

beforeAll(async () => {
  [admin, sinodo, tesouraria] = await t.logins('admin', 'sinodo', 'tesouraria');
  const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  comunidadeId = await criarOrganizacao(t.banco.db, { organizacaoPaiId: sinodoId, nomeFantasia: unico('Comunidade') });
  alheiaId = await outroSinodo(t.banco.db);
  cpf = cpfNovo();
  const p = await criarPessoa(t.banco.db, { organizacaoId: comunidadeId, nome: 'Marta', cpf });
  pessoaId = p.id;
  nomePessoa = `Marta ${p.sobrenome}`;
  pessoaAlheiaId = (await criarPessoa(t.banco.db, { organizacaoId: alheiaId, nome: 'Alheia' })).id;
  const r = await req('POST', '/api/template-oficio', modelo({ organizacaoId: alheiaId }), admin);
  expect(r.statusCode, r.body).toBe(201);
  templateAlheioId = r.json().id;
  const o = await emitir({ templateId: templateAlheioId, pessoaId: pessoaAlheiaId }, admin);
  expect(o.statusCode, o.body).toBe(201);
  oficioAlheioId = o.json().id;
});

describe('letter templates', () => {
  it('creates, reads, updates and lists a template', async () => {
    const r = await req('POST', '/api/template-oficio', modelo());
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      tipoOficio: 'DECLARACAO_MEMBRESIA',
      ativo: true,
      mostrarEmissor: true,
      emitidos: 0,
    });
    templateId = r.json().id;
    const u = await req(
      'PUT',
      `/api/template-oficio/${templateId}`,
      modelo({ nome: 'Declaração de membresia oficial' }),
    );
    expect(u.statusCode, u.body).toBe(200);
    expect((await req('GET', `/api/template-oficio/${templateId}`)).json().nome).toBe(
      'Declaração de membresia oficial',
    );
    const lista = await req(
      'GET',
      `/api/template-oficio/paginado?organizacaoId=${comunidadeId}&nome=membresia oficial`,
    );
    expect(lista.json().itens.map((i: { id: number }) => i.id)).toEqual([templateId]);
    const opcoes = await req('GET', '/api/template-oficio/select?busca=membresia oficial');
    expect(opcoes.json()).toEqual([{ value: templateId, label: 'Declaração de membresia oficial' }]);
  });

  it('refuses an unknown merge field by its name, and a missing body', async () => {
    const r = await req('POST', '/api/template-oficio', modelo({ corpo: 'Olá {{pessoa.apelido}}' }), sinodo, 'en');
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual([{ campo: 'corpo', mensagem: 'Unknown merge field in Body: pessoa.apelido.' }]);
    const semCorpo = await req('POST', '/api/template-oficio', modelo({ corpo: '' }));
    expect(semCorpo.statusCode).toBe(400);
    expect(semCorpo.json().campos[0].campo).toBe('corpo');
    const u = await req('PUT', `/api/template-oficio/${templateId}`, modelo({ rodape: '{{x}}' }));
    expect(u.statusCode).toBe(400);
  });

  it('answers 403 to a profile without the screen', async () => {
    expect((await req('GET', '/api/template-oficio/paginado', undefined, tesouraria)).statusCode).toBe(403);
    expect((await req('POST', '/api/template-oficio', modelo(), tesouraria)).statusCode).toBe(403);
    expect((await req('PUT', `/api/template-oficio/${templateId}`, modelo(), tesouraria)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/template-oficio/${templateId}`, undefined, tesouraria)).statusCode).toBe(403);
    expect((await req('GET', `/api/template-oficio/${templateId}`, undefined, tesouraria)).statusCode).toBe(403);
  });

  it("keeps another synod's templates out of reach", async () => {
    expect((await req('GET', `/api/template-oficio/${templateAlheioId}`)).statusCode).toBe(404);
    expect((await req('PUT', `/api/template-oficio/${templateAlheioId}`, modelo())).statusCode).toBe(404);
    expect((await req('DELETE', `/api/template-oficio/${templateAlheioId}`)).statusCode).toBe(404);
    const fora = await req('POST', '/api/template-oficio', modelo({ organizacaoId: alheiaId }));
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('organizacaoId');
    const lista = await req('GET', '/api/template-oficio/paginado?quantidade=100');
    expect(lista.json().itens.map((i: { id: number }) => i.id)).not.toContain(templateAlheioId);
  });
});

describe('preview', () => {
  it('merges the form texts for a person, and shows a missing value as its label', async () => {
    const { organizacaoId, assunto, cabecalho, corpo, rodape } = modelo();
    const r = await req('POST', '/api/template-oficio/previa', {
      organizacaoId,
      assunto,
      cabecalho,
      corpo,
      rodape,
      pessoaId,
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().texto).toContain(`Declaramos que ${nomePessoa}, CPF ${cpfTela(cpf)}, é membro de`);
    expect(r.json().destinatario).toBe(nomePessoa);
    const semPessoa = await req('POST', '/api/template-oficio/previa', { organizacaoId, assunto, corpo });
    expect(semPessoa.json().texto).toContain('Declaramos que [Nome da pessoa], CPF [CPF da pessoa]');
  });

  it('refuses a missing body, a profile without the screen and a person out of scope', async () => {
    const base = { organizacaoId: comunidadeId, assunto: 'x', corpo: '{{pessoa.nome}}' };
    expect((await req('POST', '/api/template-oficio/previa', { ...base, corpo: undefined })).statusCode).toBe(400);
    expect((await req('POST', '/api/template-oficio/previa', base, tesouraria)).statusCode).toBe(403);
    const fora = await req('POST', '/api/template-oficio/previa', { ...base, pessoaId: pessoaAlheiaId });
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('pessoaId');
  });
});

describe('issuing letters', () => {
  let oficioId: number;

  it('issues a letter with the next number of the year and keeps the merged text', async () => {
    const r = await emitir({ templateId, pessoaId, data: '2031-03-15' });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      numero: 1,
      ano: 2031,
      numeroAno: '1/2031',
      destinatario: nomePessoa,
      assunto: `Declaração de membresia de ${nomePessoa}`,
      rodape: 'Ofício 1/2031',
      pessoaId,
    });
    expect(r.json().texto).toContain(`Declaramos que ${nomePessoa}, CPF ${cpfTela(cpf)}`);
    expect(r.json().texto).toContain('15 de março de 2031');
    oficioId = r.json().id;
    const segunda = await emitir({ templateId, organizacaoDestinatariaId: comunidadeId, data: '2031-04-01' });
    expect(segunda.json()).toMatchObject({ numero: 2, numeroAno: '2/2031' });
    // The stored letter reads as issued after the template changes.
    await req(
      'PUT',
      `/api/template-oficio/${templateId}`,
      modelo({ nome: 'Declaração de membresia oficial', corpo: 'Outro' }),
    );
    expect((await req('GET', `/api/oficio/${oficioId}`)).json().texto).toContain('Declaramos que');
  });

  it('numbers concurrent issues without gaps or repeats', async () => {
    const respostas = await Promise.all(
      Array.from({ length: 12 }, () => emitir({ templateId, pessoaId, data: '2032-01-10' })),
    );
    expect(respostas.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const numeros = respostas.map((r) => r.json().numero).sort((a, b) => a - b);
    expect(numeros).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('refuses no recipient, two recipients, a profile without the screen and out-of-scope names', async () => {
    expect((await emitir({ templateId })).statusCode).toBe(400);
    const dois = await emitir({ templateId, pessoaId, organizacaoDestinatariaId: comunidadeId });
    expect(dois.statusCode).toBe(400);
    expect(dois.json().campos[0].campo).toBe('pessoaId');
    expect((await emitir({ templateId, pessoaId }, tesouraria)).statusCode).toBe(403);
    const alheio = await emitir({ templateId: templateAlheioId, pessoaId });
    expect(alheio.statusCode).toBe(400);
    expect(alheio.json().campos[0].campo).toBe('templateId');
    expect((await emitir({ templateId, pessoaId: pessoaAlheiaId })).statusCode).toBe(400);
  });

  it('refuses an inactive template', async () => {
    const r = await req('POST', '/api/template-oficio', modelo({ ativo: false }));
    const inativo = await emitir({ templateId: r.json().id, pessoaId });
    expect(inativo.statusCode).toBe(409);
    expect(inativo.json().codigo).toBe('OFICIO_TEMPLATE_INATIVO');
  });

  it('lists, filters and exports the issued letters within the scope', async () => {
    const r = await req('GET', `/api/oficio/paginado?pessoaId=${pessoaId}&ano=2031`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().itens).toEqual([
      expect.objectContaining({ id: oficioId, numeroAno: '1/2031', destinatario: nomePessoa }),
    ]);
    expect(r.json().itens[0].texto).toBeUndefined();
    const porNome = await req('GET', `/api/oficio/paginado?destinatario=${encodeURIComponent('marta')}&ano=2031`);
    expect(porNome.json().total).toBe(1);
    const todos = await req('GET', '/api/oficio/paginado?quantidade=100');
    expect(todos.json().itens.map((i: { id: number }) => i.id)).not.toContain(oficioAlheioId);
    const invalido = await req('GET', '/api/oficio/paginado?dataDe=2031-02-01&dataAte=2031-01-01');
    expect(invalido.statusCode).toBe(400);
    expect((await req('GET', '/api/oficio/paginado', undefined, tesouraria)).statusCode).toBe(403);
    const csv = await req('GET', `/api/oficio/exportar?formato=csv&pessoaId=${pessoaId}&ano=2031`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('1/2031');
    expect(csv.body).toContain(nomePessoa);
    expect((await req('GET', `/api/oficio/${oficioAlheioId}`)).statusCode).toBe(404);
  });

  it('prints the letter as issued to PDF', async () => {
    const r = await req('GET', `/api/oficio/${oficioId}/pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = semEspacos(textoDoPdf(r.rawPayload));
    expect(texto).toContain(semEspacos('Ofício nº 1/2031'));
    expect(texto).toContain(semEspacos(`Declaramos que ${nomePessoa}`));
    expect(texto).toContain(semEspacos('Página 1 de 1'));
    expect((await req('GET', `/api/oficio/${oficioId}/pdf`, undefined, tesouraria)).statusCode).toBe(403);
    expect((await req('GET', `/api/oficio/${oficioAlheioId}/pdf`)).statusCode).toBe(404);
  });

  it('deletes a template logically, its letters kept', async () => {
    expect((await req('DELETE', `/api/template-oficio/${templateId}`)).statusCode).toBe(200);
    expect((await req('GET', `/api/template-oficio/${templateId}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/oficio/${oficioId}`)).statusCode).toBe(200);
  });
});

/** A rich body: a bold word, a numbered list, a merge field as a token. */
const corpoRico = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      attrs: { textAlign: 'justify' },
      content: [
        { type: 'text', text: 'Declaramos que ' },
        { type: 'campo', attrs: { campo: 'pessoa.nome' }, marks: [{ type: 'bold' }] },
        { type: 'text', text: ' é membro ' },
        { type: 'text', text: 'ativo', marks: [{ type: 'bold' }] },
        { type: 'text', text: ':' },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 1, type: null },
      content: ['batizado', 'confirmado'].map((text) => ({
        type: 'listItem',
        content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
      })),
    },
  ],
};
const pagina = { tamanhoPapel: 'A4', orientacao: 'RETRATO', margemMm: 25 };

describe('rich body', () => {
  let ricoId: number;

  it('keeps the rich body and its text as the plain body', async () => {
    const r = await req('POST', '/api/template-oficio', modelo({ corpo: 'ignorado', corpoRico }));
    expect(r.statusCode, r.body).toBe(201);
    ricoId = r.json().id;
    expect(r.json()).toMatchObject({
      corpoRico,
      corpo: 'Declaramos que {{pessoa.nome}} é membro ativo:\n\n1. batizado\n2. confirmado',
    });
    expect((await req('GET', `/api/template-oficio/${ricoId}`)).json().corpoRico).toEqual(corpoRico);
  });

  it('refuses a script node, an unknown attribute and an unknown merge field token, in the reader language', async () => {
    const script = { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'alert(1)' }] }] };
    const r = await req('POST', '/api/template-oficio', modelo({ corpoRico: script }), sinodo, 'en');
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].mensagem).toMatch(/^The formatted text holds an element that is not allowed/);
    const pt = await req('POST', '/api/template-oficio', modelo({ corpoRico: script }));
    expect(pt.json().campos[0].mensagem).toMatch(/^O texto formatado tem um elemento não permitido/);
    const estilo = { type: 'doc', content: [{ type: 'paragraph', attrs: { style: 'color:red' } }] };
    expect((await req('POST', '/api/template-oficio', modelo({ corpoRico: estilo }))).statusCode).toBe(400);
    const campo = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'campo', attrs: { campo: 'pessoa.senha' } }] }],
    };
    const c = await req('POST', '/api/template-oficio', modelo({ corpoRico: campo }), sinodo, 'en');
    expect(c.statusCode).toBe(400);
    expect(c.json().campos).toEqual([{ campo: 'corpo', mensagem: 'Unknown merge field in Body: pessoa.senha.' }]);
  });

  it('previews the form as the PDF engine prints it, for a person in scope', async () => {
    const base = { organizacaoId: comunidadeId, assunto: 'Declaração', corpo: '', corpoRico, ...pagina };
    const r = await req('POST', '/api/template-oficio/previa/pdf', { ...base, pessoaId });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    const texto = semEspacos(textoDoPdf(r.rawPayload));
    expect(texto).toContain(semEspacos(`Declaramos que ${nomePessoa} é membro ativo:`));
    expect(texto).toContain(semEspacos('1. batizado 2. confirmado'));
    expect(texto).toContain(semEspacos('Ofício nº [Número do ofício]'));
    // Without a person, the fields read as their labels.
    const semPessoa = await req('POST', '/api/template-oficio/previa/pdf', base);
    expect(semEspacos(textoDoPdf(semPessoa.rawPayload))).toContain(semEspacos('Declaramos que [Nome da pessoa]'));
  });

  it('refuses a bad preview, a profile without the screen and a person or organization out of scope', async () => {
    const base = { organizacaoId: comunidadeId, assunto: 'x', corpo: 'x', ...pagina };
    const url = '/api/template-oficio/previa/pdf';
    const ruim = await req('POST', url, { ...base, margemMm: 5 }, sinodo, 'en');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().campos[0].campo).toBe('margemMm');
    expect(
      (await req('POST', url, { ...base, corpoRico: { type: 'doc', content: [{ type: 'iframe' }] } })).statusCode,
    ).toBe(400);
    expect((await req('POST', url, base, tesouraria)).statusCode).toBe(403);
    const fora = await req('POST', url, { ...base, pessoaId: pessoaAlheiaId });
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('pessoaId');
    const orgFora = await req('POST', url, { ...base, organizacaoId: alheiaId });
    expect(orgFora.statusCode).toBe(400);
    expect(orgFora.json().campos[0].campo).toBe('organizacaoId');
  });

  it('issues a letter of the rich template: merged, printed with its list', async () => {
    const o = await emitir({ templateId: ricoId, pessoaId, data: '2031-03-01' });
    expect(o.statusCode, o.body).toBe(201);
    expect(o.json().texto).toBe(`Declaramos que ${nomePessoa} é membro ativo:\n\n1. batizado\n2. confirmado`);
    const pdf = await req('GET', `/api/oficio/${o.json().id}/pdf`);
    const texto = semEspacos(textoDoPdf(pdf.rawPayload));
    expect(texto).toContain(semEspacos(`Declaramos que ${nomePessoa} é membro ativo: 1. batizado 2. confirmado`));
    expect(pdf.rawPayload.toString('latin1')).toContain('/BaseFont /Helvetica-Bold');
  });
});

describe('demo', () => {
  it('gives the demo parish its three templates and letters issued from them', async () => {
    const [paroquia] = await t.logins('paroquia');
    const modelos = await req('GET', '/api/template-oficio/paginado?nome=&quantidade=100', undefined, paroquia);
    const nomes = modelos.json().itens.map((m: { nome: string }) => m.nome);
    expect(nomes).toEqual(
      expect.arrayContaining(['Carta de transferência', 'Declaração de membresia', 'Convite para o culto festivo']),
    );
    const emitidos = await req('GET', '/api/oficio/paginado?ordem=asc&quantidade=100', undefined, paroquia);
    const demo = emitidos
      .json()
      .itens.filter((o: { templateNome: string }) => o.templateNome === 'Convite para o culto festivo');
    expect(demo.length).toBeGreaterThan(0);
    expect(demo[0].assunto).toBe('Convite: culto festivo de aniversário da paróquia');
  });
});
