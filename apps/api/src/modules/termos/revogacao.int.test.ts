import { schema } from '@sig/db';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import {
  criarOrganizacao,
  criarPerfil,
  criarPessoa,
  criarSessao,
  criarUsuario,
  emailsPara,
  organizacaoPorNome,
  outroSinodo,
  unico,
} from '../../../test/fabricas.js';

/** Issue 22: superseding, revocation, guardians of minors and the sign-in gate. */
const t = usarAppTeste({}, { trabalhar: true });
let admin: string;
let sinodo: string;
let paroquia: string;
let comunidadeId: number;
let id: string;
const emails = { ana: '', bia: '', menor: '' };

const req = reqCom(t, () => sinodo);
const termo = (extra: Record<string, unknown> = {}) => ({
  organizacaoId: comunidadeId,
  nome: unico('Consentimento'),
  categoriaTermo: 'CONSENTIMENTO_DADOS',
  remetente: 'Secretaria',
  assuntoEmail: 'Seu consentimento',
  corpoEmail: 'Olá {{nome}}: {{link}}',
  texto: 'Texto um.',
  ...extra,
});
const ultimoEmail = async (para: string) => (await emailsPara(t.banco.db, para)).sort((a, b) => b.id - a.id)[0];
const tokenDe = async (para: string) =>
  /\/externo\/termos\/([\w-]{43})/.exec((await ultimoEmail(para))?.texto ?? '')?.[1] ?? '';
const revogacaoDe = async (para: string) =>
  /\/externo\/termos\/revogar\/([\w-]+)/.exec((await ultimoEmail(para))?.texto ?? '')?.[1] ?? '';
const publico = (token: string) => t.req({ method: 'GET', url: `/api/termos/publico/${token}` });
const responder = (token: string, payload: object) =>
  t.req({ method: 'POST', url: `/api/termos/publico/${token}/resposta`, payload });
const revogacao = (method: 'GET' | 'POST', token: string, idioma?: string) =>
  t.req({
    method,
    url: `/api/termos/publico/revogacao/${token}`,
    idioma,
    headers: { 'user-agent': 'Navegador que revoga' },
  });
