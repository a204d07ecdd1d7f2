import {
  ACESSO_OFICIOS,
  CAMPOS_MESCLAGEM,
  type CampoMesclagem,
  camposDesconhecidos,
  type EmissaoOficioInput,
  hojeNoBrasil,
  MARCADOR_MESCLAGEM,
  type Oficio,
  type OficioPagina,
  type PreviaOficio,
  type PreviaOficioInput,
  TEXTOS_TEMPLATE,
  type TemplateOficio,
  type TemplateOficioInput,
  type TemplateOficioPagina,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { type Idioma, tradutor } from '@sig/i18n';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { dataPorExtenso, documentoTela } from '../../platform/emissor-pdf.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { dataTela } from '../../platform/pdf.js';
import type { RegraReferencia } from '../../platform/referencias.js';
import { linhasExistentes } from '../../platform/referencias.js';
import { contemSemAcento, nomeCompletoPessoa } from '../../platform/sql.js';
import { dadosDoEmissor } from '../organizacoes/index.js';

/**
 * Office letters (issue 22): an organization's templates and the letters issued from them, all
 * within the user's scope of the Oficios screen (404 outside it). A letter keeps its merged texts
 * and page layout as issued; its number runs per issuing organization (the template's) and year.
 */
const ACESSO = ACESSO_OFICIOS;
const { oficioTemplate: tpl, oficio: ofi, organizacao, pessoa } = schema;

const doEscopo = (ctx: Contexto, acesso = ACESSO) =>
  and(isNull(tpl.excluidoEm), filtroOrganizacao(ctx, acesso, tpl.organizacaoId));

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
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps.db, ctx, ACESSO, q.organizacaoId) : null;
  const onde = and(
    doEscopo(ctx),
    escolhidas ? entreOrganizacoes(tpl.organizacaoId, escolhidas) : undefined,
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

const colunas = (e: TemplateOficioInput) => ({
  organizacaoId: e.organizacaoId,
  nome: e.nome,
  tipoOficio: e.tipoOficio,
  assunto: e.assunto,
  cabecalho: e.cabecalho ?? null,
  corpo: e.corpo,
  rodape: e.rodape ?? null,
  mostrarEmissor: e.mostrarEmissor ?? true,
  tamanhoPapel: e.tamanhoPapel,
  orientacao: e.orientacao,
  margemMm: e.margemMm,
  ativo: e.ativo ?? true,
});

export async function criarTemplate(deps: Deps, ctx: Contexto, e: TemplateOficioInput): Promise<TemplateOficio> {
  exigirCamposConhecidos(e);
  const [novo] = await deps.db.insert(tpl).values(colunas(e)).returning({ id: tpl.id });
  return obterTemplate(deps.db, ctx, novo!.id);
}

export async function atualizarTemplate(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: TemplateOficioInput,
): Promise<TemplateOficio> {
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

/** The active templates, for the issue form's select. */
export async function selecionarTemplates(deps: Deps, ctx: Contexto, busca?: string) {
  return deps.db
    .select({ value: tpl.id, label: tpl.nome })
    .from(tpl)
    .where(and(doEscopo(ctx), eq(tpl.ativo, true), busca ? contemSemAcento(tpl.nome, busca) : undefined))
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
  const [emissor, [p], [od]] = await Promise.all([
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

/** The form's texts merged as a letter issued today would read (the number still unknown). */
export async function previa(deps: Deps, ctx: Contexto, e: PreviaOficioInput): Promise<PreviaOficio> {
  const valores = await valoresMesclagem(deps, ctx.idioma, e.organizacaoId, e, { data: hojeNoBrasil() });
  return {
    assunto: mesclar(e.assunto, valores),
    cabecalho: mesclarOuNulo(e.cabecalho, valores),
    texto: mesclar(e.corpo, valores),
    rodape: mesclarOuNulo(e.rodape, valores),
    destinatario: valores['destinatario.nome'],
  };
}

/** `12/2026`: a letter's number as printed. */
export const numeroAno = (numero: number, ano: number) => `${numero}/${ano}`;

/**
 * Issues a letter from an active template: the next number of the template's organization in the
 * letter's year — the organization's row locked, so concurrent issues queue instead of sharing a
 * number (the unique index is the backstop) — and the merged texts stored as printed.
 */
export async function emitir(deps: Deps, ctx: Contexto, e: EmissaoOficioInput): Promise<Oficio> {
  const id = await deps.db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(tpl)
      .where(and(eq(tpl.id, e.templateId), doEscopo(ctx)));
    if (!m) throw naoEncontrado();
    if (!m.ativo) throw new AppError('OFICIO_TEMPLATE_INATIVO');
    const data = e.data ?? hojeNoBrasil();
    const ano = Number(data.slice(0, 4));
    await tx.select({ id: organizacao.id }).from(organizacao).where(eq(organizacao.id, m.organizacaoId)).for('update');
    const [{ proximo }] = (await tx
      .select({ proximo: sql<number>`coalesce(max(${ofi.numero}), 0)::int + 1` })
      .from(ofi)
      .where(and(eq(ofi.organizacaoId, m.organizacaoId), eq(ofi.ano, ano)))) as [{ proximo: number }];
    const valores = await valoresMesclagem({ ...deps, db: tx }, ctx.idioma, m.organizacaoId, e, {
      numeroAno: numeroAno(proximo, ano),
      data,
    });
    const [novo] = await tx
      .insert(ofi)
      .values({
        templateId: m.id,
        organizacaoId: m.organizacaoId,
        ano,
        numero: proximo,
        data,
        pessoaId: e.pessoaId ?? null,
        organizacaoDestinatariaId: e.organizacaoDestinatariaId ?? null,
        destinatario: valores['destinatario.nome'],
        assunto: mesclar(m.assunto, valores),
        cabecalho: mesclarOuNulo(m.cabecalho, valores),
        texto: mesclar(m.corpo, valores),
        rodape: mesclarOuNulo(m.rodape, valores),
        mostrarEmissor: m.mostrarEmissor,
        tamanhoPapel: m.tamanhoPapel,
        orientacao: m.orientacao,
        margemMm: m.margemMm,
        emitidoPor: ctx.usuarioId,
      })
      .returning({ id: ofi.id });
    return novo!.id;
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
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps.db, ctx, ACESSO, q.organizacaoId) : null;
  const onde = and(
    oficiosNoEscopo(ctx),
    escolhidas ? entreOrganizacoes(ofi.organizacaoId, escolhidas) : undefined,
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
  mostrarEmissor: boolean;
  tamanhoPapel: string;
  orientacao: string;
  margemMm: number;
};

export async function obterCompleto(db: DbOuTx, ctx: Contexto, id: number): Promise<OficioCompleto> {
  const [l] = await db
    .select({
      ...selecaoOficio,
      cabecalho: ofi.cabecalho,
      texto: ofi.texto,
      rodape: ofi.rodape,
      mostrarEmissor: ofi.mostrarEmissor,
      tamanhoPapel: ofi.tamanhoPapel,
      orientacao: ofi.orientacao,
      margemMm: ofi.margemMm,
    })
    .from(ofi)
    .innerJoin(tpl, eq(tpl.id, ofi.templateId))
    .innerJoin(organizacao, eq(organizacao.id, ofi.organizacaoId))
    .where(and(eq(ofi.id, id), oficiosNoEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return { ...l, emitidoEm: l.emitidoEm.toISOString() } as OficioCompleto;
}

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Oficio> {
  const { mostrarEmissor: _m, tamanhoPapel: _t, orientacao: _o, margemMm: _g, ...o } = await obterCompleto(db, ctx, id);
  return o;
}
