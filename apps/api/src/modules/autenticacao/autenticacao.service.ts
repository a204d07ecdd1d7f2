import {
  type AutenticacaoResposta,
  type AutorizacaoResposta,
  normalizarCodigoRecuperacao,
  QUANTIDADE_CODIGOS_RECUPERACAO,
} from '@sig/contracts';
import { type Db, type DbOuTx, schema } from '@sig/db';
import type { Idioma } from '@sig/i18n';
import { tradutor } from '@sig/i18n';
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Contexto, Deps } from '../../platform/contexto.js';
import {
  codigoNumerico,
  codigoRecuperacao,
  conferirSenha,
  HASH_FICTICIO,
  hashSenha,
  hashToken,
  novoToken,
} from '../../platform/cripto.js';
import { AppError, erroDeCampo } from '../../platform/erros.js';
import { carregarPermissoes } from '../../platform/permissoes.js';
import { contemSemAcento, erroPg, VIOLACAO_UNICA } from '../../platform/sql.js';
import { normalizarBusca } from '../pessoas/index.js';
import * as bloqueio from './bloqueio.js';

export type Origem = { ip: string; userAgent: string | null; idioma: Idioma };

const REDEFINICAO_MIN = 60;
const CODIGO_EMAIL_MIN = 10;
const RECUPERACAO = 'RECUPERACAO';
/** Recovery codes do not expire: used, replaced or dropped with 2FA, that is all. */
const NUNCA = new Date('9999-12-31T00:00:00Z');

/** A wrong second-step code is the code field's error (400): a 401 would sign the web out. */
const codigoInvalido = () =>
  new AppError('CODIGO_2FA_INVALIDO', {}, [{ campo: 'codigo', mensagem: 'erros:CODIGO_2FA_INVALIDO' }]);

async function buscarUsuarioPorLogin(db: Db, loginNormal: string) {
  const porEmail = loginNormal.includes('@');
  if (!porEmail && !/^\d{11}$/.test(loginNormal)) return undefined;
  const [u] = await db
    .select({
      id: schema.usuario.id,
      senhaHash: schema.usuario.senhaHash,
      ativo: schema.usuario.ativo,
      totpAtivo: schema.usuario.totpAtivo,
    })
    .from(schema.usuario)
    .innerJoin(schema.pessoa, eq(schema.pessoa.id, schema.usuario.pessoaId))
    .where(
      porEmail
        ? sql`lower(${schema.usuario.email}) = ${loginNormal}`
        : and(eq(schema.pessoa.cpf, loginNormal), isNull(schema.pessoa.excluidoEm)),
    );
  return u;
}

/** The link the user acts through at sign-in: the default one, else the oldest. */
async function vinculoInicial(db: Db, usuarioId: number) {
  const [v] = await db
    .select({
      organizacaoId: schema.usuarioOrganizacao.organizacaoId,
      perfilId: schema.usuarioOrganizacao.perfilId,
      exige2FA: schema.perfil.exige2FA,
    })
    .from(schema.usuarioOrganizacao)
    .innerJoin(schema.organizacao, eq(schema.organizacao.id, schema.usuarioOrganizacao.organizacaoId))
    .innerJoin(schema.perfil, eq(schema.perfil.id, schema.usuarioOrganizacao.perfilId))
    .where(and(eq(schema.usuarioOrganizacao.usuarioId, usuarioId), isNull(schema.organizacao.excluidoEm)))
    .orderBy(desc(schema.usuarioOrganizacao.padrao), asc(schema.usuarioOrganizacao.criadoEm))
    .limit(1);
  return v;
}

