import type { AddressInfo } from 'node:net';
import { atendimentoDetalhe, atendimentoResumo, paged } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import {
  emailsPara,
  historicoDe,
  organizacaoPorNome,
  outroSinodo,
  parse,
  usuarioPorEmail,
} from '../../../test/fabricas.js';
import { construirApp } from '../../app.js';
import { lerConfig } from '../../config.js';

/** Service tickets: the four queues, triage, status with opinion, internal comments, attachments, scope. */
const t = usarAppTeste();
let admin: string;
let paroquia: string;
let atendente: string;
let sinodoSecretaria: string;
let tesouraria: string;
let orgSinodo: number;
let orgOutroSinodo: number;
let categoriaId: number;
let timeId: number;
let usuarioParoquia: number;
let usuarioAtendente: number;

const MEUS = '/api/atendimento-meus-atendimentos';
const CAIXA = '/api/atendimento-caixa-entrada';
const TRIAGEM = '/api/atendimento-triagem';
const GERAL = '/api/atendimento-solicitacoes-geral';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

const novo = (extra: object = {}) => ({
  assunto: 'Certidão de batismo',
  descricao: 'Preciso da certidão de batismo de Maria Schmidt (1987).',
  categoriaAtendimentoId: categoriaId,
  organizacaoDestinoId: orgSinodo,
  responsavelUsuarioId: usuarioParoquia,
  ...extra,
});

async function abrir(extra: object = {}, token = paroquia, fila = MEUS) {
  const r = await t.req({ method: 'POST', url: fila, token, payload: novo(extra) });
  expect(r.statusCode, r.body).toBe(201);
  return parse(atendimentoDetalhe, r);
}

const ids = async (url: string, token: string) =>
  parse(
    paged(atendimentoResumo),
    await t.req({ method: 'GET', url: `${url}/paginado?quantidade=100`, token }),
  ).itens.map((i) => i.id);

const emails = (para: string) => emailsPara(t.banco.db, para);

beforeAll(async () => {
  [admin, paroquia, atendente, sinodoSecretaria, tesouraria] = await t.logins(
    'admin',
    'paroquia',
    'atendimento',
    'sinodo',
    'tesouraria',
  );
  const db = t.banco.db;
  orgSinodo = await organizacaoPorNome(db, 'Sínodo Rio dos Sinos');
  orgOutroSinodo = await outroSinodo(db);
  [{ id: categoriaId }] = await db.select({ id: schema.categoriaAtendimento.id }).from(schema.categoriaAtendimento);
  [{ id: timeId }] = await db
    .select({ id: schema.time.id })
    .from(schema.time)
    .where(eq(schema.time.nome, 'Secretaria do Sínodo'));
  usuarioParoquia = await usuarioPorEmail(db, 'paroquia@sig.local');
  usuarioAtendente = await usuarioPorEmail(db, 'atendimento@sig.local');
});

