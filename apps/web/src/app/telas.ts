import { type AcessoId, CADASTROS } from '@sig/contracts';
import { type ComponentType, createElement } from 'react';
import { carregar } from '../platform/carregar';
import { padraoRotaForm } from '../platform/crud/definicao';

/**
 * The screens the web app has, by access id. The menu lists only these (filtered by the
 * user's permissions), and each one gets a route at its catalogue path, plus its form route
 * and extra routes when it has them (guarded by the same access).
 */
export type Tela = {
  acesso: AcessoId;
  pagina: ComponentType;
  form?: { rota: string; pagina: ComponentType };
  /** Further routes of the screen with paths of their own (a questionnaire, a result). */
  extras?: { rota: string; pagina: ComponentType }[];
};

const IntegracaoFormPage = carregar(() => import('../modules/pessoas/IntegracaoFormPage'));

// One chunk each for every declared registry: the pages read their declaration by `recurso`.
const ListaCadastro = carregar(() => import('../platform/crud/ListaCadastro'));
const FormCadastro = carregar(() => import('../platform/crud/FormCadastro'));

// Registries whose screen is more than their list; their form stays the generic one.
const PAGINAS_PROPRIAS: Partial<Record<AcessoId, ComponentType>> = {
  MuralAvisos: carregar(() => import('../modules/inicio/MuralAvisosPage')),
};

const telasCadastro: Tela[] = CADASTROS.map((d) => ({
  acesso: d.acesso,
  pagina: PAGINAS_PROPRIAS[d.acesso] ?? (() => createElement(ListaCadastro, { recurso: d.recurso })),
  form: { rota: padraoRotaForm(d), pagina: () => createElement(FormCadastro, { recurso: d.recurso }) },
}));

export const TELAS: Tela[] = [
  { acesso: 'Sobre', pagina: carregar(() => import('../modules/inicio/SobrePage')) },
  {
    acesso: 'Perfil',
    pagina: carregar(() => import('../modules/configuracoes/PerfilListaPage')),
    form: {
      rota: '/perfil/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/configuracoes/PerfilFormPage')),
    },
  },
  { acesso: 'Permissoes', pagina: carregar(() => import('../modules/configuracoes/PermissoesPage')) },
  { acesso: 'AuditoriaAcesso', pagina: carregar(() => import('../modules/configuracoes/AuditoriaPage')) },
  ...telasCadastro,
  {
    acesso: 'Organizacao',
    pagina: carregar(() => import('../modules/organizacoes/OrganizacaoListaPage')),
    form: {
      rota: '/organizacao/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/organizacoes/OrganizacaoFormPage')),
    },
  },
  {
    acesso: 'Pessoa',
    pagina: carregar(() => import('../modules/pessoas/PessoaListaPage')),
    form: {
      rota: '/pessoa/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/pessoas/PessoaFormPage')),
    },
  },
  {
    // No list of its own: the screen records one integration or withdrawal (the person's form lists them).
    acesso: 'PessoaIntegracaoDesligamento',
    pagina: IntegracaoFormPage,
    form: { rota: '/pessoa-integracao-desligamento/form/:id?', pagina: IntegracaoFormPage },
  },
  {
    acesso: 'TesteDons',
    pagina: carregar(() => import('../modules/dons/TesteDonsListaPage')),
    extras: [
      {
        rota: '/gabarito-dons/:gabaritoId/resposta',
        pagina: carregar(() => import('../modules/dons/RespostaTestePage')),
      },
      { rota: '/teste-dos-dons/:id', pagina: carregar(() => import('../modules/dons/ResultadoTestePage')) },
    ],
  },
  { acesso: 'Etiquetas', pagina: carregar(() => import('../modules/etiquetas/EmissaoEtiquetasPage')) },
  { acesso: 'RelatorioPessoas', pagina: carregar(() => import('../modules/relatorios/RelatorioPessoasPage')) },
  {
    acesso: 'ConfiguracaoOrganizacao',
    pagina: carregar(() => import('../modules/organizacoes/ConfiguracaoOrganizacaoPage')),
  },
];

export const INDICADORES: AcessoId[] = [
  'IndicadoresCadastros',
  'IndicadoresMinisterios',
  'IndicadoresCultos',
  'IndicadoresFinanceiros',
  'IndicadoresAtendimentos',
  'IndicadoresInscricoes',
];
