import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ANEXO_TAMANHO_MAXIMO,
  ANEXO_TIPOS,
  type AtendimentoAtualizacaoInput,
  type AtendimentoDetalhe,
  type AtendimentoInput,
  type AtendimentoListQuery,
  type AtendimentoResumo,
  type CategoriaFormulario,
  FILAS_ATENDIMENTO,
  type FilaAtendimento,
  type ORDENACOES_ATENDIMENTO,
  PAPEIS_ENVOLVIDO,
  type Paged,
  type SelectOpcao,
  type StatusAtendimento,
} from '@sig/contracts';
import { type DbOuTx, schema, type Tx } from '@sig/db';
import { type Chave, tradutor } from '@sig/i18n';
import { and, asc, desc, eq, exists, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conferirArquivo } from '../../platform/arquivos.js';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, acessoNegado, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import {
  entreOrganizacoes,
  filtroOrganizacao,
  organizacoesAcima,
  organizacoesDoEscopo,
} from '../../platform/escopo.js';
import { arquivoExportacao, type FormatoArquivo } from '../../platform/exportacao.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { publicar } from '../../platform/hub.js';
import { aplicarEscrita, camposOcultos } from '../../platform/permissoes.js';
import { colunaQualificada, contemSemAcento, erroPg, umDosIds, VIOLACAO_UNICA } from '../../platform/sql.js';

const {
  atendimento: a,
  atendimentoAnexo,
  atendimentoAtividade,
  atendimentoCaracteristica,
  atendimentoComentario,
  atendimentoEnvolvido,
  atendimentoTarefa,
  categoriaAtendimento,
  categoriaAtendimentoClasse,
  caracteristica,
  caracteristicaOpcao,
  classeCaracteristica,
  icone,
  organizacao,
  pessoa,
  time,
  timeParticipante,
  usuario,
} = schema;

type Papel = (typeof PAPEIS_ENVOLVIDO)[number];
const CAMPO_DO_PAPEL: Record<Papel, 'participantes' | 'observadores' | 'interessados'> = {
  PARTICIPANTE: 'participantes',
  OBSERVADOR: 'observadores',
  INTERESSADO: 'interessados',
};

/**
 * Names are looked up by one-table subqueries rather than joins: a queue's page is planned on
 * every request, and planning the ticket with five joined tables cost four times its reading.
 */
const nomeUsuario = (coluna: PgColumn) =>
  sql<string>`(select trim(pn.nome || ' ' || pn.sobrenome) from ${pessoa} pn where pn.id = (select un.pessoa_id from ${usuario} un where un.id = ${colunaQualificada(coluna)}))`;

const acessoDe = (fila: FilaAtendimento) => FILAS_ATENDIMENTO[fila];

/** A field error whose message is this module's own (attachment type and size). */
const erroAnexo = (campo: string, chave: string) =>
  new AppError('VALIDACAO', {}, [{ campo, mensagem: `atendimentos:validacao.${chave}` }]);

/**
 * Who sees what (issue 6 §3), always inside the organization scope of the queue's screen:
 * the requester their own tickets (not the hidden ones), a team its inbox, triage the
 * destination's tickets no team has taken yet, the general queue everything in scope.
 */
export async function visiveis(db: DbOuTx, ctx: Contexto, fila: FilaAtendimento): Promise<SQL> {
  const escopo = await organizacoesDoEscopo(db, ctx, acessoDe(fila));
  const base = isNull(a.excluidoEm);
  switch (fila) {
    case 'atendimento-meus-atendimentos':
      return and(
        base,
        eq(a.solicitanteUsuarioId, ctx.usuarioId),
        sql`${a.status} <> 'OCULTO'`,
        entreOrganizacoes(a.organizacaoOrigemId, escopo),
      )!;
    case 'atendimento-caixa-entrada': {
      const times = await db
        .select({ id: timeParticipante.timeId })
        .from(timeParticipante)
        .where(and(eq(timeParticipante.usuarioId, ctx.usuarioId), isNull(timeParticipante.excluidoEm)));
      return and(
        base,
        umDosIds(
          a.timeId,
          times.map((t) => t.id),
        ),
        entreOrganizacoes(a.organizacaoDestinoId, escopo),
      )!;
    }
    case 'atendimento-triagem':
      return and(base, isNull(a.timeId), entreOrganizacoes(a.organizacaoDestinoId, escopo))!;
    case 'atendimento-solicitacoes-geral':
      return and(
        base,
        or(entreOrganizacoes(a.organizacaoDestinoId, escopo), entreOrganizacoes(a.organizacaoOrigemId, escopo))!,
      )!;
  }
}

/** The requester's queue shows no internal comment and lets no one write one. */
const ehSolicitante = (fila: FilaAtendimento) => fila === 'atendimento-meus-atendimentos';

/**
 * Spec §6 field rules on the queue's screen (CAMPOS_ATENDIMENTO): hidden fields leave the answer,
 * and the responsible's name goes with their id.
 */
function semOcultos<T extends object>(ctx: Contexto, fila: FilaAtendimento, obj: T): T {
  const ocultos = camposOcultos(ctx, acessoDe(fila));
  if (!ocultos.size) return obj;
  const copia: Record<string, unknown> = { ...(obj as Record<string, unknown>) };
  for (const c of ocultos) delete copia[c];
  if (ocultos.has('responsavelUsuarioId')) delete copia.responsavelNome;
  return copia as T;
}