async function respostaDaSessao(db: Db, sessaoId: number, token: string): Promise<AutenticacaoResposta> {
  const [r] = await db
    .select({
      primeiroNome: schema.pessoa.nome,
      sobrenome: schema.pessoa.sobrenome,
      email: schema.usuario.email,
      pessoaId: schema.pessoa.id,
      organizacaoId: schema.organizacao.id,
      organizacaoNome: schema.organizacao.nomeFantasia,
      requer2FA: schema.sessao.pendente2FA,
      trocarSenha: schema.usuario.trocarSenha,
    })
    .from(schema.sessao)
    .innerJoin(schema.usuario, eq(schema.usuario.id, schema.sessao.usuarioId))
    .innerJoin(schema.pessoa, eq(schema.pessoa.id, schema.usuario.pessoaId))
    .innerJoin(schema.organizacao, eq(schema.organizacao.id, schema.sessao.organizacaoId))
    .where(eq(schema.sessao.id, sessaoId));
  return { accessToken: token, ...r! };
}

export async function autenticar(
  deps: Deps,
  entrada: { login: string; senha: string; dispositivo?: string },
  origem: Origem,
) {
  const login = bloqueio.loginNormalizado(entrada.login);
  const usuario = await buscarUsuarioPorLogin(deps.db, login);
  const tentativa = await bloqueio.tentativa(deps.db, {
    login,
    usuarioId: usuario?.id,
    ip: origem.ip,
    dispositivo: entrada.dispositivo,
  });
  await bloqueio.exigirLiberada(deps.db, tentativa);

  const confere = await conferirSenha(entrada.senha, usuario?.senhaHash ?? HASH_FICTICIO);
  const vinculo = usuario && confere && usuario.ativo ? await vinculoInicial(deps.db, usuario.id) : undefined;
  if (!usuario || !confere || !usuario.ativo || !vinculo) {
    await bloqueio.registrar(deps.db, tentativa, false);
    deps.auditoria.registrar({
      evento: 'LOGIN_FALHA',
      login,
      usuarioId: usuario?.id ?? null,
      ip: origem.ip,
      userAgent: origem.userAgent,
    });
    throw new AppError('LOGIN_INCORRETO');
  }
  await bloqueio.registrar(deps.db, tentativa, true);
  await bloqueio.confiar(deps.db, usuario.id, origem.ip, entrada.dispositivo);
  const token = novoToken();
  const [sessao] = await deps.db
    .insert(schema.sessao)
    .values({
      tokenHash: hashToken(token),
      usuarioId: usuario.id,
      organizacaoId: vinculo.organizacaoId,
      perfilId: vinculo.perfilId,
      // A profile that requires a second factor asks for one even without the app (a code by e-mail).
      pendente2FA: usuario.totpAtivo || vinculo.exige2FA,
      ip: origem.ip,
      userAgent: origem.userAgent?.slice(0, 300),
    })
    .returning({ id: schema.sessao.id });
  await deps.db.update(schema.usuario).set({ ultimoAcessoEm: new Date() }).where(eq(schema.usuario.id, usuario.id));
  deps.auditoria.registrar({
    evento: 'LOGIN',
    login,
    usuarioId: usuario.id,
    organizacaoId: vinculo.organizacaoId,
    ip: origem.ip,
    userAgent: origem.userAgent,
  });
  return respostaDaSessao(deps.db, sessao!.id, token);
}

async function dadosUsuario(db: Db, usuarioId: number) {
  const [u] = await db
    .select({
      email: schema.usuario.email,
      nome: schema.pessoa.nome,
      senhaHash: schema.usuario.senhaHash,
      totpSegredoCifrado: schema.usuario.totpSegredoCifrado,
      totpAtivo: schema.usuario.totpAtivo,
    })
    .from(schema.usuario)
    .innerJoin(schema.pessoa, eq(schema.pessoa.id, schema.usuario.pessoaId))
    .where(eq(schema.usuario.id, usuarioId));
  return u!;
}

/** Stores a single-use code (its hash) for the user; returns the raw code. */
async function novoCodigo(db: Db, usuarioId: number, finalidade: string, minutos: number, codigo: string) {
  await db
    .update(schema.codigoVerificacao)
    .set({ usadoEm: new Date() })
    .where(
      and(
        eq(schema.codigoVerificacao.usuarioId, usuarioId),
        eq(schema.codigoVerificacao.finalidade, finalidade),
        isNull(schema.codigoVerificacao.usadoEm),
      ),
    );
  await db.insert(schema.codigoVerificacao).values({
    usuarioId,
    finalidade,
    codigoHash: hashToken(`${finalidade}:${codigo}`),
    expiraEm: new Date(Date.now() + minutos * 60_000),
  });
  return codigo;
}

