import { z } from 'zod';
import { data, id, MSG, periodoValido } from './comum.js';
import { listQuery } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * Gifts test (spec §2): a person answers every question of an answer key (`gabarito-dons`
 * registry) on its scale, and the answers add up per gift.
 */

/** The highest scale an answer key may declare (its `escalaMaxima` field is bounded the same). */
export const ESCALA_MAXIMA_LIMITE = 10;

const RESPOSTA_FORA_DA_ESCALA = 'validacao:respostaForaDaEscala';
const resposta = z
  .number({ message: RESPOSTA_FORA_DA_ESCALA })
  .int({ message: RESPOSTA_FORA_DA_ESCALA })
  .min(0, { message: RESPOSTA_FORA_DA_ESCALA })
  .max(ESCALA_MAXIMA_LIMITE, { message: RESPOSTA_FORA_DA_ESCALA });

export const testeDonsInput = z.object({
  gabaritoId: referencia('gabarito-dons'),
  /** Left out, the test is the signed-in user's own. */
  pessoaId: referencia('pessoa').optional(),
  /** Value per question id; the service checks that every question of the key is answered within its scale. */
  respostas: z.record(z.string().regex(/^\d{1,10}$/), resposta),
});
export type TesteDonsInput = z.infer<typeof testeDonsInput>;

/** Columns the list may be sorted by (an allow-list: anything else is a 400). */
export const ORDENACAO_TESTE_DONS = ['realizadoEm', 'pessoaNome', 'gabaritoNome'] as const;

export const testeDonsListQuery = listQuery
  .extend({
    pessoaId: referencia('pessoa', id).optional(),
    gabaritoId: id.optional(),
    /** Dates in the church's time zone, both inclusive. */
    periodoDe: data.optional(),
    periodoAte: data.optional(),
    ordenarPor: z.enum(ORDENACAO_TESTE_DONS).optional(),
  })
  .refine((v) => periodoValido(v.periodoDe, v.periodoAte), { message: MSG.periodoInvalido, path: ['periodoAte'] });
export type TesteDonsListQuery = z.infer<typeof testeDonsListQuery>;

export const testeDonsResumo = z.object({
  id: z.number().int(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  gabaritoId: z.number().int(),
  gabaritoNome: z.string(),
  organizacaoNome: z.string(),
  realizadoEm: z.string(),
});
export type TesteDonsResumo = z.infer<typeof testeDonsResumo>;

/** Points of one gift; `maximo` = its questions × the key's scale. */
export const pontuacaoDom = z.object({
  chave: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  pontos: z.number().int(),
  maximo: z.number().int(),
});
export type PontuacaoDom = z.infer<typeof pontuacaoDom>;

/** A test with its scores, highest first. */
export const testeDonsResultado = testeDonsResumo.extend({
  escalaMaxima: z.number().int(),
  pontuacao: z.array(pontuacaoDom),
});
export type TesteDonsResultado = z.infer<typeof testeDonsResultado>;

/** What a person answers: the key's questions in order, without the gift each one scores. */
export const questionarioDons = z.object({
  id: z.number().int(),
  nome: z.string(),
  descricao: z.string().nullable(),
  escalaMaxima: z.number().int(),
  perguntas: z.array(z.object({ id: z.number().int(), ordem: z.number().int(), texto: z.string() })),
});
export type QuestionarioDons = z.infer<typeof questionarioDons>;
