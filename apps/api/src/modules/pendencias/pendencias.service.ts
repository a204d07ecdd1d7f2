import type {
  ContagemPendenciasFinanceiras,
  Paged,
  PendenciaFinanceira,
  PendenciaFinanceiraListQuery,
  TipoPendenciaFinanceira,
} from '@sig/contracts';
import { schema } from '@sig/db';
import type { Idioma } from '@sig/i18n';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { type TextoTraduzivel, textoTraduzivel, traduzirTexto } from '../../platform/textos.js';
import {
  conferirWebhookDaSubconta,
  JUSTIFICATIVA_RECIBO_REEMBOLSO,
  PAGAMENTO_SEM_COBRANCA,
  processarEvento,
} from '../asaas/index.js';
import { reacomodarPagamento } from '../eventos/index.js';
import { lancarPendente } from '../financeiro/index.js';

/**
 * The financial exceptions (issue 17): money that did not go through by itself, read from where
 * each kind already lives (provider events, pending postings, sub-accounts, receipts) into one
 * list, newest first. Each row names the action that resolves it; the simple ones are POSTs here.
 */
export const ACESSO_PENDENCIAS = 'PendenciasFinanceiras';
const { eventoProvedor: ev } = schema;

/** Receipts cancelled by a refund stay listed this long (there is nothing to undo, only to see). */
const DIAS_REEMBOLSO = 90;

/** The organization a provider payment belongs to, through the charge that holds it. */
const orgDoPagamento = sql`(select r.organizacao_id from cobranca c join conta_a_receber r on r.id = c.conta_a_receber_id
  where c.provedor_id = e.pagamento_id order by c.id desc limit 1)`;
const valorDoEvento = sql`(e.payload->'payment'->>'value')::numeric(14,2)::text`;
/** A payment for the cancelled charge of an event registration released unpaid (issue 19). */
const deInscricaoLiberada = sql`(e.resultado like ${`${PAGAMENTO_SEM_COBRANCA}:cancelada:%`} and exists (
  select 1 from cobranca c join inscricao_evento i on i.conta_a_receber_id = c.conta_a_receber_id
  where c.provedor_id = e.pagamento_id and i.status = 'EXPIRADA'))`;

const UNIAO = sql`
  select 'EVENTO_NAO_APLICADO' as tipo, e.id as ref_id, coalesce(e.pagamento_id, e.id) as referencia,
    ${orgDoPagamento} as organizacao_id, ${valorDoEvento} as valor, e.recebido_em as data, e.erro as detalhe,
    'REAPLICAR_EVENTO' as acao, null::jsonb as referencia_traduzivel, null::text as detalhe_chave
  from evento_provedor e where e.processado_em is null
  union all
  select case when e.id like 'sinc\\_%' then 'STATUS_DIVERGENTE' when ${deInscricaoLiberada} then 'INSCRICAO_PAGA_SEM_VAGA'
      else 'PAGAMENTO_SEM_COBRANCA' end, e.id,
    coalesce(e.pagamento_id, e.id), ${orgDoPagamento}, ${valorDoEvento}, e.recebido_em,
    coalesce(e.payload->'payment'->>'status', e.evento) || ' · ' || e.resultado,
    case when ${deInscricaoLiberada} then 'REACOMODAR_INSCRICAO' else 'MARCAR_RESOLVIDA' end, null, null
  from evento_provedor e
  where e.resolvido_em is null and e.processado_em is not null
    and (e.resultado like ${`${PAGAMENTO_SEM_COBRANCA}%`} or (e.id like 'sinc\\_%' and e.resultado = 'sem-mudanca'))
  union all
  select 'LANCAMENTO_PENDENTE', p.id::text, p.historico, p.organizacao_id, p.valor::text,
    p.data::timestamptz, p.motivo, 'LANCAR_PENDENTE', p.historico_traduzivel, 'erros:' || p.motivo
  from lancamento_pendente p where p.lancado_em is null and p.descartado_em is null
  union all
  select 'SUBCONTA_SEM_WEBHOOK', s.id::text, s.nome || coalesce(' · ' || s.provedor_id, ''), s.organizacao_id,
    null, s.criado_em, s.webhook_erro, 'CONFERIR_WEBHOOK', null, null
  from subconta s where s.provedor_id is not null and s.webhook_conferido_em is null
  union all
  select 'REEMBOLSO_APOS_RECIBO', r.id::text, r.numero::text, r.organizacao_id, r.total::text, r.estornado_em,
    r.justificativa_estorno, 'VER_RECIBO', null, ${JUSTIFICATIVA_RECIBO_REEMBOLSO.chave}
  from recibo r where r.estornado_por is null and r.justificativa_traduzivel->>'chave' = ${JUSTIFICATIVA_RECIBO_REEMBOLSO.chave}
    and r.estornado_em > now() - make_interval(days => ${DIAS_REEMBOLSO})`;

