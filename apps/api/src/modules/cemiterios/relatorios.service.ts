import {
  ACESSO_ARRENDATARIO,
  type ConservacaoAtrasoPagina,
  type ConservacaoAtrasoQuery,
  hojeNoBrasil,
  type PrevisaoVagas,
} from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { contemSemAcento, nomeCompletoPessoa } from '../../platform/sql.js';
import { cemiterioNoEscopo, obter as obterCemiterio } from './cemiterio.service.js';
import { somarMeses } from './parcela.service.js';

/**
 * The cemetery's reports (issue 20): upkeep fees in arrears, and the forecast of free plots by
 * month, from the concessions' terms and the burials' minimum term before exhumation.
 */
const { arrendatario: ar, arrendatarioParcela: ap, contaAReceber: car, jazigo: jz, cemiterio: ce, pessoa } = schema;

/** An upkeep receivable past due and unpaid (open, or marked overdue by the nightly job). */
const emAtraso = (ate: string) =>
  and(eq(ap.origem, 'CONSERVACAO'), inArray(car.status, ['ABERTO', 'VENCIDO']), lte(car.vencimento, ate));

/**
 * One line per concession and debtor: a fee stays owed by whoever held the concession when it was
 * launched, so after a succession the late holder's unpaid fees keep the late holder's name.
 */
export async function conservacaoEmAtraso(
  deps: Deps,
  ctx: Contexto,
  q: ConservacaoAtrasoQuery & { pagina: number; quantidade: number; ordem: 'asc' | 'desc' },
): Promise<ConservacaoAtrasoPagina> {
  // Due yesterday at the latest: a fee due today is not late yet.
  const ontem = somarDias(hojeNoBrasil(), -1);
  const ate = q.vencidasAte && q.vencidasAte < ontem ? q.vencidasAte : ontem;
  const onde = and(
    isNull(ar.excluidoEm),
    cemiterioNoEscopo(ctx, ACESSO_ARRENDATARIO, sql`${jz.cemiterioId}`),
    q.cemiterioId ? eq(jz.cemiterioId, q.cemiterioId) : undefined,
    q.nome ? contemSemAcento(nomeCompletoPessoa, q.nome) : undefined,
    emAtraso(ate),
  );
  const base = () =>
    deps.db
      .select({
        arrendatarioId: ar.id,
        pessoaId: pessoa.id,
        pessoaNome: nomeCompletoPessoa,
        cemiterioNome: ce.nome,
        jazigoRotulo: sql<string>`${jz.quadra} || '-' || ${jz.fileira} || '-' || ${jz.numero}`,
        parcelasEmAtraso: sql<number>`count(*)::int`.as('parcelas_em_atraso'),
        valorEmAtraso: sql<string>`sum(${car.valorPrevisto})::numeric(14,2)::text`.as('valor_em_atraso'),
        vencimentoMaisAntigo: sql<string>`min(${car.vencimento})::text`.as('vencimento_mais_antigo'),
      })
      .from(ap)
      .innerJoin(car, eq(car.id, ap.contaAReceberId))
      .innerJoin(ar, eq(ar.id, ap.arrendatarioId))
      .innerJoin(jz, eq(jz.id, ar.jazigoId))
      .innerJoin(ce, eq(ce.id, jz.cemiterioId))
      .innerJoin(pessoa, eq(pessoa.id, car.pessoaId))
      .where(onde)
      .groupBy(ar.id, pessoa.id, ce.nome, jz.quadra, jz.fileira, jz.numero);
  const [linhas, [totais]] = await Promise.all([
    base()
      .orderBy(
        q.ordem === 'desc'
          ? sql`min(${car.vencimento}) desc, ${ar.id} desc, ${pessoa.id} desc`
          : sql`min(${car.vencimento}), ${ar.id}, ${pessoa.id}`,
      )
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db
      .select({
        linhas: sql<number>`count(distinct (${ar.id}, ${car.pessoaId}))::int`,
        parcelas: sql<number>`count(*)::int`,
        valor: sql<string>`coalesce(sum(${car.valorPrevisto}), 0)::numeric(14,2)::text`,
      })
      .from(ap)
      .innerJoin(car, eq(car.id, ap.contaAReceberId))
      .innerJoin(ar, eq(ar.id, ap.arrendatarioId))
      .innerJoin(jz, eq(jz.id, ar.jazigoId))
      .innerJoin(pessoa, eq(pessoa.id, car.pessoaId))
      .where(onde),
  ]);
  return {
    itens: linhas,
    total: totais?.linhas ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
    totais: { parcelasEmAtraso: totais?.parcelas ?? 0, valorEmAtraso: totais?.valor ?? '0.00' },
  };
}

