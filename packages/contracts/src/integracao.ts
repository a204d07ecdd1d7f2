import { z } from 'zod';
import { data, hojeNoBrasil, id, textoOpcional } from './comum.js';
import { referencia } from './referencias.js';

/** Integration into / withdrawal from the organization (spec §2 `/pessoa-integracao-desligamento`). */
export const TIPOS_INTEGRACAO = ['INTEGRACAO', 'DESLIGAMENTO'] as const;
export const FORMAS_INTEGRACAO = ['BATISMO', 'CONFIRMACAO', 'TRANSFERENCIA', 'PROFISSAO_FE', 'READMISSAO'] as const;
export const FORMAS_DESLIGAMENTO = ['TRANSFERENCIA', 'A_PEDIDO', 'FALECIMENTO', 'EXCLUSAO', 'MUDANCA'] as const;

export const integracaoInput = z
  .object({
    pessoaId: referencia('pessoa'),
    tipo: z.enum(TIPOS_INTEGRACAO),
    data,
    forma: z.string().trim().min(1).max(30),
    outraOrganizacao: textoOpcional(200),
    motivo: textoOpcional(500),
    observacao: textoOpcional(2000),
  })
  .superRefine((v, ctx) => {
    const formas: readonly string[] = v.tipo === 'INTEGRACAO' ? FORMAS_INTEGRACAO : FORMAS_DESLIGAMENTO;
    if (!formas.includes(v.forma))
      ctx.addIssue({ code: 'custom', path: ['forma'], message: 'validacao:opcaoInvalida' });
    // Spec §5: a date that records what happened cannot be in the future.
    if (v.data > hojeNoBrasil()) ctx.addIssue({ code: 'custom', path: ['data'], message: 'validacao:dataFutura' });
    if (v.tipo === 'DESLIGAMENTO' && !v.motivo)
      ctx.addIssue({ code: 'custom', path: ['motivo'], message: 'validacao:obrigatorio' });
  });
export type IntegracaoInput = z.infer<typeof integracaoInput>;

export const integracao = z.object({
  id: z.number().int(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  tipo: z.enum(TIPOS_INTEGRACAO),
  data: z.string(),
  forma: z.string(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  outraOrganizacao: z.string().nullable(),
  motivo: z.string().nullable(),
  observacao: z.string().nullable(),
  criadoEm: z.string(),
});
export type Integracao = z.infer<typeof integracao>;

export const integracaoListQuery = z.object({ pessoaId: referencia('pessoa', id) });
