import {
  type ContasAReceberLoteInput,
  type PERIODICIDADES,
  STATUS_EDITAVEIS,
  type StatusContaAReceber,
  type TIPOS_CONTA_A_RECEBER,
} from '@sig/contracts';
import { schema } from '@sig/db';
import type { Tradutor } from '@sig/i18n';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import type { DefinicaoTipoLote } from '../processamento-lote/index.js';

type Periodicidade = (typeof PERIODICIDADES)[number];

/** Months one period of each periodicity spans; a single charge (`UNICA`) has none. */
export const MESES_PERIODICIDADE: Record<Periodicidade, number | null> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
  UNICA: null,
};

export type Competencia = { ano: number; mes: number; vencimento: string };

/** Statuses that no longer stand: a receivable in one neither blocks a new one nor is undone. */
const NAO_VIGENTES = ['EXCLUIDO', 'CANCELADO'];

const ultimoDia = (ano: number, mes: number) => new Date(Date.UTC(ano, mes, 0)).getUTCDate();
const doisDigitos = (n: number) => String(n).padStart(2, '0');

/** The due date in a competence month: the due day, or the month's last day when it has fewer. */
export const vencimentoNoMes = (ano: number, mes: number, dia: number) =>
  `${ano}-${doisDigitos(mes)}-${doisDigitos(Math.min(dia, ultimoDia(ano, mes)))}`;

/**
 * The competence months a charge periodicity charges from `inicio` to `fim` (`YYYY-MM`), each
 * with its due date. Periods are counted from the category's default due month (January when it
 * has none), on the calendar and not from the batch's first month, so that two batches over
 * overlapping periods charge the same months. A single charge falls in the default due month
 * when the period holds it, else in the period's first month.
 */
export function competenciasCobradas(
  inicio: string,
  fim: string,
  cobranca: Periodicidade,
  mesVencimento: number | null,
  dia: number,
): Competencia[] {
  const [ai, mi] = inicio.split('-').map(Number) as [number, number];
  const [af, mf] = fim.split('-').map(Number) as [number, number];
  const meses: { ano: number; mes: number }[] = [];
  for (let n = ai * 12 + mi - 1; n <= af * 12 + mf - 1; n++) meses.push({ ano: Math.floor(n / 12), mes: (n % 12) + 1 });
  const passo = MESES_PERIODICIDADE[cobranca];
  const ancora = mesVencimento ?? 1;
  const cobrados =
    passo === null
      ? [meses.find((m) => m.mes === mesVencimento) ?? meses[0]!]
      : meses.filter((m) => (((m.mes - ancora) % passo) + passo) % passo === 0);
  return cobrados.map((m) => ({ ...m, vencimento: vencimentoNoMes(m.ano, m.mes, dia) }));
}

/** What the batch fixed when it was created (the category as it was then), so every run charges the same. */
export type ParametrosLoteContas = {
  entrada: ContasAReceberLoteInput;
  tipo: (typeof TIPOS_CONTA_A_RECEBER)[number];
  usarValorDaPessoa: boolean;
  diaVencimento: number;
  competencias: Competencia[];
  categoria: {
    id: number;
    nome: string;
    valor: string;
    periodicidadeContribuicao: Periodicidade;
    periodicidadeCobranca: Periodicidade;
  } | null;
  /** The owner organization's contribution settings, for people without a value of their own when there is no category. */
  organizacao: { valorPadrao: string | null; tipoValor: string | null };
  criadoPor: number;
};

const centavos = (v: string | null | undefined) => (v == null ? 0 : Math.round(Number(v) * 100));

type Contribuicao = { valor: string | null; percentualDesconto: string | null; rendaFamiliar: string | null };

/**
 * One receivable's value, in cents, for a person (null: nothing to charge it from).
 *
 * - With a category and `usarValorDaPessoa`: the person's own contribution value when set, else
 *   the category's; the person's discount applies to either (it is the person's discount on what
 *   they are charged). Without `usarValorDaPessoa`: the category's value for everyone, no discount.
 * - Without a category: the person's own value, else the organization's default (a fixed value,
 *   or, when its value type is a percentage of income, that percentage of the person's family
 *   income); less the person's discount.
 *
 * The value is per contribution period; a charge covering several of them (contribution monthly,
 * charged quarterly) charges them together, and one covering part of one (contribution yearly,
 * charged monthly) its share, rounded to the cent. "Ignore in adjustment" is about readjusting
 * values and plays no part here.
 */