/** Consumes a valid code; true when it matched. */
async function consumirCodigo(db: DbOuTx, finalidade: string, codigo: string, usuarioId?: number) {
  const [c] = await db
    .update(schema.codigoVerificacao)
    .set({ usadoEm: new Date() })
    .where(
      and(
        eq(schema.codigoVerificacao.codigoHash, hashToken(`${finalidade}:${codigo}`)),
        eq(schema.codigoVerificacao.finalidade, finalidade),
        isNull(schema.codigoVerificacao.usadoEm),
        gt(schema.codigoVerificacao.expiraEm, new Date()),
        usuarioId ? eq(schema.codigoVerificacao.usuarioId, usuarioId) : undefined,
      ),
    )
    .returning({ usuarioId: schema.codigoVerificacao.usuarioId });
  return c?.usuarioId;
}

export async function enviarCodigo2FA(deps: Deps, ctx: Contexto) {
  const u = await dadosUsuario(deps.db, ctx.usuarioId);
  const codigo = await novoCodigo(deps.db, ctx.usuarioId, '2FA', CODIGO_EMAIL_MIN, codigoNumerico());
  const t = tradutor(ctx.idioma);
  await deps.correio.enfileirar(deps.db, {
    para: u.email,
    assunto: t('email:codigo2FAAssunto'),
    texto: t('email:codigo2FATexto', { nome: u.nome, codigo }),
  });
}

async function totpConfere(deps: Deps, segredoCifrado: string | null, codigo: string) {
  if (!segredoCifrado) return false;
  const r = await verify({ secret: deps.cofre.decifrar(segredoCifrado), token: codigo, epochTolerance: 30 });
  return r.valid;
}

export async function autenticar2FA(
  deps: Deps,
  ctx: Contexto,
  entrada: { codigo: string; metodo: 'totp' | 'email' | 'recuperacao' },
  token: string,
) {
  await bloqueio.exigirLiberado2FA(deps.db, ctx.usuarioId);
  if (!ctx.pendente2FA) return respostaDaSessao(deps.db, ctx.sessaoId, token);
  const u = await dadosUsuario(deps.db, ctx.usuarioId);
  const valido =
    entrada.metodo === 'totp'
      ? await totpConfere(deps, u.totpSegredoCifrado, entrada.codigo)
      : entrada.metodo === 'email'
        ? !!(await consumirCodigo(deps.db, '2FA', entrada.codigo, ctx.usuarioId))
        : u.totpAtivo && (await consumirRecuperacao(deps.db, ctx.usuarioId, entrada.codigo));
  await bloqueio.registrar2FA(deps.db, ctx.usuarioId, ctx.ip, valido);
  if (!valido) throw codigoInvalido();
  await deps.db.update(schema.sessao).set({ pendente2FA: false }).where(eq(schema.sessao.id, ctx.sessaoId));
  deps.auditoria.registrar({
    evento: 'LOGIN_2FA',
    usuarioId: ctx.usuarioId,
    organizacaoId: ctx.organizacaoId,
    ip: ctx.ip,
  });
  return respostaDaSessao(deps.db, ctx.sessaoId, token);
}

export async function invalidarToken(deps: Deps, ctx: Contexto) {
  await deps.db.update(schema.sessao).set({ revogadoEm: new Date() }).where(eq(schema.sessao.id, ctx.sessaoId));
  deps.auditoria.registrar({
    evento: 'LOGOUT',
    usuarioId: ctx.usuarioId,
    organizacaoId: ctx.organizacaoId,
    ip: ctx.ip,
  });
}

