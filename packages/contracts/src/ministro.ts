import { z } from 'zod';
import type { CampoCadastro, DefinicaoCadastro } from './cadastros.js';
import { formaCadastro } from './cadastros.js';
import { hojeNoBrasil, id, MSG } from './comum.js';
import { referencia } from './referencias.js';

/**
 * Minister data (spec §2 `/pessoa-ministro/form/{id}`, §3 "minister data (exams, ordination,
 * ministerial activity terms)"): one record per person, with the exams taken and the terms of
 * ministerial activity (appointments to an organization for a period).
 */
export const TIPOS_MINISTERIO = ['PASTORAL', 'DIACONAL', 'CATEQUETICO', 'MISSIONARIO'] as const;
export const SITUACOES_MINISTERIAIS = ['ATIVO', 'LICENCIADO', 'AFASTADO', 'EMERITO', 'DESLIGADO'] as const;
export const RESULTADOS_EXAME = ['PENDENTE', 'APROVADO', 'REPROVADO'] as const;
export const TIPOS_TERMO_ATIVIDADE = ['NOMEACAO', 'DESIGNACAO', 'CONTRATO', 'LICENCA'] as const;

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
  },
};

export const ministroInput = z
  .object(formaCadastro(DEFINICAO_MINISTRO))
  .superRefine((v, ctx) => DEFINICAO_MINISTRO.refinar!(v, ctx));
export type MinistroInput = z.infer<typeof ministroInput>;

export const ministroQuery = z.object({ pessoaId: referencia('pessoa', id) });