describe('opening a ticket', () => {
  it('gives a readable unique protocol, status open and a creation activity', async () => {
    const a = await abrir();
    expect(a.protocolo).toMatch(/^\d{4}-\d{6}$/);
    expect(a.status).toBe('ABERTO');
    const b = await abrir();
    expect(b.protocolo).not.toBe(a.protocolo);
    const lido = (await t.req({ method: 'GET', url: `${MEUS}/${a.id}`, token: paroquia })).json();
    expect(lido).toMatchObject({ solicitanteNome: 'Paula Paroquial', organizacaoDestinoNome: 'Sínodo Rio dos Sinos' });
    expect(lido.atividades).toEqual([expect.objectContaining({ tipo: 'CRIACAO', statusNovo: 'ABERTO' })]);
  });

  it('requires the responsible (spec §5), with a localized message, and writes nothing', async () => {
    const antes = await ids(MEUS, paroquia);
    const { responsavelUsuarioId: _r, ...sem } = novo();
    const r = await t.req({ method: 'POST', url: MEUS, token: paroquia, payload: sem });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual([
      { campo: 'responsavelUsuarioId', mensagem: 'Por favor, informe o campo Responsável' },
    ]);
    const en = await t.req({ method: 'POST', url: MEUS, token: paroquia, payload: sem, idioma: 'en' });
    expect(en.json().campos[0].mensagem).toBe('Please inform the field Responsible');
    expect(await ids(MEUS, paroquia)).toEqual(antes);
  });

  it('refuses a destination outside the organizations above or below the user', async () => {
    const r = await t.req({
      method: 'POST',
      url: MEUS,
      token: paroquia,
      payload: novo({ organizacaoDestinoId: orgOutroSinodo }),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('organizacaoDestinoId');
  });

  it('asks for the characteristics the category classes require', async () => {
    const carac = await t.req({
      method: 'POST',
      url: '/api/caracteristica',
      token: admin,
      payload: { nome: 'Livro do registro', opcoes: [] },
    });
    expect(carac.statusCode, carac.body).toBe(201);
    const classe = await t.req({
      method: 'POST',
      url: '/api/classe',
      token: admin,
      payload: {
        nome: 'Registro de batismo',
        caracteristicas: [{ caracteristicaId: carac.json().id, obrigatorio: true }],
      },
    });
    expect(classe.statusCode, classe.body).toBe(201);
    const cat = await t.req({
      method: 'POST',
      url: '/api/categoria-atendimentos',
      token: atendente,
      payload: { nome: 'Registros', icone: 'documento', classes: [{ classeId: classe.json().id }] },
    });
    expect(cat.statusCode, cat.body).toBe(201);
    const form = (await t.req({ method: 'GET', url: `${MEUS}/categorias/${cat.json().id}`, token: paroquia })).json();
    expect(form.caracteristicas).toEqual([
      expect.objectContaining({ caracteristicaId: carac.json().id, nome: 'Livro do registro', obrigatorio: true }),
    ]);
    const sem = await t.req({
      method: 'POST',
      url: MEUS,
      token: paroquia,
      payload: novo({ categoriaAtendimentoId: cat.json().id }),
    });
    expect(sem.statusCode).toBe(400);
    const com = await abrir({
      categoriaAtendimentoId: cat.json().id,
      caracteristicas: [{ caracteristicaId: carac.json().id, valor: '1987' }],
    });
    const lido = (await t.req({ method: 'GET', url: `${MEUS}/${com.id}`, token: paroquia })).json();
    expect(lido.caracteristicas).toEqual([{ caracteristicaId: carac.json().id, valor: '1987' }]);
  });
});

describe('queues: who sees what', () => {
  it('requester, triage, inbox and general queue each see their tickets; triage hands one to a team', async () => {
    const a = await abrir({ observadores: [usuarioAtendente] });
    expect(await ids(MEUS, paroquia)).toContain(a.id);
    expect(await ids(TRIAGEM, atendente)).toContain(a.id);
    expect(await ids(CAIXA, atendente)).not.toContain(a.id);
    expect(await ids(GERAL, atendente)).toContain(a.id);

    const semParecer = await t.req({
      method: 'POST',
      url: `${TRIAGEM}/${a.id}/triagem`,
      token: atendente,
      payload: { timeId, responsavelUsuarioId: usuarioAtendente },
    });
    expect(semParecer.statusCode).toBe(400);
    const triado = await t.req({
      method: 'POST',
      url: `${TRIAGEM}/${a.id}/triagem`,
      token: atendente,
      payload: { timeId, responsavelUsuarioId: usuarioAtendente, parecer: 'Encaminhado à secretaria.' },
    });
    expect(triado.statusCode, triado.body).toBe(200);
    expect(triado.json()).toMatchObject({
      timeNome: 'Secretaria do Sínodo',
      status: 'EM_ANALISE',
      responsavelNome: 'Ana Atendente',
    });
    expect(await ids(TRIAGEM, atendente)).not.toContain(a.id);
    expect(await ids(CAIXA, atendente)).toContain(a.id);
    // Out of the triage queue, the ticket is not found there any more.
    expect((await t.req({ method: 'GET', url: `${TRIAGEM}/${a.id}`, token: atendente })).statusCode).toBe(404);
  });

  it('a queue needs its permission: 403 without it', async () => {
    for (const [url, token] of [
      [GERAL, paroquia],
      [CAIXA, paroquia],
      [TRIAGEM, paroquia],
      [MEUS, tesouraria],
      [MEUS, sinodoSecretaria],
    ] as const) {
      const r = await t.req({ method: 'GET', url: `${url}/paginado`, token });
      expect(r.statusCode, url).toBe(403);
    }
    const criar = await t.req({ method: 'POST', url: MEUS, token: tesouraria, payload: novo() });
    expect(criar.statusCode).toBe(403);
  });

  it('out of the organization scope is 404, for reading and for writing', async () => {
    // The administrator (national church) sends one to another synod: Ana's synod does not see it.
    const fora = await abrir(
      { organizacaoDestinoId: orgOutroSinodo, responsavelUsuarioId: usuarioAtendente },
      admin,
      GERAL,
    );
    expect(await ids(TRIAGEM, atendente)).not.toContain(fora.id);
    expect(await ids(GERAL, atendente)).not.toContain(fora.id);
    for (const url of [`${GERAL}/${fora.id}`, `${TRIAGEM}/${fora.id}`, `${MEUS}/${fora.id}`]) {
      expect((await t.req({ method: 'GET', url, token: atendente })).statusCode, url).toBe(404);
    }
    const mudar = await t.req({
      method: 'POST',
      url: `${GERAL}/${fora.id}/status`,
      token: atendente,
      payload: { status: 'CANCELADO', parecer: 'Não é nosso.' },
    });
    expect(mudar.statusCode).toBe(404);
    expect((await t.req({ method: 'GET', url: `${GERAL}/${fora.id}`, token: admin })).json().status).toBe('ABERTO');
  });

  it('the hidden status takes a ticket off the requester’s list', async () => {
    const a = await abrir();
    const r = await t.req({
      method: 'POST',
      url: `${GERAL}/${a.id}/status`,
      token: atendente,
      payload: { status: 'OCULTO', parecer: 'Duplicado de outro pedido.' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await ids(MEUS, paroquia)).not.toContain(a.id);
    expect((await t.req({ method: 'GET', url: `${MEUS}/${a.id}`, token: paroquia })).statusCode).toBe(404);
  });

  it('filters by status and subject, exports what the list shows', async () => {
    const a = await abrir({ assunto: 'Declaração de membresia Krüger' });
    const r = await t.req({ method: 'GET', url: `${MEUS}/paginado?busca=kruger&status=ABERTO`, token: paroquia });
    expect(r.json().itens.map((i: { id: number }) => i.id)).toEqual([a.id]);
    const porProtocolo = await t.req({ method: 'GET', url: `${MEUS}/paginado?busca=${a.protocolo}`, token: paroquia });
    expect(porProtocolo.json().total).toBe(1);
    const periodo = await t.req({
      method: 'GET',
      url: `${MEUS}/paginado?periodoDe=2026-02-01&periodoAte=2026-01-01`,
      token: paroquia,
    });
    expect(periodo.statusCode).toBe(400);
    const csv = await t.req({ method: 'GET', url: `${MEUS}/exportar?busca=kruger`, token: paroquia });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(a.protocolo);
    expect(csv.body).toContain('Aberto');
  });
});

describe('status, comments and tasks', () => {
  it('a status change needs an opinion; it is kept in the history and mailed to those involved', async () => {
    const a = await abrir({ observadores: [usuarioAtendente] });
    const antes = (await emails('paroquia@sig.local')).length;
    const sem = await t.req({
      method: 'POST',
      url: `${GERAL}/${a.id}/status`,
      token: atendente,
      payload: { status: 'EM_ANDAMENTO' },
    });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().campos).toEqual([{ campo: 'parecer', mensagem: 'Por favor, informe o campo Parecer' }]);
    expect((await t.req({ method: 'GET', url: `${GERAL}/${a.id}`, token: atendente })).json().status).toBe('ABERTO');

    const ok = await t.req({
      method: 'POST',
      url: `${GERAL}/${a.id}/status`,
      token: atendente,
      payload: { status: 'EM_ANDAMENTO', parecer: 'Buscando no livro de registros.' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().atividades.at(-1)).toMatchObject({
      tipo: 'STATUS',
      statusAnterior: 'ABERTO',
      statusNovo: 'EM_ANDAMENTO',
      parecer: 'Buscando no livro de registros.',
      autor: 'Ana Atendente',
    });
    const novos = (await emails('paroquia@sig.local')).slice(antes);
    expect(novos).toHaveLength(1);
    expect(novos[0]!.assunto).toBe(`SIG - Atendimento ${a.protocolo}: Em andamento`);
    expect(novos[0]!.texto).toContain('Buscando no livro de registros.');
    const historico = await t.banco.db
      .select()
      .from(schema.historicoAlteracao)
      .where(
        and(eq(schema.historicoAlteracao.entidade, 'atendimento'), eq(schema.historicoAlteracao.entidadeId, a.id)),
      );
    expect(historico.map((h) => h.campo)).toContain('status');
  });

  it('an internal comment never reaches the requester, nor can the requester write one', async () => {
    const a = await abrir();
    const antes = (await emails('paroquia@sig.local')).length;
    const interno = await t.req({
      method: 'POST',
      url: `${GERAL}/${a.id}/comentarios`,
      token: atendente,
      payload: { texto: 'Conferir com o pastor antes.', interno: true },
    });
    expect(interno.statusCode, interno.body).toBe(200);
    await t.req({
      method: 'POST',
      url: `${GERAL}/${a.id}/comentarios`,
      token: atendente,
      payload: { texto: 'Recebemos seu pedido.' },
    });
    const agente = (await t.req({ method: 'GET', url: `${GERAL}/${a.id}`, token: atendente })).json();
    expect(agente.comentarios.map((c: { texto: string }) => c.texto)).toEqual([
      'Conferir com o pastor antes.',
      'Recebemos seu pedido.',
    ]);
    const solicitante = (await t.req({ method: 'GET', url: `${MEUS}/${a.id}`, token: paroquia })).json();
    expect(solicitante.comentarios.map((c: { texto: string }) => c.texto)).toEqual(['Recebemos seu pedido.']);
    const mails = (await emails('paroquia@sig.local')).slice(antes);
    expect(mails.map((m) => m.texto).join()).not.toContain('pastor');

    const tentativa = await t.req({
      method: 'POST',
      url: `${MEUS}/${a.id}/comentarios`,
      token: paroquia,
      payload: { texto: 'Nota minha', interno: true },
    });
    expect(tentativa.statusCode).toBe(403);
    const resposta = await t.req({
      method: 'POST',
      url: `${MEUS}/${a.id}/comentarios`,
      token: paroquia,
      payload: { texto: 'Obrigada!' },
    });
    expect(resposta.statusCode).toBe(200);
    // The requester's queue changes no status: that call does not exist there.
    const status = await t.req({
      method: 'POST',
      url: `${MEUS}/${a.id}/status`,
      token: paroquia,
      payload: { status: 'CONCLUIDO', parecer: 'x' },
    });
    expect(status.statusCode).toBe(404);
  });

  it('tasks are assigned with a due date, concluded and reopened', async () => {
    const a = await abrir();
    const criada = await t.req({
      method: 'POST',
      url: `${GERAL}/${a.id}/tarefas`,
      token: atendente,
      payload: { descricao: 'Digitalizar o livro', responsavelUsuarioId: usuarioAtendente, prazo: '2026-12-01' },
    });
    expect(criada.statusCode, criada.body).toBe(200);
    const tarefa = criada.json().tarefas[0];
    expect(tarefa).toMatchObject({ responsavelNome: 'Ana Atendente', prazo: '2026-12-01', concluidaEm: null });
    const concluida = await t.req({
      method: 'PUT',
      url: `${GERAL}/${a.id}/tarefas/${tarefa.id}`,
      token: atendente,
      payload: { concluida: true },
    });
    expect(concluida.json().tarefas[0].concluidaEm).not.toBeNull();
    const reaberta = await t.req({
      method: 'PUT',
      url: `${GERAL}/${a.id}/tarefas/${tarefa.id}`,
      token: atendente,
      payload: { concluida: false },
    });
    expect(reaberta.json().tarefas[0].concluidaEm).toBeNull();
    const invalida = await t.req({
      method: 'POST',
      url: `${GERAL}/${a.id}/tarefas`,
      token: atendente,
      payload: { descricao: 'Sem prazo válido', responsavelUsuarioId: usuarioAtendente, prazo: '2026-02-30' },
    });
    expect(invalida.statusCode).toBe(400);
  });

  it('an edit keeps the change history and requires the responsible', async () => {
    const a = await abrir();
    const r = await t.req({
      method: 'PUT',
      url: `${GERAL}/${a.id}`,
      token: atendente,
      payload: novo({ assunto: 'Certidão de confirmação', dataRetornoPrevista: '2026-12-10' }),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ assunto: 'Certidão de confirmação', dataRetornoPrevista: '2026-12-10' });
    const [h] = await historicoDe(t.banco.db, 'atendimento', a.id, { campo: 'assunto' });
    expect(h).toMatchObject({ valorAnterior: 'Certidão de batismo', valorNovo: 'Certidão de confirmação' });
    const { responsavelUsuarioId: _r, ...sem } = novo();
    expect((await t.req({ method: 'PUT', url: `${GERAL}/${a.id}`, token: atendente, payload: sem })).statusCode).toBe(
      400,
    );
  });
});

describe('attachments', () => {
  const anexar = (id: number, conteudo: Buffer, tipoConteudo = 'application/pdf', token = paroquia) =>
    t.req({
      method: 'POST',
      url: `${MEUS}/${id}/anexos`,
      token,
      payload: { nomeArquivo: 'certidao.pdf', tipoConteudo, conteudo: conteudo.toString('base64') },
    });

  it('stores a document, refuses the same one twice, and lets it be downloaded', async () => {
    const a = await abrir();
    const r = await anexar(a.id, PDF);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().anexos).toEqual([expect.objectContaining({ nomeArquivo: 'certidao.pdf', tamanho: PDF.length })]);
    const dup = await anexar(a.id, PDF);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ codigo: 'DOCUMENTO_DUPLICADO', mensagem: 'Você já informou este documento.' });
    const baixado = await t.req({
      method: 'GET',
      url: `${MEUS}/${a.id}/anexos/${r.json().anexos[0].id}`,
      token: paroquia,
    });
    expect(baixado.statusCode).toBe(200);
    expect(baixado.rawPayload.equals(PDF)).toBe(true);
    // The agent sees it too; someone outside the scope does not.
    expect((await t.req({ method: 'GET', url: `${GERAL}/${a.id}`, token: atendente })).json().anexos).toHaveLength(1);
    const removido = await t.req({
      method: 'DELETE',
      url: `${MEUS}/${a.id}/anexos/${r.json().anexos[0].id}`,
      token: paroquia,
    });
    expect(removido.json().anexos).toEqual([]);
    // Removed, it may be attached again.
    expect((await anexar(a.id, PDF)).statusCode).toBe(200);
  });

  it('refuses types outside the allow-list, content that is not what it claims, and files over the limit', async () => {
    const a = await abrir();
    const exe = await anexar(a.id, Buffer.from('MZ...'), 'application/x-msdownload');
    expect(exe.statusCode).toBe(400);
    expect(exe.json().campos[0]).toMatchObject({ campo: 'tipoConteudo' });
    expect(exe.json().campos[0].mensagem).toContain('Tipo de arquivo não permitido');
    const falso = await anexar(a.id, Buffer.from('<html>not a pdf</html>'));
    expect(falso.statusCode).toBe(400);
    const grande = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    grande.write('%PDF-');
    const r = await anexar(a.id, grande);
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].mensagem).toBe('O arquivo passa do limite de 5 MB.');
    expect((await t.req({ method: 'GET', url: `${MEUS}/${a.id}`, token: paroquia })).json().anexos).toEqual([]);
  });

  it('opens the container: any zip is not a document, PNG magic before a page is not an image', async () => {
    const a = await abrir();
    const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const tipos = strToU8(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="${DOCX}.main+xml"/></Types>`,
    );
    const documento = Buffer.from(
      zipSync({ '[Content_Types].xml': tipos, 'word/document.xml': strToU8('<w:document/>') }),
    );
    const recusas = [
      [Buffer.from(zipSync({ 'script.js': strToU8('alert(1)') })), DOCX],
      [Buffer.from(zipSync({ '[Content_Types].xml': tipos })), DOCX],
      [
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html></html>')]),
        'image/png',
      ],
    ] as const;
    for (const [conteudo, tipo] of recusas) {
      const r = await anexar(a.id, conteudo, tipo);
      expect(r.statusCode).toBe(400);
      expect(r.json().campos[0]).toEqual({
        campo: 'tipoConteudo',
        mensagem: 'O conteúdo do arquivo não corresponde ao tipo informado ou o arquivo está corrompido.',
      });
    }
    const bomba = Buffer.from(
      zipSync({ '[Content_Types].xml': tipos, 'word/document.xml': new Uint8Array(60 * 1024 * 1024) }),
    );
    const r = await anexar(a.id, bomba, DOCX);
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0]).toEqual({
      campo: 'conteudo',
      mensagem: 'O arquivo descompactado passa do limite de 50 MB.',
    });
    const aceito = await anexar(a.id, documento, DOCX);
    expect(aceito.statusCode, aceito.body).toBe(200);
    expect(aceito.json().anexos).toHaveLength(1);
  });
});

describe('indicator /indicadores/atendimentos', () => {
  const IND = '/api/indicadores/atendimentos';
  it('counts the tickets sent to the scope by status, category, organization, bucket by bucket and against the previous period', async () => {
    const antes = (await t.req({ method: 'GET', url: IND, token: atendente })).json();
    await abrir();
    const r = await t.req({ method: 'GET', url: IND, token: atendente });
    expect(r.statusCode, r.body).toBe(200);
    const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    // The month so far, by day: its last ten days at most, which the total counts.
    const dias = Math.min(10, Number(hoje.slice(8)));
    expect(r.json()).toMatchObject({
      periodoAte: hoje,
      total: antes.total + 1,
      recortado: dias === 10 && hoje.slice(8) !== '10',
    });
    expect(r.json().serie).toHaveLength(dias);
    expect(r.json().periodoDe).toBe(r.json().serie[0].de);
    expect(r.json().total).toBe(r.json().serie.reduce((s: number, b: { total: number }) => s + b.total, 0));
    expect(r.json().anterior.total).toBe(
      r.json().serieAnterior.reduce((s: number, b: { total: number }) => s + b.total, 0),
    );
    expect(r.json().porOrganizacao).toContainEqual({ chave: 'Sínodo Rio dos Sinos', total: expect.any(Number) });
    expect(r.json().porStatus.find((s: { chave: string }) => s.chave === 'ABERTO').total).toBeGreaterThan(0);
    expect(r.json().serie.at(-1)).toMatchObject({ chave: hoje, ate: hoje });
    const meses = (await t.req({ method: 'GET', url: `${IND}?periodo=1`, token: atendente })).json();
    expect(meses.serie.at(-1).chave).toBe(hoje.slice(0, 7));
    const anos = (await t.req({ method: 'GET', url: `${IND}?periodo=2`, token: atendente })).json();
    expect(anos.serie.map((b: { chave: string }) => b.chave)).toContain(hoje.slice(0, 4));
  });

  it('refuses a period ending before it starts (400), a profile without it (403), an organization outside the scope (404)', async () => {
    const r = await t.req({
      method: 'GET',
      url: `${IND}?periodoDe=2026-02-01&periodoAte=2026-01-01`,
      token: atendente,
    });
    expect(r.statusCode).toBe(400);
    expect((await t.req({ method: 'GET', url: IND, token: paroquia })).statusCode).toBe(403);
    const fora = await t.req({ method: 'GET', url: `${IND}?organizacaoId=${orgOutroSinodo}`, token: atendente });
    expect(fora.statusCode).toBe(404);
    const propria = await t.req({ method: 'GET', url: `${IND}?somenteMinhaOrganizacao=true`, token: atendente });
    expect(propria.json().porOrganizacao.map((o: { chave: string }) => o.chave)).toEqual(['Sínodo Rio dos Sinos']);
  });
});

describe('hub', () => {
  it('streams an event, carrying only the id, to the screens of another instance on the same database', async () => {
    // A second API process over the same database, as when scaling out (docs/ARCHITECTURE.md).
    const outra = await construirApp({
      config: lerConfig({
        SIG_ENV: 'development',
        SIG_SECRET: 'segredo-de-teste-com-32-caracteres!!',
        DATA_DIR: '/tmp/sig-test-data',
        LOG_LEVEL: 'silent',
      }),
      banco: t.banco,
      logger: false,
    });
    try {
      await outra.listen({ port: 0, host: '127.0.0.1' });
      const { port } = outra.server.address() as AddressInfo;
      const controle = new AbortController();
      const resposta = await fetch(`http://127.0.0.1:${port}/api/hub`, {
        headers: { authorization: `Bearer ${atendente}` },
        signal: controle.signal,
      });
      expect(resposta.headers.get('content-type')).toContain('text/event-stream');
      const leitor = resposta.body!.getReader();
      const a = await abrir();
      let texto = '';
      while (!texto.includes('event: atendimento')) {
        const { value } = await leitor.read();
        texto += new TextDecoder().decode(value);
      }
      expect(texto).toContain(`data: {"tipo":"atendimento","id":${a.id}}`);
      controle.abort();
      const semToken = await fetch(`http://127.0.0.1:${port}/api/hub`);
      expect(semToken.status).toBe(401);
    } finally {
      await outra.close();
    }
  });
});