export async function trocarOrganizacao(deps: Deps, ctx: Contexto, organizacaoId: number, token: string) {
  const [v] = await deps.db
    .select({
      perfilId: schema.usuarioOrganizacao.perfilId,
      exige2FA: schema.perfil.exige2FA,
      totpAtivo: schema.usuario.totpAtivo,
    })
    .from(schema.usuarioOrganizacao)
    .innerJoin(schema.organizacao, eq(schema.organizacao.id, schema.usuarioOrganizacao.organizacaoId))
    .innerJoin(schema.perfil, eq(schema.perfil.id, schema.usuarioOrganizacao.perfilId))
    .innerJoin(schema.usuario, eq(schema.usuario.id, schema.usuarioOrganizacao.usuarioId))
    .where(
      and(
        eq(schema.usuarioOrganizacao.usuarioId, ctx.usuarioId),
        eq(schema.usuarioOrganizacao.organizacaoId, organizacaoId),
        isNull(schema.organizacao.excluidoEm),
      ),
    );
  if (!v) throw new AppError('SEM_PERMISSAO_ORGANIZACAO');
  const [atual] = await deps.db
    .select({ exige2FA: schema.perfil.exige2FA })
    .from(schema.perfil)
    .where(eq(schema.perfil.id, ctx.perfilId));
  const confirmado = v.totpAtivo || !!atual?.exige2FA;
  await deps.db
    .update(schema.sessao)
    // A session that never confirmed a second factor confirms one before acting with a profile that requires it.
    .set({ organizacaoId, perfilId: v.perfilId, ...(v.exige2FA && !confirmado ? { pendente2FA: true } : {}) })
    .where(eq(schema.sessao.id, ctx.sessaoId));
  deps.auditoria.registrar({ evento: 'TROCA_ORGANIZACAO', usuarioId: ctx.usuarioId, organizacaoId, ip: ctx.ip });
  return respostaDaSessao(deps.db, ctx.sessaoId, token);
}

export async function autorizacao(deps: Deps, ctx: Contexto): Promise<AutorizacaoResposta> {
  const p = await carregarPermissoes(deps.db, ctx.perfilId);
  const organizacoes = await deps.db
    .select({
      id: schema.organizacao.id,
      nome: schema.organizacao.nomeFantasia,
      perfilId: schema.usuarioOrganizacao.perfilId,
    })
    .from(schema.usuarioOrganizacao)
    .innerJoin(schema.organizacao, eq(schema.organizacao.id, schema.usuarioOrganizacao.organizacaoId))
    .where(and(eq(schema.usuarioOrganizacao.usuarioId, ctx.usuarioId), isNull(schema.organizacao.excluidoEm)))
    .orderBy(asc(schema.organizacao.nomeFantasia));
  return {
    perfilId: ctx.perfilId,
    perfilNome: p.nome,
    administrador: p.administrador,
    organizacaoId: ctx.organizacaoId,
    organizacaoNome: ctx.organizacaoNome,
    ambiente: deps.config.ambiente,
    permissoes: [...p.telas]
      .filter(([, x]) => x.listar || x.visualizar || x.criar || x.atualizar || x.excluir)
      .map(([acesso, x]) => ({ acesso, ...x })),
    campos: [...p.campos].flatMap(([acesso, m]) => [...m].map(([campo, r]) => ({ acesso, campo, ...r }))),
    organizacoes,
  };
}

export async function organizacoesParaCadastro(deps: Deps, busca: string) {
  return deps.db
    .select({ value: schema.organizacao.id, label: schema.organizacao.nomeFantasia })
    .from(schema.organizacao)
    .where(
      and(
        isNull(schema.organizacao.excluidoEm),
        eq(schema.organizacao.situacao, 'ATIVA'),
        eq(schema.organizacao.aceitaCadastro, true),
        busca ? contemSemAcento(schema.organizacao.nomeFantasia, busca) : undefined,
      ),
    )
    .orderBy(asc(schema.organizacao.nomeFantasia))
    .limit(50);
}

/**
 * Who already has what a registration gives: the account of the e-mail, and the person of the CPF
 * with the address they are reached at (their account's, else the one on record). Empty when both
 * are new.
 */
