import type { CampoCadastro, DefinicaoCadastro } from './cadastro-definicao.js';

/**
 * The registries of the books (spec §2 Financial, §3 Cash account, Chart of accounts entry,
 * Management control, Offering plan), each kept by an organization: cash accounts are its own;
 * the chart of accounts, cost centres and offering plans may be shared with the organizations
 * below ("accessible by hierarchy"), read-only there.
 */
export const TIPOS_CONTA_CAIXA = ['CAIXA', 'BANCO', 'APLICACAO'] as const;
/** Synthetic accounts group others; only analytic (leaf) accounts take entries. */
export const TIPOS_PLANO_CONTA = ['SINTETICA', 'ANALITICA'] as const;
export const NATUREZAS_PLANO_CONTA = ['RECEITA', 'DESPESA', 'TRANSFERENCIA'] as const;
export const ABRANGENCIAS_OFERTA = ['NACIONAL', 'SINODAL', 'PAROQUIAL', 'COMUNITARIA'] as const;

const nome: CampoCadastro = {
  nome: 'nome',
  tipo: 'texto',
  obrigatorio: true,
  max: 150,
  lista: true,
  filtro: true,
  ordenavel: true,
};
const ativo: CampoCadastro = { nome: 'ativo', tipo: 'booleano', padrao: true, lista: true, filtro: true };
const hierarquia: CampoCadastro = {
  nome: 'acessivelHierarquia',
  tipo: 'booleano',
  padrao: false,
  lista: true,
  filtro: true,
};

export const DEFINICAO_CONTA_CAIXA: DefinicaoCadastro = {
  recurso: 'conta-caixa',
  acesso: 'ContaCaixa',
  campos: [
    nome,
    { nome: 'tipoContaCaixa', tipo: 'opcao', opcoes: TIPOS_CONTA_CAIXA, obrigatorio: true, lista: true, filtro: true },
    { nome: 'codigoContabil', tipo: 'texto', max: 30 },
    { nome: 'bancoId', tipo: 'referencia', referencia: 'banco', lista: true },
    { nome: 'agencia', tipo: 'texto', max: 10 },
    { nome: 'conta', tipo: 'texto', max: 20 },
    { nome: 'saldoInicial', tipo: 'dinheiro', obrigatorio: true, padrao: '0.00', lista: true },
    { nome: 'dataSaldoInicial', tipo: 'data', obrigatorio: true },
    ativo,
  ],
  rotulo: 'nome',
  ordemPadrao: 'nome',
  unicos: ['nome'],
  porOrganizacao: {},
  // A bank account names its bank.
  refinar: (v, ctx) => {
    if (v.tipoContaCaixa === 'BANCO' && !v.bancoId)
      ctx.addIssue({ code: 'custom', path: ['bancoId'], message: 'validacao:obrigatorio' });
  },
};

export const DEFINICAO_PLANO_CONTA: DefinicaoCadastro = {
  recurso: 'plano-de-conta',
  acesso: 'PlanoConta',
  campos: [
    { nome: 'codigoInterno', tipo: 'texto', obrigatorio: true, max: 20, lista: true, filtro: true, ordenavel: true },
    nome,
    { nome: 'codigoContabil', tipo: 'texto', max: 30, lista: true, filtro: true },
    { nome: 'planoContaPaiId', tipo: 'referencia', referencia: 'plano-de-conta', lista: true, filtro: true },
    { nome: 'tipoPlanoConta', tipo: 'opcao', opcoes: TIPOS_PLANO_CONTA, obrigatorio: true, lista: true, filtro: true },
    {
      nome: 'naturezaPlanoConta',
      tipo: 'opcao',
      opcoes: NATUREZAS_PLANO_CONTA,
      obrigatorio: true,
      lista: true,
      filtro: true,
    },
    { nome: 'baseDizimo', tipo: 'booleano', padrao: false, lista: true, filtro: true },
    hierarquia,
    ativo,
  ],
  rotulo: 'nome',
  ordemPadrao: 'codigoInterno',
  unicos: ['codigoInterno'],
  pai: 'planoContaPaiId',
  porOrganizacao: { hierarquia: 'acessivelHierarquia' },
};

export const DEFINICAO_CONTROLE_GERENCIAL: DefinicaoCadastro = {
  recurso: 'controle-gerencial',
  acesso: 'CentroCusto',
  campos: [
    { nome: 'codigo', tipo: 'texto', obrigatorio: true, max: 20, lista: true, filtro: true, ordenavel: true },
    nome,
    {
      nome: 'controleGerencialPaiId',
      tipo: 'referencia',
      referencia: 'controle-gerencial',
      lista: true,
      filtro: true,
    },
    { nome: 'saldoInicial', tipo: 'dinheiro', obrigatorio: true, padrao: '0.00', lista: true },
    hierarquia,
    ativo,
  ],
  rotulo: 'nome',
  ordemPadrao: 'codigo',
  unicos: ['codigo'],
  pai: 'controleGerencialPaiId',
  porOrganizacao: { hierarquia: 'acessivelHierarquia' },
};

/** A calendar date (YYYY-MM-DD) that falls on a Sunday. */
export const ehDomingo = (data: string) => new Date(`${data}T12:00:00Z`).getUTCDay() === 0;

export const DEFINICAO_PLANO_OFERTAS: DefinicaoCadastro = {
  recurso: 'plano-de-ofertas',
  acesso: 'PlanoOfertas',
  campos: [
    { nome: 'data', tipo: 'data', obrigatorio: true, lista: true, ordenavel: true },
    { nome: 'nome', tipo: 'texto', obrigatorio: true, max: 150, lista: true, filtro: true },
    { nome: 'dataLiturgica', tipo: 'texto', max: 150, lista: true },
    { nome: 'abrangencia', tipo: 'opcao', opcoes: ABRANGENCIAS_OFERTA, obrigatorio: true, lista: true, filtro: true },
    { nome: 'destino', tipo: 'texto', obrigatorio: true, max: 200, lista: true, filtro: true },
    { nome: 'motivacao', tipo: 'textoLongo', max: 4000 },
    { nome: 'planoContaId', tipo: 'referencia', referencia: 'plano-de-conta' },
    { nome: 'controleGerencialId', tipo: 'referencia', referencia: 'controle-gerencial' },
    { ...hierarquia, padrao: true },
    ativo,
  ],
  rotulo: 'nome',
  ordemPadrao: 'data',
  porOrganizacao: { hierarquia: 'acessivelHierarquia' },
  // Spec §5, §9: an offering plan's date must be a Sunday.
  refinar: (v, ctx) => {
    if (typeof v.data === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.data) && !ehDomingo(v.data))
      ctx.addIssue({ code: 'custom', path: ['data'], message: 'validacao:domingo' });
  },
};