describe('field permissions (spec §6)', () => {
  const ACESSO_GERAL = 'AtendimentoSolicitacoesGeral';

  it('a hidden responsible is left out of the general queue, the ticket and the export; an edit keeps it', async () => {
    const a = await abrir({ dataRetornoPrevista: null });
    const desfazer = await t.regrasCampo('Atendimento', [
      { acesso: ACESSO_GERAL, campo: 'responsavelUsuarioId', visualizar: false, atualizar: null },
    ]);
    try {
      const agente = await t.login('atendimento@sig.local');
      const lista = (await t.req({ method: 'GET', url: `${GERAL}/paginado?quantidade=100`, token: agente })).json();
      const item = lista.itens.find((i: { id: number }) => i.id === a.id);
      expect(item).toBeDefined();
      expect(item).not.toHaveProperty('responsavelNome');
      const lido = (await t.req({ method: 'GET', url: `${GERAL}/${a.id}`, token: agente })).json();
      expect(lido).not.toHaveProperty('responsavelUsuarioId');
      expect(lido).not.toHaveProperty('responsavelNome');
      expect(lido).toHaveProperty('dataRetornoPrevista');
      const csv = await t.req({ method: 'GET', url: `${GERAL}/exportar?formato=csv`, token: agente });
      const linhaCsv = csv.body.split('\r\n').find((l) => l.startsWith(`${a.protocolo};`))!;
      // Requester and responsible are both Paula: only the requester's column names her.
      expect(linhaCsv.match(/Paula Paroquial/g)).toHaveLength(1);
      // The other queues' screens are not touched by the general queue's rule.
      const caixa = await t.req({ method: 'GET', url: `${TRIAGEM}/${a.id}`, token: agente });
      expect(caixa.json()).toMatchObject({ responsavelUsuarioId: usuarioParoquia });

      // Saved without the hidden field: the ticket keeps its responsible.
      const { responsavelUsuarioId: _r, ...semResponsavel } = novo({ assunto: 'Assunto revisto' });
      const salvo = await t.req({ method: 'PUT', url: `${GERAL}/${a.id}`, token: agente, payload: semResponsavel });
      expect(salvo.statusCode, salvo.body).toBe(200);
      const [linha] = await t.banco.db.select().from(schema.atendimento).where(eq(schema.atendimento.id, a.id));
      expect(linha).toMatchObject({ assunto: 'Assunto revisto', responsavelUsuarioId: usuarioParoquia });
      // Sent with another value, it is refused naming the field.
      const outro = await t.req({
        method: 'PUT',
        url: `${GERAL}/${a.id}`,
        token: agente,
        payload: novo({ responsavelUsuarioId: usuarioAtendente }),
      });
      expect(outro.statusCode).toBe(403);
      expect(outro.json()).toMatchObject({ codigo: 'CAMPO_SEM_PERMISSAO' });
      expect(outro.json().campos).toEqual([expect.objectContaining({ campo: 'responsavelUsuarioId' })]);
    } finally {
      await desfazer();
    }
    // Without the rule, leaving the responsible out of an edit is still the §5 error.
    const { responsavelUsuarioId: _r, ...sem } = novo();
    const r = await t.req({ method: 'PUT', url: `${GERAL}/${a.id}`, token: atendente, payload: sem });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual([
      { campo: 'responsavelUsuarioId', mensagem: 'Por favor, informe o campo Responsável' },
    ]);
  });

  it('locked fields are shown but an update changing them is refused with a localized message, nothing changed', async () => {
    const a = await abrir({ dataRetornoPrevista: '2030-01-10' });
    const desfazer = await t.regrasCampo('Atendimento', [
      { acesso: ACESSO_GERAL, campo: 'dataRetornoPrevista', visualizar: null, atualizar: false },
      { acesso: ACESSO_GERAL, campo: 'classificacaoId', visualizar: null, atualizar: false },
      { acesso: ACESSO_GERAL, campo: 'responsavelUsuarioId', visualizar: null, atualizar: false },
    ]);
    try {
      const agente = await t.login('atendimento@sig.local');
      const lido = (await t.req({ method: 'GET', url: `${GERAL}/${a.id}`, token: agente })).json();
      expect(lido).toMatchObject({ dataRetornoPrevista: '2030-01-10', responsavelUsuarioId: usuarioParoquia });

      const r = await t.req({
        method: 'PUT',
        url: `${GERAL}/${a.id}`,
        token: agente,
        payload: novo({ assunto: 'Mudou', dataRetornoPrevista: '2030-02-01' }),
      });
      expect(r.statusCode).toBe(403);
      expect(r.json().codigo).toBe('CAMPO_SEM_PERMISSAO');
      expect(r.json().mensagem).toMatch(/^Sem permissão para alterar o campo/);
      const en = await t.req({
        method: 'PUT',
        url: `${GERAL}/${a.id}`,
        token: agente,
        idioma: 'en',
        payload: novo({ dataRetornoPrevista: '2030-02-01' }),
      });
      expect(en.json().mensagem).toMatch(/^No permission to change the field/);
      const [linha] = await t.banco.db.select().from(schema.atendimento).where(eq(schema.atendimento.id, a.id));
      expect(linha).toMatchObject({ assunto: 'Certidão de batismo', dataRetornoPrevista: '2030-01-10' });

      // The same values sent back (a disabled field in the form) are fine.
      const igual = await t.req({
        method: 'PUT',
        url: `${GERAL}/${a.id}`,
        token: agente,
        payload: novo({ assunto: 'Mudou', dataRetornoPrevista: '2030-01-10' }),
      });
      expect(igual.statusCode, igual.body).toBe(200);
      expect(igual.json()).toMatchObject({ assunto: 'Mudou', dataRetornoPrevista: '2030-01-10' });

      // Triage may not hand it to another responsible; without one, the ticket keeps its own.
      await t.regrasCampo('Atendimento', [
        { acesso: 'AtendimentoTriagem', campo: 'responsavelUsuarioId', visualizar: null, atualizar: false },
      ]);
      const agente2 = await t.login('atendimento@sig.local');
      const negada = await t.req({
        method: 'POST',
        url: `${TRIAGEM}/${a.id}/triagem`,
        token: agente2,
        payload: { timeId, responsavelUsuarioId: usuarioAtendente, parecer: 'Para o time.' },
      });
      expect(negada.statusCode).toBe(403);
      const triada = await t.req({
        method: 'POST',
        url: `${TRIAGEM}/${a.id}/triagem`,
        token: agente2,
        payload: { timeId, parecer: 'Para o time.' },
      });
      expect(triada.statusCode, triada.body).toBe(200);
      expect(triada.json()).toMatchObject({ timeId, responsavelUsuarioId: usuarioParoquia });
    } finally {
      await desfazer();
      await t.banco.db.delete(schema.perfilCampo).where(eq(schema.perfilCampo.acesso, 'AtendimentoTriagem'));
    }
  });

  it('a requester whose parent-ticket field is locked cannot set it on a new ticket (403), and nothing is opened', async () => {
    const desfazer = await t.regrasCampo('Secretaria Paroquial', [
      { acesso: 'AtendimentoMeusAtendimentos', campo: 'atendimentoPaiId', visualizar: null, atualizar: false },
    ]);
    try {
      const solicitante = await t.login('paroquia@sig.local');
      const antes = await ids(MEUS, solicitante);
      const pai = antes[0]!;
      const r = await t.req({
        method: 'POST',
        url: MEUS,
        token: solicitante,
        payload: novo({ atendimentoPaiId: pai }),
      });
      expect(r.statusCode).toBe(403);
      expect(r.json().campos).toEqual([expect.objectContaining({ campo: 'atendimentoPaiId' })]);
      expect(await ids(MEUS, solicitante)).toEqual(antes);
      // Left out, the ticket opens (the responsible defaults to what the form sends).
      const ok = await t.req({ method: 'POST', url: MEUS, token: solicitante, payload: novo() });
      expect(ok.statusCode, ok.body).toBe(201);
    } finally {
      await desfazer();
    }
  });

  it('hidden characteristics leave the ticket; a ticket out of scope stays not found whatever the rules (404)', async () => {
    const desfazer = await t.regrasCampo('Atendimento', [
      { acesso: ACESSO_GERAL, campo: 'caracteristicas', visualizar: false, atualizar: null },
    ]);
    try {
      const agente = await t.login('atendimento@sig.local');
      const a = await abrir();
      const lido = (await t.req({ method: 'GET', url: `${GERAL}/${a.id}`, token: agente })).json();
      expect(lido).not.toHaveProperty('caracteristicas');
      const fora = await abrir(
        { organizacaoDestinoId: orgOutroSinodo, responsavelUsuarioId: usuarioAtendente },
        admin,
        GERAL,
      );
      expect((await t.req({ method: 'GET', url: `${GERAL}/${fora.id}`, token: agente })).statusCode).toBe(404);
      const put = await t.req({ method: 'PUT', url: `${GERAL}/${fora.id}`, token: agente, payload: novo() });
      expect(put.statusCode).toBe(404);
    } finally {
      await desfazer();
    }
  });
});

