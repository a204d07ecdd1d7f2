import { z } from 'zod';
import { PERIODICIDADES } from './cadastros.js';
import { competencia as competenciaValida, id } from './comum.js';
import { TIPOS_CONTA_A_RECEBER } from './conta-a-receber.js';
import { TIPOS_VALOR_CONTRIBUICAO } from './organizacao.js';
import { idsPessoas, pessoaListQuery } from './pessoa.js';
import { referencia } from './referencias.js';

/**
 * Receivables in bulk (spec §2 /contas-a-receber-lote): the people chosen with the people list's
 * filters and/or one by one each get their receivables for a competence period, from a
 * contribution category or from their own income and contribution.
 */

/** A batch covers at most this many competence months (a year). */
export const MAX_MESES_LOTE_CONTAS = 12;

/** A competence month as `YYYY-MM`. */
const competencia = competenciaValida();

/** Months from `inicio` to `fim`, both included (`2026-01`..`2026-12` → 12). */
export const mesesEntre = (inicio: string, fim: string) => {
  const [ai, mi] = inicio.split('-').map(Number) as [number, number];
  const [af, mf] = fim.split('-').map(Number) as [number, number];
  return (af - ai) * 12 + (mf - mi) + 1;
};

/** What a batch charges, beside whom: the shared rule of the web form and the API. */
export const parametrosContasAReceberLote = z
  .object({
    /** Without one, each person's own contribution value, else the organization's default. */
    categoriaContribuicaoId: referencia('categorias-contribuicao', id).nullish(),
    /**
     * With a category: a person's own contribution value (income and contribution tab), less the
     * person's discount, replaces the category's. Off: the category's value for everyone.
     */
    usarValorDaPessoa: z.boolean().default(true),
    competenciaInicio: competencia,
    competenciaFim: competencia,
    /** Left out: the category's default due day, else the organization's. */
    diaVencimento: z.coerce.number().int().min(1).max(31).nullish(),
    tipo: z.enum(TIPOS_CONTA_A_RECEBER).default('CONTRIBUICAO'),
  })
  .superRefine((v, ctx) => {
    if (!/^\d{4}-\d{2}$/.test(v.competenciaInicio) || !/^\d{4}-\d{2}$/.test(v.competenciaFim)) return;
    const meses = mesesEntre(v.competenciaInicio, v.competenciaFim);
    if (meses < 1)
      ctx.addIssue({ code: 'custom', path: ['competenciaFim'], message: 'validacao:competenciaFimAntesInicio' });
    else if (meses > MAX_MESES_LOTE_CONTAS)
      ctx.addIssue({ code: 'custom', path: ['competenciaFim'], message: 'validacao:periodoMaximo12Meses' });
  });
export type ParametrosContasAReceberLote = z.infer<typeof parametrosContasAReceberLote>;

/** The people (the people list's filters and/or chosen ones) and what to charge them. */
export const contasAReceberLoteInput = pessoaListQuery
  .and(parametrosContasAReceberLote)
  .and(z.object({ pessoasIds: idsPessoas.optional() }));
export type ContasAReceberLoteInput = z.infer<typeof contasAReceberLoteInput>;

/** What a batch would do, shown for confirmation before it is created. */
export const previaContasAReceberLote = z.object({
  pessoas: z.number().int(),
  /** The competence months the charge periodicity covers in the period (`YYYY-MM`). */
  competencias: z.array(z.string()),
  /** People × months: receivables a person already has, or a person without a value, lower it. */
  contas: z.number().int(),
  diaVencimento: z.number().int(),
});
export type PreviaContasAReceberLote = z.infer<typeof previaContasAReceberLote>;

/** A category the batch may use (own, of the scope, or shared from above), with what the form shows. */
export const categoriaLoteContas = z.object({
  value: z.number().int(),
  label: z.string(),
  valor: z.string(),
  periodicidadeContribuicao: z.enum(PERIODICIDADES),
  periodicidadeCobranca: z.enum(PERIODICIDADES),
  diaVencimento: z.number().int().nullable(),
  mesVencimento: z.number().int().nullable(),
});
export type CategoriaLoteContas = z.infer<typeof categoriaLoteContas>;

/** The form's choices: the categories and the organization's contribution settings (the defaults). */
export const opcoesContasAReceberLote = z.object({
  categorias: z.array(categoriaLoteContas),
  organizacao: z.object({
    diaVencimentoContribuicao: z.number().int().nullable(),
    valorPadraoContribuicao: z.string().nullable(),
    tipoValorContribuicao: z.enum(TIPOS_VALOR_CONTRIBUICAO).nullable(),
  }),
});
export type OpcoesContasAReceberLote = z.infer<typeof opcoesContasAReceberLote>;
