import { z } from 'zod';
import { id, MSG, periodoValido } from './comum.js';
import { baldeIndicador, camposIndicador, contagemIndicador, periodoIndicador } from './indicadores.js';
import { referencia } from './referencias.js';

/**
 * The registrations' reports (issue 19): `/relatorio-inscricoes-congrenaje` (spec §2, access
 * EventoComInscricao) counts an event's registrations by community, lot, workshop, shirt size and
 * the health and logistics needs; `/indicadores/inscricoes` follows them over time against capacity.
 */
export const ACESSO_INDICADORES_INSCRICOES = 'IndicadoresInscricoes';

/** The report's sections, in the order they print. */
export const SECOES_RELATORIO_INSCRICOES = [
  'comunidade',
  'lote',
  'oficina',
  'camiseta',
  'saude',
  'transporte',
  'hospedagem',
  'status',
] as const;

export const relatorioInscricoesQuery = z.object({ eventoId: referencia('evento', id) });
export const relatorioInscricoesArquivoQuery = relatorioInscricoesQuery.extend({
  formato: z.enum(['pdf', 'xlsx']).default('pdf'),
});
export type RelatorioInscricoesQuery = z.infer<typeof relatorioInscricoesQuery>;

/** One line of a section: what is counted (a community, a lot…), and how many hold a seat, paid or not. */
export const linhaRelatorioInscricoes = z.object({
  secao: z.enum(SECOES_RELATORIO_INSCRICOES),
  item: z.string(),
  total: z.number().int(),
  confirmadas: z.number().int(),
  pendentes: z.number().int(),
});
export type LinhaRelatorioInscricoes = z.infer<typeof linhaRelatorioInscricoes>;
export const relatorioInscricoes = z.object({
  eventoNome: z.string(),
  /** Registrations holding a seat (pending, confirmed, courtesy): the ones the sections count. */
  inscritos: z.number().int(),
  linhas: z.array(linhaRelatorioInscricoes),
});
export type RelatorioInscricoes = z.infer<typeof relatorioInscricoes>;

export const indicadorInscricoesQuery = z
  .object({ ...camposIndicador(0), eventoId: referencia('evento', id).optional() })
  .refine((q) => periodoValido(q.periodoDe, q.periodoAte), { path: ['periodoAte'], message: MSG.periodoInvalido });
export type IndicadorInscricoesQuery = z.infer<typeof indicadorInscricoesQuery>;

export const indicadorInscricoes = z.object({
  ...periodoIndicador,
  /** The seats of the events counted (their lots' quantities). */
  capacidade: z.number().int(),
  /** Registrations made in the period, by what they are now. */
  inscricoes: z.number().int(),
  confirmadas: z.number().int(),
  pendentes: z.number().int(),
  listaEspera: z.number().int(),
  valorPago: z.string(),
  valorPendente: z.string(),
  anterior: z.object({ inscricoes: z.number().int(), confirmadas: z.number().int() }),
  /** Per bucket: registrations made, and seats held at its end (every registration so far). */
  serie: z.array(baldeIndicador.extend({ novas: z.number().int(), ocupadas: z.number().int() })),
  porStatus: z.array(contagemIndicador),
  porLote: z.array(
    z.object({
      chave: z.string(),
      quantidade: z.number().int(),
      confirmadas: z.number().int(),
      pendentes: z.number().int(),
    }),
  ),
});
export type IndicadorInscricoes = z.infer<typeof indicadorInscricoes>;
