import { type AcessoId, CADASTROS, type FilaAtendimento } from '@sig/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, createElement } from 'react';
import { FILAS, rotaEdicao } from '../modules/atendimentos/comum';
import { anteciparGrade } from '../modules/cemiterios/consultas';
import { carregar } from '../platform/carregar';
import { padraoRotaForm } from '../platform/crud/definicao';

/**
 * The screens the web app has, by access id. The menu lists only these (filtered by the
 * user's permissions), and each one gets a route at its catalogue path, plus its form route
 * and extra routes when it has them (guarded by the same access).
 */
export type Antecipar = (id: string | undefined, consultas: QueryClient) => void;

export type Tela = {
  acesso: AcessoId;
  pagina: ComponentType;
  /** `antecipar`: the form's own requests, started as its route opens (the record's `:id`). */
  form?: { rota: string; pagina: ComponentType; antecipar?: Antecipar };
  /** Further routes of the screen with paths of their own (a questionnaire, a result). */
  extras?: { rota: string; pagina: ComponentType }[];
};

const IntegracaoFormPage = carregar(() => import('../modules/pessoas/IntegracaoFormPage'));
const MinistroFormPage = carregar(() => import('../modules/pessoas/MinistroFormPage'));
const PagamentoFormPage = carregar(() => import('../modules/cobrancas/PagamentoFormPage'));
const ContasAReceberLotePage = carregar(() => import('../modules/cobrancas/ContasAReceberLotePage'));
const CobrancasEmLotePage = carregar(() => import('../modules/cobrancas/CobrancasEmLotePage'));
const TermoFormPage = carregar(() => import('../modules/termos/TermoFormPage'));

// One chunk each for every declared registry: the pages read their declaration by `recurso`.
const ListaCadastro = carregar(() => import('../platform/crud/ListaCadastro'));
const FormCadastro = carregar(() => import('../platform/crud/FormCadastro'));

// Registries whose screen is more than their list; their form stays the generic one.
const PAGINAS_PROPRIAS: Partial<Record<AcessoId, ComponentType>> = {
  MuralAvisos: carregar(() => import('../modules/inicio/MuralAvisosPage')),
};

// Registries whose form shows more than the record: the team's open tickets.
const FORMS_PROPRIOS: Partial<Record<AcessoId, ComponentType>> = {
  Time: carregar(() => import('../modules/atendimentos/TimeFormPage')),
};

const telasCadastro: Tela[] = CADASTROS.map((d) => ({
  acesso: d.acesso,
  pagina: PAGINAS_PROPRIAS[d.acesso] ?? (() => createElement(ListaCadastro, { recurso: d.recurso })),
  form: {
    rota: padraoRotaForm(d),
    pagina: FORMS_PROPRIOS[d.acesso] ?? (() => createElement(FormCadastro, { recurso: d.recurso })),
  },
}));

const EventoLista = carregar(() => import('../modules/eventos/EventoListaPage'));

const AtendimentoLista = carregar(() => import('../modules/atendimentos/AtendimentoListaPage'));
const AtendimentoNovo = carregar(() => import('../modules/atendimentos/AtendimentoNovoPage'));
const AtendimentoEdicao = carregar(() => import('../modules/atendimentos/AtendimentoEdicaoPage'));

// The four ticket queues share their pages; each has its own access id and the spec's routes.
const telasAtendimento: Tela[] = Object.values(FILAS).map((c) => {
  const fila: FilaAtendimento = c.fila;
  return {
    acesso: c.acesso,
    pagina: () => createElement(AtendimentoLista, { fila }),
    form: c.novo ? { rota: c.novo, pagina: () => createElement(AtendimentoNovo, { fila }) } : undefined,
    extras: [{ rota: rotaEdicao(c), pagina: () => createElement(AtendimentoEdicao, { fila }) }],
  };
});