export function valorDaConta(p: ParametrosLoteContas, c: Contribuicao | null): number | null {
  const propria = centavos(c?.valor);
  let base: number;
  let comDesconto = true;
  if (p.categoria) {
    base = p.usarValorDaPessoa && propria > 0 ? propria : centavos(p.categoria.valor);
    comDesconto = p.usarValorDaPessoa;
  } else if (propria > 0) base = propria;
  else if (p.organizacao.tipoValor === 'PERCENTUAL_RENDA')
    base = Math.round((centavos(c?.rendaFamiliar) * Number(p.organizacao.valorPadrao ?? 0)) / 100);
  else base = centavos(p.organizacao.valorPadrao);
  if (base <= 0) return null;
  const cobranca = p.categoria ? MESES_PERIODICIDADE[p.categoria.periodicidadeCobranca] : 1;
  const contribuicao = p.categoria ? MESES_PERIODICIDADE[p.categoria.periodicidadeContribuicao] : 1;
  const [vezes, por] = cobranca && contribuicao ? [cobranca, contribuicao] : [1, 1];
  // Discount in hundredths of a percent, so the whole sum stays in integers until the one rounding.
  const desconto = comDesconto ? Math.round(Number(c?.percentualDesconto ?? 0) * 100) : 0;
  return Math.round((base * vezes * (10_000 - Math.min(desconto, 10_000))) / (por * 10_000));
}

type Resultado = { criadas: number; existentes: number; isenta?: boolean };

const { contaAReceber: car, pessoa, pessoaContribuicao } = schema;

/**
 * CONTAS_A_RECEBER (spec §2 /contas-a-receber-lote): one person → that person's receivables for
 * the batch's competence months, owned by the batch's organization.
 *
 * Idempotent through `conta_a_receber_lote_competencia_uq`: the receivables are inserted in one
 * statement that skips a competence which already has a standing generated receivable for the
 * person, owner, category and type. Those this item made before (a run that died before
 * recording its outcome) count as its own; the others came from another batch and are reported
 * as already there.
 *
 * Undo marks the item's receivables excluded (with history), all or none: a paid or charged one
 * stops it, saying which.
 */