async function jaCadastrados(db: DbOuTx, e: { cpf: string; email: string }) {
  const porEmail = await db
    .select({ email: schema.usuario.email, nome: schema.pessoa.nome })
    .from(schema.usuario)
    .innerJoin(schema.pessoa, eq(schema.pessoa.id, schema.usuario.pessoaId))
    .where(sql`lower(${schema.usuario.email}) = ${e.email}`);
  const porCpf = await db
    .select({
      email: sql<string | null>`coalesce(${schema.usuario.email}, ${schema.pessoa.email})`,
      nome: schema.pessoa.nome,
    })
    .from(schema.pessoa)
    .leftJoin(schema.usuario, eq(schema.usuario.pessoaId, schema.pessoa.id))
    .where(and(eq(schema.pessoa.cpf, e.cpf), isNull(schema.pessoa.excluidoEm)));
  return [...porEmail, ...porCpf];
}

/**
 * Self-registration (spec §2 /cadastro) at an organization that accepts members (its settings;
 * communities by default). The answer never tells whether the e-mail or the CPF is known: when
 * either is, nothing is created and their owner is told by e-mail instead ("you already have an
 * account"), never the address typed for someone else's CPF. The password is hashed either way, so
 * both answers take about as long.
 */
export async function cadastrar(
  deps: Deps,
  e: { nome: string; sobrenome: string; cpf: string; email: string; organizacaoId: number; senha: string },
  origem: Origem,
) {
  const [org] = await deps.db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(
      and(
        eq(schema.organizacao.id, e.organizacaoId),
        isNull(schema.organizacao.excluidoEm),
        eq(schema.organizacao.situacao, 'ATIVA'),
        eq(schema.organizacao.aceitaCadastro, true),
      ),
    );
  if (!org) throw erroDeCampo('organizacaoId', 'organizacaoNaoAceitaCadastro');
  const [perfil] = await deps.db
    .select({ id: schema.perfil.id })
    .from(schema.perfil)
    .where(and(eq(schema.perfil.padraoCadastro, true), isNull(schema.perfil.excluidoEm), eq(schema.perfil.ativo, true)))
    .limit(1);
  if (!perfil) throw new AppError('ACESSO_NAO_PERMITIDO');
  const senhaHash = await hashSenha(e.senha);
  const t = tradutor(origem.idioma);
  const criado = await deps.db
    .transaction(async (tx) => {
      if ((await jaCadastrados(tx, e)).length) return false;
      const [pessoa] = await tx
        .insert(schema.pessoa)
        .values({
          nome: e.nome,
          sobrenome: e.sobrenome,
          nomeBusca: normalizarBusca(`${e.nome} ${e.sobrenome}`),
          cpf: e.cpf,
          email: e.email,
          organizacaoId: e.organizacaoId,
          preCadastro: true,
        })
        .returning({ id: schema.pessoa.id });
      const [usuario] = await tx
        .insert(schema.usuario)
        .values({ pessoaId: pessoa!.id, email: e.email, senhaHash })
        .returning({ id: schema.usuario.id });
      await tx
        .insert(schema.usuarioOrganizacao)
        .values({ usuarioId: usuario!.id, organizacaoId: e.organizacaoId, perfilId: perfil.id, padrao: true });
      await deps.correio.enfileirar(tx, {
        para: e.email,
        assunto: t('email:cadastroAssunto'),
        texto: t('email:cadastroTexto', { nome: e.nome }),
      });
      return true;
    })
    // Another registration of the same e-mail or CPF committed first: the same as finding it.
    .catch((erro: unknown) => {
      if (erroPg(erro).code === VIOLACAO_UNICA) return false;
      throw erro;
    });
  if (criado) return;
  const avisados = new Set<string>();
  for (const dono of await jaCadastrados(deps.db, e)) {
    if (!dono.email || avisados.has(dono.email.toLowerCase())) continue;
    avisados.add(dono.email.toLowerCase());
    await deps.correio.enfileirar(deps.db, {
      para: dono.email,
      assunto: t('email:jaCadastradoAssunto'),
      texto: t('email:jaCadastradoTexto', {
        nome: dono.nome,
        entrar: `${deps.config.publicUrl}/login`,
        redefinir: `${deps.config.publicUrl}/reset-senha`,
      }),
    });
  }
}

