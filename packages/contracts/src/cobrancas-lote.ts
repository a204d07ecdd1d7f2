import { z } from 'zod';
import { data, id, MSG } from './comum.js';
import { FORMAS_COBRANCA, MAX_PARCELAS } from './conta-a-receber.js';
import { referencia } from './referencias.js';

const mes = z.coerce.number().int().min(1).max(12);

/**
 * Spec §2 /cobrancas-em-lote: which receivables a charges batch takes — open or overdue ones
 * without a charge, of an organization (and those below it), of chosen holders and/or chosen by
 * id, narrowed by competence, due date and holder organization.
 */
const filtro = z.object({
  organizacaoId: referencia('organizacao', id).optional(),
  /** With `organizacaoId`: the organizations below it too. */
  incluirSubarvore: z.boolean().default(true),
  anoCompetencia: z.coerce.number().int().min(1900).max(2200).optional(),
  mesCompetenciaDe: mes.optional(),
  mesCompetenciaAte: mes.optional(),
  vencimentoDe: data.optional(),
  vencimentoAte: data.optional(),
  status: z
    .array(z.enum(['ABERTO', 'VENCIDO']))
    .min(1)
    .default(['ABERTO', 'VENCIDO']),
  /** Holders: these people's receivables. */
  pessoaIds: z.array(referencia('pessoa', id)).min(1).max(1000).optional(),
  organizacaoTitularId: referencia('organizacao', id).optional(),
  contaAReceberIds: z.array(referencia('conta-a-receber', id)).min(1).max(1000).optional(),
});

function regras(v: z.infer<typeof filtro>, ctx: z.RefinementCtx) {
  if (!v.organizacaoId && !v.pessoaIds && !v.contaAReceberIds)
    ctx.addIssue({ code: 'custom', path: ['organizacaoId'], message: 'validacao:organizacaoOuContas' });
  if (v.vencimentoDe && v.vencimentoAte && v.vencimentoDe > v.vencimentoAte)
    ctx.addIssue({ code: 'custom', path: ['vencimentoAte'], message: MSG.dataFimAntesInicio });
  if (v.mesCompetenciaDe && v.mesCompetenciaAte && v.mesCompetenciaDe > v.mesCompetenciaAte)
    ctx.addIssue({ code: 'custom', path: ['mesCompetenciaAte'], message: MSG.dataFimAntesInicio });
}

export const cobrancasLoteFiltro = filtro.superRefine(regras);
export type CobrancasLoteFiltro = z.infer<typeof cobrancasLoteFiltro>;

/** How each receivable of the batch is charged (as a single charge, spec §5 minimum and installments). */
export const parametrosCobrancaLote = z.object({
  forma: z.enum(FORMAS_COBRANCA),
  parcelas: z.coerce.number().int().min(1).max(MAX_PARCELAS).default(1),
  /** The user agreed to raise the receivables below R$ 5,00 to it. */
  confirmarMinimo: z.boolean().default(false),
});

export const cobrancasLoteInput = filtro.extend(parametrosCobrancaLote.shape).superRefine(regras);
export type CobrancasLoteInput = z.infer<typeof cobrancasLoteInput>;

/** What the confirmation dialog shows before the batch is created. */
export const previaCobrancasLote = z.object({
  total: z.number().int(),
  /** Of those, receivables below R$ 5,00 (charged at R$ 5,00 only with the confirmation). */
  abaixoDoMinimo: z.number().int(),
});
export type PreviaCobrancasLote = z.infer<typeof previaCobrancasLote>;
