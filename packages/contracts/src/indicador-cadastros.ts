import { z } from 'zod';
import { data, id, listaDaConsulta, MSG, periodoValido } from './comum.js';
import { camposIndicador, periodoIndicador } from './indicadores.js';
import { TIPOS_INTEGRACAO } from './integracao.js';
import { listQuery, ordenacao, paged } from './paginacao.js';
import { STATUS_PESSOA } from './pessoa.js';
import { referencia } from './referencias.js';

const simNao = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/**
 * Spec §3 "registry statistics" and "registry moments" filters of /indicadores/cadastros:
 * organization (the user's by default), own only, person types, holder, status, complete
 * registration, the period and its grouping (`periodo`: 0 days, 1 months, 2 years).
 */
export const indicadorCadastrosQuery = z
  .object({
    ...camposIndicador(1),
    tiposPessoaIds: z.preprocess(listaDaConsulta, z.array(referencia('tipo-pessoa', id)).max(50)).optional(),
    status: z.preprocess(listaDaConsulta, z.array(z.enum(STATUS_PESSOA)).max(4)).optional(),
    titular: simNao,
    cadastroCompleto: simNao,
  })
  .refine((q) => periodoValido(q.periodoDe, q.periodoAte), { path: ['periodoAte'], message: MSG.periodoInvalido });
export type IndicadorCadastrosQuery = z.infer<typeof indicadorCadastrosQuery>;

/** The kinds of movement the indicator counts, each a key of `movimentoCadastros`. */
export const MOVIMENTOS_CADASTRO = [
  'admissoes',
  'transferenciasRecebidas',
  'desligamentos',
  'falecimentos',
  'transferenciasEnviadas',
] as const;
export type MovimentoCadastro = (typeof MOVIMENTOS_CADASTRO)[number];

/**
 * The list behind the indicator's movements (`/pessoa-integracao-desligamento`): the integration
 * and withdrawal records of the organization's subtree, with the indicator's person filters, a
 * kind and a period — a bucket or a card opens it with those.
 */
export const movimentoListQuery = listQuery
  .extend({
    organizacaoId: referencia('organizacao', id).optional(),
    somenteMinhaOrganizacao: simNao,
    movimento: z.preprocess(listaDaConsulta, z.array(z.enum(MOVIMENTOS_CADASTRO)).max(5)).optional(),
    periodoDe: data.optional(),
    periodoAte: data.optional(),
    tiposPessoaIds: z.preprocess(listaDaConsulta, z.array(referencia('tipo-pessoa', id)).max(50)).optional(),
    status: z.preprocess(listaDaConsulta, z.array(z.enum(STATUS_PESSOA)).max(4)).optional(),
    titular: simNao,
    cadastroCompleto: simNao,
    ordenarPor: ordenacao(['data', 'pessoaNome']),
  })
  .refine((q) => periodoValido(q.periodoDe, q.periodoAte), { path: ['periodoAte'], message: MSG.periodoInvalido });
export type MovimentoListQuery = z.infer<typeof movimentoListQuery>;

export const movimentoResumo = z.object({
  id: z.number().int(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  tipo: z.enum(TIPOS_INTEGRACAO),
  forma: z.string(),
  movimento: z.enum(MOVIMENTOS_CADASTRO),
  data: z.string(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  outraOrganizacao: z.string().nullable(),
});
export type MovimentoResumo = z.infer<typeof movimentoResumo>;
export const movimentoPagina = paged(movimentoResumo);

/** The members' movements (spec §2 "integration and withdrawal") of a period or of one bucket. */
export const movimentoCadastros = z.object({
  /** Integrations other than by transfer: baptism, confirmation, profession of faith, readmission. */
  admissoes: z.number().int(),
  /** Integrations by transfer from another organization. */
  transferenciasRecebidas: z.number().int(),
  /** Withdrawals other than by death or transfer. */
  desligamentos: z.number().int(),
  falecimentos: z.number().int(),
  /** Withdrawals by transfer to another organization. */
  transferenciasEnviadas: z.number().int(),
});
export type MovimentoCadastros = z.infer<typeof movimentoCadastros>;

/** One bucket of the series: its label (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`) and the dates it covers within the period. */
export const baldeCadastros = movimentoCadastros.extend({ chave: z.string(), de: z.string(), ate: z.string() });

const contagem = z.object({ chave: z.string(), total: z.number().int() });

/** One organization of the ranked table: its people and those of the organizations below it. */
export const organizacaoCadastros = z.object({
  organizacaoId: z.number().int(),
  nome: z.string(),
  total: z.number().int(),
  titulares: z.number().int(),
  /** Whether organizations lie below it (the table drills down into them). */
  temFilhas: z.boolean(),
});

export const FAIXAS_ETARIAS = ['0-11', '12-17', '18-29', '30-44', '45-59', '60-74', '75+', 'SEM_DATA'] as const;

/**
 * Spec §2 /indicadores/cadastros: the people the filters select as they are now (by type, status,
 * sex, age band, holder, complete record, organization) and their movements over the period, split
 * into at most ten buckets, beside the previous period of the same length.
 */
export const indicadorCadastros = z.object({
  ...periodoIndicador,
  pessoas: z.number().int(),
  titulares: z.number().int(),
  completos: z.number().int(),
  movimento: movimentoCadastros,
  movimentoAnterior: movimentoCadastros,
  serie: z.array(baldeCadastros),
  /** The same buckets one period earlier, in the same order. */
  serieAnterior: z.array(baldeCadastros),
  /** Keys: the person type's id (`''` for none) with `nome` its name. */
  porTipo: z.array(contagem.extend({ nome: z.string() })),
  porStatus: z.array(contagem),
  /** Keys: `F`, `M` or `''` (not informed). */
  porSexo: z.array(contagem),
  /** Keys: FAIXAS_ETARIAS, by the age reached this year. */
  porFaixaEtaria: z.array(contagem),
  porOrganizacao: z.array(organizacaoCadastros),
});
export type IndicadorCadastros = z.infer<typeof indicadorCadastros>;
