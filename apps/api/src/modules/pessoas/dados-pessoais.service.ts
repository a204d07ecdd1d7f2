import { PassThrough, type Readable } from 'node:stream';
import { CAMPOS_PESSOA, DEFINICAO_MINISTRO, FILHOS_PESSOA, type FilhoCadastro } from '@sig/contracts';
import { schema } from '@sig/db';
import { type Chave, tradutor } from '@sig/i18n';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { lerHistorico } from '../../platform/historico.js';
import { camposOcultos, pode } from '../../platform/permissoes.js';
import { anonimizarClientesDaPessoa } from '../asaas/index.js';
import { daPessoa as ministroDaPessoa } from './ministro.service.js';
import { normalizarBusca, obter } from './pessoa.service.js';

/**
 * Personal-data rights (LGPD): everything held on one person, as JSON or PDF, and the
 * anonymization that erases the personal data while keeping the rite and financial records.
 * Both are audited; what a profile may not view stays out of the export as everywhere else.
 * The export is a right of its own (`DadosPessoais`): reading people does not give it.
 */
const ACESSO = 'Pessoa';
const ACESSO_EXPORTACAO = 'DadosPessoais';
const LIMITE_HISTORICO = 5_000;
const LIMITE_ACESSOS = 1_000;

type Origem = { ip: string; userAgent: string | null; rota: string; metodo: string };

function auditar(deps: Deps, ctx: Contexto, evento: string, origem: Origem, acesso = ACESSO) {
  deps.auditoria.registrar({
    evento,
    usuarioId: ctx.usuarioId,
    organizacaoId: ctx.organizacaoId,
    acesso,
    metodo: origem.metodo,
    rota: origem.rota,
    status: 200,
    ip: origem.ip,
    userAgent: origem.userAgent,
  });
}

/** History rows without the values of fields the profile may not view. */
function semOcultos(ocultos: Set<string>, v: unknown): unknown {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  return Object.fromEntries(Object.entries(v).filter(([k]) => !ocultos.has(k)));
}

export async function coletar(deps: Deps, ctx: Contexto, id: number) {
  // The person within the export right's scope (own organization only, when it says so) as well as the readers'.
  const [noEscopo] = await deps.db
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(and(eq(schema.pessoa.id, id), filtroOrganizacao(ctx, ACESSO_EXPORTACAO, schema.pessoa.organizacaoId)));
  if (!noEscopo) throw naoEncontrado();
  const pessoa = await obter(deps, ctx, id);
  const ocultos = camposOcultos(ctx, ACESSO);
  const [usuario] = await deps.db
    .select({
      id: schema.usuario.id,
      email: schema.usuario.email,
      ativo: schema.usuario.ativo,
      autenticacaoDoisFatores: schema.usuario.totpAtivo,
      criadoEm: schema.usuario.criadoEm,
      ultimoAcessoEm: schema.usuario.ultimoAcessoEm,
    })
    .from(schema.usuario)
    .where(eq(schema.usuario.pessoaId, id));
  const vinculos = usuario
    ? await deps.db
        .select({ organizacao: schema.organizacao.nomeFantasia, perfil: schema.perfil.nome })
        .from(schema.usuarioOrganizacao)
        .innerJoin(schema.organizacao, eq(schema.organizacao.id, schema.usuarioOrganizacao.organizacaoId))
        .innerJoin(schema.perfil, eq(schema.perfil.id, schema.usuarioOrganizacao.perfilId))
        .where(eq(schema.usuarioOrganizacao.usuarioId, usuario.id))
    : [];
  const h = schema.historicoAlteracao;
  const historico = (
    await deps.db
      .select({
        operacao: h.operacao,
        campo: h.campo,
        valorAnterior: h.valorAnterior,
        valorNovo: h.valorNovo,
        em: h.criadoEm,
      })
      .from(h)
      .where(and(eq(h.entidade, 'pessoa'), eq(h.entidadeId, id)))
      .orderBy(desc(h.criadoEm))
      .limit(LIMITE_HISTORICO)
  )
    .filter((l) => !l.campo || !ocultos.has(l.campo))
    .map((l) => ({
      ...l,
      valorAnterior: semOcultos(ocultos, l.valorAnterior),
      valorNovo: semOcultos(ocultos, l.valorNovo),
    }));
  const a = schema.auditoriaAcesso;
  const acessos = usuario
    ? await deps.db
        .select({ evento: a.evento, rota: a.rota, ip: a.ip, em: a.criadoEm })
        .from(a)
        .where(eq(a.usuarioId, usuario.id))
        .orderBy(desc(a.criadoEm))
        .limit(LIMITE_ACESSOS)
    : [];
  const { id: _u, ...conta } = usuario ?? { id: 0 };
  const [operador] = await deps.db
    .select({ email: schema.usuario.email })
    .from(schema.usuario)
    .where(eq(schema.usuario.id, ctx.usuarioId));
  // Minister data only for a profile that may see it (its own screen and permission).
  const ministro = pode(ctx, 'PessoaMinistro', 'R') ? await ministroDaPessoa(deps, ctx, id) : null;
  return {
    geradoEm: new Date().toISOString(),
    geradoPor: operador?.email ?? '',
    pessoa,
    ministro,
    usuario: usuario ? conta : null,
    vinculos,
    historico,
    acessos,
  };
}