/** Always answers the same, whether the e-mail exists or not (no enumeration). */
export async function solicitarRedefinicao(deps: Deps, email: string, origem: Origem) {
  const [u] = await deps.db
    .select({ id: schema.usuario.id, nome: schema.pessoa.nome, email: schema.usuario.email })
    .from(schema.usuario)
    .innerJoin(schema.pessoa, eq(schema.pessoa.id, schema.usuario.pessoaId))
    .where(and(sql`lower(${schema.usuario.email}) = ${email}`, eq(schema.usuario.ativo, true)));
  if (!u) return;
  const token = await novoCodigo(deps.db, u.id, 'REDEFINICAO', REDEFINICAO_MIN, novoToken());
  const t = tradutor(origem.idioma);
  await deps.correio.enfileirar(deps.db, {
    para: u.email,
    assunto: t('email:redefinicaoAssunto'),
    texto: t('email:redefinicaoTexto', { nome: u.nome, link: `${deps.config.publicUrl}/reset-senha?token=${token}` }),
  });
}

async function gravarSenha(db: DbOuTx, usuarioId: number, senha: string, manterSessaoId?: number) {
  await db
    .update(schema.usuario)
    .set({ senhaHash: await hashSenha(senha), trocarSenha: false, senhaAlteradaEm: new Date() })
    .where(eq(schema.usuario.id, usuarioId));
  await db
    .update(schema.sessao)
    .set({ revogadoEm: new Date() })
    .where(
      and(
        eq(schema.sessao.usuarioId, usuarioId),
        isNull(schema.sessao.revogadoEm),
        manterSessaoId ? ne(schema.sessao.id, manterSessaoId) : undefined,
      ),
    );
}

/** The device and address that completed the reset proved the e-mail: the account's lock lets them in. */
export async function redefinirSenha(
  deps: Deps,
  e: { token: string; senha: string; dispositivo?: string },
  origem: Origem,
) {
  await deps.db.transaction(async (tx) => {
    const usuarioId = await consumirCodigo(tx, 'REDEFINICAO', e.token);
    if (!usuarioId) throw new AppError('TOKEN_REDEFINICAO_INVALIDO');
    await gravarSenha(tx, usuarioId, e.senha);
    await bloqueio.confiar(tx, usuarioId, origem.ip, e.dispositivo);
  });
}

/** Changing the password ends every other session of the user. */
export async function trocarSenha(deps: Deps, ctx: Contexto, senhaAtual: string, senha: string) {
  const u = await dadosUsuario(deps.db, ctx.usuarioId);
  if (!(await conferirSenha(senhaAtual, u.senhaHash))) {
    throw new AppError('SENHA_ATUAL_INCORRETA', {}, [{ campo: 'senhaAtual', mensagem: 'erros:SENHA_ATUAL_INCORRETA' }]);
  }
  await gravarSenha(deps.db, ctx.usuarioId, senha, ctx.sessaoId);
}

