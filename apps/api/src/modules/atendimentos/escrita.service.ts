import {
  type AtendimentoAtualizacaoInput,
  type AtendimentoInput,
  type FilaAtendimento,
  PAPEIS_ENVOLVIDO,
} from '@sig/contracts';
import { type DbOuTx, schema, type Tx } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { erroDeCampo } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { publicar } from '../../platform/hub.js';
import { aplicarEscrita } from '../../platform/permissoes.js';
import { alterar } from './alterar.js';
import { obter } from './consulta.service.js';
import { acessoDe } from './fila.js';
import { notificar } from './notificacao.js';

const {
  atendimento: a,
  atendimentoAtividade,
  atendimentoCaracteristica,
  atendimentoEnvolvido,
  categoriaAtendimento,
  categoriaAtendimentoClasse,
  classeCaracteristica,
} = schema;

type Papel = (typeof PAPEIS_ENVOLVIDO)[number];
const CAMPO_DO_PAPEL: Record<Papel, 'participantes' | 'observadores' | 'interessados'> = {
  PARTICIPANTE: 'participantes',
  OBSERVADOR: 'observadores',
  INTERESSADO: 'interessados',
};

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
  return alterar(deps, ctx, fila, id, async (tx, anterior) => {
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
}
