import { z } from 'zod';
import type { CampoCadastro, DefinicaoCadastro } from './cadastros.js';
import { formaCadastro } from './cadastros.js';
import { hojeNoBrasil, id, MSG } from './comum.js';
import { listQuery, paged } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * Minister data (spec §2 `/pessoa-ministro/form/{id}`, §3 "minister data (exams, ordination,
 * ministerial activity terms)"): one record per person, with the exams taken and the terms of
 * ministerial activity (appointments to an organization for a period).
 */
export const TIPOS_MINISTERIO = ['PASTORAL', 'DIACONAL', 'CATEQUETICO', 'MISSIONARIO'] as const;
export type TipoMinisterio = (typeof TIPOS_MINISTERIO)[number];
export const SITUACOES_MINISTERIAIS = ['ATIVO', 'LICENCIADO', 'AFASTADO', 'EMERITO', 'DESLIGADO'] as const;
export const RESULTADOS_EXAME = ['PENDENTE', 'APROVADO', 'REPROVADO'] as const;
export const TIPOS_TERMO_ATIVIDADE = ['NOMEACAO', 'DESIGNACAO', 'CONTRATO', 'LICENCA'] as const;
/** A call (issue 21): active once accepted, on leave for a while, ended when the term is over. */
export const SITUACOES_CHAMADO = ['ATIVO', 'LICENCA', 'ENCERRADO'] as const;
/** A call's term ending within these days is an alert (issue 21: "calls ending in the next 6 months"). */
export const DIAS_ALERTA_CHAMADO = 180;

const t = (nome: string, max: number, obrigatorio = false): CampoCadastro => ({
  nome,
  tipo: 'texto',
  max,
  obrigatorio,
});
const d = (nome: string, obrigatorio = false): CampoCadastro => ({ nome, tipo: 'data', obrigatorio });