describe('counting a long queue', () => {
  it('stops 1,000 past the page asked for, saying the total is not exact', async () => {
    await t.banco.db.execute(sql`
      insert into atendimento (protocolo, assunto, descricao, categoria_atendimento_id, solicitante_usuario_id,
        organizacao_origem_id, organizacao_destino_id, responsavel_usuario_id, status)
      select 'CONT-' || g, 'Pedido ' || g, 'Descrição', ${categoriaId}, ${usuarioParoquia},
        (select organizacao_origem_id from atendimento where solicitante_usuario_id = ${usuarioParoquia} limit 1),
        ${orgSinodo}, ${usuarioParoquia}, 'ABERTO'
      from generate_series(1, 1100) g`);
    const pagina = async (n: number) =>
      (await t.req({ method: 'GET', url: `${MEUS}/paginado?pagina=${n}&quantidade=10`, token: paroquia })).json();
    const primeira = await pagina(1);
    expect(primeira).toMatchObject({ total: 1000, totalExato: false });
    expect(primeira.itens).toHaveLength(10);
    // Further on, the count reaches further: the last pages are still reachable, and exact.
    const adiante = await pagina(100);
    expect(adiante.totalExato).toBe(true);
    expect(adiante.total).toBeGreaterThan(1100);
  });
});

