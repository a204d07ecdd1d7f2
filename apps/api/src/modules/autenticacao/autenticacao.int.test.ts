import { schema } from '@sig/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { hashToken } from '../../platform/cripto.js';

const t = usarAppTeste();

const autenticar = (payload: unknown, extra: { idioma?: string; remoteAddress?: string } = {}) =>
  t.req({ method: 'POST', url: '/api/Autenticacao/autenticar', payload: payload as object, ...extra });

const trocarSenha = (token: string, senhaAtual: string, senha: string, confirmacaoSenha: string) =>
  t.req({ method: 'PUT', url: '/api/conta/senha', token, payload: { senhaAtual, senha, confirmacaoSenha } });
const segundaEtapa = (token: string, payload: { codigo: string | undefined; metodo?: string }) =>
  t.req({ method: 'POST', url: '/api/Autenticacao/autenticar-2FA', token, payload });
const ultimoEmail = async (para: string) => {
  const [m] = await t.banco.db
    .select()
    .from(schema.caixaSaida)
    .where(eq(schema.caixaSaida.para, para))
    .orderBy(desc(schema.caixaSaida.id))
    .limit(1);
  return m;
};

describe('POST Autenticacao/autenticar', () => {
  it('signs in by e-mail and answers the spec fields', async () => {
    const r = await autenticar({ login: 'paroquia@sig.local', senha: 'Demo@2026' });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b).toMatchObject({
      primeiroNome: 'Paula',
      sobrenome: 'Paroquial',
      email: 'paroquia@sig.local',
      requer2FA: false,
      trocarSenha: false,
    });
    expect(b.accessToken).toMatch(/^[\w-]{40,}$/);
    expect(b.organizacaoNome).toMatch(/^Paróquia/);
  });

  it('signs in by CPF, masked or not', async () => {
    for (const login of ['111.444.777-35', '11144477735']) {
      const r = await autenticar({ login, senha: 'Demo@2026' });
      expect(r.statusCode).toBe(200);
      expect(r.json().email).toBe('paroquia@sig.local');
    }
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const errada = await autenticar({ login: 'tesouraria@sig.local', senha: 'errada123' });
    const desconhecido = await autenticar({ login: 'ninguem@sig.local', senha: 'errada123' });
    expect(errada.statusCode).toBe(401);
    expect(desconhecido.statusCode).toBe(401);
    expect(errada.json()).toEqual({ codigo: 'LOGIN_INCORRETO', mensagem: 'Login incorreto.' });
    expect(desconhecido.json()).toEqual(errada.json());
    const en = await autenticar({ login: 'ninguem@sig.local', senha: 'x' }, { idioma: 'en-US,en;q=0.9' });
    expect(en.json().mensagem).toBe('Login incorrect.');
  });

  it('names the missing field in the request language', async () => {
    const r = await autenticar({ login: 'a@b.c' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({
      codigo: 'VALIDACAO',
      campos: [{ campo: 'senha', mensagem: 'Por favor, informe o campo Senha' }],
    });
    const en = await autenticar({ login: 'a@b.c' }, { idioma: 'en' });
    expect(en.json().campos[0].mensagem).toBe('Please inform the field Password');
  });

  it('answers bad input with a clear 4xx and never a 500', async () => {
    const malformado = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/autenticar',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "x",',
    });
    expect(malformado.statusCode).toBe(400);
    expect(malformado.json().codigo).toBe('JSON_MALFORMADO');

    const tipo = await autenticar({ login: 123, senha: ['x'] });
    expect(tipo.statusCode).toBe(400);
    expect(
      tipo
        .json()
        .campos.map((c: { campo: string }) => c.campo)
        .sort(),
    ).toEqual(['login', 'senha']);

    const longo = await autenticar({ login: 'x'.repeat(300), senha: 'y' });
    expect(longo.statusCode).toBe(400);
    expect(longo.json().campos[0].mensagem).toBe('O campo Login (e-mail ou CPF) deve ter no máximo 254 caracteres.');

    const enorme = await autenticar({ login: 'a', senha: 'x'.repeat(2 * 1024 * 1024) });
    expect(enorme.statusCode).toBe(413);
    expect(enorme.json().codigo).toBe('CORPO_GRANDE');
  });

  it('records successful and failed sign-ins in the access audit', async () => {
    await autenticar({ login: 'atendimento@sig.local', senha: 'nao-e-esta1' });
    await autenticar({ login: 'atendimento@sig.local', senha: 'Demo@2026' });
    await t.app.deps.auditoria.descarregar();
    const linhas = await t.banco.db
      .select({ evento: schema.auditoriaAcesso.evento })
      .from(schema.auditoriaAcesso)
      .where(eq(schema.auditoriaAcesso.login, 'atendimento@sig.local'))
      .orderBy(schema.auditoriaAcesso.id);
    expect(linhas.map((l) => l.evento)).toEqual(['LOGIN_FALHA', 'LOGIN']);
  });
});