export type DadosPessoais = Awaited<ReturnType<typeof coletar>>;

/**
 * The person's update history tab (spec §2): the change-history rows of the record, newest
 * first, with who made them; fields the profile may not view are left out, as everywhere.
 */
export async function historico(deps: Deps, ctx: Contexto, id: number) {
  await obter(deps, ctx, id);
  const ocultos = camposOcultos(ctx, ACESSO);
  const linhas = await lerHistorico(deps.db, 'pessoa', id, LIMITE_HISTORICO);
  return linhas
    .filter((l) => !l.campo || !ocultos.has(l.campo))
    .map((l) => ({
      ...l,
      valorAnterior: semOcultos(ocultos, l.valorAnterior),
      valorNovo: semOcultos(ocultos, l.valorNovo),
    }));
}

export async function exportar(deps: Deps, ctx: Contexto, id: number, origem: Origem) {
  const dados = await coletar(deps, ctx, id);
  auditar(deps, ctx, 'DADOS_PESSOAIS', origem, ACESSO_EXPORTACAO);
  return dados;
}

const texto = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** The same content as the JSON, laid out for a person to read. */
export function pdfDadosPessoais(dados: DadosPessoais, idioma: Contexto['idioma']): Readable {
  const t = tradutor(idioma);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: t('pessoas:dadosPessoais.titulo', { nome: '' }) },
  });
  const saida = new PassThrough();
  doc.pipe(saida);
  const p = dados.pessoa as Record<string, unknown>;
  const secao = (titulo: string) => doc.moveDown().font('Helvetica-Bold').fontSize(12).text(titulo).moveDown(0.3);
  const par = (rotulo: string, v: unknown) =>
    doc.font('Helvetica-Bold').fontSize(9).text(`${rotulo}: `, { continued: true }).font('Helvetica').text(texto(v));
  const rotulo = (campo: string) => t(`campos:${campo}`, { defaultValue: campo });

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(t('pessoas:dadosPessoais.titulo', { nome: `${p.nome} ${p.sobrenome}` }));
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(t('pessoas:dadosPessoais.geradoEm', { data: dados.geradoEm, usuario: dados.geradoPor }));
  secao(t('pessoas:dadosPessoais.dadosGerais'));
  for (const c of CAMPOS_PESSOA) if (c.nome in p) par(rotulo(c.nome), p[c.nome]);
  par(rotulo('organizacaoNome'), p.organizacaoNome);
  const colecoes = (registro: Record<string, unknown>, defs: readonly FilhoCadastro[]) => {
    for (const f of defs) {
      if (!(f.nome in registro)) continue;
      secao(rotulo(f.nome));
      const itens = (registro[f.nome] ?? []) as Record<string, unknown>[];
      if (!itens.length) doc.font('Helvetica').fontSize(9).text(t('pessoas:dadosPessoais.nenhum'));
      itens.forEach((item, i) => {
        doc
          .font('Helvetica-Oblique')
          .fontSize(9)
          .text(t('pessoas:dadosPessoais.item', { n: i + 1 }));
        for (const c of f.campos) par(rotulo(c.nome), item[c.nome]);
      });
    }
  };
  colecoes(p, FILHOS_PESSOA);
  if (dados.ministro) {
    const m = dados.ministro as Record<string, unknown>;
    secao(t('menu:acessos.PessoaMinistro'));
    for (const c of DEFINICAO_MINISTRO.campos) if (c.nome !== 'pessoaId') par(rotulo(c.nome), m[c.nome]);
    colecoes(m, DEFINICAO_MINISTRO.filhos ?? []);
  }
  secao(t('pessoas:dadosPessoais.usuario'));
  if (dados.usuario) for (const [k, v] of Object.entries(dados.usuario)) par(rotulo(k), v);
  else doc.font('Helvetica').fontSize(9).text(t('pessoas:dadosPessoais.nenhum'));
  /** A section of one line per row, or "none". */
  const linhas = <T>(titulo: Chave, itens: T[], tamanho: number, linha: (i: T) => string) => {
    secao(t(titulo));
    if (!itens.length) doc.font('Helvetica').fontSize(9).text(t('pessoas:dadosPessoais.nenhum'));
    for (const i of itens) doc.font('Helvetica').fontSize(tamanho).text(linha(i));
  };
  linhas('pessoas:dadosPessoais.vinculos', dados.vinculos, 9, (v) => `${v.organizacao} — ${v.perfil}`);
  linhas(
    'pessoas:dadosPessoais.historico',
    dados.historico,
    8,
    (h) =>
      `${texto(h.em)} ${h.operacao} ${h.campo ? rotulo(h.campo) : ''}: ${texto(h.valorAnterior)} → ${texto(h.valorNovo)}`,
  );
  linhas(
    'pessoas:dadosPessoais.acessos',
    dados.acessos,
    8,
    (a) => `${texto(a.em)} ${a.evento} ${a.rota ?? ''} ${a.ip ?? ''}`,
  );
  doc.end();
  return saida;
}