/**
 * In the user's scope; rows of no known organization (a payment for a charge never ours) only
 * for users acting for a root organization, who answer for the main provider account.
 */
function noEscopo(ctx: Contexto): SQL {
  return sql`(${filtroOrganizacao(ctx, ACESSO_PENDENCIAS, sql`x.organizacao_id`)} or (x.organizacao_id is null and
    not exists (select 1 from organizacao o where ${ctx.organizacaoCaminho} like o.caminho || '%' and o.caminho <> ${ctx.organizacaoCaminho})))`;
}

type Linha = {
  tipo: TipoPendenciaFinanceira;
  ref_id: string;
  referencia: string;
  organizacao_id: number | null;
  organizacao_nome: string | null;
  valor: string | null;
  data: Date | string;
  detalhe: string | null;
  acao: PendenciaFinanceira['acao'];
  /** The text the system wrote, by its key (a pending posting's description). */
  referencia_traduzivel: TextoTraduzivel | null;
  /** The key of a reason the system gave (a period error's code, a refund). */
  detalhe_chave: string | null;
  total: number;
};

async function consultar(
  deps: Deps,
  ctx: Contexto,
  filtro: SQL | undefined,
  pagina: { quantidade: number; deslocamento: number },
): Promise<Linha[]> {
  const r = (await deps.db.execute(sql`with x as (${UNIAO})
    select x.*, o.nome_fantasia as organizacao_nome, count(*) over ()::int as total
    from x left join organizacao o on o.id = x.organizacao_id
    where ${noEscopo(ctx)} ${filtro ? sql`and ${filtro}` : sql``}
    order by x.data desc, x.tipo, x.ref_id
    limit ${pagina.quantidade} offset ${pagina.deslocamento}`)) as unknown as { rows: Linha[] };
  return r.rows;
}

/** Texts the system wrote are shown in the reader's language (issue 17), by their stored keys. */
const paraPendencia = (l: Linha, idioma: Idioma): PendenciaFinanceira => ({
  chave: `${l.tipo}:${l.ref_id}`,
  tipo: l.tipo,
  referenciaId: l.ref_id,
  referencia: l.referencia_traduzivel ? traduzirTexto(idioma, l.referencia_traduzivel) : l.referencia,
  organizacaoId: l.organizacao_id,
  organizacaoNome: l.organizacao_nome,
  valor: l.valor,
  data: new Date(l.data).toISOString(),
  detalhe: l.detalhe_chave ? traduzirTexto(idioma, textoTraduzivel(l.detalhe_chave)) : l.detalhe,
  acao: l.acao,
});