export const TELAS: Tela[] = [
  { acesso: 'DashboardFilho', pagina: carregar(() => import('../modules/inicio/DashboardFilhoPage')) },
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
  { acesso: 'Usuarios', pagina: carregar(() => import('../modules/usuarios/UsuariosPage')) },
  { acesso: 'FiltrosSalvos', pagina: carregar(() => import('../modules/usuarios/FiltrosSalvosPage')) },
  { acesso: 'AuditoriaAcesso', pagina: carregar(() => import('../modules/configuracoes/AuditoriaPage')) },
  { acesso: 'Tarefas', pagina: carregar(() => import('../modules/sistema/TarefasPage')) },
  { acesso: 'CaixaDeSaida', pagina: carregar(() => import('../modules/sistema/CaixaDeSaidaPage')) },
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
    // The list of the subtree's movements (the registry indicator's buckets open it); a person's own are on her form.
    acesso: 'PessoaIntegracaoDesligamento',
    pagina: carregar(() => import('../modules/pessoas/MovimentoListaPage')),
    form: { rota: '/pessoa-integracao-desligamento/form/:id?', pagina: IntegracaoFormPage },
  },
  {
    // The careers' alerts; a person's minister data and career are reached from her record.
    acesso: 'PessoaMinistro',
    pagina: carregar(() => import('../modules/pessoas/MinistrosAlertasPage')),
    form: { rota: '/pessoa-ministro/form/:id?/:visualizacao?', pagina: MinistroFormPage },
    extras: [
      {
        rota: '/pessoa-ministro/carreira/:id',
        pagina: carregar(() => import('../modules/pessoas/CarreiraMinistroPage')),
      },
    ],
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
  { acesso: 'Carnes', pagina: carregar(() => import('../modules/cobrancas/EmissaoCarnesPage')) },
  { acesso: 'RelatorioPessoas', pagina: carregar(() => import('../modules/relatorios/RelatorioPessoasPage')) },
  { acesso: 'PeriodoContabil', pagina: carregar(() => import('../modules/financeiro/PeriodoContabilPage')) },
  {
    acesso: 'Lancamentos',
    pagina: carregar(() => import('../modules/financeiro/LancamentoCaixaPage')),
    form: {
      rota: '/lancamento-caixa/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/financeiro/LancamentoFormPage')),
    },
  },
  {
    acesso: 'ContaAReceber',
    pagina: carregar(() => import('../modules/cobrancas/ContaAReceberPage')),
    form: {
      rota: '/conta-a-receber/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/cobrancas/ContaAReceberFormPage')),
    },
  },
  {
    acesso: 'Pagamento',
    pagina: PagamentoFormPage,
    form: { rota: '/pagamento/form/:id?/:visualizacao?', pagina: PagamentoFormPage },
  },
  { acesso: 'ListaDeRecibos', pagina: carregar(() => import('../modules/cobrancas/ListaDeRecibosPage')) },
  {
    acesso: 'RelatorioContasReceber',
    pagina: carregar(() => import('../modules/cobrancas/RelatorioContasReceberPage')),
  },
  { acesso: 'RelatorioInadimplencia', pagina: carregar(() => import('../modules/cobrancas/InadimplenciaPage')) },
  {
    acesso: 'ProcessamentosEmLote',
    pagina: carregar(() => import('../modules/processamento-lote/ProcessamentoLotePage')),
    form: {
      rota: '/processamentos-em-lote/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/processamento-lote/ProcessamentoLoteFormPage')),
    },
  },
  { acesso: 'Cobranca', pagina: carregar(() => import('../modules/cobrancas/CobrancaListaPage')) },
  { acesso: 'Clientes', pagina: carregar(() => import('../modules/cobrancas/ClientesPage')) },
  { acesso: 'ClientesAsaasLote', pagina: carregar(() => import('../modules/cobrancas/ClientesAsaasLotePage')) },
  {
    acesso: 'ContasAReceberLote',
    pagina: ContasAReceberLotePage,
    form: { rota: '/contas-a-receber-lote/form/:id/:visualizacao?/:visualizar?', pagina: ContasAReceberLotePage },
  },
  {
    acesso: 'CobrancasEmLote',
    pagina: CobrancasEmLotePage,
    extras: [{ rota: '/cobrancas-em-lote/form/:id/:visualizacao?/:visualizar?', pagina: CobrancasEmLotePage }],
  },
  { acesso: 'Subconta', pagina: carregar(() => import('../modules/cobrancas/SubcontaPage')) },
  {
    acesso: 'PendenciasFinanceiras',
    pagina: carregar(() => import('../modules/pendencias/PendenciasPage')),
  },
  {
    acesso: 'ExportacaoArquivoContabil',
    pagina: carregar(() =>
      import('../modules/financeiro/LivrosPages').then((m) => ({ default: m.ExportacaoContabilPage })),
    ),
  },
  {
    acesso: 'RelatorioFinanceiro',
    pagina: carregar(() =>
      import('../modules/financeiro/LivrosPages').then((m) => ({ default: m.RelatorioFinanceiroPage })),
    ),
  },
  {
    acesso: 'RelatorioGerencial',
    pagina: carregar(() =>
      import('../modules/financeiro/LivrosPages').then((m) => ({ default: m.RelatorioGerencialPage })),
    ),
  },
  {
    acesso: 'Culto',
    pagina: carregar(() => import('../modules/cultos/CultoListaPage')),
    form: {
      rota: '/culto/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/cultos/CultoFormPage')),
    },
  },
  {
    acesso: 'Ministerio',
    pagina: carregar(() => import('../modules/ministerios/MinisterioListaPage')),
    form: {
      rota: '/ministerio/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/ministerios/MinisterioFormPage')),
    },
  },
  {
    acesso: 'Cemiterio',
    pagina: carregar(() => import('../modules/cemiterios/CemiterioListaPage')),
    form: {
      rota: '/cemiterio/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/cemiterios/CemiterioFormPage')),
      antecipar: anteciparGrade,
    },
  },
  {
    acesso: 'Arrendatario',
    pagina: carregar(() => import('../modules/cemiterios/ArrendatarioListaPage')),
    form: {
      rota: '/arrendatario/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/cemiterios/ArrendatarioFormPage')),
    },
    extras: [
      {
        rota: '/arrendatario/conservacao-em-atraso',
        pagina: carregar(() => import('../modules/cemiterios/ConservacaoAtrasoPage')),
      },
    ],
  },
  {
    acesso: 'Falecido',
    pagina: carregar(() => import('../modules/cemiterios/FalecidoListaPage')),
    form: {
      rota: '/falecido/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/cemiterios/FalecidoFormPage')),
    },
  },
  {
    acesso: 'Termos',
    pagina: carregar(() => import('../modules/termos/TermoListaPage')),
    form: { rota: '/termos/cadastrar', pagina: TermoFormPage },
    extras: [
      { rota: '/termos/editar-rascunho/:idCompartilhado', pagina: TermoFormPage },
      {
        rota: '/termos/historico/:idCompartilhado',
        pagina: carregar(() => import('../modules/termos/TermoHistoricoPage')),
      },
      {
        rota: '/termos/solicitacies/:idCompartilhado',
        pagina: carregar(() => import('../modules/termos/TermoSolicitacoesPage')),
      },
      {
        rota: '/termos/cobertura/:idCompartilhado',
        pagina: carregar(() => import('../modules/termos/TermoCoberturaPage')),
      },
    ],
  },
  {
    acesso: 'Oficios',
    pagina: carregar(() => import('../modules/oficios/OficioTemplateListaPage')),
    form: {
      rota: '/template-oficio/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/oficios/OficioTemplateFormPage')),
    },
    extras: [
      {
        rota: '/template-oficio/emitidos',
        pagina: carregar(() => import('../modules/oficios/OficiosEmitidosPage')),
      },
      {
        rota: '/template-oficio/lote',
        pagina: carregar(() => import('../modules/oficios/OficiosLotePage')),
      },
    ],
  },
  {
    acesso: 'Migracao',
    pagina: carregar(() => import('../modules/migracao/MigracaoListaPage')),
    form: {
      rota: '/migracao/form/:id?',
      pagina: carregar(() => import('../modules/migracao/MigracaoFormPage')),
    },
  },
  {
    acesso: 'Evento',
    pagina: () => createElement(EventoLista, { comInscricao: false }),
    form: {
      rota: '/evento-form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/eventos/EventoFormPage')),
    },
  },
  {
    acesso: 'EventoComInscricao',
    pagina: () => createElement(EventoLista, { comInscricao: true }),
    form: {
      rota: '/evento-com-inscricao/form/:id?/:visualizacao?',
      pagina: carregar(() => import('../modules/eventos/EventoComInscricaoFormPage')),
    },
    extras: [
      {
        rota: '/relatorio-inscricoes-congrenaje',
        pagina: carregar(() => import('../modules/eventos/RelatorioInscricoesPage')),
      },
    ],
  },
  {
    acesso: 'InscricoesEventos',
    pagina: carregar(() => import('../modules/eventos/InscricaoListaPage')),
    extras: [
      { rota: '/inscricoes-de-eventos/check-in', pagina: carregar(() => import('../modules/eventos/CheckInPage')) },
      {
        rota: '/inscricoes-de-eventos/email/:id',
        pagina: carregar(() => import('../modules/eventos/EmailInscritosLotePage')),
      },
      {
        rota: '/inscricoes-de-eventos/:eventoId/dados-inscritos/:id',
        pagina: carregar(() => import('../modules/eventos/DadosInscritoPage')),
      },
    ],
  },
  ...telasAtendimento,
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
