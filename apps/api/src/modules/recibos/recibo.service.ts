import {
  hojeNoBrasil,
  type JustificativaEstornoInput,
  type Paged,
  type Recibo,
  type ReciboInput,
  type ReciboListQuery,
  type ReciboResumo,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { type Idioma, tradutor } from '@sig/i18n';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { dataTela, dinheiroTela } from '../../platform/pdf.js';
import { nomeTitular } from '../../platform/sql.js';
import { traduzirTexto } from '../../platform/textos.js';
import { dadosDoEmissor, emailDaOrganizacao } from '../organizacoes/index.js';
import { numeroRecibo, pdfRecibo } from './recibo-pdf.js';

/**
 * Receipts (spec §2 /lista-de-recibos, §5 receipt rules, §8 their messages): one receipt for
 * paid receivables of one holder, numbered in sequence per issuing organization. Reversal
 * (spec §4) keeps the receipt with its justification and frees its receivables.
 */
export const ACESSO_RECIBO = 'ListaDeRecibos';
const { recibo: rec, reciboItem: item, contaAReceber: car, pessoa, organizacao } = schema;
const titular = alias(organizacao, 'titular');

const selecao = {
  id: rec.id,
  organizacaoId: rec.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  numero: rec.numero,
  data: rec.data,
  pessoaId: rec.pessoaId,
  organizacaoTitularId: rec.organizacaoTitularId,
  titularNome: nomeTitular(titular),
  titularDocumento: sql<string | null>`coalesce(${pessoa.cpf}, ${titular.cnpj})`,
  total: rec.total,
  estornadoEm: rec.estornadoEm,
  justificativaEstorno: rec.justificativaEstorno,
  justificativaTraduzivel: rec.justificativaTraduzivel,
  criadoEm: rec.criadoEm,
  quantidadeItens: sql<number>`(select count(*)::int from ${item} where ${item.reciboId} = ${rec.id})`,
};

const consulta = (db: DbOuTx) =>
  db
    .select(selecao)
    .from(rec)
    .innerJoin(organizacao, eq(organizacao.id, rec.organizacaoId))
    .leftJoin(pessoa, eq(pessoa.id, rec.pessoaId))
    .leftJoin(titular, eq(titular.id, rec.organizacaoTitularId))
    .$dynamic();

type Linha = Awaited<ReturnType<typeof consulta>>[number];
/** A receipt as its reader sees it: a reason the system wrote in the reader's language. */
const paraResumo = ({ justificativaTraduzivel, ...l }: Linha, idioma: Idioma): ReciboResumo => ({
  ...l,
  justificativaEstorno: justificativaTraduzivel
    ? traduzirTexto(idioma, justificativaTraduzivel)
    : l.justificativaEstorno,
  estornadoEm: l.estornadoEm ? l.estornadoEm.toISOString() : null,
  criadoEm: l.criadoEm.toISOString(),
});

const noEscopo = (ctx: Contexto) => filtroOrganizacao(ctx, ACESSO_RECIBO, rec.organizacaoId);

const ORDEM: Record<string, SQL[]> = {
  numero: [sql`${rec.numero}`],
  data: [sql`${rec.data}`],
  total: [sql`${rec.total}`],
  titular: [selecao.titularNome],
};

export async function listarRecibos(deps: Deps, ctx: Contexto, q: ReciboListQuery): Promise<Paged<ReciboResumo>> {
  const onde = and(
    noEscopo(ctx),
    q.pessoaId ? eq(rec.pessoaId, q.pessoaId) : undefined,
    q.organizacaoTitularId ? eq(rec.organizacaoTitularId, q.organizacaoTitularId) : undefined,
    q.numero ? eq(rec.numero, q.numero) : undefined,
    q.dataDe ? sql`${rec.data} >= ${q.dataDe}` : undefined,
    q.dataAte ? sql`${rec.data} <= ${q.dataAte}` : undefined,
    q.situacao === 'emitidos' ? isNull(rec.estornadoEm) : undefined,
    q.situacao === 'estornados' ? isNotNull(rec.estornadoEm) : undefined,
  );
  const [{ n }] = (await deps.db.select({ n: sql<number>`count(*)::int` }).from(rec).where(onde)) as [{ n: number }];
  const dir = sql.raw(q.ordem === 'desc' ? 'desc' : 'asc');
  const chaves = ORDEM[q.ordenarPor ?? 'numero'] ?? [];
  const linhas = await consulta(deps.db)
    .where(onde)
    .orderBy(...[...chaves, sql`${rec.id}`].map((c) => sql`${c} ${dir}`))
    .limit(q.quantidade)
    .offset((q.pagina - 1) * q.quantidade);
  return { itens: linhas.map((l) => paraResumo(l, ctx.idioma)), total: n, pagina: q.pagina, quantidade: q.quantidade };
}

export async function obterRecibo(db: DbOuTx, ctx: Contexto, id: number): Promise<Recibo> {
  const [l] = await consulta(db).where(and(eq(rec.id, id), noEscopo(ctx)));
  if (!l) throw naoEncontrado();
  const itens = await db
    .select({
      contaAReceberId: item.contaAReceberId,
      descricao: car.descricao,
      tipo: car.tipo,
      mesCompetencia: car.mesCompetencia,
      anoCompetencia: car.anoCompetencia,
      vencimento: car.vencimento,
      dataPagamento: car.dataPagamento,
      valor: item.valor,
    })
    .from(item)
    .innerJoin(car, eq(car.id, item.contaAReceberId))
    .where(eq(item.reciboId, id))
    .orderBy(car.anoCompetencia, car.mesCompetencia, car.vencimento, car.id);
  return { ...paraResumo(l, ctx.idioma), itens };
}

/** Spec §5, checked in the order a user fixes them: cancelled, migrated, unpaid, already in a receipt, holders. */
async function exigirRegras(tx: DbOuTx, contas: (typeof car.$inferSelect)[]) {
  if (contas.some((c) => c.status === 'CANCELADO')) throw new AppError('RECIBO_CONTA_CANCELADA');
  if (contas.some((c) => c.migrada)) throw new AppError('RECIBO_CONTA_MIGRADA');
  if (contas.some((c) => c.status !== 'PAGO')) throw new AppError('RECIBO_CONTA_NAO_PAGA');
  const [outro] = await tx
    .select({ numero: rec.numero })
    .from(item)
    .innerJoin(rec, eq(rec.id, item.reciboId))
    .where(
      and(
        inArray(
          item.contaAReceberId,
          contas.map((c) => c.id),
        ),
        eq(item.ativo, true),
      ),
    )
    .limit(1);
  if (outro) throw new AppError('RECIBO_CONTA_EM_RECIBO', { numero: outro.numero });
  const titulares = new Set(contas.map((c) => (c.pessoaId ? `p${c.pessoaId}` : `o${c.organizacaoTitularId}`)));
  if (titulares.size > 1) throw new AppError('RECIBO_MAIS_DE_UM_TITULAR');
}

export async function emitirRecibo(deps: Deps, ctx: Contexto, e: ReciboInput): Promise<Recibo> {
  const id = await deps.db.transaction(async (tx) => {
    const ids = [...new Set(e.contaAReceberIds)];
    const contas = await tx
      .select()
      .from(car)
      .where(and(inArray(car.id, ids), filtroOrganizacao(ctx, ACESSO_RECIBO, car.organizacaoId)))
      .orderBy(car.id)
      .for('update');
    if (contas.length !== ids.length) throw naoEncontrado();
    await exigirRegras(tx, contas);
    // The issuing organization's row serializes its numbering.
    await tx
      .select({ id: organizacao.id })
      .from(organizacao)
      .where(eq(organizacao.id, ctx.organizacaoId))
      .for('update');
    const [{ proximo }] = (await tx
      .select({ proximo: sql<number>`coalesce(max(${rec.numero}), 0)::int + 1` })
      .from(rec)
      .where(eq(rec.organizacaoId, ctx.organizacaoId))) as [{ proximo: number }];
    const valores = contas.map((c) => ({ contaAReceberId: c.id, valor: c.valorPago ?? c.valorPrevisto }));
    const total = valores.reduce((s, v) => s + Math.round(Number(v.valor) * 100), 0);
    const novo = {
      organizacaoId: ctx.organizacaoId,
      numero: proximo,
      data: e.data ?? hojeNoBrasil(),
      pessoaId: contas[0]!.pessoaId,
      organizacaoTitularId: contas[0]!.organizacaoTitularId,
      total: (total / 100).toFixed(2),
    };
    const [r] = await tx
      .insert(rec)
      .values({ ...novo, criadoPor: ctx.usuarioId })
      .returning({ id: rec.id });
    await tx.insert(item).values(valores.map((v) => ({ ...v, reciboId: r!.id })));
    await registrarAlteracao(tx, ctx, 'recibo', r!.id, null, { ...novo, contaAReceberIds: ids });
    return r!.id;
  });
  return obterRecibo(deps.db, ctx, id);
}

export async function estornarRecibo(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: JustificativaEstornoInput,
): Promise<Recibo> {
  await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(rec)
      .where(and(eq(rec.id, id), noEscopo(ctx)))
      .for('update');
    if (!r) throw naoEncontrado();
    if (r.estornadoEm) throw new AppError('RECIBO_ESTORNADO');
    const estornadoEm = new Date();
    await tx
      .update(rec)
      .set({ estornadoEm, estornadoPor: ctx.usuarioId, justificativaEstorno: e.justificativa })
      .where(eq(rec.id, id));
    await tx.update(item).set({ ativo: false }).where(eq(item.reciboId, id));
    await registrarAlteracao(
      tx,
      ctx,
      'recibo',
      id,
      { estornadoEm: null, justificativaEstorno: null },
      { estornadoEm, justificativaEstorno: e.justificativa },
    );
  });
  return obterRecibo(deps.db, ctx, id);
}