describe('sessions', () => {
  it('token-valido tells valid, unknown and revoked tokens apart; logout works at once', async () => {
    const token = await t.login('tesouraria@sig.local');
    const valido = (tk: string) =>
      t.req({ method: 'GET', url: `/api/Autenticacao/token-valido?token=${encodeURIComponent(tk)}` });
    expect((await valido(token)).json()).toEqual({ valido: true });
    expect((await valido('inexistente')).json()).toEqual({ valido: false });

    const sair = await t.req({ method: 'PUT', url: '/api/Autenticacao/invalidar-token', token });
    expect(sair.json()).toEqual({ sucesso: true });
    expect((await valido(token)).json()).toEqual({ valido: false });
    const depois = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
    expect(depois.statusCode).toBe(401);
    expect(depois.json().codigo).toBe('TOKEN_INVALIDO');
  });

  it('a request without a token, or with a malformed header, is 401', async () => {
    expect((await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao' })).statusCode).toBe(401);
    const r = await t.req({
      method: 'PUT',
      url: '/api/Autenticacao/autorizacao',
      headers: { authorization: 'Basic abc' },
    });
    expect(r.statusCode).toBe(401);
  });

  it('expires a session idle longer than the limit', async () => {
    const token = await t.login('tesouraria@sig.local');
    await t.banco.db.update(schema.sessao).set({ ultimoUsoEm: sql`now() - interval '9 hours'` });
    const r = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
    expect(r.statusCode).toBe(401);
  });

  it('ends a session older than SIG_SESSION_MAX_DAYS however active (30 days by default)', async () => {
    const token = await t.login('tesouraria@sig.local');
    const autorizacao = () => t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
    const idade = (dias: number) =>
      t.banco.db
        .update(schema.sessao)
        .set({ criadoEm: sql`now() - make_interval(days => ${dias})`, ultimoUsoEm: sql`now()` })
        .where(eq(schema.sessao.tokenHash, hashToken(token)));
    await idade(29);
    expect((await autorizacao()).statusCode).toBe(200);
    await idade(31);
    const r = await autorizacao();
    expect(r.statusCode).toBe(401);
    expect(r.json().codigo).toBe('TOKEN_INVALIDO');
  });

  it('autorizacao returns the profile, its screens and the linked organizations', async () => {
    const token = await t.login('sinodo@sig.local');
    const r = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.perfilNome).toBe('Secretaria Sinodal');
    expect(b.administrador).toBe(false);
    expect(b.organizacoes).toHaveLength(2);
    expect(b.permissoes.find((p: { acesso: string }) => p.acesso === 'Perfil')).toMatchObject({
      listar: true,
      criar: true,
    });
    expect(b.permissoes.some((p: { acesso: string }) => p.acesso === 'ContaAReceber')).toBe(false);
    const admin = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: await t.loginAdmin() });
    expect(admin.json().administrador).toBe(true);
  });
});

describe('PUT Autenticacao/trocar-organizacao', () => {
  it('switches to a linked organization and takes the profile of that link', async () => {
    const token = await t.login('sinodo@sig.local');
    const aut = (await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token })).json();
    const paroquia = aut.organizacoes.find((o: { nome: string }) => o.nome.startsWith('Paróquia'));
    const r = await t.req({
      method: 'PUT',
      url: `/api/Autenticacao/trocar-organizacao?organizacaoId=${paroquia.id}`,
      token,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().organizacaoNome).toBe(paroquia.nome);
    const depois = (await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token })).json();
    expect(depois.perfilNome).toBe('Secretaria Paroquial');
    expect(depois.organizacaoId).toBe(paroquia.id);
  });

  it('refuses an organization the user is not linked to', async () => {
    const token = await t.login('paroquia@sig.local');
    const r = await t.req({ method: 'PUT', url: '/api/Autenticacao/trocar-organizacao?organizacaoId=1', token });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({
      codigo: 'SEM_PERMISSAO_ORGANIZACAO',
      mensagem: 'Sem permissão de acesso a Organização',
    });
    const invalido = await t.req({
      method: 'PUT',
      url: '/api/Autenticacao/trocar-organizacao?organizacaoId=abc',
      token,
    });
    expect(invalido.statusCode).toBe(400);
  });
});