/** Waits (also outside a test) for the term's latest sending to have all its e-mails in the outbox. */
const concluido = async (idc: string) => {
  for (let i = 0; i < 100; i++) {
    if ((await req('GET', `/api/termos/solicitacoes/${idc}/envio`)).json()?.concluido) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('sending not finished');
};
const enviarE = async (idc: string) => {
  const r = await req('POST', `/api/termos/solicitacoes/${idc}/envio`, { organizacaoId: comunidadeId });
  if (r.statusCode !== 200) throw new Error(r.body);
  await concluido(idc);
};
const aceitar = async (email: string, extra: object = {}) => {
  const token = await tokenDe(email);
  const { hashTexto } = (await publico(token)).json();
  return responder(token, { decisao: 'ACEITO', hashTexto, ...extra });
};
const cobertura = async (idc: string) =>
  (await req('GET', `/api/termos/cobertura/${idc}`))
    .json()
    .find((c: { organizacaoId: number }) => c.organizacaoId === comunidadeId);

beforeAll(async () => {
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
  const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  comunidadeId = await criarOrganizacao(t.banco.db, { organizacaoPaiId: sinodoId, nomeFantasia: unico('Comunidade') });
  for (const k of ['ana', 'bia'] as const) {
    emails[k] = `${k}.rev.${process.pid}@exemplo.org`;
    await criarPessoa(t.banco.db, { organizacaoId: comunidadeId, nome: k, email: emails[k] });
  }
  emails.menor = `menor.rev.${process.pid}@exemplo.org`;
  const nascimento = new Date(Date.now() - 10 * 365 * 86_400_000).toISOString().slice(0, 10);
  await criarPessoa(t.banco.db, {
    organizacaoId: comunidadeId,
    nome: 'menor',
    email: emails.menor,
    dataNascimento: nascimento,
  });
  const r = await req('POST', '/api/termos', termo());
  id = r.json().idCompartilhado;
  await req('POST', `/api/termos/publicar/${id}`);
  await enviarE(id);
});

describe('guardians of minors', () => {
  it("asks a minor's guardian and records who accepted", async () => {
    const token = await tokenDe(emails.menor);
    const p = (await publico(token)).json();
    expect(p.menor).toBe(true);
    const sem = await responder(token, { decisao: 'ACEITO', hashTexto: p.hashTexto });
    expect(sem.statusCode).toBe(422);
    expect(sem.json().codigo).toBe('TERMO_RESPONSAVEL_OBRIGATORIO');
    const invalido = await responder(token, {
      decisao: 'ACEITO',
      hashTexto: p.hashTexto,
      responsavelRelacao: 'VIZINHO',
    });
    expect(invalido.statusCode).toBe(400);
    const ok = await responder(token, {
      decisao: 'ACEITO',
      hashTexto: p.hashTexto,
      responsavelNome: 'Maria Responsável',
      responsavelRelacao: 'MAE',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [linha] = await t.banco.db
      .select()
      .from(schema.termoAceite)
      .where(eq(schema.termoAceite.responsavelNome, 'Maria Responsável'));
    expect(linha).toMatchObject({ decisao: 'ACEITO', responsavelRelacao: 'MAE' });
    expect((await publico(await tokenDe(emails.ana))).json().menor).toBe(false);
  });
});

describe('revocation', () => {
  it('every e-mail carries a revocation link; revoking is recorded in the ledger and shows in lists and coverage', async () => {
    expect((await aceitar(emails.ana)).statusCode).toBe(200);
    const token = await revogacaoDe(emails.ana);
    expect(token).toMatch(/^[\w-]{43}$/);
    const antes = await revogacao('GET', token);
    expect(antes.statusCode, antes.body).toBe(200);
    expect(antes.json()).toMatchObject({ situacaoSolicitacao: 'ACEITO', pessoaNome: 'ana', revogadoEm: null });
    const r = await revogacao('POST', token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().situacaoSolicitacao).toBe('REVOGADO');
    const [linha] = await t.banco.db
      .select()
      .from(schema.termoAceite)
      .where(and(eq(schema.termoAceite.decisao, 'REVOGADO'), eq(schema.termoAceite.navegador, 'Navegador que revoga')));
    expect(linha).toMatchObject({ ip: '127.0.0.1', versao: 1 });
    // The acceptance's row is still there, unchanged: the revocation is a row of its own.
    expect(
      (
        await t.banco.db
          .select()
          .from(schema.termoAceite)
          .where(eq(schema.termoAceite.solicitacaoId, linha!.solicitacaoId))
      )
        .map((l) => l.decisao)
        .sort(),
    ).toEqual(['ACEITO', 'REVOGADO']);
    const lista = await req('GET', `/api/termos/solicitacoes/${id}/paginado?situacaoSolicitacao=REVOGADO`);
    expect(lista.json().itens).toEqual([
      expect.objectContaining({ email: emails.ana, revogadoEm: expect.any(String) }),
    ]);
    expect(await cobertura(id)).toMatchObject({ revogados: 1, aceitos: 1 });
    // Used again: a clear answer, localized.
    const denovo = await revogacao('POST', token, 'en');
    expect(denovo.statusCode).toBe(409);
    expect(denovo.json().mensagem).toBe('This consent has already been revoked.');
    expect((await revogacao('GET', token)).json().situacaoSolicitacao).toBe('REVOGADO');
  });

  it('refuses an unknown token and one with nothing accepted', async () => {
    const ruim = await revogacao('GET', 'x'.repeat(43));
    expect(ruim.statusCode).toBe(404);
    expect(ruim.json().codigo).toBe('TERMO_LINK_INVALIDO');
    expect((await revogacao('POST', 'curto')).statusCode).toBe(400);
    const pendente = await revogacao('POST', await revogacaoDe(emails.bia));
    expect(pendente.statusCode).toBe(409);
    expect(pendente.json().codigo).toBe('TERMO_NAO_ACEITO');
  });
});

describe('superseding', () => {
  it('a new version supersedes the acceptances with ledger rows and asks those people again', async () => {
    const novo = await req('POST', '/api/termos', termo());
    const idc = novo.json().idCompartilhado;
    await req('POST', `/api/termos/publicar/${idc}`);
    await enviarE(idc);
    expect((await aceitar(emails.ana)).statusCode).toBe(200);
    expect((await aceitar(emails.bia)).statusCode).toBe(200);
    const rascunho = (await req('POST', `/api/termos/rascunho/${idc}`)).json();
    await req('PUT', `/api/termos/${rascunho.id}`, termo({ nome: rascunho.nome, texto: 'Texto dois.' }));
    const publicado = await req('POST', `/api/termos/publicar/${idc}`);
    expect(publicado.statusCode, publicado.body).toBe(200);

    const linhas = await t.banco.db
      .select()
      .from(schema.termoAceite)
      .where(and(eq(schema.termoAceite.decisao, 'SUBSTITUIDO'), eq(schema.termoAceite.versao, 1)));
    expect(linhas.filter((l) => l.termoId !== publicado.json().id).length).toBeGreaterThanOrEqual(2);
    const velhas = await req('GET', `/api/termos/solicitacoes/${idc}/paginado?publicada=false`);
    expect(velhas.json().itens.map((i: { situacaoSolicitacao: string }) => i.situacaoSolicitacao)).toContain(
      'SUBSTITUIDO',
    );
    await expect
      .poll(async () => (await req('GET', `/api/termos/solicitacoes/${idc}/envio`)).json().concluido, {
        timeout: 10_000,
      })
      .toBe(true);
    const novas = (await req('GET', `/api/termos/solicitacoes/${idc}/paginado?publicada=true&reaceite=true`)).json();
    expect(novas.total).toBe(2);
    expect(await cobertura(idc)).toMatchObject({ substituidos: 2, aceitos: 0 });
    // The new e-mail's link opens the new version.
    expect((await publico(await tokenDe(emails.bia))).json()).toMatchObject({
      versao: 2,
      situacaoSolicitacao: 'PENDENTE',
    });
    expect((await aceitar(emails.bia)).statusCode).toBe(200);
    expect(await cobertura(idc)).toMatchObject({ substituidos: 1, aceitos: 1 });
    const cadeia = await req('GET', '/api/termos/verificar-cadeia', undefined, admin);
    expect(cadeia.json()).toMatchObject({ valida: true });
  });

  it('drills down by community: 403 without the screen, 404 outside the scope', async () => {
    const r = await req('GET', `/api/termos/solicitacoes/${id}/paginado?organizacaoId=${comunidadeId}`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().itens.every((i: { organizacaoNome: string }) => i.organizacaoNome.startsWith('Comunidade'))).toBe(
      true,
    );
    expect((await req('GET', `/api/termos/solicitacoes/${id}/paginado`, undefined, paroquia)).statusCode).toBe(403);
    const fora = await req(
      'GET',
      `/api/termos/solicitacoes/${id}/paginado?organizacaoId=${await outroSinodo(t.banco.db)}`,
    );
    expect(fora.statusCode).toBe(404);
  });
});

describe('the sign-in gate', () => {
  it('holds a user with a pending required term until they accept it', async () => {
    const { id: perfil } = await criarPerfil(t.banco.db, { permissoes: [{ acesso: 'Termos' }] });
    const email = `gate.${process.pid}@exemplo.org`;
    const u = await criarUsuario(t.banco.db, {
      organizacaoId: comunidadeId,
      perfilId: perfil,
      pessoa: { nome: 'Usuária', email },
    });
    // Not required: no gate.
    expect((await req('GET', '/api/termos/paginado', undefined, u.token)).statusCode).toBe(200);
    const r = await req('POST', '/api/termos', termo({ categoriaTermo: 'TERMOS_USO', obrigatorio: true }));
    expect(r.json().obrigatorio).toBe(true);
    const idc = r.json().idCompartilhado;
    await req('POST', `/api/termos/publicar/${idc}`);
    await enviarE(idc);

    const barrado = await req('GET', '/api/termos/paginado', undefined, u.token, 'en');
    expect(barrado.statusCode).toBe(428);
    expect(barrado.json()).toMatchObject({
      codigo: 'TERMO_OBRIGATORIO_PENDENTE',
      mensagem: 'Accept the pending terms of use to continue.',
    });
    // Its own session's calls stay open.
    expect((await req('PUT', '/api/Autenticacao/autorizacao', undefined, u.token)).statusCode).toBe(200);
    const pendentes = await req('GET', '/api/termos/obrigatorios-pendentes', undefined, u.token);
    expect(pendentes.statusCode).toBe(200);
    const [p] = pendentes.json();
    expect(p).toMatchObject({ versao: 1, texto: 'Texto um.' });
    // Validation, someone else's request, a changed text.
    const url = `/api/termos/obrigatorios-pendentes/${p.solicitacaoId}/aceite`;
    expect((await req('POST', url, { hashTexto: 'x' }, u.token)).statusCode).toBe(400);
    expect((await req('POST', url, { hashTexto: p.hashTexto }, sinodo)).statusCode).toBe(404);
    expect((await req('POST', url, { hashTexto: 'f'.repeat(64) }, u.token)).statusCode).toBe(409);
    const ok = await t.req({
      method: 'POST',
      url,
      token: u.token,
      payload: { hashTexto: p.hashTexto },
      headers: { 'user-agent': 'Navegador da usuária' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await req('GET', '/api/termos/paginado', undefined, u.token)).statusCode).toBe(200);
    expect((await req('GET', '/api/termos/obrigatorios-pendentes', undefined, u.token)).json()).toEqual([]);
    const [linha] = await t.banco.db
      .select()
      .from(schema.termoAceite)
      .where(eq(schema.termoAceite.navegador, 'Navegador da usuária'));
    expect(linha).toMatchObject({ decisao: 'ACEITO' });
    // The demo's users are not held.
    expect((await req('GET', '/api/termos/paginado', undefined, admin)).statusCode).toBe(200);
  });

  /** A required term of a community of its own, published and sent to its people; its idCompartilhado. */
  const obrigatorioEnviado = async (organizacaoId: number) => {
    const idc = (await req('POST', '/api/termos', termo({ organizacaoId, obrigatorio: true }))).json().idCompartilhado;
    await req('POST', `/api/termos/publicar/${idc}`);
    await enviarPara(idc, organizacaoId);
    return idc as string;
  };
  const enviarPara = async (idc: string, organizacaoId: number) => {
    expect((await req('POST', `/api/termos/solicitacoes/${idc}/envio`, { organizacaoId })).statusCode).toBe(200);
    await concluido(idc);
  };
  const novaVersao = async (idc: string, texto: string) => {
    const r = await req('POST', `/api/termos/rascunho/${idc}`);
    const { organizacaoId, nome, categoriaTermo, remetente, assuntoEmail, corpoEmail, obrigatorio } = r.json();
    const corpo = { organizacaoId, nome, categoriaTermo, remetente, assuntoEmail, corpoEmail, obrigatorio, texto };
    expect((await req('PUT', `/api/termos/${r.json().id}`, corpo)).statusCode).toBe(200);
    expect((await req('POST', `/api/termos/publicar/${idc}`)).statusCode).toBe(200);
  };
  const situacao = async (token: string) => (await req('GET', '/api/termos/paginado', undefined, token)).statusCode;
  const aceitarPendente = async (token: string) => {
    const [p] = (await req('GET', '/api/termos/obrigatorios-pendentes', undefined, token)).json();
    const url = `/api/termos/obrigatorios-pendentes/${p.solicitacaoId}/aceite`;
    expect((await req('POST', url, { hashTexto: p.hashTexto }, token)).statusCode).toBe(200);
    return p as { versao: number };
  };
  const comunidadeNova = async () =>
    criarOrganizacao(t.banco.db, {
      organizacaoPaiId: await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos'),
      nomeFantasia: unico('Comunidade'),
    });

  it('holds a signed-in user on the request after a new version is requested from them, releases them after it', async () => {
    const org = await comunidadeNova();
    const { id: perfil } = await criarPerfil(t.banco.db, { permissoes: [{ acesso: 'Termos' }] });
    const email = `versao.${process.pid}@exemplo.org`;
    const u = await criarUsuario(t.banco.db, { organizacaoId: org, perfilId: perfil, pessoa: { nome: 'Vera', email } });
    expect(await situacao(u.token)).toBe(200);
    const idc = await obrigatorioEnviado(org);
    expect(await situacao(u.token)).toBe(428);
    expect(await aceitarPendente(u.token)).toMatchObject({ versao: 1 });
    expect(await situacao(u.token)).toBe(200);

    // Publishing version 2 supersedes the acceptance and asks again, while the user is signed in;
    // its e-mail (the revocation link read below) is written by the sending's worker.
    await novaVersao(idc, 'Texto dois.');
    await concluido(idc);
    expect(await situacao(u.token)).toBe(428);
    expect(await aceitarPendente(u.token)).toMatchObject({ versao: 2 });
    expect(await situacao(u.token)).toBe(200);

    // A revoked acceptance is no pending request: revoking does not hold the user.
    expect((await revogacao('POST', await revogacaoDe(email))).statusCode).toBe(200);
    expect(await situacao(u.token)).toBe(200);
  });

  // On PGlite (one connection) the two never overlap; on PostgreSQL they do, in either order.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, an account opened while a request for the same person is being made: held either way',
    async () => {
      const org = await comunidadeNova();
      const idc = await obrigatorioEnviado(org);
      const [termo] = await t.banco.db
        .select({ id: schema.termo.id })
        .from(schema.termo)
        .where(and(eq(schema.termo.idCompartilhado, idc), eq(schema.termo.situacaoTermo, 'PUBLICADO')));
      const [a, b] = [
        new pg.Client({ connectionString: t.banco.url }),
        new pg.Client({ connectionString: t.banco.url }),
      ];
      await Promise.all([a.connect(), b.connect()]);
      const pidB = (await b.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      try {
        for (const contaPrimeiro of [false, true]) {
          const email = `${unico('corrida').replace(/\W/g, '.')}@exemplo.org`;
          const pessoa = await criarPessoa(t.banco.db, { organizacaoId: org, nome: 'Corrida', email });
          const pedido = (c: pg.Client) =>
            c.query(
              "insert into termo_solicitacao (termo_id, pessoa_id, email, situacao_solicitacao) values ($1, $2, $3, 'PENDENTE')",
              [termo!.id, pessoa.id, email],
            );
          const conta = (c: pg.Client) =>
            c.query("insert into usuario (pessoa_id, email, senha_hash) values ($1, $2, 'fabrica$sem-senha')", [
              pessoa.id,
              email,
            ]);
          // The second statement runs before the first transaction commits: it either ends without
          // seeing the first's row, or waits for it; only then does the first commit.
          await Promise.all([a.query('begin'), b.query('begin')]);
          await (contaPrimeiro ? conta : pedido)(a);
          const segundo = (contaPrimeiro ? pedido : conta)(b);
          const feito = segundo.then(() => true);
          for (;;) {
            const pronto = await Promise.race([feito, new Promise<false>((ok) => setTimeout(() => ok(false), 20))]);
            const esperando = await a.query('select 1 from pg_locks where pid = $1 and not granted', [pidB]);
            if (pronto || esperando.rowCount) break;
          }
          await a.query('commit');
          await segundo;
          await b.query('commit');
          const [u] = await t.banco.db
            .select({ termoPendente: schema.usuario.termoPendente })
            .from(schema.usuario)
            .where(eq(schema.usuario.pessoaId, pessoa.id));
          expect(u, `account first: ${contaPrimeiro}`).toEqual({ termoPendente: true });
        }
      } finally {
        await Promise.all([a.end(), b.end()]);
      }
    },
    120_000,
  );

  it('a superseded version no longer holds, a refusal releases, and an account opened later is held', async () => {
    const org = await comunidadeNova();
    const { id: perfil } = await criarPerfil(t.banco.db, { permissoes: [{ acesso: 'Termos' }] });
    const email = `tarde.${process.pid}@exemplo.org`;
    const pessoa = await criarPessoa(t.banco.db, { organizacaoId: org, nome: 'Tereza', email });
    const idc = await obrigatorioEnviado(org);
    // The account is opened after the request was made.
    const [usuario] = await t.banco.db
      .insert(schema.usuario)
      .values({ pessoaId: pessoa.id, email, senhaHash: 'fabrica$sem-senha' })
      .returning();
    await t.banco.db
      .insert(schema.usuarioOrganizacao)
      .values({ usuarioId: usuario!.id, organizacaoId: org, perfilId: perfil, padrao: true });
    const token = await criarSessao(t.banco.db, usuario!.id);
    expect(await situacao(token)).toBe(428);

    // Version 2 published: version 1's pending request lapses, and nobody accepted it to be asked again.
    await novaVersao(idc, 'Texto dois.');
    expect(await situacao(token)).toBe(200);

    // Sent again: held; declined on the public page: released.
    await enviarPara(idc, org);
    expect(await situacao(token)).toBe(428);
    const link = await tokenDe(email);
    const { hashTexto } = (await publico(link)).json();
    expect((await responder(link, { decisao: 'DESCONSIDERADO', hashTexto })).statusCode).toBe(200);
    expect(await situacao(token)).toBe(200);
  });
});
