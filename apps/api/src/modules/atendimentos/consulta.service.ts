import type {
  AtendimentoDetalhe,
  AtendimentoListQuery,
  AtendimentoResumo,
  FilaAtendimento,
  ORDENACOES_ATENDIMENTO,
  PAPEIS_ENVOLVIDO,
  Paged,
  StatusAtendimento,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { arquivoExportacao, type ColunaArquivo, type FormatoArquivo } from '../../platform/exportacao.js';
import { camposOcultos } from '../../platform/permissoes.js';
import { colunaQualificada, contemSemAcento } from '../../platform/sql.js';
import { acessoDe, ehSolicitante, exigirVisivel, nomeUsuario, semOcultos, visiveis } from './fila.js';

/** Reading tickets: a queue's page, its export, and one ticket whole. */

const {
  atendimento: a,
  atendimentoAnexo,
  atendimentoAtividade,
  atendimentoCaracteristica,
  atendimentoComentario,
  atendimentoEnvolvido,
  atendimentoTarefa,
  categoriaAtendimento,
  icone,
  organizacao,
  time,
} = schema;

type Papel = (typeof PAPEIS_ENVOLVIDO)[number];

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
        l.status,
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
  const colunas = (
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
  ).map(
    (c): ColunaArquivo => ({
      titulo: t(`atendimentos:coluna.${c}`),
      ...(c === 'status'
        ? { tipo: 'opcao', rotulos: 'atendimentos:status' }
        : c === 'criadoEm'
          ? { tipo: 'dataHora' }
          : {}),
    }),
  );
  return {
    nomeArquivo: `${fila}.${formato}`,
    conteudo: arquivoExportacao(formato, {
      titulo: t('atendimentos:titulo'),
      idioma: ctx.idioma,
      colunas,
      lotes: lotes(),
    }),
  };
}

export async function obter(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number): Promise<AtendimentoDetalhe> {
  await exigirVisivel(deps.db, ctx, fila, id);
  return ler(deps, ctx, fila, id);
}

/** The whole ticket as the queue shows it; callers have checked that the user may see it. */
export async function ler(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number): Promise<AtendimentoDetalhe> {
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