describe('passwords', () => {
  it('a forced change blocks everything but the change itself; changing ends other sessions', async () => {
    await t.banco.db
      .update(schema.usuario)
      .set({ trocarSenha: true })
      .where(eq(schema.usuario.email, 'tesouraria@sig.local'));
    const outra = await t.login('tesouraria@sig.local');
    const token = await t.login('tesouraria@sig.local');
    const bloqueado = await t.req({
      method: 'PUT',
      url: '/api/Autenticacao/trocar-organizacao?organizacaoId=1',
      token,
    });
    expect(bloqueado.statusCode).toBe(403);
    expect(bloqueado.json().codigo).toBe('TROCA_SENHA_OBRIGATORIA');

    const fraca = await trocarSenha(token, 'Demo@2026', 'curta', 'curta');
    expect(fraca.statusCode).toBe(400);
    expect(fraca.json().campos[0]).toEqual({
      campo: 'senha',
      mensagem: 'A senha deve ter no mínimo 8 caracteres, com letras e números.',
    });
    const diferente = await trocarSenha(token, 'Demo@2026', 'NovaSenha1', 'Outra1234');
    expect(diferente.json().campos[0]).toEqual({
      campo: 'confirmacaoSenha',
      mensagem: 'A senha e a confirmação devem ser iguais.',
    });
    const atualErrada = await trocarSenha(token, 'errada', 'NovaSenha1', 'NovaSenha1');
    expect(atualErrada.json().codigo).toBe('SENHA_ATUAL_INCORRETA');

    const ok = await trocarSenha(token, 'Demo@2026', 'NovaSenha1', 'NovaSenha1');
    expect(ok.statusCode).toBe(200);
    expect((await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token })).statusCode).toBe(200);
    expect((await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: outra })).statusCode).toBe(401);
    expect((await autenticar({ login: 'tesouraria@sig.local', senha: 'NovaSenha1' })).json().trocarSenha).toBe(false);
  });

  it('resets a password through a single-use e-mailed link', async () => {
    const pedido = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/solicitar-redefinicao-senha',
      payload: { email: 'Atendimento@SIG.local' },
    });
    expect(pedido.json()).toEqual({ sucesso: true });
    const email = await ultimoEmail('atendimento@sig.local');
    expect(email?.assunto).toBe('SIG - Redefinição de senha');
    const token = /token=([\w-]+)/.exec(email!.texto)![1]!;

    const sessaoAntiga = await t.login('atendimento@sig.local');
    const r = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/redefinir-senha',
      payload: { token, senha: 'Redefinida9', confirmacaoSenha: 'Redefinida9' },
    });
    expect(r.statusCode).toBe(200);
    expect((await autenticar({ login: 'atendimento@sig.local', senha: 'Redefinida9' })).statusCode).toBe(200);
    expect((await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: sessaoAntiga })).statusCode).toBe(
      401,
    );

    const reuso = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/redefinir-senha',
      payload: { token, senha: 'Outra12345', confirmacaoSenha: 'Outra12345' },
    });
    expect(reuso.statusCode).toBe(400);
    expect(reuso.json().codigo).toBe('TOKEN_REDEFINICAO_INVALIDO');
  });

  it('expired reset links are refused; unknown e-mails get the same answer and no mail', async () => {
    await t.req({
      method: 'POST',
      url: '/api/Autenticacao/solicitar-redefinicao-senha',
      payload: { email: 'sinodo@sig.local' },
    });
    const token = /token=([\w-]+)/.exec((await ultimoEmail('sinodo@sig.local'))!.texto)![1]!;
    await t.banco.db.update(schema.codigoVerificacao).set({ expiraEm: sql`now() - interval '1 minute'` });
    const r = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/redefinir-senha',
      payload: { token, senha: 'Outra12345', confirmacaoSenha: 'Outra12345' },
    });
    expect(r.statusCode).toBe(400);

    const desconhecido = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/solicitar-redefinicao-senha',
      payload: { email: 'ninguem@sig.local' },
    });
    expect(desconhecido.json()).toEqual({ sucesso: true });
    expect(await ultimoEmail('ninguem@sig.local')).toBeUndefined();
  });
});

