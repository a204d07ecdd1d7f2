import { z } from 'zod';
import { type CampoCadastro, esquemaDosCampos } from './cadastros.js';
import { data, id, MSG, periodoValido } from './comum.js';
import { ABRANGENCIAS_OFERTA } from './financeiro.js';
import { baldeIndicador, contagemIndicador, periodoIndicador } from './indicadores.js';
import { listQuery, pagedComTotais } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * Worship services (spec §2 /culto, §3 Worship service): who celebrated, how many came, the
 * Lord's Supper and the offering. The offering takes its scope and destination from the offering
 * plan of the date when the organization sees one, and is posted to the organization's worship
 * cash account as a ledger entry.
 */
export const ACESSO_CULTO = 'Culto';

/**
 * The service's fields, in the form's order: the form draws them (the registry engine's controls,
 * celebrants with the people selector) and the API's input is derived from them, so the two
 * cannot drift (issue 24: one declaration per form).
 */
export const CAMPOS_CULTO = [
  { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao', obrigatorio: true },
  { nome: 'data', tipo: 'data', obrigatorio: true },
  { nome: 'hora', tipo: 'hora', obrigatorio: true },
  { nome: 'santaCeia', tipo: 'booleano' },
  { nome: 'presentes', tipo: 'inteiro', min: 0, max: 1_000_000, obrigatorio: true },
  { nome: 'ofertas', tipo: 'dinheiro', min: 0, obrigatorio: true, padrao: '0.00' },
  { nome: 'dataCredito', tipo: 'data' },
  /** Filled by hand only when no offering plan covers the date (spec §8). */
  { nome: 'abrangencia', tipo: 'opcao', opcoes: ABRANGENCIAS_OFERTA },
  { nome: 'destino', tipo: 'texto', max: 200 },
  /** The ledger account of the offering when the plan names none. */
  { nome: 'planoContaId', tipo: 'referencia', referencia: 'plano-de-conta' },
  /** People ids; the configured maximum of a selection applies too (spec §5). */
  { nome: 'celebrantes', tipo: 'referencias', referencia: 'pessoa', max: 500, extensao: 'pessoas' },
  { nome: 'sermao', tipo: 'textoLongo', max: 4000 },
] as const satisfies readonly CampoCadastro[];

export const cultoInput = esquemaDosCampos(CAMPOS_CULTO, (v, ctx) => {
  if (v.dataCredito && v.dataCredito < v.data)
    ctx.addIssue({ code: 'custom', path: ['dataCredito'], message: 'validacao:creditoAntesCulto' });
});
export type CultoInput = z.infer<typeof cultoInput>;

export const culto = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  data: z.string(),
  hora: z.string(),
  santaCeia: z.boolean(),
  celebrantes: z.array(z.number().int()),
  presentes: z.number().int(),
  ofertas: z.string(),
  abrangencia: z.enum(ABRANGENCIAS_OFERTA).nullable(),
  destino: z.string().nullable(),
  sermao: z.string().nullable(),
  dataCredito: z.string().nullable(),
  planoContaId: z.number().int().nullable(),
  /** The offering plan the scope and destination came from. */
  planoOfertasId: z.number().int().nullable(),
  /** The offering's entry in the cash ledger, while it stands (not reversed). */
  lancamentoCaixaId: z.number().int().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Culto = z.infer<typeof culto>;

export const cultoListQuery = listQuery
  .extend({
    /** The organization whose subtree is listed (within the user's scope). */
    organizacaoId: referencia('organizacao', id).optional(),
    periodoDe: data.optional(),
    periodoAte: data.optional(),
    santaCeia: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  })
  .refine((q) => periodoValido(q.periodoDe, q.periodoAte), { path: ['periodoAte'], message: MSG.dataFimAntesInicio });
export type CultoListQuery = z.infer<typeof cultoListQuery>;

/** A page of services and what the whole filtered set sums (attendance and offerings). */
export const cultoPagina = pagedComTotais(culto, { presentes: z.number().int(), ofertas: z.string() });
export type CultoPagina = z.infer<typeof cultoPagina>;

/** The offering plan a service on that date at that organization would follow. */
export const planoDoCultoQuery = z.object({ organizacaoId: referencia('organizacao', id), data });
export const planoDoCulto = z.object({
  plano: z
    .object({
      id: z.number().int(),
      nome: z.string(),
      abrangencia: z.enum(ABRANGENCIAS_OFERTA),
      destino: z.string(),
      planoContaId: z.number().int().nullable(),
    })
    .nullable(),
});
export type PlanoDoCulto = z.infer<typeof planoDoCulto>;

/** Spec §2 /indicadores/cultos: services, attendance, communion and offerings over time. */
const totaisCultos = {
  cultos: z.number().int(),
  presentes: z.number().int(),
  santaCeia: z.number().int(),
  ofertas: z.string(),
};
const baldeCultos = baldeIndicador.extend(totaisCultos);
export const indicadorCultos = z.object({
  ...periodoIndicador,
  ...totaisCultos,
  /** The same figures over the previous period. */
  anterior: z.object(totaisCultos),
  porOrganizacao: z.array(contagemIndicador),
  serie: z.array(baldeCultos),
  serieAnterior: z.array(baldeCultos),
});
export type IndicadorCultos = z.infer<typeof indicadorCultos>;