/** The receipt with who issued it (name, CNPJ, address, logo), as its PDF prints them. */
export async function reciboParaImprimir(deps: Deps, ctx: Contexto, id: number) {
  const r = await obterRecibo(deps.db, ctx, id);
  return { recibo: r, emissor: await dadosDoEmissor(deps, r.organizacaoId) };
}

/** Where a receipt goes by e-mail: the person's address, or an organization holder's e-mail contact. */
async function emailDoTitular(db: DbOuTx, r: Recibo): Promise<string | null> {
  if (r.pessoaId) {
    const [p] = await db.select({ email: pessoa.email }).from(pessoa).where(eq(pessoa.id, r.pessoaId));
    return p?.email || null;
  }
  return r.organizacaoTitularId ? emailDaOrganizacao(db, r.organizacaoTitularId) : null;
}

/**
 * Sends the receipt's PDF to its holder through the outbox (platform/correio.ts), in the
 * reader's language. A reversed receipt is not sent; a holder without an e-mail is told plainly.
 */
export async function enviarReciboPorEmail(deps: Deps, ctx: Contexto, id: number, idioma: Idioma) {
  const { recibo: r, emissor } = await reciboParaImprimir(deps, ctx, id);
  if (r.estornadoEm) throw new AppError('RECIBO_ESTORNADO');
  const para = await emailDoTitular(deps.db, r);
  if (!para) throw new AppError('RECIBO_SEM_EMAIL');
  const pdf = Buffer.concat(await pdfRecibo(r, emissor, idioma).toArray());
  const t = tradutor(idioma);
  const dados = {
    numero: numeroRecibo(r.numero),
    organizacao: emissor.nomeFantasia,
    nome: r.titularNome,
    data: dataTela(r.data, idioma),
    total: dinheiroTela(r.total, idioma),
  };
  await deps.correio.enfileirar(deps.db, {
    para,
    assunto: t('email:reciboAssunto', dados),
    texto: t('email:reciboTexto', dados),
    anexos: [{ nome: `recibo-${dados.numero}.pdf`, tipo: 'application/pdf', conteudo: pdf.toString('base64') }],
  });
  return { para };
}