describe('two-step verification', () => {
  it('enables TOTP, then requires the code at sign-in; the e-mail code also works', async () => {
    const token = await t.login('sinodo@sig.local');
    const inicio = await t.req({ method: 'POST', url: '/api/conta/2fa/iniciar', token });
    expect(inicio.statusCode).toBe(200);
    const { segredo, uri } = inicio.json();
    expect(uri).toMatch(/^otpauth:\/\/totp\/SIG:/);
    const errado = await t.req({ method: 'POST', url: '/api/conta/2fa/ativar', token, payload: { codigo: '000000' } });
    // A wrong code is the field's error: a 401 would sign the user out of the web.
    expect(errado.statusCode).toBe(400);
    expect(errado.json().campos).toEqual([
      { campo: 'codigo', mensagem: 'Código de verificação inválido ou expirado.' },
    ]);
    expect((await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token })).statusCode).toBe(200);
    const ativar = await t.req({
      method: 'POST',
      url: '/api/conta/2fa/ativar',
      token,
      payload: { codigo: await generate({ secret: segredo }) },
    });
    expect(ativar.statusCode).toBe(200);

    const primeiro = await autenticar({ login: 'sinodo@sig.local', senha: 'Demo@2026' });
    const pendente = primeiro.json();
    expect(pendente.requer2FA).toBe(true);
    const bloqueado = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: pendente.accessToken });
    expect(bloqueado.statusCode).toBe(401);
    expect(bloqueado.json().codigo).toBe('SEGUNDO_FATOR_PENDENTE');
    const valido = await t.req({ method: 'GET', url: `/api/Autenticacao/token-valido?token=${pendente.accessToken}` });
    expect(valido.json().valido).toBe(false);

    const ruim = await segundaEtapa(pendente.accessToken, { codigo: '123' });
    expect(ruim.statusCode).toBe(400);
    const errada = await segundaEtapa(pendente.accessToken, { codigo: '000000' });
    expect(errada.statusCode).toBe(400);
    expect(errada.json().campos[0].campo).toBe('codigo');
    const certo = await segundaEtapa(pendente.accessToken, { codigo: await generate({ secret: segredo }) });
    expect(certo.statusCode).toBe(200);
    expect(certo.json().requer2FA).toBe(false);
    expect(
      (await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: pendente.accessToken })).statusCode,
    ).toBe(200);

    const segundo = (await autenticar({ login: 'sinodo@sig.local', senha: 'Demo@2026' })).json();
    await t.req({ method: 'POST', url: '/api/Autenticacao/enviar-codigo-2FA', token: segundo.accessToken });
    const codigo = /é (\d{6})/.exec((await ultimoEmail('sinodo@sig.local'))!.texto)![1];
    const porEmail = await segundaEtapa(segundo.accessToken, { codigo, metodo: 'email' });
    expect(porEmail.statusCode).toBe(200);

    const desativar = await t.req({
      method: 'POST',
      url: '/api/conta/2fa/desativar',
      token,
      payload: { senha: 'Demo@2026' },
    });
    expect(desativar.statusCode).toBe(200);
    expect((await autenticar({ login: 'sinodo@sig.local', senha: 'Demo@2026' })).json().requer2FA).toBe(false);
  });
});