/** The otpauth URI as a QR code the account page shows: an SVG data URL (CSP allows `data:` images). */
async function qrCodeDe(uri: string) {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

export async function iniciar2FA(deps: Deps, ctx: Contexto) {
  const u = await dadosUsuario(deps.db, ctx.usuarioId);
  if (u.totpAtivo) throw new AppError('DOIS_FATORES_JA_ATIVO');
  const segredo = generateSecret();
  await deps.db
    .update(schema.usuario)
    .set({ totpSegredoCifrado: deps.cofre.cifrar(segredo) })
    .where(eq(schema.usuario.id, ctx.usuarioId));
  const uri = generateURI({ issuer: 'SIG', label: u.email, secret: segredo });
  return { segredo, uri, qrCode: await qrCodeDe(uri) };
}

/** Replaces the user's recovery codes with new ones; only their hashes are kept, the codes are shown once. */
async function novosCodigosRecuperacao(db: DbOuTx, usuarioId: number): Promise<string[]> {
  await descartarRecuperacao(db, usuarioId);
  const codigos = new Set<string>();
  while (codigos.size < QUANTIDADE_CODIGOS_RECUPERACAO) codigos.add(codigoRecuperacao());
  await db.insert(schema.codigoVerificacao).values(
    [...codigos].map((c) => ({
      usuarioId,
      finalidade: RECUPERACAO,
      codigoHash: hashToken(`${RECUPERACAO}:${c}`),
      expiraEm: NUNCA,
    })),
  );
  return [...codigos];
}

const descartarRecuperacao = (db: DbOuTx, usuarioId: number) =>
  db
    .update(schema.codigoVerificacao)
    .set({ usadoEm: new Date() })
    .where(
      and(
        eq(schema.codigoVerificacao.usuarioId, usuarioId),
        eq(schema.codigoVerificacao.finalidade, RECUPERACAO),
        isNull(schema.codigoVerificacao.usadoEm),
      ),
    );

/** A recovery code passes the second step once. */
async function consumirRecuperacao(db: DbOuTx, usuarioId: number, codigo: string) {
  const normal = normalizarCodigoRecuperacao(codigo);
  return !!normal && !!(await consumirCodigo(db, RECUPERACAO, normal, usuarioId));
}

export async function estado2FA(deps: Deps, ctx: Contexto) {
  const u = await dadosUsuario(deps.db, ctx.usuarioId);
  const [r] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.codigoVerificacao)
    .where(
      and(
        eq(schema.codigoVerificacao.usuarioId, ctx.usuarioId),
        eq(schema.codigoVerificacao.finalidade, RECUPERACAO),
        isNull(schema.codigoVerificacao.usadoEm),
      ),
    );
  return { ativo: u.totpAtivo, codigosRestantes: u.totpAtivo ? (r?.n ?? 0) : 0 };
}

/** Turns 2FA on with a code of the app, and answers the recovery codes (shown this once). */
export async function ativar2FA(deps: Deps, ctx: Contexto, codigo: string) {
  const u = await dadosUsuario(deps.db, ctx.usuarioId);
  if (u.totpAtivo) throw new AppError('DOIS_FATORES_JA_ATIVO');
  if (!u.totpSegredoCifrado) throw new AppError('DOIS_FATORES_NAO_INICIADO');
  if (!(await totpConfere(deps, u.totpSegredoCifrado, codigo))) throw codigoInvalido();
  return deps.db.transaction(async (tx) => {
    await tx.update(schema.usuario).set({ totpAtivo: true }).where(eq(schema.usuario.id, ctx.usuarioId));
    return { codigosRecuperacao: await novosCodigosRecuperacao(tx, ctx.usuarioId) };
  });
}

async function exigirSenha(deps: Deps, ctx: Contexto, senha: string) {
  const u = await dadosUsuario(deps.db, ctx.usuarioId);
  if (!(await conferirSenha(senha, u.senhaHash))) {
    throw new AppError('SENHA_ATUAL_INCORRETA', {}, [{ campo: 'senha', mensagem: 'erros:SENHA_ATUAL_INCORRETA' }]);
  }
  return u;
}

/** New recovery codes (the old ones stop working), for whoever knows the password. */
export async function regerarCodigosRecuperacao(deps: Deps, ctx: Contexto, senha: string) {
  const u = await exigirSenha(deps, ctx, senha);
  if (!u.totpAtivo) throw new AppError('DOIS_FATORES_INATIVO');
  return deps.db.transaction(async (tx) => ({
    codigosRecuperacao: await novosCodigosRecuperacao(tx, ctx.usuarioId),
  }));
}

export async function desativar2FA(deps: Deps, ctx: Contexto, senha: string) {
  await exigirSenha(deps, ctx, senha);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(schema.usuario)
      .set({ totpAtivo: false, totpSegredoCifrado: null })
      .where(eq(schema.usuario.id, ctx.usuarioId));
    await descartarRecuperacao(tx, ctx.usuarioId);
  });
}