export const TIPO_CONTAS_A_RECEBER: DefinicaoTipoLote = {
  async processar(deps: Deps, item) {
    // The batch's parameters, fixed when it was created, come with the claimed item.
    const p = item.parametros as ParametrosLoteContas;
    const [pessoaLida] = await deps.db
      .select({
        id: pessoa.id,
        valor: pessoaContribuicao.valor,
        percentualDesconto: pessoaContribuicao.percentualDesconto,
        rendaFamiliar: pessoaContribuicao.rendaFamiliar,
      })
      .from(pessoa)
      .leftJoin(
        pessoaContribuicao,
        and(eq(pessoaContribuicao.pessoaId, pessoa.id), sql`${pessoaContribuicao.excluidoEm} is null`),
      )
      .where(and(eq(pessoa.id, item.referenciaId), sql`${pessoa.excluidoEm} is null`))
      .limit(1);
    if (!pessoaLida) throw naoEncontrado();
    const valor = valorDaConta(p, pessoaLida);
    if (valor === null) throw new AppError('CONTRIBUICAO_SEM_VALOR');
    if (valor === 0) return JSON.stringify({ criadas: 0, existentes: 0, isenta: true } satisfies Resultado);

    const lista = (xs: (string | number)[]) => `{${xs.join(',')}}`;
    const valorTexto = (valor / 100).toFixed(2);
    const categoriaId = p.categoria?.id ?? null;
    const r = (await deps.db.execute(sql`
      with novas as (
        insert into ${car} (organizacao_id, pessoa_id, tipo, mes_competencia, ano_competencia, vencimento,
          valor_previsto, descricao, categoria_contribuicao_id, lote_item_id, criado_por)
        select ${item.organizacaoId}, ${item.referenciaId}, ${p.tipo}, c.mes, c.ano, c.vencimento,
          ${valorTexto}::numeric, ${p.categoria?.nome ?? null}, ${categoriaId}::int, ${item.id}, ${p.criadoPor}
        from unnest(${lista(p.competencias.map((c) => c.mes))}::smallint[], ${lista(p.competencias.map((c) => c.ano))}::smallint[],
          ${lista(p.competencias.map((c) => c.vencimento))}::date[]) as c(mes, ano, vencimento)
        on conflict do nothing
        returning id, mes_competencia, ano_competencia, vencimento, valor_previsto
      ),
      historico as (
        insert into ${schema.historicoAlteracao} (entidade, entidade_id, operacao, valor_novo, usuario_id, organizacao_id)
        select 'conta_a_receber', n.id, 'CRIACAO', jsonb_build_object('organizacaoId', ${item.organizacaoId}::int,
            'pessoaId', ${item.referenciaId}::int, 'tipo', ${p.tipo}::text, 'mesCompetencia', n.mes_competencia,
            'anoCompetencia', n.ano_competencia, 'vencimento', n.vencimento, 'valorPrevisto', n.valor_previsto::text,
            'categoriaContribuicaoId', ${categoriaId}::int, 'loteItemId', ${item.id}::int),
          ${p.criadoPor}::int, ${item.organizacaoId}::int
        from novas n
      )
      select (select count(*) from novas)::int as novas,
        (select count(*) from ${car} where lote_item_id = ${item.id}
          and status not in ('EXCLUIDO', 'CANCELADO'))::int as anteriores`)) as unknown as {
      rows: { novas: number; anteriores: number }[];
    };
    const { novas, anteriores } = r.rows[0]!;
    // The statement's snapshot does not see its own inserts: `anteriores` are an earlier run's.
    const criadas = novas + anteriores;
    return JSON.stringify({ criadas, existentes: p.competencias.length - criadas } satisfies Resultado);
  },

  async desfazer(deps: Deps, item) {
    await deps.db.transaction(async (tx) => {
      const contas = await tx
        .select({
          id: car.id,
          status: car.status,
          cobrancaGerada: car.cobrancaGerada,
          cobrancaIniciadaEm: car.cobrancaIniciadaEm,
        })
        .from(car)
        .where(and(eq(car.loteItemId, item.id), notInArray(car.status, NAO_VIGENTES)))
        .for('update');
      const pagas = contas.filter((c) => !STATUS_EDITAVEIS.includes(c.status as StatusContaAReceber)).length;
      if (pagas) throw new AppError('LOTE_CONTAS_PAGAS', { n: pagas });
      const cobradas = contas.filter((c) => c.cobrancaGerada || c.cobrancaIniciadaEm).length;
      if (cobradas) throw new AppError('LOTE_CONTAS_COBRADAS', { n: cobradas });
      if (!contas.length) return;
      const ids = contas.map((c) => c.id);
      await tx.update(car).set({ status: 'EXCLUIDO', atualizadoEm: new Date() }).where(inArray(car.id, ids));
      // Spec §4 "excluded" keeps the row; its history says from which status (the undo is the system's).
      await tx.insert(schema.historicoAlteracao).values(
        contas.map((c) => ({
          entidade: 'conta_a_receber',
          entidadeId: c.id,
          operacao: 'ALTERACAO',
          campo: 'status',
          valorAnterior: c.status,
          valorNovo: 'EXCLUIDO',
          usuarioId: null,
          organizacaoId: item.organizacaoId,
        })),
      );
    });
  },

  descreverResultado(resultado: string, t: Tradutor) {
    const r = JSON.parse(resultado) as Resultado;
    if (r.isenta) return t('lotes:resultadoContas.isenta');
    const criadas = t('lotes:resultadoContas.criadas', { count: r.criadas });
    return r.existentes ? `${criadas} ${t('lotes:resultadoContas.existentes', { count: r.existentes })}` : criadas;
  },
};