/** Characteristic values as stored (blank ones are not), in one order, so a resend compares equal. */
const valoresCaracteristicas = (valores: AtendimentoInput['caracteristicas']) =>
  valores
    .filter((v) => v.valor)
    .map(({ caracteristicaId, valor }) => ({ caracteristicaId, valor }))
    .sort((x, y) => x.caracteristicaId - y.caracteristicaId);

/**
 * Locked fields (spec §6) may be sent only with the value they have (a new ticket: none, and
 * its requester as the responsible); left out, they keep it. Anything else is refused, naming them.
 */
function comRegrasDeEscrita(
  ctx: Contexto,
  fila: FilaAtendimento,
  corpoBruto: unknown,
  entrada: AtendimentoAtualizacaoInput,
  anterior: Pick<
    AtendimentoInput,
    'responsavelUsuarioId' | 'dataRetornoPrevista' | 'classificacaoId' | 'atendimentoPaiId' | 'caracteristicas'
  >,
): AtendimentoInput {
  const v = aplicarEscrita(
    ctx,
    acessoDe(fila),
    corpoBruto,
    { ...entrada, caracteristicas: valoresCaracteristicas(entrada.caracteristicas) },
    { ...anterior, caracteristicas: valoresCaracteristicas(anterior.caracteristicas) },
  );
  // Spec §5: a field the profile may change stays required.
  if (!v.responsavelUsuarioId) throw erroDeCampo('responsavelUsuarioId', 'obrigatorio');
  return { ...v, responsavelUsuarioId: v.responsavelUsuarioId };
}

function filtros(q: Omit<AtendimentoListQuery, 'pagina' | 'quantidade' | 'ordem' | 'ordenarPor'>): SQL[] {
  const f: SQL[] = [];
  if (q.busca) {
    const porProtocolo = sql`${a.protocolo} = ${q.busca}`;
    f.push(or(porProtocolo, contemSemAcento(a.assunto, q.busca))!);
  }
  if (q.status) f.push(eq(a.status, q.status));
  if (q.categoriaAtendimentoId) f.push(eq(a.categoriaAtendimentoId, q.categoriaAtendimentoId));
  if (q.periodoDe) f.push(sql`${a.criadoEm} >= (${q.periodoDe}::date)::timestamp at time zone 'America/Sao_Paulo'`);
  if (q.periodoAte)
    f.push(sql`${a.criadoEm} < ((${q.periodoAte}::date + 1)::timestamp at time zone 'America/Sao_Paulo')`);
  return f;
}

/**
 * Counting stops this far beyond the page shown: "1,000+" is all a queue needs to say, and each
 * row counted costs (10,000 of them took 10–25 ms of the 200,000-ticket bench, the page itself ~1 ms).
 */
const LIMITE_CONTAGEM = 1_000;

const ORDENAVEIS: Record<(typeof ORDENACOES_ATENDIMENTO)[number], PgColumn> = {
  protocolo: a.id,
  assunto: a.assunto,
  status: a.status,
  criadoEm: a.id,
};