export async function listarPendencias(
  deps: Deps,
  ctx: Contexto,
  q: PendenciaFinanceiraListQuery,
): Promise<Paged<PendenciaFinanceira>> {
  const linhas = await consultar(deps, ctx, q.tipo ? sql`x.tipo = ${q.tipo}` : undefined, {
    quantidade: q.quantidade,
    deslocamento: (q.pagina - 1) * q.quantidade,
  });
  return {
    itens: linhas.map((l) => paraPendencia(l, ctx.idioma)),
    total: linhas[0]?.total ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

/** How many there are, by kind (the financial dashboard's card). */
export async function contarPendencias(deps: Deps, ctx: Contexto): Promise<ContagemPendenciasFinanceiras> {
  const r = (await deps.db.execute(sql`with x as (${UNIAO})
    select x.tipo, count(*)::int as total from x where ${noEscopo(ctx)} group by x.tipo order by x.tipo`)) as unknown as {
    rows: { tipo: TipoPendenciaFinanceira; total: number }[];
  };
  return { total: r.rows.reduce((s, l) => s + l.total, 0), porTipo: r.rows };
}

/** The exception, when it stands and the user may see it (404 otherwise). */
async function exigir(deps: Deps, ctx: Contexto, tipos: TipoPendenciaFinanceira[], refId: string) {
  const [l] = await consultar(
    deps,
    ctx,
    sql`x.tipo in (${sql.join(
      tipos.map((t) => sql`${t}`),
      sql`, `,
    )}) and x.ref_id = ${refId}`,
    { quantidade: 1, deslocamento: 0 },
  );
  if (!l) throw naoEncontrado();
  return l;
}

/** Applies an unapplied provider event now (its retries ran out, or the cause was fixed). */
export async function reaplicarEvento(deps: Deps, ctx: Contexto, id: string): Promise<{ resultado: string | null }> {
  await exigir(deps, ctx, ['EVENTO_NAO_APLICADO'], id);
  try {
    return { resultado: await processarEvento(deps, id) };
  } catch {
    // The error is kept on the event (and shown in the list); the user gets a 4xx, not a 500.
    throw new AppError('PENDENCIA_NAO_RESOLVIDA');
  }
}

/**
 * A payment for a registration released unpaid: its registration is confirmed on its seat again,
 * refused while its lot or a workshop of it is full (make room, or refund the payment).
 */
export async function reacomodarInscricao(deps: Deps, ctx: Contexto, id: string): Promise<void> {
  await exigir(deps, ctx, ['INSCRICAO_PAGA_SEM_VAGA'], id);
  if ((await reacomodarPagamento(deps, id)) !== 'REACOMODADA') throw new AppError('VAGAS_ESGOTADAS');
}

/** A payment for no active charge, or a status the provider shows that SIG could not take: seen and dealt with. */
export async function marcarResolvida(deps: Deps, ctx: Contexto, id: string): Promise<void> {
  await exigir(deps, ctx, ['PAGAMENTO_SEM_COBRANCA', 'STATUS_DIVERGENTE', 'INSCRICAO_PAGA_SEM_VAGA'], id);
  await deps.db
    .update(ev)
    .set({ resolvidoEm: new Date(), resolvidoPor: ctx.usuarioId })
    .where(and(eq(ev.id, id), isNull(ev.resolvidoEm)));
}

/** Posts a pending posting now that a period holds its date; refused while none does. */
export async function lancarPendencia(deps: Deps, ctx: Contexto, id: number): Promise<{ lancamentoId: number }> {
  await exigir(deps, ctx, ['LANCAMENTO_PENDENTE'], String(id));
  const lancamentoId = await deps.db.transaction((tx) => lancarPendente(tx, id));
  if (!lancamentoId) throw new AppError('PERIODO_INEXISTENTE');
  return { lancamentoId };
}

/** Registers (or repairs) the sub-account's webhook now. */
export async function conferirWebhook(deps: Deps, ctx: Contexto, id: number): Promise<{ resultado: string }> {
  await exigir(deps, ctx, ['SUBCONTA_SEM_WEBHOOK'], String(id));
  const resultado = await conferirWebhookDaSubconta(deps, id);
  if (!['ok', 'criado', 'reparado'].includes(resultado)) throw new AppError('PENDENCIA_NAO_RESOLVIDA');
  return { resultado };
}
