/**
 * The access-id catalogue (spec §2, §6): one entry per screen. Server routes, web routes and
 * the menu all read this list; adding a screen starts here.
 */
export const ACOES = ['L', 'R', 'C', 'U', 'D'] as const;
export type Acao = (typeof ACOES)[number];

export type GrupoMenu =
  | 'inicio'
  | 'indicadores'
  | 'eventos'
  | 'cadastros'
  | 'tabelas'
  | 'pessoas'
  | 'configuracoes'
  | 'financeiro'
  | 'relatorios'
  | 'atendimentos';

type DefinicaoAcesso<I extends string> = {
  id: I;
  /** Main path of the screen in the web app. */
  rota: string;
  grupo: GrupoMenu;
  /** Actions that make sense on this screen (a report has no create). */
  acoes: readonly Acao[];
};

const CRUD = ACOES;
const LEITURA = ['L', 'R'] as const satisfies readonly Acao[];

const a = <const I extends string>(
  id: I,
  rota: string,
  grupo: GrupoMenu,
  acoes: readonly Acao[] = CRUD,
): DefinicaoAcesso<I> => ({ id, rota, grupo, acoes });

export const ACESSOS = [
  a('Dashboard', '/dashboard', 'inicio', LEITURA),
  a('DashboardFilho', '/dashboard/filho', 'inicio', LEITURA),
  a('MuralAvisos', '/mural-de-avisos', 'inicio'),

  a('IndicadoresCadastros', '/indicadores/cadastros', 'indicadores', LEITURA),
  a('IndicadoresMinisterios', '/indicadores/ministerios', 'indicadores', LEITURA),
  a('IndicadoresCultos', '/indicadores/cultos', 'indicadores', LEITURA),
  a('IndicadoresFinanceiros', '/indicadores/financeiros', 'indicadores', LEITURA),
  a('IndicadoresAtendimentos', '/indicadores/atendimentos', 'indicadores', LEITURA),
  a('IndicadoresInscricoes', '/indicadores/inscricoes', 'indicadores', LEITURA),

  a('InscricoesEventos', '/inscricoes-de-eventos', 'eventos'),
  a('Evento', '/evento', 'eventos'),
  a('EventoComInscricao', '/evento-com-inscricao', 'eventos'),

  a('Pessoa', '/pessoa', 'cadastros'),
  a('PessoaIntegracaoDesligamento', '/pessoa-integracao-desligamento', 'cadastros', ['L', 'R', 'C', 'U']),
  a('PessoaMinistro', '/pessoa-ministro', 'cadastros', ['R', 'C', 'U']),
  // The LGPD export of everything kept on a person (history and access log included), from the
  // person's form: a right of its own, not every reader's (the demo gives it to the administrator only).
  a('DadosPessoais', '/pessoa', 'cadastros', ['R']),
  a('Organizacao', '/organizacao', 'cadastros'),
  a('Ministerio', '/ministerio', 'cadastros'),
  a('Culto', '/culto', 'cadastros'),
  a('Cemiterio', '/cemiterio', 'cadastros'),
  a('Arrendatario', '/arrendatario', 'cadastros'),
  a('Falecido', '/falecido', 'cadastros'),
  a('GabaritoDons', '/gabarito-dons', 'cadastros'),
  a('TesteDons', '/teste-dons', 'cadastros'),

  a('Banco', '/banco', 'tabelas'),
  a('CategoriaContribuicao', '/categorias-contribuicao', 'tabelas'),
  a('TipoCelebracaoOficio', '/tipo-celebracao-oficio', 'tabelas'),
  a('Cargo', '/cargo', 'tabelas'),
  a('Profissao', '/profissao', 'tabelas'),
  a('TipoPessoa', '/tipo-pessoa', 'tabelas'),
  a('Situacao', '/situacao', 'tabelas'),
  a('Setor', '/setor', 'tabelas'),
  a('TipoOrganizacao', '/tipo-organizacao', 'tabelas'),
  a('Caracteristica', '/caracteristica', 'tabelas'),
  a('Classe', '/classe', 'tabelas'),
  a('Parametro', '/parametro', 'tabelas'),
  a('Time', '/time', 'tabelas'),
  a('Pais', '/pais', 'tabelas'),
  a('Estado', '/estado', 'tabelas'),
  a('Cidade', '/cidade', 'tabelas'),
  a('TipoCampoTrabalho', '/tipo-campo-trabalho', 'tabelas'),
  a('CampoTrabalho', '/campo-trabalho', 'tabelas'),
  a('TipoContato', '/tipo-contato', 'tabelas'),
  a('RelacaoPessoas', '/grau-parentesco', 'tabelas'),
  a('TipoEndereco', '/tipo-endereco', 'tabelas'),
  a('TipoMoradia', '/tipo-moradia', 'tabelas'),
  a('Classificacao', '/classificacao', 'tabelas'),
  a('Colecoes', '/colecoes', 'tabelas'),
  a('Visualizacoes', '/visualizacao', 'tabelas'),
  a('Icones', '/icones', 'tabelas'),

  a('CategoriaAtendimento', '/categoria-atendimentos', 'configuracoes'),
  a('ConfiguracaoOrganizacao', '/configuracoes-organizacao', 'configuracoes', ['R', 'U']),
  a('ConfiguracaoEtiquetas', '/configuracao-etiquetas', 'configuracoes'),
  a('Perfil', '/perfil', 'configuracoes'),
  a('Permissoes', '/permissoes', 'configuracoes', ['L', 'R', 'U']),
  a('Usuarios', '/usuarios', 'configuracoes'),
  a('FiltrosSalvos', '/filtros-salvos', 'configuracoes'),
  a('Oficios', '/template-oficio', 'configuracoes'),
  a('Sobre', '/sobre', 'configuracoes', ['R']),
  a('AuditoriaAcesso', '/auditoria-acesso', 'configuracoes', LEITURA),
  a('Termos', '/termos', 'configuracoes'),
  // The proof of the consent ledger spans every organization's answers: a right of its own, for
  // whole-tree scopes (the demo gives it to the administrator only).
  a('CadeiaConsentimentos', '/termos', 'configuracoes', ['R']),
  // The background work and the mail outbox: rows of no organization, for whole-tree scopes.
  a('Tarefas', '/tarefas', 'configuracoes', ['L', 'R', 'U']),
  a('CaixaDeSaida', '/caixa-de-saida', 'configuracoes', ['L', 'R', 'U']),

  a('PeriodoContabil', '/periodo-contabil', 'financeiro'),
  a('Cobranca', '/cobranca', 'financeiro'),
  a('Subconta', '/subconta', 'financeiro'),
  a('PendenciasFinanceiras', '/pendencias-financeiras', 'financeiro', ['L', 'R', 'U']),
  a('Clientes', '/clientes', 'financeiro'),
  a('ClientesAsaasLote', '/clientes-asaas-lote', 'financeiro'),
  a('CentroCusto', '/controle-gerencial', 'financeiro'),
  a('ContaAReceber', '/conta-a-receber', 'financeiro'),
  a('Pagamento', '/pagamento/form', 'financeiro'),
  a('ListaDeRecibos', '/lista-de-recibos', 'financeiro'),
  a('ContaCaixa', '/conta-caixa', 'financeiro'),
  a('PlanoConta', '/plano-de-conta', 'financeiro'),
  a('Lancamentos', '/lancamento-caixa', 'financeiro'),
  a('ExportacaoArquivoContabil', '/lancamento-caixa/formExportar', 'financeiro', ['R', 'C']),
  a('PlanoOfertas', '/plano-de-ofertas', 'financeiro'),
  a('ProcessamentosEmLote', '/processamentos-em-lote', 'financeiro'),
  a('CobrancasEmLote', '/cobrancas-em-lote/form', 'financeiro'),
  a('ContasAReceberLote', '/contas-a-receber-lote/form', 'financeiro'),
  a('Etiquetas', '/emissao-etiquetas', 'financeiro', ['R', 'C']),
  a('Carnes', '/emissao-carnes', 'financeiro', ['R', 'C']),
  a('Migracao', '/migracao', 'financeiro'),

  a('RelatorioPessoas', '/relatorios', 'relatorios', ['R']),
  a('RelatorioContasReceber', '/relatorio-contas-receber', 'relatorios', ['R']),
  a('RelatorioInadimplencia', '/relatorio-inadimplencia', 'relatorios', ['R']),
  a('RelatorioFinanceiro', '/relatorio-financeiro', 'relatorios', ['R']),
  a('RelatorioGerencial', '/relatorio-gerencial', 'relatorios', ['R']),

  a('AtendimentoMeusAtendimentos', '/atendimento-meus-atendimentos', 'atendimentos'),
  a('AtendimentoCaixaEntrada', '/atendimento-caixa-entrada', 'atendimentos'),
  a('AtendimentoTriagem', '/atendimento-triagem', 'atendimentos'),
  a('AtendimentoSolicitacoesGeral', '/atendimento-solicitacoes-geral', 'atendimentos'),
] as const;

