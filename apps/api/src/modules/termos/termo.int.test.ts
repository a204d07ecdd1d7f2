import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import {
  criarOrganizacao,
  criarPessoa,
  emailsPara,
  organizacaoPorNome,
  outroSinodo,
  unico,
} from '../../../test/fabricas.js';

const t = usarAppTeste({}, { trabalhar: true });
let admin: string;
let sinodo: string;
let paroquia: string;
let comunidadeId: number;
let alheioId: string;
let id: string;
const emails = { ana: '', bia: '', caio: '', inativa: '' };

const req = reqCom(t, () => sinodo);
const termo = (extra: Record<string, unknown> = {}) => ({
  organizacaoId: comunidadeId,
  nome: 'Consentimento LGPD',
  categoriaTermo: 'CONSENTIMENTO_DADOS',
  remetente: 'Secretaria do Sínodo',
  assuntoEmail: 'Seu consentimento',
  corpoEmail: 'Olá {{nome}}, leia e responda: {{link}}',
  texto: 'Versão um do texto.\nSegunda linha.',
  ...extra,
});
/** The personal token of the last e-mail sent to an address. */
const tokenDe = async (para: string) => {
  const m = (await emailsPara(t.banco.db, para)).sort((a, b) => b.id - a.id)[0];
  return /\/externo\/termos\/([\w-]+)/.exec(m?.texto ?? '')?.[1] ?? '';
};
const publico = (token: string, idioma?: string) =>
  t.req({ method: 'GET', url: `/api/termos/publico/${token}`, idioma });
const responder = (token: string, decisao: string, hashTexto: string) =>
  t.req({
    method: 'POST',
    url: `/api/termos/publico/${token}/resposta`,
    payload: { decisao, hashTexto },
    headers: { 'user-agent': 'Navegador de teste' },
  });
const aceites = async () => (await t.banco.db.select().from(schema.termoAceite)).length;

beforeAll(async () => {
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
  const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  comunidadeId = await criarOrganizacao(t.banco.db, { organizacaoPaiId: sinodoId, nomeFantasia: unico('Comunidade') });
  for (const [k, status] of [
    ['ana', 'ATIVO'],
    ['bia', 'ATIVO'],
    ['caio', 'ATIVO'],
    ['inativa', 'INATIVO'],
  ] as const) {
    emails[k] = `${k}.${process.pid}@exemplo.org`;
    await criarPessoa(t.banco.db, { organizacaoId: comunidadeId, nome: k, email: emails[k], status });
  }
  await criarPessoa(t.banco.db, { organizacaoId: comunidadeId, nome: 'Sem e-mail' });
  const r = await req('POST', '/api/termos', termo({ organizacaoId: await outroSinodo(t.banco.db) }), admin);
  expect(r.statusCode, r.body).toBe(201);
  alheioId = r.json().idCompartilhado;
});