describe('the inbox first page', () => {
  it('pages newest first, as sorting by creation date does, with and without filters; the counts agree', async () => {
    for (let i = 0; i < 3; i++) {
      const a = await abrir();
      await t.req({
        method: 'POST',
        url: `${TRIAGEM}/${a.id}/triagem`,
        token: atendente,
        payload: { timeId, responsavelUsuarioId: usuarioAtendente, parecer: 'Para o time.' },
      });
    }
    for (const filtro of ['', '&status=EM_ANALISE', '&status=CONCLUIDO']) {
      for (const pagina of [1, 2]) {
        const url = `${CAIXA}/paginado?pagina=${pagina}&quantidade=2${filtro}`;
        const padrao = (await t.req({ method: 'GET', url, token: atendente })).json();
        const direta = (
          await t.req({ method: 'GET', url: `${url}&ordenarPor=criadoEm&ordem=desc`, token: atendente })
        ).json();
        expect(
          padrao.itens.map((i: { id: number }) => i.id),
          url,
        ).toEqual(direta.itens.map((i: { id: number }) => i.id));
        expect(padrao.total).toBe(direta.total);
      }
    }
    const primeira = (await t.req({ method: 'GET', url: `${CAIXA}/paginado?quantidade=2`, token: atendente })).json();
    expect(primeira.itens).toHaveLength(2);
  });
});
