import { randomBytes } from 'node:crypto';
import {
  ACESSO_OFICIOS,
  CAMPOS_MESCLAGEM,
  type CampoMesclagem,
  camposDesconhecidos,
  type DocumentoOficio,
  type EmissaoOficioInput,
  hojeNoBrasil,
  MARCADOR_MESCLAGEM,
  type NoBloco,
  type NoEmLinha,
  type Oficio,
  type OficioLoteInput,
  type OficioPagina,
  type PreviaOficio,
  type PreviaOficioInput,
  type PreviaPdfOficioInput,
  type ProcessamentoLote,
  type ProcessamentoLoteListQuery,
  TEXTOS_TEMPLATE,
  type TemplateOficio,
  type TemplateOficioInput,
  type TemplateOficioPagina,
  type TipoMinisterio,
  textoDoDocumento,
  type VerificacaoOficio,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { type Idioma, tradutor } from '@sig/i18n';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { dataPorExtenso, documentoTela } from '../../platform/emissor-pdf.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { dataTela } from '../../platform/pdf.js';
import type { RegraReferencia } from '../../platform/referencias.js';
import { linhasExistentes } from '../../platform/referencias.js';
import { contemSemAcento, nomeCompletoPessoa } from '../../platform/sql.js';
import { dadosDoEmissor } from '../organizacoes/index.js';
import { condicoes, exigirDentroDoMaximo } from '../pessoas/index.js';
import { criarLote, type ItemEmTrabalho, listarLotes, obterLote } from '../processamento-lote/index.js';

/**
 * Office letters (issue 22): an organization's templates and the letters issued from them, all
 * within the user's scope of the Oficios screen (404 outside it). A letter keeps its merged texts
 * and page layout as issued; its number runs per issuing organization (the template's) and year.
 */
const ACESSO = ACESSO_OFICIOS;
const { oficioTemplate: tpl, oficio: ofi, organizacao, pessoa, ministro } = schema;

const doEscopo = (ctx: Contexto, acesso = ACESSO) =>
  and(isNull(tpl.excluidoEm), filtroOrganizacao(ctx, acesso, tpl.organizacaoId));

/**
 * A list's rows by `coluna`'s organization: the organization its filter chose and those below
 * (404 outside the scope; a subtree in scope is all in scope), else the whole scope.
 */
async function daOrganizacaoEscolhida(deps: Deps, ctx: Contexto, coluna: PgColumn, organizacaoId?: number) {
  return organizacaoId
    ? entreOrganizacoes(coluna, await organizacoesEscolhidas(deps, ctx, ACESSO, organizacaoId))
    : filtroOrganizacao(ctx, ACESSO, coluna);
}

/** The templates a write elsewhere may name (an issue, a filter): those of the writer's scope. */
export const REGRA_TEMPLATE_OFICIO: RegraReferencia = linhasExistentes(tpl, (ctx, acesso) =>
  filtroOrganizacao(ctx, acesso, tpl.organizacaoId),
);

const selecaoTemplate = {
  id: tpl.id,
  organizacaoId: tpl.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  nome: tpl.nome,
  tipoOficio: tpl.tipoOficio,
  assunto: tpl.assunto,
  cabecalho: tpl.cabecalho,
  corpo: tpl.corpo,
  corpoRico: sql<DocumentoOficio | null>`${tpl.corpoRico}`,
  rodape: tpl.rodape,
  mostrarEmissor: tpl.mostrarEmissor,
  tamanhoPapel: tpl.tamanhoPapel,
  orientacao: tpl.orientacao,
  margemMm: tpl.margemMm,
  ativo: tpl.ativo,
  emitidos: sql<number>`(select count(*)::int from oficio o where o.template_id = "oficio_template"."id")`,
  criadoEm: tpl.criadoEm,
  atualizadoEm: tpl.atualizadoEm,
};
type Datas = { criadoEm: Date; atualizadoEm: Date };
const paraTemplate = (l: Record<string, unknown> & Datas) =>
  ({
    ...l,
    criadoEm: l.criadoEm.toISOString(),
    atualizadoEm: l.atualizadoEm.toISOString(),
  }) as unknown as TemplateOficio;

type FiltrosTemplate = { organizacaoId?: number; nome?: string; tipoOficio?: string; ativo?: 'true' | 'false' };

export async function listarTemplates(
  deps: Deps,
  ctx: Contexto,
  q: FiltrosTemplate & { pagina: number; quantidade: number; ordem: 'asc' | 'desc' },
): Promise<TemplateOficioPagina> {
  const onde = and(
    isNull(tpl.excluidoEm),
    await daOrganizacaoEscolhida(deps, ctx, tpl.organizacaoId, q.organizacaoId),
    q.nome ? contemSemAcento(tpl.nome, q.nome) : undefined,
    q.tipoOficio ? eq(tpl.tipoOficio, q.tipoOficio) : undefined,
    q.ativo ? eq(tpl.ativo, q.ativo === 'true') : undefined,
  );
  const [linhas, [n]] = await Promise.all([
    deps.db
      .select(selecaoTemplate)
      .from(tpl)
      .innerJoin(organizacao, eq(organizacao.id, tpl.organizacaoId))
      .where(onde)
      .orderBy(q.ordem === 'desc' ? sql`${tpl.nome} desc, ${tpl.id} desc` : sql`${tpl.nome}, ${tpl.id}`)
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(tpl).where(onde),
  ]);
  return { itens: linhas.map(paraTemplate), total: n?.n ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

export async function obterTemplate(db: DbOuTx, ctx: Contexto, id: number): Promise<TemplateOficio> {
  const [l] = await db
    .select(selecaoTemplate)
    .from(tpl)
    .innerJoin(organizacao, eq(organizacao.id, tpl.organizacaoId))
    .where(and(eq(tpl.id, id), doEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraTemplate(l);
}

/** An unknown merge field is refused on its text, by its name (issue 22: "checked when saved"). */
function exigirCamposConhecidos(e: Partial<Record<(typeof TEXTOS_TEMPLATE)[number], string | null | undefined>>) {
  for (const campo of TEXTOS_TEMPLATE) {
    const [desconhecido] = camposDesconhecidos(e[campo]);
    if (desconhecido) throw erroDeCampo(campo, 'campoMesclagemDesconhecido', { nome: desconhecido });
  }
}

/** A rich body's text is the body's plain text: what lists show and what merge fields are checked on. */
const comCorpo = <T extends { corpo: string; corpoRico?: DocumentoOficio | null | undefined }>(e: T): T => ({
  ...e,
  corpo: e.corpoRico ? textoDoDocumento(e.corpoRico) : e.corpo,
});

const colunas = (e: TemplateOficioInput) => ({
  organizacaoId: e.organizacaoId,
  nome: e.nome,
  tipoOficio: e.tipoOficio,
  assunto: e.assunto,
  cabecalho: e.cabecalho ?? null,
  corpo: e.corpo,
  corpoRico: e.corpoRico ?? null,
  rodape: e.rodape ?? null,
  mostrarEmissor: e.mostrarEmissor ?? true,
  tamanhoPapel: e.tamanhoPapel,
  orientacao: e.orientacao,
  margemMm: e.margemMm,
  ativo: e.ativo ?? true,
});

export async function criarTemplate(deps: Deps, ctx: Contexto, entrada: TemplateOficioInput): Promise<TemplateOficio> {
  const e = comCorpo(entrada);
  exigirCamposConhecidos(e);
  const [novo] = await deps.db.insert(tpl).values(colunas(e)).returning({ id: tpl.id });
  return obterTemplate(deps.db, ctx, novo!.id);
}

export async function atualizarTemplate(
  deps: Deps,
  ctx: Contexto,
  id: number,
  entrada: TemplateOficioInput,
): Promise<TemplateOficio> {
  const e = comCorpo(entrada);
  exigirCamposConhecidos(e);
  const r = await deps.db
    .update(tpl)
    .set({ ...colunas(e), atualizadoEm: new Date() })
    .where(and(eq(tpl.id, id), doEscopo(ctx)))
    .returning({ id: tpl.id });
  if (!r.length) throw naoEncontrado();
  return obterTemplate(deps.db, ctx, id);
}

/** Logical delete: the letters issued from it keep naming it. */
export async function excluirTemplate(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  const r = await deps.db
    .update(tpl)
    .set({ excluidoEm: new Date(), atualizadoEm: new Date() })
    .where(and(eq(tpl.id, id), doEscopo(ctx)))
    .returning({ id: tpl.id });
  if (!r.length) throw naoEncontrado();
}

/** The active templates, for the issue forms' select (a minister's certificate asks for its kind only). */
export async function selecionarTemplates(deps: Deps, ctx: Contexto, busca?: string, tipoOficio?: string) {
  return deps.db
    .select({ value: tpl.id, label: tpl.nome })
    .from(tpl)
    .where(
      and(
        doEscopo(ctx),
        eq(tpl.ativo, true),
        busca ? contemSemAcento(tpl.nome, busca) : undefined,
        tipoOficio ? eq(tpl.tipoOficio, tipoOficio) : undefined,
      ),
    )
    .orderBy(tpl.nome)
    .limit(50);
}

type Destino = { pessoaId?: number | undefined; organizacaoDestinatariaId?: number | undefined };

/**
 * The merge fields' values for a letter of `organizacaoId` to `destino`, in the reader's
 * language. A field with nothing to say (no recipient in a preview, no CPF on record) reads as
 * its label in brackets, so the gap shows on the page instead of vanishing.
 */
async function valoresMesclagem(
  deps: Deps,
  idioma: Idioma,
  organizacaoId: number,
  destino: Destino,
  oficio: { numeroAno?: string; data: string },
): Promise<Record<CampoMesclagem, string>> {
  const t = tradutor(idioma);
  const orgPessoa = alias(organizacao, 'org_pessoa');
  const [emissor, [p], [od], [min]] = await Promise.all([
    dadosDoEmissor(deps, organizacaoId),
    destino.pessoaId
      ? deps.db
          .select({
            nome: nomeCompletoPessoa,
            cpf: pessoa.cpf,
            dataNascimento: pessoa.dataNascimento,
            email: pessoa.email,
            organizacao: orgPessoa.nomeFantasia,
          })
          .from(pessoa)
          .innerJoin(orgPessoa, eq(orgPessoa.id, pessoa.organizacaoId))
          .where(eq(pessoa.id, destino.pessoaId))
      : [],
    destino.organizacaoDestinatariaId
      ? deps.db
          .select({ nome: organizacao.nomeFantasia })
          .from(organizacao)
          .where(eq(organizacao.id, destino.organizacaoDestinatariaId))
      : [],
    destino.pessoaId
      ? deps.db
          .select({
            tipoMinisterio: ministro.tipoMinisterio,
            registroMinisterial: ministro.registroMinisterial,
            dataOrdenacao: ministro.dataOrdenacao,
            localOrdenacao: ministro.localOrdenacao,
            ordenante: ministro.ordenante,
          })
          .from(ministro)
          .where(and(eq(ministro.pessoaId, destino.pessoaId), isNull(ministro.excluidoEm)))
      : [],
  ]);
  const valores: Partial<Record<CampoMesclagem, string | null | undefined>> = {
    'destinatario.nome': p?.nome ?? od?.nome,
    'pessoa.nome': p?.nome,
    'pessoa.cpf': p?.cpf ? documentoTela(p.cpf) : null,
    'pessoa.dataNascimento': p?.dataNascimento ? dataTela(p.dataNascimento, idioma) : null,
    'pessoa.email': p?.email,
    'pessoa.organizacao': p?.organizacao,
    'organizacao.nome': emissor.nomeFantasia,
    'organizacao.razaoSocial': emissor.razaoSocial,
    'organizacao.cnpj': emissor.cnpj ? documentoTela(emissor.cnpj) : null,
    'organizacao.endereco': emissor.endereco,
    'ministro.tipoMinisterio': min ? t(`campos:opcao.tipoMinisterio.${min.tipoMinisterio as TipoMinisterio}`) : null,
    'ministro.registroMinisterial': min?.registroMinisterial,
    'ministro.dataOrdenacao': min?.dataOrdenacao ? dataPorExtenso(min.dataOrdenacao, idioma) : null,
    'ministro.localOrdenacao': min?.localOrdenacao,
    'ministro.ordenante': min?.ordenante,
    'oficio.numero': oficio.numeroAno,
    'oficio.data': dataPorExtenso(oficio.data, idioma),
  };
  return Object.fromEntries(
    CAMPOS_MESCLAGEM.map((c) => [c, valores[c] || `[${t(`oficios:mesclagem.${c}`)}]`]),
  ) as Record<CampoMesclagem, string>;
}

/** A text with its merge fields replaced; an unknown one stays as written. */
export const mesclar = (texto: string, valores: Record<string, string>) =>
  texto.replace(MARCADOR_MESCLAGEM, (marcador, campo: string) => valores[campo] ?? marcador);
const mesclarOuNulo = (texto: string | null | undefined, valores: Record<string, string>) =>
  texto ? mesclar(texto, valores) : null;

/** A rich body with its merge fields replaced (a token becomes its value, in the token's marks). */
export function mesclarDocumento(d: DocumentoOficio, valores: Record<string, string>): DocumentoOficio {
  const emLinha = (nos: NoEmLinha[] | undefined) =>
    nos?.map(
      (n): NoEmLinha =>
        n.type === 'campo'
          ? {
              type: 'text',
              text: valores[n.attrs.campo] ?? `{{${n.attrs.campo}}}`,
              ...(n.marks ? { marks: n.marks } : {}),
            }
          : n.type === 'text'
            ? { ...n, text: mesclar(n.text, valores) }
            : n,
    );
  const blocos = <B extends NoBloco>(bs: B[]): B[] =>
    bs.map((b) =>
      b.type === 'paragraph' || b.type === 'heading'
        ? { ...b, content: emLinha(b.content) }
        : { ...b, content: b.content.map((i) => ({ ...i, content: blocos(i.content) })) },
    );
  return { type: 'doc', content: blocos(d.content) };
}

/** The body of a letter merged: the rich one and its text, or the plain text alone. */
function mesclarCorpo(corpo: string, corpoRico: DocumentoOficio | null | undefined, valores: Record<string, string>) {
  if (!corpoRico) return { texto: mesclar(corpo, valores), textoRico: null };
  const textoRico = mesclarDocumento(corpoRico, valores);
  return { texto: textoDoDocumento(textoRico), textoRico };
}

/** The form's texts merged as a letter issued today would read (the number still unknown). */
export async function previa(deps: Deps, ctx: Contexto, e: PreviaOficioInput): Promise<PreviaOficio> {
  const valores = await valoresMesclagem(deps, ctx.idioma, e.organizacaoId, e, { data: hojeNoBrasil() });
  return {
    assunto: mesclar(e.assunto, valores),
    cabecalho: mesclarOuNulo(e.cabecalho, valores),
    texto: mesclarCorpo(e.corpo, e.corpoRico, valores).texto,
    rodape: mesclarOuNulo(e.rodape, valores),
    destinatario: valores['destinatario.nome'],
  };
}

/** A preview's verification code: twelve characters like a real one, none of which a letter gets (no 0). */
const CODIGO_PREVIA = '000000000000';

/**
 * The form's template printed as a letter issued today would be (issue 22: the preview is the
 * PDF): its number and verification code not yet given, shown as placeholders.
 */
export async function previaPdf(deps: Deps, ctx: Contexto, e: PreviaPdfOficioInput): Promise<OficioCompleto> {
  const data = hojeNoBrasil();
  const valores = await valoresMesclagem(deps, ctx.idioma, e.organizacaoId, e, { data });
  const [org] = await deps.db
    .select({ nome: organizacao.nomeFantasia })
    .from(organizacao)
    .where(eq(organizacao.id, e.organizacaoId));
  return {
    id: 0,
    templateId: 0,
    templateNome: '',
    tipoOficio: 'OUTRO',
    organizacaoId: e.organizacaoId,
    organizacaoNome: org?.nome ?? '',
    ano: Number(data.slice(0, 4)),
    numero: 0,
    numeroAno: valores['oficio.numero'],
    data,
    pessoaId: e.pessoaId ?? null,
    organizacaoDestinatariaId: e.organizacaoDestinatariaId ?? null,
    destinatario: valores['destinatario.nome'],
    assunto: mesclar(e.assunto, valores),
    cabecalho: mesclarOuNulo(e.cabecalho, valores),
    ...mesclarCorpo(e.corpo, e.corpoRico, valores),
    rodape: mesclarOuNulo(e.rodape, valores),
    emitidoPorNome: null,
    emitidoEm: new Date().toISOString(),
    codigoVerificacao: CODIGO_PREVIA,
    mostrarEmissor: e.mostrarEmissor ?? true,
    tamanhoPapel: e.tamanhoPapel,
    orientacao: e.orientacao,
    margemMm: e.margemMm,
  };
}

/** `12/2026`: a letter's number as printed. */
export const numeroAno = (numero: number, ano: number) => `${numero}/${ano}`;

/** 12 characters of 32 without look-alikes (no 0/O, 1/I): 60 random bits, not to be guessed. */
const ALFABETO_CODIGO = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const novoCodigo = () => [...randomBytes(12)].map((b) => ALFABETO_CODIGO[b & 31]).join('');

type Emissao = { destino: Destino; data: string; emitidoPor: number | null; loteId?: number };

/**
 * Issues a letter from template row `m` within the caller's transaction: the next number of the
 * template's organization in the letter's year — the organization's row locked, so concurrent
 * issues queue instead of sharing a number (the unique index is the backstop) — and the merged
 * texts stored as printed.
 */
async function emitirNa(
  deps: Deps,
  idioma: Idioma,
  m: typeof tpl.$inferSelect,
  e: Emissao,
): Promise<{ id: number; numeroAno: string }> {
  const ano = Number(e.data.slice(0, 4));
  await deps.db
    .select({ id: organizacao.id })
    .from(organizacao)
    .where(eq(organizacao.id, m.organizacaoId))
    .for('update');
  const [{ proximo }] = (await deps.db
    .select({ proximo: sql<number>`coalesce(max(${ofi.numero}), 0)::int + 1` })
    .from(ofi)
    .where(and(eq(ofi.organizacaoId, m.organizacaoId), eq(ofi.ano, ano)))) as [{ proximo: number }];
  const valores = await valoresMesclagem(deps, idioma, m.organizacaoId, e.destino, {
    numeroAno: numeroAno(proximo, ano),
    data: e.data,
  });
  const [novo] = await deps.db
    .insert(ofi)
    .values({
      templateId: m.id,
      organizacaoId: m.organizacaoId,
      ano,
      numero: proximo,
      data: e.data,
      pessoaId: e.destino.pessoaId ?? null,
      organizacaoDestinatariaId: e.destino.organizacaoDestinatariaId ?? null,
      destinatario: valores['destinatario.nome'],
      assunto: mesclar(m.assunto, valores),
      cabecalho: mesclarOuNulo(m.cabecalho, valores),
      ...mesclarCorpo(m.corpo, m.corpoRico as DocumentoOficio | null, valores),
      rodape: mesclarOuNulo(m.rodape, valores),
      mostrarEmissor: m.mostrarEmissor,
      tamanhoPapel: m.tamanhoPapel,
      orientacao: m.orientacao,
      margemMm: m.margemMm,
      emitidoPor: e.emitidoPor,
      loteId: e.loteId ?? null,
      codigoVerificacao: novoCodigo(),
    })
    .returning({ id: ofi.id });
  return { id: novo!.id, numeroAno: numeroAno(proximo, ano) };
}

/** Issues a letter from an active template of the scope. */
export async function emitir(deps: Deps, ctx: Contexto, e: EmissaoOficioInput): Promise<Oficio> {
  const id = await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(tpl)
      .where(and(eq(tpl.id, e.templateId), doEscopo(ctx)));
    if (!m) throw naoEncontrado();
    if (!m.ativo) throw new AppError('OFICIO_TEMPLATE_INATIVO');
    const { id } = await emitirNa({ ...deps, db: tx }, ctx.idioma, m, {
      destino: e,
      data: e.data ?? hojeNoBrasil(),
      emitidoPor: ctx.usuarioId,
    });
    return id;
  });
  return obter(deps.db, ctx, id);
}

const selecaoOficio = {
  id: ofi.id,
  templateId: ofi.templateId,
  templateNome: tpl.nome,
  tipoOficio: tpl.tipoOficio,
  organizacaoId: ofi.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  ano: ofi.ano,
  numero: ofi.numero,
  numeroAno: sql<string>`"oficio"."numero" || '/' || "oficio"."ano"`,
  data: ofi.data,
  pessoaId: ofi.pessoaId,
  organizacaoDestinatariaId: ofi.organizacaoDestinatariaId,
  destinatario: ofi.destinatario,
  assunto: ofi.assunto,
  // Written out: inside a select list the query builder drops the table names a subquery needs.
  emitidoPorNome: sql<string | null>`(select trim(p.nome || ' ' || coalesce(p.sobrenome, '')) from usuario u
    join pessoa p on p.id = u.pessoa_id where u.id = "oficio"."emitido_por")`,
  emitidoEm: ofi.emitidoEm,
  codigoVerificacao: ofi.codigoVerificacao,
};
const oficiosNoEscopo = (ctx: Contexto) => filtroOrganizacao(ctx, ACESSO, ofi.organizacaoId);

type FiltrosOficio = {
  organizacaoId?: number;
  templateId?: number;
  pessoaId?: number;
  tipoOficio?: string;
  ano?: number;
  destinatario?: string;
  dataDe?: string;
  dataAte?: string;
};

/** The issued letters, newest first (or oldest with `ordem=asc`). */
export async function listar(
  deps: Deps,
  ctx: Contexto,
  q: FiltrosOficio & { pagina: number; quantidade: number; ordem: 'asc' | 'desc' },
): Promise<OficioPagina> {
  const onde = and(
    await daOrganizacaoEscolhida(deps, ctx, ofi.organizacaoId, q.organizacaoId),
    q.templateId ? eq(ofi.templateId, q.templateId) : undefined,
    q.pessoaId ? eq(ofi.pessoaId, q.pessoaId) : undefined,
    q.tipoOficio ? eq(tpl.tipoOficio, q.tipoOficio) : undefined,
    q.ano ? eq(ofi.ano, q.ano) : undefined,
    q.destinatario ? contemSemAcento(ofi.destinatario, q.destinatario) : undefined,
    q.dataDe ? sql`${ofi.data} >= ${q.dataDe}` : undefined,
    q.dataAte ? sql`${ofi.data} <= ${q.dataAte}` : undefined,
  );
  const [linhas, [n]] = await Promise.all([
    deps.db
      .select(selecaoOficio)
      .from(ofi)
      .innerJoin(tpl, eq(tpl.id, ofi.templateId))
      .innerJoin(organizacao, eq(organizacao.id, ofi.organizacaoId))
      .where(onde)
      .orderBy(q.ordem === 'asc' ? sql`${ofi.emitidoEm}, ${ofi.id}` : sql`${ofi.emitidoEm} desc, ${ofi.id} desc`)
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(ofi).innerJoin(tpl, eq(tpl.id, ofi.templateId)).where(onde),
  ]);
  return {
    itens: linhas.map((l) => ({ ...l, emitidoEm: l.emitidoEm.toISOString() })) as OficioPagina['itens'],
    total: n?.n ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

/** A letter as issued, with the page it prints on (for its PDF). */
export type OficioCompleto = Oficio & {
  /** The merged rich body; null when the template was plain text (`texto` prints). */
  textoRico: DocumentoOficio | null;
  mostrarEmissor: boolean;
  tamanhoPapel: string;
  orientacao: string;
  margemMm: number;
};

const completos = (db: DbOuTx) =>
  db
    .select({
      ...selecaoOficio,
      cabecalho: ofi.cabecalho,
      texto: ofi.texto,
      textoRico: sql<DocumentoOficio | null>`${ofi.textoRico}`,
      rodape: ofi.rodape,
      mostrarEmissor: ofi.mostrarEmissor,
      tamanhoPapel: ofi.tamanhoPapel,
      orientacao: ofi.orientacao,
      margemMm: ofi.margemMm,
    })
    .from(ofi)
    .innerJoin(tpl, eq(tpl.id, ofi.templateId))
    .innerJoin(organizacao, eq(organizacao.id, ofi.organizacaoId));
const paraCompleto = (l: { emitidoEm: Date }) => ({ ...l, emitidoEm: l.emitidoEm.toISOString() }) as OficioCompleto;

export async function obterCompleto(db: DbOuTx, ctx: Contexto, id: number): Promise<OficioCompleto> {
  const [l] = await completos(db).where(and(eq(ofi.id, id), oficiosNoEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraCompleto(l);
}

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Oficio> {
  const {
    textoRico: _r,
    mostrarEmissor: _m,
    tamanhoPapel: _t,
    orientacao: _o,
    margemMm: _g,
    ...o
  } = await obterCompleto(db, ctx, id);
  return o;
}

/** One batch; a larger filter is split (an organization at a time). */
export const LIMITE_LOTE = 10_000;
/** Letters read at a time while a batch's PDF is written. */
const LEITURA = 100;

/** What an OFICIOS batch keeps: the template, the letters' date and language, fixed when it was made. */
export type ParametrosLoteOficios = { templateId: number; organizacaoId: number; data: string; idioma: Idioma };

/** The people of a batch: the people list's filters within the scope of this screen, or some of them by hand. */
async function pessoasDoLote(deps: Deps, ctx: Contexto, q: OficioLoteInput) {
  const { templateId, data, pessoasIds, ...filtros } = q;
  const [m] = await deps.db
    .select({ organizacaoId: tpl.organizacaoId, ativo: tpl.ativo })
    .from(tpl)
    .where(and(eq(tpl.id, templateId), doEscopo(ctx)));
  if (!m) throw naoEncontrado();
  if (!m.ativo) throw new AppError('OFICIO_TEMPLATE_INATIVO');
  await exigirDentroDoMaximo(deps, 'pessoasIds', pessoasIds);
  const onde = and(
    await condicoes(deps, ctx, filtros, ACESSO),
    pessoasIds?.length ? inArray(pessoa.id, pessoasIds) : undefined,
  )!;
  const [c] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(
    sql`(${deps.db
      .select({ id: pessoa.id })
      .from(pessoa)
      .where(onde)
      .limit(LIMITE_LOTE + 1)}) as x`,
  );
  const pessoas = c?.n ?? 0;
  if (pessoas > LIMITE_LOTE) throw new AppError('OFICIO_LOTE_GRANDE', { maximo: String(LIMITE_LOTE) });
  const parametros: ParametrosLoteOficios = {
    templateId,
    organizacaoId: m.organizacaoId,
    data: data ?? hojeNoBrasil(),
    idioma: ctx.idioma,
  };
  return { onde, pessoas, parametros };
}

/** How many letters a batch would issue, for the confirmation. */
export async function previaLote(deps: Deps, ctx: Contexto, q: OficioLoteInput): Promise<{ pessoas: number }> {
  return { pessoas: (await pessoasDoLote(deps, ctx, q)).pessoas };
}

/** An OFICIOS batch: one item per person, each issuing that person's numbered letter. */
export async function criarLoteOficios(deps: Deps, ctx: Contexto, q: OficioLoteInput): Promise<ProcessamentoLote> {
  const { onde, parametros } = await pessoasDoLote(deps, ctx, q);
  const id = await criarLote(deps, ctx, {
    tipo: 'OFICIOS',
    organizacaoId: parametros.organizacaoId,
    parametros,
    itens: sql`select ${pessoa.id} as referencia_id, ${nomeCompletoPessoa} as descricao from ${pessoa} where ${onde}`,
  });
  return obterLote(deps.db, ctx, id, ACESSO);
}

/** The screen's own list: the letter batches of the scope. */
export const listarLotesOficios = (deps: Deps, ctx: Contexto, q: ProcessamentoLoteListQuery) =>
  listarLotes(deps, ctx, { ...q, tipo: 'OFICIOS' }, ACESSO);

/**
 * A batch item's letter (its id and number): the one it already issued (a run again after a crash or a reprocess
 * finds it), else a new one issued as the batch's creator would have. The template may have been
 * deactivated since: the item then ends in error and can be reprocessed once it is active again.
 */
export async function emitirDoLote(deps: Deps, item: ItemEmTrabalho): Promise<{ id: number; numeroAno: string }> {
  const p = item.parametros as ParametrosLoteOficios;
  return deps.db.transaction(async (tx) => {
    const [ja] = await tx
      .select({ id: ofi.id, numeroAno: sql<string>`${ofi.numero} || '/' || ${ofi.ano}` })
      .from(ofi)
      .where(and(eq(ofi.loteId, item.loteId), eq(ofi.pessoaId, item.referenciaId)));
    if (ja) return ja;
    const [m] = await tx
      .select()
      .from(tpl)
      .where(and(eq(tpl.id, p.templateId), isNull(tpl.excluidoEm)));
    if (!m?.ativo) throw new AppError('OFICIO_TEMPLATE_INATIVO');
    return emitirNa({ ...deps, db: tx }, p.idioma, m, {
      destino: { pessoaId: item.referenciaId },
      data: p.data,
      emitidoPor: item.criadoPor,
      loteId: item.loteId,
    });
  });
}

export type OficiosDoLote = {
  total: number;
  organizacaoId: number;
  /** For the file names: the first and last numbers. */
  nome: string;
  oficios: AsyncIterable<OficioCompleto[]>;
};

/** A finished batch's letters, in the order they were numbered, read a hundred at a time. */
export async function oficiosDoLote(deps: Deps, ctx: Contexto, loteId: number): Promise<OficiosDoLote> {
  const l = await obterLote(deps.db, ctx, loteId, ACESSO);
  if (l.tipo !== 'OFICIOS') throw naoEncontrado();
  if (l.status !== 'CONCLUIDO' && l.status !== 'CONCLUIDO_COM_ERROS') throw new AppError('LOTE_SITUACAO_INVALIDA');
  const onde = and(eq(ofi.loteId, loteId), oficiosNoEscopo(ctx));
  const [c] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(ofi).where(onde);
  async function* oficios() {
    let depois = 0;
    for (;;) {
      const lote = await completos(deps.db)
        .where(and(onde, sql`${ofi.id} > ${depois}`))
        .orderBy(ofi.id)
        .limit(LEITURA);
      if (!lote.length) return;
      yield lote.map(paraCompleto);
      depois = lote[lote.length - 1]!.id;
    }
  }
  // The batch belongs to the template's organization, the letters' issuer.
  return { total: c?.n ?? 0, organizacaoId: l.organizacaoId, nome: `oficios-lote-${loteId}`, oficios: oficios() };
}

/**
 * The public check of a letter by the code its QR holds: its number, date, issuing organization
 * and recipient's name, nothing more; 404 for an unknown code.
 */
export async function verificar(deps: Deps, codigo: string): Promise<VerificacaoOficio> {
  const [l] = await deps.db
    .select({
      numeroAno: sql<string>`${ofi.numero} || '/' || ${ofi.ano}`,
      data: ofi.data,
      organizacao: organizacao.razaoSocial,
      destinatario: ofi.destinatario,
    })
    .from(ofi)
    .innerJoin(organizacao, eq(organizacao.id, ofi.organizacaoId))
    .where(eq(ofi.codigoVerificacao, codigo));
  if (!l) throw naoEncontrado();
  return l;
}