describe('terms: drafts, publishing and versions', () => {
  it('creates a draft, refuses a body without the link variable (localized) and a profile without the screen', async () => {
    const semLink = await req('POST', '/api/termos', termo({ corpoEmail: 'Sem link' }), sinodo, 'en');
    expect(semLink.statusCode).toBe(400);
    expect(semLink.json().campos).toEqual([
      { campo: 'corpoEmail', mensagem: 'The e-mail body must contain the link variable: {{link}}.' },
    ]);
    expect((await req('POST', '/api/termos', termo(), paroquia)).statusCode).toBe(403);
    expect((await req('GET', '/api/termos/paginado', undefined, paroquia)).statusCode).toBe(403);
    const r = await req('POST', '/api/termos', termo());
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ versao: 1, situacaoTermo: 'RASCUNHO', publicadoEm: null });
    id = r.json().idCompartilhado;
    const editado = await req('PUT', `/api/termos/${r.json().id}`, termo({ nome: 'Consentimento da comunidade' }));
    expect(editado.statusCode, editado.body).toBe(200);
    expect(editado.json().nome).toBe('Consentimento da comunidade');
  });

  it('publishes immutable versions, one published at a time, and keeps the history', async () => {
    const v1 = await req('POST', `/api/termos/publicar/${id}`);
    expect(v1.statusCode, v1.body).toBe(200);
    expect(v1.json()).toMatchObject({ versao: 1, situacaoTermo: 'PUBLICADO' });
    expect((await req('POST', `/api/termos/publicar/${id}`)).json().codigo).toBe('TERMO_SEM_RASCUNHO');
    const mudar = await req('PUT', `/api/termos/${v1.json().id}`, termo({ texto: 'outro' }));
    expect(mudar.statusCode).toBe(409);
    expect(mudar.json().codigo).toBe('TERMO_NAO_RASCUNHO');
    expect((await req('DELETE', `/api/termos/${v1.json().id}`)).statusCode).toBe(409);

    const rascunho = await req('POST', `/api/termos/rascunho/${id}`);
    expect(rascunho.json()).toMatchObject({ versao: 2, situacaoTermo: 'RASCUNHO', texto: termo().texto });
    // Asked again, the same draft.
    expect((await req('POST', `/api/termos/rascunho/${id}`)).json().id).toBe(rascunho.json().id);
    await req(
      'PUT',
      `/api/termos/${rascunho.json().id}`,
      termo({ nome: 'Consentimento da comunidade', texto: 'Versão dois.' }),
    );
    const historico = await req('GET', `/api/termos/historico/${id}`);
    expect(historico.json().map((v: { situacaoTermo: string }) => v.situacaoTermo)).toEqual(['PUBLICADO', 'RASCUNHO']);

    const lista = await req('GET', '/api/termos/paginado?nome=consentimento da comunidade');
    expect(lista.json().itens).toEqual([
      expect.objectContaining({ idCompartilhado: id, versao: 2, temRascunho: true, versaoPublicada: 1 }),
    ]);
    // The database itself refuses a second published version of a term.
    await expect(
      t.banco.db
        .update(schema.termo)
        .set({ situacaoTermo: 'PUBLICADO' })
        .where(eq(schema.termo.id, rascunho.json().id)),
    ).rejects.toThrow();
  });

  it('answers 404 for a term outside the scope, 400 for an organization outside it', async () => {
    expect((await req('GET', `/api/termos/historico/${alheioId}`)).statusCode).toBe(404);
    expect((await req('POST', `/api/termos/publicar/${alheioId}`)).statusCode).toBe(404);
    expect((await req('GET', `/api/termos/solicitacoes/${alheioId}/paginado`)).statusCode).toBe(404);
    const envio = await req('POST', `/api/termos/solicitacoes/${alheioId}/envio`, { organizacaoId: comunidadeId });
    expect(envio.statusCode).toBe(404);
    const lista = await req('GET', '/api/termos/paginado');
    expect(lista.json().itens.map((i: { idCompartilhado: string }) => i.idCompartilhado)).not.toContain(alheioId);
    // Sending to an organization outside the scope: not found either.
    const fora = await req('POST', `/api/termos/solicitacoes/${id}/envio`, {
      organizacaoId: await outroSinodo(t.banco.db),
    });
    // The reference rule answers for the body's organization: it does not exist for this user.
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('organizacaoId');
  });
});