function somarDias(dia: string, dias: number): string {
  return new Date(Date.parse(`${dia}T12:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Free plots by month for the next `meses` months: those free today, plus the plots of temporary
 * and free concessions whose term ends by each month (the plot is given back once the remains
 * go to the ossuary); the burials reaching the minimum term before exhumation in each month
 * say how many of those exhumations the law allows then.
 */
export async function previsaoVagas(
  deps: Deps,
  ctx: Contexto,
  cemiterioId: number,
  meses: number,
): Promise<PrevisaoVagas> {
  const c = await obterCemiterio(deps.db, ctx, cemiterioId);
  const hoje = hojeNoBrasil();
  const inicio = `${hoje.slice(0, 7)}-01`;
  const fim = somarMeses(inicio, meses);
  const [livres] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(jz)
    .where(and(eq(jz.cemiterioId, cemiterioId), eq(jz.situacaoJazigo, 'LIVRE')));
  const temporaria = and(
    eq(jz.cemiterioId, cemiterioId),
    isNull(ar.excluidoEm),
    isNull(ar.encerradaEm),
    sql`${ar.tipoConcessao} <> 'PERPETUA'`,
  );
  const termos = await deps.db
    .select({ mes: sql<string>`to_char(${ar.renovadoAte}, 'YYYY-MM')`, n: sql<number>`count(*)::int` })
    .from(ar)
    .innerJoin(jz, eq(jz.id, ar.jazigoId))
    .where(and(temporaria, sql`${ar.renovadoAte} >= ${hoje}::date and ${ar.renovadoAte} < ${fim}::date`))
    .groupBy(sql`1`);
  const f = schema.falecido;
  const prazo = sql`(${f.dataSepultamento} + make_interval(years => ${c.prazoExumacaoAnos}::int))::date`;
  const exumacoes = await deps.db
    .select({ mes: sql<string>`to_char(${prazo}, 'YYYY-MM')`, n: sql<number>`count(*)::int` })
    .from(f)
    .innerJoin(ar, eq(ar.id, f.arrendatarioId))
    .innerJoin(jz, eq(jz.id, f.jazigoId))
    .where(
      and(
        temporaria,
        isNull(f.excluidoEm),
        isNull(f.dataExumacao),
        sql`${prazo} >= ${inicio}::date and ${prazo} < ${fim}::date`,
      ),
    )
    .groupBy(sql`1`);
  const porMes = (l: { mes: string; n: number }[]) => new Map(l.map((x) => [x.mes, x.n]));
  const t = porMes(termos);
  const e = porMes(exumacoes);
  let acumulado = livres?.n ?? 0;
  return {
    livresHoje: acumulado,
    meses: Array.from({ length: meses }, (_, i) => {
      const mes = somarMeses(inicio, i).slice(0, 7);
      acumulado += t.get(mes) ?? 0;
      return {
        mes,
        termosEncerrando: t.get(mes) ?? 0,
        exumacoesPossiveis: e.get(mes) ?? 0,
        livresPrevistos: acumulado,
      };
    }),
  };
}