/**
 * Erases the personal data (names, documents, contacts, addresses, bank accounts, family links,
 * marriages, work, schooling, skills,
 * health and free text, and the values in the change history) and keeps the row, its rites and
 * its contributions, now under an anonymous name; the record is read-only from then on. A person
 * who is a user must lose access first. Then, outside the transaction, the person's customers at
 * the payment provider are anonymized too; when the provider fails, repeating the request
 * finishes that part (a person anonymized everywhere answers PESSOA_JA_ANONIMIZADA).
 */
export async function anonimizar(deps: Deps, ctx: Contexto, id: number, motivo: string, origem: Origem) {
  const p = schema.pessoa;
  const anonimo = await deps.db.transaction(async (tx) => {
    const [linha] = await tx
      .select({ id: p.id, nome: p.nome, sobrenome: p.sobrenome, anonimizadoEm: p.anonimizadoEm })
      .from(p)
      .where(and(eq(p.id, id), isNull(p.excluidoEm), filtroOrganizacao(ctx, ACESSO, p.organizacaoId)))
      .for('update');
    if (!linha) throw naoEncontrado();
    if (linha.anonimizadoEm) return { nome: `${linha.nome} ${linha.sobrenome}`, agora: false };
    const [usuario] = await tx
      .select({ id: schema.usuario.id })
      .from(schema.usuario)
      .where(eq(schema.usuario.pessoaId, id));
    if (usuario) throw new AppError('PESSOA_E_USUARIO');
    const nome = tradutor(ctx.idioma)('pessoas:dadosPessoais.nomeAnonimo');
    const sobrenome = `#${id}`;
    await tx
      .update(p)
      .set({
        nome,
        sobrenome,
        nomeBusca: normalizarBusca(`${nome} ${sobrenome}`),
        sobrenomeFamilia: null,
        cpf: null,
        email: null,
        rg: null,
        rgOrgaoEmissor: null,
        rgDataEmissao: null,
        tituloEleitor: null,
        nitPis: null,
        cnh: null,
        sexo: null,
        estadoCivil: null,
        nacionalidade: null,
        dataNascimento: null,
        naturalidadeEstadoId: null,
        naturalidadeCidadeId: null,
        dataFalecimento: null,
        motivoStatus: null,
        nomeMae: null,
        nomePai: null,
        deficienciaFisica: false,
        deficienciaVisual: false,
        deficienciaAuditiva: false,
        deficienciaIntelectual: false,
        planoSaude: null,
        recebeInformativo: false,
        recebeJornal: false,
        codigoOutroSistema: null,
        observacao: null,
        anonimizadoEm: new Date(),
        atualizadoEm: new Date(),
      })
      .where(eq(p.id, id));
    // Physically: a logical delete would keep the very data being erased.
    await tx.delete(schema.pessoaEndereco).where(eq(schema.pessoaEndereco.pessoaId, id));
    await tx.delete(schema.pessoaContato).where(eq(schema.pessoaContato.pessoaId, id));
    await tx.delete(schema.pessoaContaBancaria).where(eq(schema.pessoaContaBancaria.pessoaId, id));
    // Personal history (marriages, work, schooling, skills); church and ministry records stay.
    for (const tabela of [
      schema.pessoaCasamento,
      schema.pessoaHistoricoProfissional,
      schema.pessoaFormacao,
      schema.pessoaHabilidade,
      schema.pessoaIdioma,
      schema.pessoaQualificacao,
    ])
      await tx.delete(tabela).where(eq(tabela.pessoaId, id));
    // A spouse's record keeps the marriage, under the anonymous name.
    await tx
      .update(schema.pessoaCasamento)
      .set({ conjugeId: null, nomeConjuge: `${nome} ${sobrenome}` })
      .where(eq(schema.pessoaCasamento.conjugeId, id));
    await tx
      .delete(schema.pessoaFamilia)
      .where(or(eq(schema.pessoaFamilia.pessoaId, id), eq(schema.pessoaFamilia.parenteId, id)));
    const h = schema.historicoAlteracao;
    await tx
      .update(h)
      .set({ valorAnterior: null, valorNovo: null })
      .where(and(eq(h.entidade, 'pessoa'), eq(h.entidadeId, id)));
    await tx.insert(h).values({
      entidade: 'pessoa',
      entidadeId: id,
      operacao: 'ANONIMIZACAO',
      valorNovo: { motivo },
      usuarioId: ctx.usuarioId,
      organizacaoId: ctx.organizacaoId,
    });
    // The relatives' own history named this person as their relative: keep the link's fact, not the id.
    await tx.execute(
      sql`update historico_alteracao set valor_anterior = null, valor_novo = null
          where entidade = 'pessoa' and campo = 'familia'
            and (valor_anterior::text like ${`%"parenteId": ${id}%`} or valor_novo::text like ${`%"parenteId": ${id}%`})`,
    );
    return { nome: `${nome} ${sobrenome}`, agora: true };
  });
  if (anonimo.agora) auditar(deps, ctx, 'ANONIMIZACAO', origem);
  const havia = await anonimizarClientesDaPessoa(deps, id, anonimo.nome);
  if (!anonimo.agora && !havia) throw new AppError('PESSOA_JA_ANONIMIZADA');
  return obter(deps, ctx, id);
}