describe('requests and the public page', () => {
  it('sends the published version to the chosen people through the outbox, with progress', async () => {
    expect(
      (await req('POST', `/api/termos/solicitacoes/${id}/envio`, { organizacaoId: comunidadeId }, paroquia)).statusCode,
    ).toBe(403);
    const invalido = await req('POST', `/api/termos/solicitacoes/${id}/envio`, {
      organizacaoId: comunidadeId,
      status: [],
    });
    expect(invalido.statusCode).toBe(400);
    const r = await req('POST', `/api/termos/solicitacoes/${id}/envio`, { organizacaoId: comunidadeId });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ total: 3 });
    await expect
      .poll(async () => (await req('GET', `/api/termos/solicitacoes/${id}/envio`)).json().concluido, {
        timeout: 10_000,
      })
      .toBe(true);
    const [m] = await emailsPara(t.banco.db, emails.ana);
    expect(m!.assunto).toBe('Seu consentimento');
    expect(m!.texto).toMatch(
      /^Olá ana .*\/externo\/termos\/[\w-]{43}\n\nSecretaria do Sínodo\n\n.*\/externo\/termos\/revogar\/[\w-]{43}$/s,
    );
    expect(await emailsPara(t.banco.db, emails.inativa)).toEqual([]);
    // Only the token's hash is kept.
    const token = await tokenDe(emails.ana);
    const guardados = await t.banco.db.select({ h: schema.termoSolicitacao.tokenHash }).from(schema.termoSolicitacao);
    expect(guardados.map((g) => g.h)).not.toContain(token);
    // The same people again: nobody is asked twice for one version.
    expect(
      (await req('POST', `/api/termos/solicitacoes/${id}/envio`, { organizacaoId: comunidadeId })).json().total,
    ).toBe(0);
  });

  it('shows the term by its token; a bad or expired token gets a localized 4xx', async () => {
    const token = await tokenDe(emails.ana);
    const r = await publico(token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      nome: 'Consentimento da comunidade',
      versao: 1,
      texto: termo().texto,
      pessoaNome: 'ana',
    });
    expect(r.json().hashTexto).toMatch(/^[0-9a-f]{64}$/);
    const ruim = await publico('x'.repeat(43), 'en');
    expect(ruim.statusCode).toBe(404);
    expect(ruim.json().mensagem).toBe('This term link is not valid.');
    await t.banco.db
      .update(schema.termoSolicitacao)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(schema.termoSolicitacao.email, emails.caio));
    const expirado = await publico(await tokenDe(emails.caio));
    expect(expirado.statusCode).toBe(410);
    expect(expirado.json().mensagem).toBe('Este link de termo expirou ou a versão do termo foi substituída.');
  });

  it('accepts and declines once; a replayed answer changes nothing', async () => {
    const token = await tokenDe(emails.ana);
    const { hashTexto } = (await publico(token)).json();
    expect((await responder(token, 'ACEITO', 'f'.repeat(64))).json().codigo).toBe('TERMO_TEXTO_ALTERADO');
    const aceito = await responder(token, 'ACEITO', hashTexto);
    expect(aceito.statusCode, aceito.body).toBe(200);
    expect(aceito.json().situacaoSolicitacao).toBe('ACEITO');
    const antes = await aceites();
    const repetido = await responder(token, 'DESCONSIDERADO', hashTexto);
    expect(repetido.statusCode).toBe(409);
    expect(repetido.json().codigo).toBe('TERMO_JA_RESPONDIDO');
    expect(await aceites()).toBe(antes);
    // The used link shows its answer again.
    expect((await publico(token)).json()).toMatchObject({ situacaoSolicitacao: 'ACEITO' });

    const bia = await tokenDe(emails.bia);
    expect((await responder(bia, 'DESCONSIDERADO', hashTexto)).json().situacaoSolicitacao).toBe('DESCONSIDERADO');

    const lista = await req('GET', `/api/termos/solicitacoes/${id}/paginado?situacaoSolicitacao=ACEITO`);
    expect(lista.json().itens).toEqual([
      expect.objectContaining({ email: emails.ana, situacaoSolicitacao: 'ACEITO', navegador: 'Navegador de teste' }),
    ]);
    const [linha] = await t.banco.db
      .select()
      .from(schema.termoAceite)
      .where(eq(schema.termoAceite.navegador, 'Navegador de teste'));
    expect(linha).toMatchObject({ versao: 1, hashTexto, navegador: 'Navegador de teste', ip: '127.0.0.1' });
    const exportado = await req('GET', `/api/termos/solicitacoes/${id}/exportar?formato=csv`);
    expect(exportado.statusCode).toBe(200);
    expect(exportado.body).toContain(emails.ana);
    expect(exportado.body).toContain('Aceito');
  });

  it('resends a pending link with a new token; the old one stops working', async () => {
    const [caio] = await t.banco.db
      .select({ id: schema.termoSolicitacao.id })
      .from(schema.termoSolicitacao)
      .where(eq(schema.termoSolicitacao.email, emails.caio));
    const antigo = await tokenDe(emails.caio);
    expect(
      (await req('POST', `/api/termos/solicitacoes/${id}/${caio!.id}/reenviar`, undefined, paroquia)).statusCode,
    ).toBe(403);
    const r = await req('POST', `/api/termos/solicitacoes/${id}/${caio!.id}/reenviar`);
    expect(r.statusCode, r.body).toBe(200);
    const novo = await tokenDe(emails.caio);
    expect(novo).not.toBe(antigo);
    expect((await publico(antigo)).statusCode).toBe(404);
    expect((await publico(novo)).statusCode).toBe(200);
    // An answered request is not resent.
    const [ana] = await t.banco.db
      .select({ id: schema.termoSolicitacao.id })
      .from(schema.termoSolicitacao)
      .where(eq(schema.termoSolicitacao.email, emails.ana));
    expect((await req('POST', `/api/termos/solicitacoes/${id}/${ana!.id}/reenviar`)).statusCode).toBe(409);
  });

  it('a new version supersedes the old links', async () => {
    const novo = await tokenDe(emails.caio);
    expect((await req('POST', `/api/termos/publicar/${id}`)).json()).toMatchObject({
      versao: 2,
      situacaoTermo: 'PUBLICADO',
    });
    expect((await publico(novo)).statusCode).toBe(410);
  });
});