export const DEFINICAO_MINISTRO: DefinicaoCadastro = {
  recurso: 'pessoa-ministro',
  acesso: 'PessoaMinistro',
  campos: [
    { nome: 'pessoaId', tipo: 'referencia', referencia: 'pessoa', obrigatorio: true },
    { nome: 'tipoMinisterio', tipo: 'opcao', opcoes: TIPOS_MINISTERIO, obrigatorio: true },
    {
      nome: 'situacaoMinisterial',
      tipo: 'opcao',
      opcoes: SITUACOES_MINISTERIAIS,
      obrigatorio: true,
      padrao: 'ATIVO',
    },
    t('registroMinisterial', 30),
    d('dataOrdenacao'),
    t('localOrdenacao', 200),
    t('ordenante', 200),
    d('dataEmeritacao'),
    { nome: 'observacao', tipo: 'textoLongo', max: 2000 },
  ],
  filhos: [
    {
      nome: 'exames',
      campos: [
        t('descricao', 200, true),
        d('data', true),
        { nome: 'resultado', tipo: 'opcao', opcoes: RESULTADOS_EXAME, obrigatorio: true, padrao: 'PENDENTE' },
        t('observacao', 500),
      ],
      max: 50,
    },
    {
      nome: 'termos',
      campos: [
        { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao', obrigatorio: true },
        { nome: 'tipoTermo', tipo: 'opcao', opcoes: TIPOS_TERMO_ATIVIDADE, obrigatorio: true },
        t('numero', 30),
        d('dataInicio', true),
        d('dataFim'),
        t('observacao', 500),
      ],
      max: 100,
      periodos: [['dataInicio', 'dataFim']],
    },
    {
      nome: 'chamados',
      campos: [
        { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao', obrigatorio: true },
        d('dataInicio', true),
        d('dataFimMandato'),
        d('dataInstalacao'),
        { nome: 'situacao', tipo: 'opcao', opcoes: SITUACOES_CHAMADO, obrigatorio: true, padrao: 'ATIVO' },
        t('observacao', 500),
      ],
      max: 100,
      periodos: [
        ['dataInicio', 'dataFimMandato'],
        ['dataInicio', 'dataInstalacao'],
      ],
    },
  ],
  rotulo: 'pessoaId',
  ordemPadrao: 'id',
  refinar: (v, ctx) => {
    const ordenacao = v.dataOrdenacao as string | null;
    const emeritacao = v.dataEmeritacao as string | null;
    const hoje = hojeNoBrasil();
    for (const [campo, valor] of [
      ['dataOrdenacao', ordenacao],
      ['dataEmeritacao', emeritacao],
    ] as const)
      if (valor && valor > hoje) ctx.addIssue({ code: 'custom', path: [campo], message: 'validacao:dataFutura' });
    if (ordenacao && emeritacao && emeritacao < ordenacao)
      ctx.addIssue({ code: 'custom', path: ['dataEmeritacao'], message: MSG.dataFimAntesInicio });
    // Issue 21: one active call per organization.
    const ativas = new Set<unknown>();
    ((v.chamados ?? []) as { organizacaoId?: unknown; situacao?: unknown }[]).forEach((c, i) => {
      if (c.situacao !== 'ATIVO') return;
      if (ativas.has(c.organizacaoId))
        ctx.addIssue({ code: 'custom', path: ['chamados', i, 'situacao'], message: 'validacao:chamadoAtivoRepetido' });
      ativas.add(c.organizacaoId);
    });
  },
};

export const ministroInput = z
  .object(formaCadastro(DEFINICAO_MINISTRO))
  .superRefine((v, ctx) => DEFINICAO_MINISTRO.refinar!(v, ctx));
export type MinistroInput = z.infer<typeof ministroInput>;

export const ministroQuery = z.object({ pessoaId: referencia('pessoa', id) });

/**
 * What needs the synod's attention in a minister's career (issue 21): a call whose term ends
 * within `DIAS_ALERTA_CHAMADO` days, a call still active past its term, an active minister
 * without an active call.
 */
export const TIPOS_ALERTA_MINISTRO = ['CHAMADO_TERMINANDO', 'CHAMADO_VENCIDO', 'SEM_CHAMADO'] as const;

export const alertaMinistro = z.object({
  tipo: z.enum(TIPOS_ALERTA_MINISTRO),
  ministroId: z.number().int(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  tipoMinisterio: z.enum(TIPOS_MINISTERIO),
  chamadoId: z.number().int().nullable(),
  organizacaoNome: z.string().nullable(),
  dataFimMandato: z.string().nullable(),
  /** Days until the term ends (negative once past it). */
  dias: z.number().int().nullable(),
});
export type AlertaMinistro = z.infer<typeof alertaMinistro>;

export const alertasMinistroQuery = listQuery.extend({
  organizacaoId: referencia('organizacao', id).optional(),
  tipo: z.enum(TIPOS_ALERTA_MINISTRO).optional(),
});
export type AlertasMinistroQuery = z.infer<typeof alertasMinistroQuery>;
export const alertasMinistroPagina = paged(alertaMinistro);
export type AlertasMinistroPagina = z.infer<typeof alertasMinistroPagina>;

export const chamadoCarreira = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  dataInicio: z.string(),
  dataFimMandato: z.string().nullable(),
  dataInstalacao: z.string().nullable(),
  situacao: z.enum(SITUACOES_CHAMADO),
});

/** One step of the career's timeline, newest first. */
export const ETAPAS_CARREIRA = [
  'ORDENACAO',
  'CHAMADO',
  'INSTALACAO',
  'FIM_MANDATO',
  'TERMO',
  'EXAME',
  'EMERITACAO',
] as const;
export const etapaCarreira = z.object({
  data: z.string(),
  etapa: z.enum(ETAPAS_CARREIRA),
  organizacaoNome: z.string().nullable(),
  detalhe: z.string().nullable(),
});

/** `GET /api/pessoa-ministro/:id/carreira`: ordination, current post, history and alerts. */
export const carreiraMinistro = z.object({
  ministroId: z.number().int(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  organizacaoNome: z.string(),
  tipoMinisterio: z.enum(TIPOS_MINISTERIO),
  situacaoMinisterial: z.enum(SITUACOES_MINISTERIAIS),
  dataOrdenacao: z.string().nullable(),
  localOrdenacao: z.string().nullable(),
  ordenante: z.string().nullable(),
  postoAtual: z.array(chamadoCarreira),
  chamados: z.array(chamadoCarreira),
  historico: z.array(etapaCarreira),
  alertas: z.array(alertaMinistro),
});
export type CarreiraMinistro = z.infer<typeof carreiraMinistro>;