describe('hole 15: two-step set-up with a QR code and one-time recovery codes', () => {
  const conta = (token: string, url: string, payload?: object) =>
    t.req({ method: payload ? 'POST' : 'GET', url: `/api/conta/2fa${url}`, token, payload });
  const segundoPasso = async (codigo: string, metodo: string) => {
    const pendente = (await autenticar({ login: 'paroquia@sig.local', senha: 'Demo@2026' })).json();
    expect(pendente.requer2FA).toBe(true);
    return segundaEtapa(pendente.accessToken, { codigo, metodo });
  };
  let token: string;
  let codigos: string[];

  beforeAll(async () => {
    token = await t.login('paroquia@sig.local');
  });

  it('set-up shows the otpauth URI as a QR code image the page may show (an SVG data URL)', async () => {
    expect((await conta(token, '')).json()).toEqual({ ativo: false, codigosRestantes: 0 });
    const inicio = await conta(token, '/iniciar', {});
    expect(inicio.statusCode).toBe(200);
    const { segredo, uri, qrCode } = inicio.json();
    expect(uri).toContain(`secret=${segredo}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg[^>]*>.*<path/s);

    const ativar = await conta(token, '/ativar', { codigo: await generate({ secret: segredo }) });
    expect(ativar.statusCode, ativar.body).toBe(200);
    codigos = ativar.json().codigosRecuperacao;
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);
    for (const c of codigos) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await conta(token, '')).json()).toEqual({ ativo: true, codigosRestantes: 10 });
  });

  it('keeps only hashes of the recovery codes', async () => {
    const linhas = await t.banco.db
      .select({ hash: schema.codigoVerificacao.codigoHash })
      .from(schema.codigoVerificacao)
      .where(and(eq(schema.codigoVerificacao.finalidade, 'RECUPERACAO'), isNull(schema.codigoVerificacao.usadoEm)));
    expect(linhas).toHaveLength(10);
    const guardado = JSON.stringify(linhas);
    for (const c of codigos) {
      expect(guardado).not.toContain(c);
      expect(guardado).not.toContain(c.replace('-', ''));
    }
  });

  it('a recovery code passes the second step once, in any case and spacing', async () => {
    const [primeiro, segundo] = codigos as [string, string];
    const uso = await segundoPasso(` ${primeiro.toUpperCase().replace('-', ' ')} `, 'recuperacao');
    expect(uso.statusCode, uso.body).toBe(200);
    expect(uso.json().requer2FA).toBe(false);
    const reuso = await segundoPasso(primeiro, 'recuperacao');
    expect(reuso.statusCode).toBe(400);
    expect(reuso.json().campos).toEqual([{ campo: 'codigo', mensagem: 'Código de verificação inválido ou expirado.' }]);
    // Not a TOTP code, and not another user's.
    expect((await segundoPasso(segundo.replace('-', '').slice(0, 6), 'totp')).statusCode).toBe(400);
    const malformado = await segundoPasso('abc', 'recuperacao');
    expect(malformado.statusCode).toBe(400);
    expect(malformado.json().campos[0].campo).toBe('codigo');
    expect((await conta(token, '')).json().codigosRestantes).toBe(9);
  });

  it('new codes need the password and replace the old ones', async () => {
    const errada = await conta(token, '/codigos-recuperacao', { senha: 'errada' });
    expect(errada.statusCode).toBe(400);
    expect(errada.json().campos).toEqual([{ campo: 'senha', mensagem: 'A senha atual não confere.' }]);
    const novos = await conta(token, '/codigos-recuperacao', { senha: 'Demo@2026' });
    expect(novos.statusCode, novos.body).toBe(200);
    const lista: string[] = novos.json().codigosRecuperacao;
    expect(lista).toHaveLength(10);
    expect(lista.some((c) => codigos.includes(c))).toBe(false);
    expect((await segundoPasso(codigos[1]!, 'recuperacao')).statusCode).toBe(400);
    expect((await segundoPasso(lista[0]!, 'recuperacao')).statusCode).toBe(200);
    codigos = lista;
  });

  it('turning 2FA off drops the codes; without 2FA there is nothing to regenerate', async () => {
    expect((await conta(token, '/desativar', { senha: 'Demo@2026' })).statusCode).toBe(200);
    expect((await conta(token, '')).json()).toEqual({ ativo: false, codigosRestantes: 0 });
    const sem = await conta(token, '/codigos-recuperacao', { senha: 'Demo@2026' });
    expect(sem.statusCode).toBe(409);
    expect(sem.json().codigo).toBe('DOIS_FATORES_INATIVO');
  });
});

describe('system', () => {
  it('GET /api/saude is public', async () => {
    const r = await t.req({ method: 'GET', url: '/api/saude' });
    expect(r.json()).toEqual({
      status: 'ok',
      versao: '2.14.2',
      ambiente: 'development',
      analitica: { ativa: false },
      provedorPagamento: { demo: true },
      migracao: expect.stringMatching(/^\d{4}_\w+$/),
    });
  });

  it('unknown API paths are a localized 404', async () => {
    const r = await t.req({ method: 'GET', url: '/api/nao-existe', idioma: 'en' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ codigo: 'ROTA_NAO_ENCONTRADA', mensagem: 'Resource not found.' });
  });

  it('serves the OpenAPI document', async () => {
    const r = await t.req({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    expect(r.json().paths['/api/Autenticacao/autenticar']).toBeDefined();
  });
});