describe('the demo', () => {
  it('has two published terms, data consent and terms of use, with requests in every state', async () => {
    const lista = (await req('GET', '/api/termos/paginado?quantidade=50')).json().itens as {
      nome: string;
      categoriaTermo: string;
      versaoPublicada: number | null;
      aceitos: number;
      pendentes: number;
      desconsiderados: number;
    }[];
    const demo = lista.filter((l) => ['Consentimento de dados pessoais', 'Termos de uso do SIG'].includes(l.nome));
    expect(demo.map((l) => [l.categoriaTermo, l.versaoPublicada])).toEqual([
      ['CONSENTIMENTO_DADOS', 2],
      ['TERMOS_USO', 1],
    ]);
    for (const l of demo) expect(Math.min(l.aceitos, l.pendentes, l.desconsiderados)).toBeGreaterThan(0);
    const situacoes = new Set<string>();
    for (const idc of ['7a1e2c4d-0000-4000-8000-000000000001', '7a1e2c4d-0000-4000-8000-000000000002'])
      for (const i of (await req('GET', `/api/termos/solicitacoes/${idc}/paginado?quantidade=50`)).json().itens)
        situacoes.add(i.situacaoSolicitacao);
    expect([...situacoes].sort()).toEqual(['ACEITO', 'DESCONSIDERADO', 'PENDENTE', 'REVOGADO', 'SUBSTITUIDO']);
    // Only the dedicated demo user is held by the required terms of use.
    expect((await req('GET', '/api/termos/paginado', undefined, await t.login('termos@sig.local'))).statusCode).toBe(
      428,
    );
    expect((await req('GET', '/api/termos/paginado', undefined, sinodo)).statusCode).toBe(200);
  });
});

describe('the consent ledger', () => {
  it('is proved by the administrator only, refuses changes, and a changed row breaks the chain', async () => {
    expect((await req('GET', '/api/termos/verificar-cadeia', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('GET', '/api/termos/verificar-cadeia', undefined, sinodo)).statusCode).toBe(403);
    const ok = await req('GET', '/api/termos/verificar-cadeia', undefined, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ valida: true, primeiraInvalidaId: null });
    // The demo's answers, chained by the seed, and this file's two.
    expect(ok.json().total).toBe(await aceites());
    expect(ok.json().total).toBeGreaterThan(2);

    const [alvo] = await t.banco.db.select().from(schema.termoAceite).where(eq(schema.termoAceite.decisao, 'ACEITO'));
    await expect(
      t.banco.db
        .update(schema.termoAceite)
        .set({ decisao: 'DESCONSIDERADO' })
        .where(eq(schema.termoAceite.id, alvo!.id)),
    ).rejects.toThrow();
    // Whoever bypasses the trigger (a superuser) still cannot hide the change.
    await t.banco.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(schema.termoAceite).set({ decisao: 'DESCONSIDERADO' }).where(eq(schema.termoAceite.id, alvo!.id));
    });
    const quebrada = await req('GET', '/api/termos/verificar-cadeia', undefined, admin);
    expect(quebrada.json()).toMatchObject({ valida: false, primeiraInvalidaId: alvo!.id });
  });
});