const colunasResumo = {
  id: a.id,
  protocolo: a.protocolo,
  assunto: a.assunto,
  status: sql<StatusAtendimento>`${a.status}`,
  categoriaNome: sql<string>`(select c.nome from ${categoriaAtendimento} c where c.id = ${colunaQualificada(a.categoriaAtendimentoId)})`,
  categoriaIcone: sql<
    string | null
  >`(select i.simbolo from ${icone} i where i.excluido_em is null and i.id = (select c.icone_id from ${categoriaAtendimento} c where c.id = ${colunaQualificada(a.categoriaAtendimentoId)}))`,
  solicitanteNome: nomeUsuario(a.solicitanteUsuarioId),
  responsavelNome: nomeUsuario(a.responsavelUsuarioId),
  organizacaoDestinoNome: sql<string>`(select o.nome_fantasia from ${organizacao} o where o.id = ${colunaQualificada(a.organizacaoDestinoId)})`,
  timeNome: sql<string | null>`(select t.nome from ${time} t where t.id = ${colunaQualificada(a.timeId)})`,
  criadoEm: sql<string>`to_char(${a.criadoEm} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

const consultaResumo = (db: DbOuTx, onde: SQL) => db.select(colunasResumo).from(a).where(onde);

export async function listarPaginado(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  q: AtendimentoListQuery,
): Promise<Paged<AtendimentoResumo> & { totalExato: boolean }> {
  const onde = and(await visiveis(deps.db, ctx, fila), ...filtros(q))!;
  const coluna = q.ordenarPor ? ORDENAVEIS[q.ordenarPor] : a.id;
  // Newest first unless the user sorts: a queue is read from the latest request down.
  const ordem = q.ordenarPor ? (q.ordem === 'desc' ? desc(coluna) : asc(coluna)) : desc(a.id);
  const teto = (q.pagina - 1) * q.quantidade + LIMITE_CONTAGEM;
  const [itens, [contagem]] = await Promise.all([
    consultaResumo(deps.db, onde)
      .orderBy(ordem, desc(a.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(
      deps.db
        .select({ um: sql`1` })
        .from(a)
        .where(onde)
        .limit(teto + 1)
        .as('contados'),
    ),
  ]);
  const n = contagem?.total ?? 0;
  return {
    itens: itens.map((i) => semOcultos(ctx, fila, i)),
    total: Math.min(n, teto),
    totalExato: n <= teto,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

const LOTE_EXPORTACAO = 1000;

/** The queue as CSV/XLSX, read in keyset batches with the list's filters. */
export async function exportar(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  q: Omit<AtendimentoListQuery, 'pagina' | 'quantidade' | 'ordem' | 'ordenarPor'>,
  formato: FormatoArquivo,
) {
  const t = tradutor(ctx.idioma);
  const onde = and(await visiveis(deps.db, ctx, fila), ...filtros(q))!;
  const semResponsavel = camposOcultos(ctx, acessoDe(fila)).has('responsavelUsuarioId');
  async function* lotes() {
    let ultimo = 2_147_483_647;
    for (;;) {
      const linhas = await consultaResumo(deps.db, and(onde, sql`${a.id} < ${ultimo}`)!)
        .orderBy(desc(a.id))
        .limit(LOTE_EXPORTACAO);
      if (!linhas.length) return;
      yield linhas.map((l) => [
        l.protocolo,
        l.assunto,
        t(`atendimentos:status.${l.status}`),
        l.categoriaNome,
        l.solicitanteNome,
        semResponsavel ? '' : l.responsavelNome,
        l.organizacaoDestinoNome,
        l.timeNome,
        l.criadoEm,
      ]);
      ultimo = linhas[linhas.length - 1]!.id;
    }
  }
  const cabecalho = (
    [
      'protocolo',
      'assunto',
      'status',
      'categoria',
      'solicitante',
      'responsavel',
      'organizacaoDestino',
      'time',
      'criadoEm',
    ] as const
  ).map((c) => t(`atendimentos:coluna.${c}`));
  return {
    nomeArquivo: `${fila}.${formato}`,
    conteudo: arquivoExportacao(formato, t('atendimentos:titulo'), cabecalho, lotes()),
  };
}

/** The ticket if this queue shows it to this user; otherwise "not found" (nothing revealed). */
async function exigirVisivel(db: DbOuTx, ctx: Contexto, fila: FilaAtendimento, id: number) {
  const [linha] = await db
    .select()
    .from(a)
    .where(and(eq(a.id, id), await visiveis(db, ctx, fila)));
  if (!linha) throw naoEncontrado();
  return linha;
}

export async function obter(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number): Promise<AtendimentoDetalhe> {
  await exigirVisivel(deps.db, ctx, fila, id);
  return ler(deps, ctx, fila, id);
}

/** The whole ticket as the queue shows it; callers have checked that the user may see it. */
async function ler(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number): Promise<AtendimentoDetalhe> {
  const [resumo] = await consultaResumo(deps.db, eq(a.id, id));
  const [linha] = await deps.db.select().from(a).where(eq(a.id, id));
  const [envolvidos, caracteristicas, filhos, comentarios, tarefas, atividades, anexos] = await Promise.all([
    deps.db
      .select({
        usuarioId: atendimentoEnvolvido.usuarioId,
        papel: atendimentoEnvolvido.papel,
        nome: nomeUsuario(atendimentoEnvolvido.usuarioId),
      })
      .from(atendimentoEnvolvido)
      .where(and(eq(atendimentoEnvolvido.atendimentoId, id), isNull(atendimentoEnvolvido.excluidoEm)))
      .orderBy(asc(atendimentoEnvolvido.id)),
    deps.db
      .select({ caracteristicaId: atendimentoCaracteristica.caracteristicaId, valor: atendimentoCaracteristica.valor })
      .from(atendimentoCaracteristica)
      .where(eq(atendimentoCaracteristica.atendimentoId, id)),
    deps.db
      .select({ id: a.id, protocolo: a.protocolo, assunto: a.assunto })
      .from(a)
      .where(and(eq(a.atendimentoPaiId, id), await visiveis(deps.db, ctx, fila)))
      .orderBy(asc(a.id)),
    deps.db
      .select({
        id: atendimentoComentario.id,
        texto: atendimentoComentario.texto,
        interno: atendimentoComentario.interno,
        autor: nomeUsuario(atendimentoComentario.usuarioId),
        criadoEm: atendimentoComentario.criadoEm,
      })
      .from(atendimentoComentario)
      .where(
        and(
          eq(atendimentoComentario.atendimentoId, id),
          isNull(atendimentoComentario.excluidoEm),
          ehSolicitante(fila) ? eq(atendimentoComentario.interno, false) : undefined,
        ),
      )
      .orderBy(asc(atendimentoComentario.id)),
    deps.db
      .select({
        id: atendimentoTarefa.id,
        descricao: atendimentoTarefa.descricao,
        responsavelUsuarioId: atendimentoTarefa.responsavelUsuarioId,
        responsavelNome: nomeUsuario(atendimentoTarefa.responsavelUsuarioId),
        prazo: atendimentoTarefa.prazo,
        concluidaEm: atendimentoTarefa.concluidaEm,
      })
      .from(atendimentoTarefa)
      .where(and(eq(atendimentoTarefa.atendimentoId, id), isNull(atendimentoTarefa.excluidoEm)))
      .orderBy(asc(atendimentoTarefa.id)),
    deps.db
      .select({
        id: atendimentoAtividade.id,
        tipo: atendimentoAtividade.tipo,
        statusAnterior: atendimentoAtividade.statusAnterior,
        statusNovo: atendimentoAtividade.statusNovo,
        parecer: atendimentoAtividade.parecer,
        autor: nomeUsuario(atendimentoAtividade.usuarioId),
        criadoEm: atendimentoAtividade.criadoEm,
      })
      .from(atendimentoAtividade)
      .where(eq(atendimentoAtividade.atendimentoId, id))
      .orderBy(asc(atendimentoAtividade.id)),
    deps.db
      .select({
        id: atendimentoAnexo.id,
        nomeArquivo: atendimentoAnexo.nomeArquivo,
        tipoConteudo: atendimentoAnexo.tipoConteudo,
        tamanho: atendimentoAnexo.tamanho,
        criadoEm: atendimentoAnexo.criadoEm,
      })
      .from(atendimentoAnexo)
      .where(and(eq(atendimentoAnexo.atendimentoId, id), isNull(atendimentoAnexo.excluidoEm)))
      .orderBy(asc(atendimentoAnexo.id)),
  ]);
  const porPapel = (p: Papel) =>
    envolvidos.filter((e) => e.papel === p).map(({ usuarioId, nome }) => ({ usuarioId, nome }));
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return semOcultos(ctx, fila, {
    ...resumo!,
    descricao: linha!.descricao,
    categoriaAtendimentoId: linha!.categoriaAtendimentoId,
    organizacaoOrigemId: linha!.organizacaoOrigemId,
    organizacaoDestinoId: linha!.organizacaoDestinoId,
    solicitanteUsuarioId: linha!.solicitanteUsuarioId,
    responsavelUsuarioId: linha!.responsavelUsuarioId,
    timeId: linha!.timeId,
    classificacaoId: linha!.classificacaoId,
    atendimentoPaiId: linha!.atendimentoPaiId,
    dataRetornoPrevista: linha!.dataRetornoPrevista,
    participantes: porPapel('PARTICIPANTE'),
    observadores: porPapel('OBSERVADOR'),
    interessados: porPapel('INTERESSADO'),
    caracteristicas,
    filhos,
    comentarios: comentarios.map((c) => ({ ...c, criadoEm: c.criadoEm.toISOString() })),
    tarefas: tarefas.map((t) => ({ ...t, concluidaEm: iso(t.concluidaEm) })),
    atividades: atividades.map((x) => ({ ...x, criadoEm: x.criadoEm.toISOString() })),
    anexos: anexos.map((x) => ({ ...x, criadoEm: x.criadoEm.toISOString() })),
  });
}

/** Characteristics the category's classes ask for; the required ones must have a value. */
async function validarCaracteristicas(db: DbOuTx, categoriaId: number, valores: AtendimentoInput['caracteristicas']) {
  const pedidas = await db
    .select({ caracteristicaId: classeCaracteristica.caracteristicaId, obrigatorio: classeCaracteristica.obrigatorio })
    .from(classeCaracteristica)
    .innerJoin(categoriaAtendimentoClasse, eq(categoriaAtendimentoClasse.classeId, classeCaracteristica.classeId))
    .where(
      and(
        eq(categoriaAtendimentoClasse.categoriaAtendimentoId, categoriaId),
        isNull(categoriaAtendimentoClasse.excluidoEm),
        isNull(classeCaracteristica.excluidoEm),
      ),
    );
  const obrigatorias = new Set(pedidas.filter((p) => p.obrigatorio).map((p) => p.caracteristicaId));
  const permitidas = new Set(pedidas.map((p) => p.caracteristicaId));
  const informadas = new Map(valores.filter((v) => v.valor).map((v) => [v.caracteristicaId, v.valor]));
  for (const [i, v] of valores.entries()) {
    if (!permitidas.has(v.caracteristicaId)) throw erroDeCampo(`caracteristicas.${i}.caracteristicaId`, 'invalido');
  }
  for (const c of obrigatorias) {
    if (!informadas.has(c)) throw erroDeCampo(`caracteristicas.${c}.valor`, 'obrigatorio');
  }
  return [...informadas].map(([caracteristicaId, valor]) => ({ caracteristicaId, valor }));
}

async function validarEntrada(tx: Tx, v: AtendimentoInput, id?: number) {
  const [categoria] = await tx
    .select({ id: categoriaAtendimento.id })
    .from(categoriaAtendimento)
    .where(
      and(
        eq(categoriaAtendimento.id, v.categoriaAtendimentoId),
        eq(categoriaAtendimento.ativo, true),
        isNull(categoriaAtendimento.excluidoEm),
      ),
    );
  if (!categoria) throw erroDeCampo('categoriaAtendimentoId', 'invalido');
  // Who and what it names are the queue's to offer, checked before the write (atendimentos/referencias.ts).
  if (v.atendimentoPaiId && v.atendimentoPaiId === id) throw erroDeCampo('atendimentoPaiId', 'invalido');
  return validarCaracteristicas(tx, v.categoriaAtendimentoId, v.caracteristicas);
}

async function gravarEnvolvidos(tx: Tx, atendimentoId: number, v: AtendimentoInput) {
  await tx
    .update(atendimentoEnvolvido)
    .set({ excluidoEm: new Date() })
    .where(and(eq(atendimentoEnvolvido.atendimentoId, atendimentoId), isNull(atendimentoEnvolvido.excluidoEm)));
  const linhas = PAPEIS_ENVOLVIDO.flatMap((papel) =>
    [...new Set(v[CAMPO_DO_PAPEL[papel]])].map((usuarioId) => ({ atendimentoId, usuarioId, papel })),
  );
  if (linhas.length) await tx.insert(atendimentoEnvolvido).values(linhas);
}

async function gravarCaracteristicas(
  tx: Tx,
  atendimentoId: number,
  valores: { caracteristicaId: number; valor: string }[],
) {
  await tx.delete(atendimentoCaracteristica).where(eq(atendimentoCaracteristica.atendimentoId, atendimentoId));
  if (valores.length) await tx.insert(atendimentoCaracteristica).values(valores.map((v) => ({ atendimentoId, ...v })));
}

/**
 * Mail to the requester, the responsible and the observers (never to who made the change),
 * written to the outbox in the same transaction as the change.
 */
async function notificar(deps: Deps, tx: Tx, ctx: Contexto, id: number, chave: string, params: Record<string, string>) {
  const [t0] = await tx
    .select({
      protocolo: a.protocolo,
      assunto: a.assunto,
      solicitante: a.solicitanteUsuarioId,
      responsavel: a.responsavelUsuarioId,
    })
    .from(a)
    .where(eq(a.id, id));
  if (!t0) return;
  const destinatarios = await tx
    .selectDistinct({ email: usuario.email })
    .from(usuario)
    .where(
      and(
        eq(usuario.ativo, true),
        sql`${usuario.id} <> ${ctx.usuarioId}`,
        or(
          inArray(usuario.id, [t0.solicitante, t0.responsavel]),
          exists(
            tx
              .select({ um: sql`1` })
              .from(atendimentoEnvolvido)
              .where(
                and(
                  eq(atendimentoEnvolvido.atendimentoId, id),
                  eq(atendimentoEnvolvido.usuarioId, usuario.id),
                  eq(atendimentoEnvolvido.papel, 'OBSERVADOR'),
                  isNull(atendimentoEnvolvido.excluidoEm),
                ),
              ),
          ),
        ),
      ),
    );
  // The church's language: the recipients' own language is not stored.
  const t = tradutor('pt-BR');
  const dados = { protocolo: t0.protocolo, assunto: t0.assunto, ...params };
  for (const d of destinatarios) {
    await deps.correio.enfileirar(tx, {
      para: d.email,
      assunto: t(`atendimentos:email.${chave}.assunto` as Chave, dados),
      texto: `${t(`atendimentos:email.${chave}.texto` as Chave, dados)}\n\n${deps.config.publicUrl}/atendimento-meus-atendimentos`,
    });
  }
}

const statusRotulo = (s: string) => tradutor('pt-BR')(`atendimentos:status.${s as StatusAtendimento}`);

export async function criar(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  corpoBruto: unknown,
  entrada: AtendimentoInput,
) {
  const v = comRegrasDeEscrita(ctx, fila, corpoBruto, entrada, {
    responsavelUsuarioId: ctx.usuarioId,
    dataRetornoPrevista: null,
    classificacaoId: null,
    atendimentoPaiId: null,
    caracteristicas: [],
  });
  const id = await deps.db.transaction(async (tx) => {
    const caracteristicas = await validarEntrada(tx, v);
    const [novo] = await tx
      .insert(a)
      .values({
        protocolo: sql`gen_random_uuid()::text`,
        assunto: v.assunto,
        descricao: v.descricao,
        categoriaAtendimentoId: v.categoriaAtendimentoId,
        solicitanteUsuarioId: ctx.usuarioId,
        organizacaoOrigemId: ctx.organizacaoId,
        organizacaoDestinoId: v.organizacaoDestinoId,
        responsavelUsuarioId: v.responsavelUsuarioId,
        status: 'ABERTO',
        classificacaoId: v.classificacaoId,
        atendimentoPaiId: v.atendimentoPaiId,
        dataRetornoPrevista: v.dataRetornoPrevista,
      })
      .returning({ id: a.id });
    const novoId = novo!.id;
    // The protocol is the year and the number: unique because the number is, and easy to read out.
    await tx
      .update(a)
      .set({
        protocolo: sql`to_char(now() at time zone 'America/Sao_Paulo', 'YYYY') || '-' || lpad(${novoId}::text, 6, '0')`,
      })
      .where(eq(a.id, novoId));
    await gravarEnvolvidos(tx, novoId, v);
    await gravarCaracteristicas(tx, novoId, caracteristicas);
    await tx
      .insert(atendimentoAtividade)
      .values({ atendimentoId: novoId, usuarioId: ctx.usuarioId, tipo: 'CRIACAO', statusNovo: 'ABERTO' });
    await registrarAlteracao(tx, ctx, 'atendimento', novoId, null, { ...v, status: 'ABERTO' });
    await notificar(deps, tx, ctx, novoId, 'criado', {});
    return novoId;
  });
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

export async function atualizar(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  corpoBruto: unknown,
  entrada: AtendimentoAtualizacaoInput,
) {
  await deps.db.transaction(async (tx) => {
    const anterior = await exigirVisivel(tx, ctx, fila, id);
    const v = comRegrasDeEscrita(ctx, fila, corpoBruto, entrada, {
      ...anterior,
      caracteristicas: await tx
        .select({
          caracteristicaId: atendimentoCaracteristica.caracteristicaId,
          valor: atendimentoCaracteristica.valor,
        })
        .from(atendimentoCaracteristica)
        .where(eq(atendimentoCaracteristica.atendimentoId, id)),
    });
    const caracteristicas = await validarEntrada(tx, v, id);
    const novo = {
      assunto: v.assunto,
      descricao: v.descricao,
      categoriaAtendimentoId: v.categoriaAtendimentoId,
      organizacaoDestinoId: v.organizacaoDestinoId,
      responsavelUsuarioId: v.responsavelUsuarioId,
      classificacaoId: v.classificacaoId,
      atendimentoPaiId: v.atendimentoPaiId,
      dataRetornoPrevista: v.dataRetornoPrevista,
    };
    await tx
      .update(a)
      .set({ ...novo, atualizadoEm: new Date() })
      .where(eq(a.id, id));
    await gravarEnvolvidos(tx, id, v);
    await gravarCaracteristicas(tx, id, caracteristicas);
    const antes = Object.fromEntries(Object.keys(novo).map((k) => [k, anterior[k as keyof typeof anterior]]));
    await registrarAlteracao(tx, ctx, 'atendimento', id, antes, novo);
    if (anterior.responsavelUsuarioId !== v.responsavelUsuarioId) await notificar(deps, tx, ctx, id, 'responsavel', {});
  });
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

/** Spec §4: a status change with its opinion, kept in the activity history and mailed to those involved. */
export async function mudarStatus(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  v: { status: StatusAtendimento; parecer: string },
) {
  await deps.db.transaction(async (tx) => {
    const anterior = await exigirVisivel(tx, ctx, fila, id);
    if (anterior.status === v.status) throw erroDeCampo('status', 'invalido');
    await tx.update(a).set({ status: v.status, atualizadoEm: new Date() }).where(eq(a.id, id));
    await tx.insert(atendimentoAtividade).values({
      atendimentoId: id,
      usuarioId: ctx.usuarioId,
      tipo: 'STATUS',
      statusAnterior: anterior.status,
      statusNovo: v.status,
      parecer: v.parecer,
    });
    await registrarAlteracao(tx, ctx, 'atendimento', id, { status: anterior.status }, { status: v.status });
    await notificar(deps, tx, ctx, id, 'status', {
      anterior: statusRotulo(anterior.status),
      novo: statusRotulo(v.status),
      parecer: v.parecer,
    });
  });
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

/** Triage hands a new ticket to a team and names who answers for it; it leaves the triage queue. */
export async function triar(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  corpoBruto: unknown,
  entrada: { timeId: number; responsavelUsuarioId?: number; parecer: string },
) {
  await deps.db.transaction(async (tx) => {
    const anterior = await exigirVisivel(tx, ctx, fila, id);
    // A profile that may not change the responsible triages to a team keeping the one there is.
    const escrito = aplicarEscrita(ctx, acessoDe(fila), corpoBruto, entrada, {
      responsavelUsuarioId: anterior.responsavelUsuarioId,
    });
    const v = { ...escrito, responsavelUsuarioId: escrito.responsavelUsuarioId ?? anterior.responsavelUsuarioId };
    const [equipe] = await tx
      .select({ id: time.id })
      .from(time)
      .where(and(eq(time.id, v.timeId), eq(time.ativo, true), isNull(time.excluidoEm)));
    if (!equipe) throw erroDeCampo('timeId', 'invalido');
    const status = anterior.status === 'ABERTO' ? 'EM_ANALISE' : anterior.status;
    await tx
      .update(a)
      .set({ timeId: v.timeId, responsavelUsuarioId: v.responsavelUsuarioId, status, atualizadoEm: new Date() })
      .where(eq(a.id, id));
    await tx.insert(atendimentoAtividade).values({
      atendimentoId: id,
      usuarioId: ctx.usuarioId,
      tipo: 'TRIAGEM',
      statusAnterior: anterior.status,
      statusNovo: status,
      parecer: v.parecer,
    });
    await registrarAlteracao(
      tx,
      ctx,
      'atendimento',
      id,
      { timeId: anterior.timeId, responsavelUsuarioId: anterior.responsavelUsuarioId, status: anterior.status },
      { timeId: v.timeId, responsavelUsuarioId: v.responsavelUsuarioId, status },
    );
    await notificar(deps, tx, ctx, id, 'status', {
      anterior: statusRotulo(anterior.status),
      novo: statusRotulo(status),
      parecer: v.parecer,
    });
  });
  await publicar(deps, { tipo: 'atendimento', id });
  // Handed to a team, the ticket has left the triage queue: answer with what was just done.
  return ler(deps, ctx, fila, id);
}

export async function comentar(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  v: { texto: string; interno: boolean },
) {
  if (v.interno && ehSolicitante(fila)) throw acessoNegado();
  await deps.db.transaction(async (tx) => {
    await exigirVisivel(tx, ctx, fila, id);
    await tx.insert(atendimentoComentario).values({ atendimentoId: id, usuarioId: ctx.usuarioId, ...v });
    // Internal notes stay inside the team: no mail, which would reach the requester.
    if (!v.interno) await notificar(deps, tx, ctx, id, 'comentario', { texto: v.texto });
  });
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

export async function criarTarefa(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  v: { descricao: string; responsavelUsuarioId: number; prazo: string | null },
) {
  await deps.db.transaction(async (tx) => {
    await exigirVisivel(tx, ctx, fila, id);
    const [nova] = await tx
      .insert(atendimentoTarefa)
      .values({ atendimentoId: id, ...v })
      .returning({ id: atendimentoTarefa.id });
    await registrarAlteracao(tx, ctx, 'atendimentoTarefa', nova!.id, null, v);
  });
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

/** Spec §4: tasks can be concluded or reopened. */
export async function situacaoTarefa(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  tarefaId: number,
  concluida: boolean,
) {
  await deps.db.transaction(async (tx) => {
    await exigirVisivel(tx, ctx, fila, id);
    const [tarefa] = await tx
      .select()
      .from(atendimentoTarefa)
      .where(
        and(
          eq(atendimentoTarefa.id, tarefaId),
          eq(atendimentoTarefa.atendimentoId, id),
          isNull(atendimentoTarefa.excluidoEm),
        ),
      );
    if (!tarefa) throw naoEncontrado();
    const concluidaEm = concluida ? (tarefa.concluidaEm ?? new Date()) : null;
    await tx.update(atendimentoTarefa).set({ concluidaEm }).where(eq(atendimentoTarefa.id, tarefaId));
    await registrarAlteracao(
      tx,
      ctx,
      'atendimentoTarefa',
      tarefaId,
      { concluidaEm: tarefa.concluidaEm },
      { concluidaEm },
    );
  });
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

const diretorioAnexos = (deps: Deps, atendimentoId: number) =>
  path.join(deps.config.dataDir, 'anexos', 'atendimentos', String(atendimentoId));

/**
 * A document attached to a ticket: size limit, type allow-list, content that is what it claims
 * (platform/arquivos.ts: the container or image opens as its type), and the same document (same
 * bytes) twice refused (spec §8 'Você já informou este documento.'). The file is stored under
 * DATA_DIR by its hash, so writing it again before a failed insert leaves nothing stray.
 */
export async function anexar(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  v: { nomeArquivo: string; tipoConteudo: string; conteudo: string },
) {
  if (!(v.tipoConteudo in ANEXO_TIPOS)) throw erroAnexo('tipoConteudo', 'tipoArquivoNaoPermitido');
  const tipo = v.tipoConteudo as keyof typeof ANEXO_TIPOS;
  const bytes = Buffer.from(v.conteudo, 'base64');
  if (!bytes.length) throw erroDeCampo('conteudo', 'obrigatorio');
  if (bytes.length > ANEXO_TAMANHO_MAXIMO) throw erroAnexo('conteudo', 'arquivoGrande');
  const recusa = await conferirArquivo(tipo, bytes);
  if (recusa === 'inflado') throw erroAnexo('conteudo', 'arquivoInfladoGrande');
  if (recusa) throw erroAnexo('tipoConteudo', 'conteudoNaoConfere');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await exigirVisivel(deps.db, ctx, fila, id);
  const [repetido] = await deps.db
    .select({ id: atendimentoAnexo.id })
    .from(atendimentoAnexo)
    .where(
      and(
        eq(atendimentoAnexo.atendimentoId, id),
        eq(atendimentoAnexo.sha256, sha256),
        isNull(atendimentoAnexo.excluidoEm),
      ),
    );
  if (repetido) throw new AppError('DOCUMENTO_DUPLICADO');
  const dir = diretorioAnexos(deps, id);
  await mkdir(dir, { recursive: true });
  const caminho = path.join(dir, `${sha256}.${ANEXO_TIPOS[tipo]}`);
  await writeFile(caminho, bytes);
  try {
    await deps.db.transaction(async (tx) => {
      const [novo] = await tx
        .insert(atendimentoAnexo)
        .values({
          atendimentoId: id,
          usuarioId: ctx.usuarioId,
          nomeArquivo: v.nomeArquivo,
          tipoConteudo: tipo,
          tamanho: bytes.length,
          sha256,
          caminho: path.relative(deps.config.dataDir, caminho),
        })
        .returning({ id: atendimentoAnexo.id });
      await registrarAlteracao(tx, ctx, 'atendimentoAnexo', novo!.id, null, {
        nomeArquivo: v.nomeArquivo,
        tamanho: bytes.length,
        sha256,
      });
    });
  } catch (e) {
    // Two uploads of the same document at once: the unique index decides.
    if (erroPg(e).code === VIOLACAO_UNICA) throw new AppError('DOCUMENTO_DUPLICADO');
    throw e;
  }
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

export async function baixarAnexo(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number, anexoId: number) {
  await exigirVisivel(deps.db, ctx, fila, id);
  const [anexo] = await deps.db
    .select()
    .from(atendimentoAnexo)
    .where(
      and(
        eq(atendimentoAnexo.id, anexoId),
        eq(atendimentoAnexo.atendimentoId, id),
        isNull(atendimentoAnexo.excluidoEm),
      ),
    );
  if (!anexo) throw naoEncontrado();
  return { anexo, conteudo: await readFile(path.join(deps.config.dataDir, anexo.caminho)) };
}

/** Removing an attachment is logical: the file and its row stay for the history. */
export async function removerAnexo(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number, anexoId: number) {
  await deps.db.transaction(async (tx) => {
    await exigirVisivel(tx, ctx, fila, id);
    const [anexo] = await tx
      .update(atendimentoAnexo)
      .set({ excluidoEm: new Date() })
      .where(
        and(
          eq(atendimentoAnexo.id, anexoId),
          eq(atendimentoAnexo.atendimentoId, id),
          isNull(atendimentoAnexo.excluidoEm),
        ),
      )
      .returning({ id: atendimentoAnexo.id, nomeArquivo: atendimentoAnexo.nomeArquivo });
    if (!anexo) throw naoEncontrado();
    await registrarAlteracao(tx, ctx, 'atendimentoAnexo', anexoId, { nomeArquivo: anexo.nomeArquivo }, null);
  });
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

// --- What the ticket form offers, readable with the queue's own permission. ---

export async function categorias(deps: Deps): Promise<SelectOpcao[]> {
  return deps.db
    .select({ value: categoriaAtendimento.id, label: categoriaAtendimento.nome })
    .from(categoriaAtendimento)
    .where(and(eq(categoriaAtendimento.ativo, true), isNull(categoriaAtendimento.excluidoEm)))
    .orderBy(asc(categoriaAtendimento.nome));
}

export async function categoria(deps: Deps, id: number): Promise<CategoriaFormulario> {
  const [c] = await deps.db
    .select({
      id: categoriaAtendimento.id,
      nome: categoriaAtendimento.nome,
      icone: icone.simbolo,
      requisito: categoriaAtendimento.requisito,
    })
    .from(categoriaAtendimento)
    .leftJoin(icone, and(eq(icone.id, categoriaAtendimento.iconeId), isNull(icone.excluidoEm)))
    .where(and(eq(categoriaAtendimento.id, id), isNull(categoriaAtendimento.excluidoEm)));
  if (!c) throw naoEncontrado();
  const linhas = await deps.db
    .select({
      caracteristicaId: caracteristica.id,
      nome: caracteristica.nome,
      obrigatorio: sql<boolean>`bool_or(${classeCaracteristica.obrigatorio})`,
      ordem: sql<number>`min(${classeCaracteristica.ordem})`,
    })
    .from(categoriaAtendimentoClasse)
    .innerJoin(classeCaracteristica, eq(classeCaracteristica.classeId, categoriaAtendimentoClasse.classeId))
    .innerJoin(caracteristica, eq(caracteristica.id, classeCaracteristica.caracteristicaId))
    .where(
      and(
        eq(categoriaAtendimentoClasse.categoriaAtendimentoId, id),
        isNull(categoriaAtendimentoClasse.excluidoEm),
        isNull(classeCaracteristica.excluidoEm),
      ),
    )
    .groupBy(caracteristica.id, caracteristica.nome)
    .orderBy(sql`min(${classeCaracteristica.ordem})`, asc(caracteristica.nome));
  const opcoes = linhas.length
    ? await deps.db
        .select({
          caracteristicaId: caracteristicaOpcao.caracteristicaId,
          chave: caracteristicaOpcao.chave,
          valor: caracteristicaOpcao.valor,
        })
        .from(caracteristicaOpcao)
        .where(
          and(
            inArray(
              caracteristicaOpcao.caracteristicaId,
              linhas.map((l) => l.caracteristicaId),
            ),
            eq(caracteristicaOpcao.ativo, true),
            isNull(caracteristicaOpcao.excluidoEm),
          ),
        )
        .orderBy(asc(caracteristicaOpcao.ordem))
    : [];
  return {
    ...c,
    caracteristicas: linhas.map(({ ordem: _o, ...l }) => ({
      ...l,
      opcoes: opcoes
        .filter((o) => o.caracteristicaId === l.caracteristicaId)
        .map(({ chave, valor }) => ({ chave, valor })),
    })),
  };
}

/** Destinations a request may go to: the user's organization, those above it, and its subtree. */
export function destinosPermitidos(ctx: Contexto, fila: FilaAtendimento): SQL {
  const acima = organizacoesAcima(ctx);
  return and(
    isNull(organizacao.excluidoEm),
    or(
      acima.length ? inArray(organizacao.id, acima) : undefined,
      filtroOrganizacao(ctx, acessoDe(fila), organizacao.id),
    ),
  )!;
}

export async function organizacoesDestino(deps: Deps, ctx: Contexto, fila: FilaAtendimento, busca?: string) {
  return deps.db
    .select({ value: organizacao.id, label: organizacao.nomeFantasia })
    .from(organizacao)
    .where(and(destinosPermitidos(ctx, fila), busca ? contemSemAcento(organizacao.nomeFantasia, busca) : undefined))
    .orderBy(asc(organizacao.caminho))
    .limit(50);
}

/** Who a ticket may name (responsible, participants, tasks): active members of the teams, and the user. */
export const usuariosEscolhiveis = (ctx: Contexto): SQL =>
  and(
    eq(usuario.ativo, true),
    or(
      eq(usuario.id, ctx.usuarioId),
      sql`${usuario.id} in (select ${timeParticipante.usuarioId} from ${timeParticipante} join ${time} on ${time.id} = ${timeParticipante.timeId} where ${timeParticipante.excluidoEm} is null and ${time.excluidoEm} is null and ${time.ativo})`,
    ),
  )!;

/** The users a ticket may name, the user first (the form's default). */
export async function usuarios(deps: Deps, ctx: Contexto, busca?: string): Promise<SelectOpcao[]> {
  const nome = sql<string>`trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome})`;
  return deps.db
    .select({ value: usuario.id, label: nome })
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(and(usuariosEscolhiveis(ctx), busca ? contemSemAcento(nome, busca) : undefined))
    .orderBy(sql`${usuario.id} = ${ctx.usuarioId} desc`, asc(pessoa.nome), asc(usuario.id))
    .limit(50);
}

export async function times(deps: Deps): Promise<SelectOpcao[]> {
  return deps.db
    .select({ value: time.id, label: time.nome })
    .from(time)
    .where(and(eq(time.ativo, true), isNull(time.excluidoEm)))
    .orderBy(asc(time.nome));
}
