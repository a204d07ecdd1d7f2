import {
  ACESSO_MINISTERIO,
  acimaDoPrevisto,
  hojeNoBrasil,
  type Ministerio,
  type MinisterioInput,
  type MinisterioListQuery,
  type MinisterioPagina,
  type SelectOpcao,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { linhasExistentes, type RegraReferencia } from '../../platform/referencias.js';
import { contemSemAcento } from '../../platform/sql.js';
import { nomeNoIdioma } from '../../platform/textos.js';

/**
 * Ministries (spec §2 /ministerio, issue 21): an organization's groups with their coordinator,
 * participants and yearly figures, seen and changed within the user's scope of the Ministerio screen.
 */
const ACESSO = ACESSO_MINISTERIO;
const { ministerio: mi, ministerioParticipante: mp, ministerioEstatistica: me, tipoGrupo: tg, organizacao } = schema;

/** The group types a ministry may name: the active ones of the reference list. */
export const REGRA_TIPO_GRUPO: RegraReferencia = linhasExistentes(tg, () => eq(tg.ativo, true));

const anoAtual = () => Number(hojeNoBrasil().slice(0, 4));

const coordenadorNome = sql<string>`(select trim(p.nome || ' ' || coalesce(p.sobrenome, '')) from pessoa p
  where p.id = "ministerio"."coordenador_id")`;

const doEscopo = (ctx: Contexto) => and(isNull(mi.excluidoEm), filtroOrganizacao(ctx, ACESSO, mi.organizacaoId));

/** The year's figures of the listed ministry, or null when the year was not reported. */
const doAno = <T>(coluna: string, ano: number) =>
  sql<T>`(select e.${sql.identifier(coluna)} from ministerio_estatistica e
    where e.ministerio_id = "ministerio"."id" and e.ano = ${ano}::int)`;

export async function listar(deps: Deps, ctx: Contexto, q: MinisterioListQuery): Promise<MinisterioPagina> {
  const ano = q.ano ?? anoAtual();
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps, ctx, ACESSO, q.organizacaoId) : null;
  const situacaoAno = sql<string>`coalesce(${doAno<string>('situacao', ano)}, 'NAO_INFORMADO')`;
  const onde = and(
    doEscopo(ctx),
    escolhidas ? entreOrganizacoes(mi.organizacaoId, escolhidas) : undefined,
    q.tipoGrupoId ? eq(mi.tipoGrupoId, q.tipoGrupoId) : undefined,
    q.nome ? contemSemAcento(mi.nome, q.nome) : undefined,
    q.situacaoAno ? sql`${situacaoAno} = ${q.situacaoAno}` : undefined,
  );
  const [linhas, [n]] = await Promise.all([
    deps.db
      .select({
        id: mi.id,
        nome: mi.nome,
        organizacaoId: mi.organizacaoId,
        organizacaoNome: organizacao.nomeFantasia,
        tipoGrupoId: mi.tipoGrupoId,
        tipoGrupoNome: nomeNoIdioma(tg.nome, tg.nomeEn, ctx.idioma),
        coordenadorNome,
        participantes: sql<number>`(select count(*)::int from ministerio_participante x where x.ministerio_id = "ministerio"."id")`,
        reunioesPorAno: mi.reunioesPorAno,
        ano: sql<number>`${ano}::int`,
        situacaoAno,
        reunioesRealizadas: doAno('reunioes_realizadas', ano),
        mediaPresentes: doAno('media_presentes', ano),
        participantesMasculinos: doAno('participantes_masculinos', ano),
        participantesFemininos: doAno('participantes_femininos', ano),
      })
      .from(mi)
      .innerJoin(organizacao, eq(organizacao.id, mi.organizacaoId))
      .innerJoin(tg, eq(tg.id, mi.tipoGrupoId))
      .where(onde)
      .orderBy(
        q.ordem === 'desc'
          ? sql`${organizacao.nomeFantasia} desc, ${mi.nome} desc, ${mi.id} desc`
          : sql`${organizacao.nomeFantasia}, ${mi.nome}, ${mi.id}`,
      )
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(mi).where(onde),
  ]);
  return {
    itens: linhas as MinisterioPagina['itens'],
    total: n?.n ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

type Linha = Omit<Ministerio, 'criadoEm' | 'atualizadoEm' | 'avisos'> & { criadoEm: Date; atualizadoEm: Date };

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Ministerio> {
  const [l] = await db
    .select({
      id: mi.id,
      organizacaoId: mi.organizacaoId,
      organizacaoNome: organizacao.nomeFantasia,
      nome: mi.nome,
      tipoGrupoId: mi.tipoGrupoId,
      tipoGrupoNome: nomeNoIdioma(tg.nome, tg.nomeEn, ctx.idioma),
      coordenadorId: mi.coordenadorId,
      coordenadorNome,
      reunioesPorAno: mi.reunioesPorAno,
      // Spelled out: drizzle leaves the outer columns unqualified.
      participantes: sql<Ministerio['participantes']>`coalesce((select json_agg(json_build_object(
          'pessoaId', x.pessoa_id, 'pessoaNome', trim(p.nome || ' ' || coalesce(p.sobrenome, '')), 'funcao', x.funcao)
          order by p.nome, p.sobrenome, p.id)
        from ministerio_participante x join pessoa p on p.id = x.pessoa_id
        where x.ministerio_id = "ministerio"."id"), '[]'::json)`,
      estatisticas: sql<Ministerio['estatisticas']>`coalesce((select json_agg(json_build_object(
          'ano', e.ano, 'situacao', e.situacao, 'origem', e.origem, 'reunioesRealizadas', e.reunioes_realizadas,
          'mediaPresentes', e.media_presentes, 'participantesMasculinos', e.participantes_masculinos,
          'participantesFemininos', e.participantes_femininos) order by e.ano desc)
        from ministerio_estatistica e where e.ministerio_id = "ministerio"."id"), '[]'::json)`,
      criadoEm: mi.criadoEm,
      atualizadoEm: mi.atualizadoEm,
    })
    .from(mi)
    .innerJoin(organizacao, eq(organizacao.id, mi.organizacaoId))
    .innerJoin(tg, eq(tg.id, mi.tipoGrupoId))
    .where(and(eq(mi.id, id), doEscopo(ctx)));
  if (!l) throw naoEncontrado();
  const r = l as Linha;
  const t = tradutor(ctx.idioma);
  return {
    ...r,
    avisos: r.estatisticas.flatMap((e, i) =>
      acimaDoPrevisto(e.reunioesRealizadas, r.reunioesPorAno)
        ? [
            {
              campo: `estatisticas.${i}.reunioesRealizadas`,
              mensagem: t('validacao:reunioesAcimaDoPrevisto', {
                ano: e.ano,
                n: e.reunioesRealizadas,
                previsto: r.reunioesPorAno,
              }),
            },
          ]
        : [],
    ),
    criadoEm: r.criadoEm.toISOString(),
    atualizadoEm: r.atualizadoEm.toISOString(),
  };
}

const colunas = (e: MinisterioInput) => ({
  organizacaoId: e.organizacaoId,
  nome: e.nome,
  tipoGrupoId: e.tipoGrupoId,
  coordenadorId: e.coordenadorId,
  reunioesPorAno: e.reunioesPorAno,
});

/** The years whose figures come from meetings: the form's typed figures leave them alone. */
async function anosComReunioes(tx: DbOuTx, ministerioId: number): Promise<Set<number>> {
  const linhas = await tx
    .select({ ano: me.ano })
    .from(me)
    .where(and(eq(me.ministerioId, ministerioId), eq(me.origem, 'PRESENCAS')));
  return new Set(linhas.map((l) => l.ano));
}

/**
 * Participants and the typed years, as the form sent them: what is not sent any more goes. A year
 * whose figures come from its meetings keeps them (the attendance decides, not the form).
 */
async function salvarFilhos(tx: DbOuTx, ministerioId: number, e: MinisterioInput) {
  await tx.delete(mp).where(eq(mp.ministerioId, ministerioId));
  if (e.participantes.length)
    await tx.insert(mp).values(e.participantes.map((p) => ({ ministerioId, pessoaId: p.pessoaId, funcao: p.funcao })));
  await tx.delete(me).where(and(eq(me.ministerioId, ministerioId), eq(me.origem, 'DIGITADA')));
  const computados = await anosComReunioes(tx, ministerioId);
  const digitados = e.estatisticas.filter((x) => !computados.has(x.ano));
  if (digitados.length)
    await tx.insert(me).values(
      digitados.map((x) => {
        // A year the group did not meet has no figures: zero, whatever was typed.
        const reuniu = x.situacao === 'REUNIU';
        const f = (v: number | null) => (reuniu ? (v ?? 0) : 0);
        return {
          ministerioId,
          ano: x.ano,
          situacao: x.situacao,
          origem: 'DIGITADA',
          reunioesRealizadas: f(x.reunioesRealizadas),
          mediaPresentes: f(x.mediaPresentes),
          participantesMasculinos: f(x.participantesMasculinos),
          participantesFemininos: f(x.participantesFemininos),
        };
      }),
    );
}

/**
 * What the change history keeps of a ministry (issue 21, as the other records): its fields, the
 * participants and each year's figures as saved; names and warnings are read, not kept.
 */
const paraHistorico = (m: Ministerio) => ({
  organizacaoId: m.organizacaoId,
  nome: m.nome,
  tipoGrupoId: m.tipoGrupoId,
  coordenadorId: m.coordenadorId,
  reunioesPorAno: m.reunioesPorAno,
  participantes: m.participantes.map(({ pessoaId, funcao }) => ({ pessoaId, funcao })),
  estatisticas: m.estatisticas,
});

export async function criar(deps: Deps, ctx: Contexto, e: MinisterioInput): Promise<Ministerio> {
  const id = await deps.db.transaction(async (tx) => {
    const [novo] = await tx.insert(mi).values(colunas(e)).returning({ id: mi.id });
    await salvarFilhos(tx, novo!.id, e);
    await registrarAlteracao(tx, ctx, 'ministerio', novo!.id, null, paraHistorico(await obter(tx, ctx, novo!.id)));
    return novo!.id;
  });
  return obter(deps.db, ctx, id);
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: MinisterioInput): Promise<Ministerio> {
  await deps.db.transaction(async (tx) => {
    // Locked, so two saves at once record their changes one after the other (404 outside the scope).
    const [atual] = await tx
      .select({ id: mi.id })
      .from(mi)
      .where(and(eq(mi.id, id), doEscopo(ctx)))
      .for('update');
    if (!atual) throw naoEncontrado();
    const anterior = paraHistorico(await obter(tx, ctx, id));
    await tx
      .update(mi)
      .set({ ...colunas(e), atualizadoEm: new Date() })
      .where(eq(mi.id, id));
    await salvarFilhos(tx, id, e);
    await registrarAlteracao(tx, ctx, 'ministerio', id, anterior, paraHistorico(await obter(tx, ctx, id)));
  });
  return obter(deps.db, ctx, id);
}

/** Logical delete: the figures stay for the years they were reported. */
export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const anterior = paraHistorico(await obter(tx, ctx, id));
    await tx.update(mi).set({ excluidoEm: new Date(), atualizadoEm: new Date() }).where(eq(mi.id, id));
    await registrarAlteracao(tx, ctx, 'ministerio', id, anterior, null);
  });
}

/** The group types a form offers, in the reader's language. */
export async function tiposGrupo(deps: Deps, ctx: Contexto, busca?: string): Promise<SelectOpcao[]> {
  const rotulo = nomeNoIdioma(tg.nome, tg.nomeEn, ctx.idioma);
  return deps.db
    .select({ value: tg.id, label: rotulo })
    .from(tg)
    .where(and(eq(tg.ativo, true), busca ? contemSemAcento(rotulo as SQL, busca) : undefined))
    .orderBy(rotulo);
}