/** The screens' ids as a literal union: a mistyped id (`'NaoExiste'`) does not compile. */
export type AcessoId = (typeof ACESSOS)[number]['id'];
export type Acesso = DefinicaoAcesso<AcessoId>;

export const ACESSO_POR_ID: ReadonlyMap<string, Acesso> = new Map(ACESSOS.map((x): [string, Acesso] => [x.id, x]));

export const isAcessoId = (id: string): id is AcessoId => ACESSO_POR_ID.has(id);

/**
 * Fields that a profile may hide or lock per screen (spec §6 "per field"). A screen lists
 * here the fields whose permission can differ from the screen's; modules add theirs.
 */
/**
 * A ticket's fields a profile may hide or lock, the same on each queue's screen: who answers for
 * it, when an answer is due, how it is classified, its parent ticket, the category's characteristics.
 */
export const CAMPOS_ATENDIMENTO = [
  'responsavelUsuarioId',
  'dataRetornoPrevista',
  'classificacaoId',
  'atendimentoPaiId',
  'caracteristicas',
] as const;

export const CAMPOS_POR_ACESSO: Partial<Record<AcessoId, readonly string[]>> = {
  AtendimentoMeusAtendimentos: CAMPOS_ATENDIMENTO,
  AtendimentoCaixaEntrada: CAMPOS_ATENDIMENTO,
  AtendimentoTriagem: CAMPOS_ATENDIMENTO,
  AtendimentoSolicitacoesGeral: CAMPOS_ATENDIMENTO,
  Organizacao: [
    'cnpj',
    'inscricaoEstadual',
    'inscricaoMunicipal',
    'registroEstatuto',
    'tokenAsaas',
    'diaVencimentoContribuicao',
    'valorPadraoContribuicao',
    'tipoValorContribuicao',
    'lancamentoCaixaAutomatico',
  ],
  // Sensitive personal data (LGPD): documents, health, income and bank accounts.
  Pessoa: [
    'cpf',
    'rg',
    'rgOrgaoEmissor',
    'rgDataEmissao',
    'tituloEleitor',
    'nitPis',
    'cnh',
    'planoSaude',
    'deficienciaFisica',
    'deficienciaVisual',
    'deficienciaAuditiva',
    'deficienciaIntelectual',
    'contribuicao',
    'contasBancarias',
    // The person's user account: whoever may edit people does not necessarily manage logins.
    'usuario',
  ],
};

/** Spec §6: a profile with exactly this name is the administrator and bypasses page checks. */
export const PERFIL_ADMINISTRADOR = 'Administrador do Sistema';

/** Letter of an action (spec §6) → the permission flag it reads. */
export const CAMPO_DA_ACAO = {
  L: 'listar',
  R: 'visualizar',
  C: 'criar',
  U: 'atualizar',
  D: 'excluir',
} as const satisfies Record<Acao, string>;
