import { z } from 'zod';
import type { CampoCadastro } from './cadastro-definicao.js';
import { esquemaDosCampos, formaDosCampos } from './cadastros.js';
import { busca, hojeNoBrasil, id } from './comum.js';
import { listQuery, paged } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * Ministries with statistics (spec §2 /ministerio, §3, §5; issue 21): the groups of an
 * organization (women's groups, youth, choir, confirmation class…), their coordinator and
 * participants with roles, and their figures year by year. A year with figures was reported —
 * the group met, or it did not meet —; a year without them was not reported.
 */
export const ACESSO_MINISTERIO = 'Ministerio';

export const FUNCOES_MINISTERIO = ['COORDENACAO', 'VICE_COORDENACAO', 'SECRETARIA', 'TESOURARIA', 'MEMBRO'] as const;
/** A reported year: the group met, or did not meet (its figures are then zero). */
export const SITUACOES_ESTATISTICA = ['REUNIU', 'NAO_REUNIU'] as const;
/** A year in a list: reported either way, or not reported at all. */
export const SITUACOES_ANO = [...SITUACOES_ESTATISTICA, 'NAO_INFORMADO'] as const;
export type SituacaoAno = (typeof SITUACOES_ANO)[number];
/** Figures typed as totals, or computed from the meetings' attendance. */
export const ORIGENS_ESTATISTICA = ['DIGITADA', 'PRESENCAS'] as const;

const ANO_MINIMO = 1900;
const ANO_MAXIMO = 2999;

export const CAMPOS_MINISTERIO = [
  { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao', obrigatorio: true },
  { nome: 'nome', tipo: 'texto', obrigatorio: true, max: 150 },
  { nome: 'tipoGrupoId', tipo: 'referencia', referencia: 'tipo-grupo', obrigatorio: true },
  { nome: 'coordenadorId', tipo: 'referencia', referencia: 'pessoa', obrigatorio: true },
  { nome: 'reunioesPorAno', tipo: 'inteiro', min: 0, max: 366, obrigatorio: true, padrao: 12 },
] as const satisfies readonly CampoCadastro[];

export const CAMPOS_PARTICIPANTE_MINISTERIO = [
  { nome: 'pessoaId', tipo: 'referencia', referencia: 'pessoa', obrigatorio: true },
  { nome: 'funcao', tipo: 'opcao', opcoes: FUNCOES_MINISTERIO, obrigatorio: true, padrao: 'MEMBRO' },
] as const satisfies readonly CampoCadastro[];

/** Spec §5 "statistics required for a ministry": a year the group met has every figure. */
export const FIGURAS_ESTATISTICA = [
  'reunioesRealizadas',
  'mediaPresentes',
  'participantesMasculinos',
  'participantesFemininos',
] as const;

export const CAMPOS_ESTATISTICA_MINISTERIO = [
  { nome: 'ano', tipo: 'inteiro', min: ANO_MINIMO, max: ANO_MAXIMO, obrigatorio: true },
  { nome: 'situacao', tipo: 'opcao', opcoes: SITUACOES_ESTATISTICA, obrigatorio: true, padrao: 'REUNIU' },
  { nome: 'reunioesRealizadas', tipo: 'inteiro', min: 0, max: 366 },
  { nome: 'mediaPresentes', tipo: 'inteiro', min: 0, max: 100_000 },
  { nome: 'participantesMasculinos', tipo: 'inteiro', min: 0, max: 100_000 },
  { nome: 'participantesFemininos', tipo: 'inteiro', min: 0, max: 100_000 },
] as const satisfies readonly CampoCadastro[];

const MAX_PARTICIPANTES = 500;
const MAX_ANOS = 200;

const participanteInput = z.object(formaDosCampos(CAMPOS_PARTICIPANTE_MINISTERIO));
const estatisticaInput = z.object(formaDosCampos(CAMPOS_ESTATISTICA_MINISTERIO));

export const ministerioInput = esquemaDosCampos(CAMPOS_MINISTERIO)
  .extend({
    participantes: z.array(participanteInput).max(MAX_PARTICIPANTES).default([]),
    estatisticas: z.array(estatisticaInput).max(MAX_ANOS).default([]),
  })
  .superRefine((v, ctx) => {
    const pessoas = new Set<number>();
    v.participantes.forEach((p, i) => {
      if (pessoas.has(p.pessoaId))
        ctx.addIssue({ code: 'custom', path: ['participantes', i, 'pessoaId'], message: 'validacao:valorRepetido' });
      pessoas.add(p.pessoaId);
    });
    if (!pessoas.has(v.coordenadorId))
      ctx.addIssue({ code: 'custom', path: ['coordenadorId'], message: 'validacao:coordenadorParticipante' });
    const anos = new Set<number>();
    const anoAtual = Number(hojeNoBrasil().slice(0, 4));
    v.estatisticas.forEach((e, i) => {
      if (anos.has(e.ano))
        ctx.addIssue({ code: 'custom', path: ['estatisticas', i, 'ano'], message: 'validacao:valorRepetido' });
      anos.add(e.ano);
      if (e.ano > anoAtual)
        ctx.addIssue({ code: 'custom', path: ['estatisticas', i, 'ano'], message: 'validacao:anoFuturo' });
      if (e.situacao !== 'REUNIU') return;
      for (const f of FIGURAS_ESTATISTICA)
        if (e[f] === null)
          ctx.addIssue({ code: 'custom', path: ['estatisticas', i, f], message: 'validacao:obrigatorio' });
      if (e.reunioesRealizadas === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['estatisticas', i, 'reunioesRealizadas'],
          message: 'validacao:reuniuSemReunioes',
        });
    });
  });
export type MinisterioInput = z.infer<typeof ministerioInput>;

/** Meetings held beyond the meetings per year: a warning, never a refusal (issue 21). */
export const acimaDoPrevisto = (
  reunioesRealizadas: number | null | undefined,
  reunioesPorAno: number | null | undefined,
) => reunioesRealizadas != null && reunioesPorAno != null && reunioesRealizadas > reunioesPorAno;

const estatistica = z.object({
  ano: z.number().int(),
  situacao: z.enum(SITUACOES_ESTATISTICA),
  origem: z.enum(ORIGENS_ESTATISTICA),
  reunioesRealizadas: z.number().int(),
  mediaPresentes: z.number().int(),
  participantesMasculinos: z.number().int(),
  participantesFemininos: z.number().int(),
});
export type EstatisticaMinisterio = z.infer<typeof estatistica>;

/** A field's warning, in the reader's language: the record was saved. */
const aviso = z.object({ campo: z.string(), mensagem: z.string() });

export const ministerio = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  nome: z.string(),
  tipoGrupoId: z.number().int(),
  tipoGrupoNome: z.string(),
  coordenadorId: z.number().int(),
  coordenadorNome: z.string(),
  reunioesPorAno: z.number().int(),
  participantes: z.array(
    z.object({
      pessoaId: z.number().int(),
      pessoaNome: z.string(),
      funcao: z.enum(FUNCOES_MINISTERIO),
    }),
  ),
  estatisticas: z.array(estatistica),
  avisos: z.array(aviso),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Ministerio = z.infer<typeof ministerio>;

/** A row of the list: the ministry and its figures of the year asked (this year by default). */
export const ministerioLinha = z.object({
  id: z.number().int(),
  nome: z.string(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  tipoGrupoId: z.number().int(),
  tipoGrupoNome: z.string(),
  coordenadorNome: z.string(),
  participantes: z.number().int(),
  reunioesPorAno: z.number().int(),
  ano: z.number().int(),
  situacaoAno: z.enum(SITUACOES_ANO),
  reunioesRealizadas: z.number().int().nullable(),
  mediaPresentes: z.number().int().nullable(),
  participantesMasculinos: z.number().int().nullable(),
  participantesFemininos: z.number().int().nullable(),
});
export type MinisterioLinha = z.infer<typeof ministerioLinha>;

export const ministerioListQuery = listQuery.extend({
  organizacaoId: referencia('organizacao', id).optional(),
  tipoGrupoId: referencia('tipo-grupo', id).optional(),
  nome: busca(150),
  ano: z.coerce.number().int().min(ANO_MINIMO).max(ANO_MAXIMO).optional(),
  situacaoAno: z.enum(SITUACOES_ANO).optional(),
});
export type MinisterioListQuery = z.infer<typeof ministerioListQuery>;
export const ministerioPagina = paged(ministerioLinha);
export type MinisterioPagina = z.infer<typeof ministerioPagina>;

/**
 * A meeting's attendance (issue 21: bulk entry, the participants ticked): the year's figures then
 * come from its meetings — meetings held, average attendance (those ticked plus the visitors),
 * and the men and women among the participants who came at least once.
 */
export const CAMPOS_REUNIAO_MINISTERIO = [
  { nome: 'data', tipo: 'data', obrigatorio: true },
  { nome: 'visitantes', tipo: 'inteiro', min: 0, max: 10_000, obrigatorio: true, padrao: 0 },
  { nome: 'presentes', tipo: 'referencias', referencia: 'pessoa', max: MAX_PARTICIPANTES },
] as const satisfies readonly CampoCadastro[];

export const reuniaoInput = esquemaDosCampos(CAMPOS_REUNIAO_MINISTERIO, (v, ctx) => {
  if (v.data > hojeNoBrasil()) ctx.addIssue({ code: 'custom', path: ['data'], message: 'validacao:dataFutura' });
});
export type ReuniaoInput = z.infer<typeof reuniaoInput>;

export const reuniao = z.object({
  id: z.number().int(),
  data: z.string(),
  visitantes: z.number().int(),
  presentes: z.array(z.number().int()),
});
export type Reuniao = z.infer<typeof reuniao>;

export const reunioesQuery = z.object({ ano: z.coerce.number().int().min(ANO_MINIMO).max(ANO_MAXIMO) });
export const reunioesResposta = z.array(reuniao);
export const reuniaoParams = z.object({ id, reuniaoId: id });

/**
 * Spec §2 /indicadores/ministerios (issue 21): the ministries of the chosen organization and those
 * below it — by group type and organization, the year's figures (the period's end year: the
 * statistics are yearly), the last ten years' series, the communities that did not report, and the
 * ministers by ministry and call status with the calls ending in the next six months.
 */
const figurasAno = {
  ministerios: z.number().int(),
  reunioesRealizadas: z.number().int(),
  mediaPresentes: z.number().int(),
  participantesMasculinos: z.number().int(),
  participantesFemininos: z.number().int(),
  reuniram: z.number().int(),
  naoReuniram: z.number().int(),
  naoInformaram: z.number().int(),
};
const contagem = z.object({ chave: z.string(), total: z.number().int() });
export const indicadorMinisterios = z.object({
  ano: z.number().int(),
  ...figurasAno,
  anterior: z.object(figurasAno),
  porTipo: z.array(contagem),
  porOrganizacao: z.array(contagem),
  serie: z.array(z.object({ chave: z.string(), ...figurasAno })),
  /** Communities with ministries and no figures for the year, most ministries first (a list to follow up). */
  semRelatorio: z.array(
    z.object({ organizacaoId: z.number().int(), organizacaoNome: z.string(), total: z.number().int() }),
  ),
  ministrosPorTipo: z.array(contagem),
  /** Ministers by the status of their current call (`SEM_CHAMADO` when none is open). */
  ministrosPorChamado: z.array(contagem),
  chamadosTerminando: z.array(
    z.object({
      ministroId: z.number().int(),
      pessoaNome: z.string(),
      organizacaoNome: z.string(),
      dataFimMandato: z.string(),
    }),
  ),
});
export type IndicadorMinisterios = z.infer<typeof indicadorMinisterios>;
