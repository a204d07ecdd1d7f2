import { z } from 'zod';
import { type CampoCadastro, esquemaDosCampos } from './cadastros.js';
import { busca, data, id } from './comum.js';
import { FORMAS_COBRANCA } from './conta-a-receber.js';
import { listQuery, paged, pagedComTotais } from './paginacao.js';
import { referencia } from './referencias.js';

/**
 * Cemeteries (spec §2 /cemiterio, /arrendatario, /falecido; issue 20): a parish's cemetery and its
 * plots (jazigos, by block, row and number), the concession of a plot to a person of the registry
 * (the lease holder, spec §3) and the deceased buried in it.
 */
export const ACESSO_CEMITERIO = 'Cemiterio';
export const ACESSO_ARRENDATARIO = 'Arrendatario';
export const ACESSO_FALECIDO = 'Falecido';

export const TIPOS_JAZIGO = ['SEPULTURA', 'GAVETA', 'OSSARIO'] as const;
export const SITUACOES_JAZIGO = ['LIVRE', 'RESERVADO', 'OCUPADO', 'EM_EXUMACAO', 'INDISPONIVEL'] as const;
export type SituacaoJazigo = (typeof SITUACOES_JAZIGO)[number];
export const TIPOS_CONCESSAO = ['TEMPORARIA', 'PERPETUA', 'GRATUITA'] as const;
/**
 * A concession's life cycle (issue 20), derived and never stored, so lists filter and count by it:
 * reserved (granted, no one buried), active, due for renewal (its "renewed until" within the next
 * `DIAS_A_VENCER` days), expired (before today, in Brazil's day), in exhumation (its plot is) and
 * closed (ended, its plot given back). A perpetual concession, or one with no term, never expires.
 */
export const ESTADOS_CONCESSAO = ['RESERVADA', 'VIGENTE', 'A_VENCER', 'VENCIDA', 'EM_EXUMACAO', 'ENCERRADA'] as const;
export type EstadoConcessao = (typeof ESTADOS_CONCESSAO)[number];
export const DIAS_A_VENCER = 90;

/** What expires next: the months ahead a list may look at, and those the monthly e-mail lists. */
export const MESES_VENCIMENTO_MAXIMO = 60;
export const MESES_AVISO_VENCIMENTO = 3;

/** Plots one bulk generation may create at most (a 2,000-plot block fits). */
export const MAXIMO_JAZIGOS_GERADOS = 5_000;

export const CAMPOS_CEMITERIO = [
  { nome: 'organizacaoId', tipo: 'referencia', referencia: 'organizacao', obrigatorio: true },
  { nome: 'nome', tipo: 'texto', obrigatorio: true, max: 150 },
  { nome: 'endereco', tipo: 'texto', max: 300 },
  /** The legal minimum before an exhumation (issue 20: a cemetery setting, default 3 years). */
  { nome: 'prazoExumacaoAnos', tipo: 'inteiro', min: 1, max: 50, obrigatorio: true, padrao: 3 },
  /** Opt-in: its burials answer the public search by name (name, dates and plot only). */
  { nome: 'buscaPublica', tipo: 'booleano' },
] as const satisfies readonly CampoCadastro[];

export const cemiterioInput = esquemaDosCampos(CAMPOS_CEMITERIO);
export type CemiterioInput = z.infer<typeof cemiterioInput>;

export const cemiterio = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  nome: z.string(),
  endereco: z.string().nullable(),
  prazoExumacaoAnos: z.number().int(),
  buscaPublica: z.boolean(),
  /** Plots laid out, and those still free. */
  jazigos: z.number().int(),
  livres: z.number().int(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Cemiterio = z.infer<typeof cemiterio>;

export const cemiterioListQuery = listQuery.extend({
  organizacaoId: referencia('organizacao', id).optional(),
  nome: busca(150),
});
export const cemiterioPagina = paged(cemiterio);
export type CemiterioPagina = z.infer<typeof cemiterioPagina>;

/** A block of plots laid out at once: block A, rows 1–20, plots 1–30 (issue 20). */
export const CAMPOS_GERAR_JAZIGOS = [
  { nome: 'quadra', tipo: 'texto', obrigatorio: true, max: 10 },
  { nome: 'fileiraDe', tipo: 'inteiro', min: 1, max: 500, obrigatorio: true, padrao: 1 },
  { nome: 'fileiraAte', tipo: 'inteiro', min: 1, max: 500, obrigatorio: true },
  { nome: 'numeroDe', tipo: 'inteiro', min: 1, max: 2000, obrigatorio: true, padrao: 1 },
  { nome: 'numeroAte', tipo: 'inteiro', min: 1, max: 2000, obrigatorio: true },
  { nome: 'tipoJazigo', tipo: 'opcao', opcoes: TIPOS_JAZIGO, obrigatorio: true, padrao: 'SEPULTURA' },
  { nome: 'capacidade', tipo: 'inteiro', min: 1, max: 20, obrigatorio: true, padrao: 1 },
] as const satisfies readonly CampoCadastro[];

export const gerarJazigosInput = esquemaDosCampos(CAMPOS_GERAR_JAZIGOS, (v, ctx) => {
  if (v.fileiraAte < v.fileiraDe)
    ctx.addIssue({ code: 'custom', path: ['fileiraAte'], message: 'validacao:fimAntesInicio' });
  if (v.numeroAte < v.numeroDe)
    ctx.addIssue({ code: 'custom', path: ['numeroAte'], message: 'validacao:fimAntesInicio' });
  if ((v.fileiraAte - v.fileiraDe + 1) * (v.numeroAte - v.numeroDe + 1) > MAXIMO_JAZIGOS_GERADOS)
    ctx.addIssue({ code: 'custom', path: ['numeroAte'], message: 'validacao:jazigosDemais' });
});
export type GerarJazigosInput = z.infer<typeof gerarJazigosInput>;
export const gerarJazigosResposta = z.object({ criados: z.number().int(), existentes: z.number().int() });

export const jazigo = z.object({
  id: z.number().int(),
  cemiterioId: z.number().int(),
  cemiterioNome: z.string(),
  quadra: z.string(),
  fileira: z.number().int(),
  numero: z.number().int(),
  /** `A-1-3`: block, row and plot, as the plot is named in selects and lists. */
  rotulo: z.string(),
  tipoJazigo: z.enum(TIPOS_JAZIGO),
  capacidade: z.number().int(),
  situacaoJazigo: z.enum(SITUACOES_JAZIGO),
  /** The deceased buried in it now. */
  ocupantes: z.number().int(),
});
export type Jazigo = z.infer<typeof jazigo>;

/** The grid of one block (the first when none is asked) and the blocks there are. */
export const gradeJazigosQuery = z.object({ quadra: busca(10) });
export const gradeJazigos = z.object({
  quadras: z.array(z.string()),
  quadra: z.string().nullable(),
  jazigos: z.array(jazigo),
});
export type GradeJazigos = z.infer<typeof gradeJazigos>;

/** A plot's own data, changed one at a time (a plot made unavailable, a grave turned into drawers). */
export const CAMPOS_JAZIGO = [
  { nome: 'tipoJazigo', tipo: 'opcao', opcoes: TIPOS_JAZIGO, obrigatorio: true },
  { nome: 'capacidade', tipo: 'inteiro', min: 1, max: 20, obrigatorio: true },
  { nome: 'situacaoJazigo', tipo: 'opcao', opcoes: SITUACOES_JAZIGO, obrigatorio: true },
] as const satisfies readonly CampoCadastro[];
export const jazigoInput = esquemaDosCampos(CAMPOS_JAZIGO);
export type JazigoInput = z.infer<typeof jazigoInput>;

export const jazigoSelectQuery = z.object({
  busca: busca(150),
  cemiterioId: referencia('cemiterio', id).optional(),
});

/** A concession of a plot to a person of the registry (spec §3 lease holder). */
export const CAMPOS_ARRENDATARIO = [
  { nome: 'jazigoId', tipo: 'referencia', referencia: 'jazigo', obrigatorio: true },
  { nome: 'pessoaId', tipo: 'referencia', referencia: 'pessoa', obrigatorio: true },
  { nome: 'tipoConcessao', tipo: 'opcao', opcoes: TIPOS_CONCESSAO, obrigatorio: true, padrao: 'TEMPORARIA' },
  { nome: 'inicio', tipo: 'data', obrigatorio: true },
  { nome: 'renovadoAte', tipo: 'data' },
  { nome: 'valor', tipo: 'dinheiro', min: 0, obrigatorio: true, padrao: '0.00' },
  /** Spec §5 and §9: fewer than 12 installments. */
  { nome: 'parcelas', tipo: 'inteiro', min: 1, max: 11, obrigatorio: true, padrao: 1 },
  { nome: 'isento', tipo: 'booleano' },
  { nome: 'motivoIsencao', tipo: 'texto', max: 300 },
  /** On request, the installments are charged at the provider too (a charges batch, by this method). */
  { nome: 'formaCobranca', tipo: 'opcao', opcoes: FORMAS_COBRANCA, rotuloOpcoes: 'campos:opcao.formaPagamento' },
] as const satisfies readonly CampoCadastro[];

export const arrendatarioInput = esquemaDosCampos(CAMPOS_ARRENDATARIO, (v, ctx) => {
  if (v.renovadoAte && v.renovadoAte < v.inicio)
    ctx.addIssue({ code: 'custom', path: ['renovadoAte'], message: 'validacao:dataFimAntesInicio' });
  if (v.isento && !v.motivoIsencao)
    ctx.addIssue({ code: 'custom', path: ['motivoIsencao'], message: 'validacao:obrigatorio' });
});
export type ArrendatarioInput = z.infer<typeof arrendatarioInput>;

export const arrendatario = z.object({
  id: z.number().int(),
  jazigoId: z.number().int(),
  jazigoRotulo: z.string(),
  cemiterioId: z.number().int(),
  cemiterioNome: z.string(),
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  tipoConcessao: z.enum(TIPOS_CONCESSAO),
  inicio: z.string(),
  renovadoAte: z.string().nullable(),
  valor: z.string(),
  parcelas: z.number().int(),
  isento: z.boolean(),
  motivoIsencao: z.string().nullable(),
  convertidaEm: z.string().nullable(),
  diferencaConversao: z.string().nullable(),
  encerradaEm: z.string().nullable(),
  /** The deceased buried under this concession. */
  falecidos: z.number().int(),
  estadoConcessao: z.enum(ESTADOS_CONCESSAO),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Arrendatario = z.infer<typeof arrendatario>;

export const arrendatarioListQuery = listQuery.extend({
  cemiterioId: referencia('cemiterio', id).optional(),
  /** The holder's name, accent-insensitive. */
  nome: busca(150),
  /** What expires next: concessions with a term ("renewed until") on or before this date. */
  vencendoAte: data.optional(),
  /** What expires in the next N months: a term from today to N months ahead. */
  venceEmMeses: z.coerce.number().int().min(1).max(MESES_VENCIMENTO_MAXIMO).optional(),
  estadoConcessao: z.enum(ESTADOS_CONCESSAO).optional(),
});
export const arrendatarioPagina = paged(arrendatario);
export type ArrendatarioPagina = z.infer<typeof arrendatarioPagina>;

/** A renewal: the new "renewed until", after the current one (the service checks it). */
export const CAMPOS_RENOVACAO = [
  { nome: 'renovadoAte', tipo: 'data', obrigatorio: true },
  /** What the renewal costs, in installments as a grant (none when zero or the concession is exempt). */
  { nome: 'valor', tipo: 'dinheiro', min: 0, padrao: '0.00' },
  { nome: 'parcelas', tipo: 'inteiro', min: 1, max: 11, padrao: 1 },
  /** On request, the installments are charged at the provider too (a charges batch, by this method). */
  { nome: 'formaCobranca', tipo: 'opcao', opcoes: FORMAS_COBRANCA, rotuloOpcoes: 'campos:opcao.formaPagamento' },
] as const satisfies readonly CampoCadastro[];
export const renovacaoInput = esquemaDosCampos(CAMPOS_RENOVACAO);
export type RenovacaoInput = z.infer<typeof renovacaoInput>;

/**
 * A temporary concession made perpetual within its term (issue 20): the day, inside the term
 * (the service checks it), and the difference paid, added to the concession's value.
 */
export const CAMPOS_CONVERSAO = [
  { nome: 'convertidaEm', tipo: 'data', obrigatorio: true },
  { nome: 'diferencaConversao', tipo: 'dinheiro', min: 0, obrigatorio: true },
  { nome: 'parcelas', tipo: 'inteiro', min: 1, max: 11, padrao: 1 },
  /** On request, the installments are charged at the provider too (a charges batch, by this method). */
  { nome: 'formaCobranca', tipo: 'opcao', opcoes: FORMAS_COBRANCA, rotuloOpcoes: 'campos:opcao.formaPagamento' },
] as const satisfies readonly CampoCadastro[];
export const conversaoInput = esquemaDosCampos(CAMPOS_CONVERSAO);
export type ConversaoInput = z.infer<typeof conversaoInput>;

/**
 * The holder's succession (issue 20): on the holder's death the concession passes to an heir
 * chosen among the holder's family links (the service checks both), from a day on.
 */
export const CAMPOS_SUCESSAO = [
  { nome: 'herdeiroId', tipo: 'referencia', referencia: 'pessoa', obrigatorio: true },
  { nome: 'sucedidaEm', tipo: 'data', obrigatorio: true },
] as const satisfies readonly CampoCadastro[];
export const sucessaoInput = esquemaDosCampos(CAMPOS_SUCESSAO);
export type SucessaoInput = z.infer<typeof sucessaoInput>;

/** A possible heir: a living relative of the holder, with the degree of the link. */
export const herdeiro = z.object({ pessoaId: z.number().int(), nome: z.string(), grau: z.string() });
export type Herdeiro = z.infer<typeof herdeiro>;

/** Where a concession's receivable came from: the grant, a renewal or the conversion to perpetual. */
export const ORIGENS_PARCELA = ['CONCESSAO', 'RENOVACAO', 'CONVERSAO', 'CONSERVACAO'] as const;

/** A year's upkeep fee ("taxa de conservação") of a concession: one receivable, due on a day. */
export const CAMPOS_CONSERVACAO = [
  { nome: 'vencimento', tipo: 'data', obrigatorio: true },
  { nome: 'valor', tipo: 'dinheiro', min: 0.01, obrigatorio: true },
] as const satisfies readonly CampoCadastro[];
export const conservacaoInput = esquemaDosCampos(CAMPOS_CONSERVACAO);
export type ConservacaoInput = z.infer<typeof conservacaoInput>;

/** Upkeep fees in arrears (issue 20): per concession and debtor, the upkeep receivables past due and unpaid. */
export const conservacaoAtrasoQuery = listQuery.extend({
  cemiterioId: referencia('cemiterio', id).optional(),
  nome: busca(150),
  /** Only fees due on or before this day (default: all before today). */
  vencidasAte: data.optional(),
});
export type ConservacaoAtrasoQuery = z.infer<typeof conservacaoAtrasoQuery>;
export const conservacaoAtraso = z.object({
  arrendatarioId: z.number().int(),
  /** Who owes the fees: the holder when they were launched. */
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  cemiterioNome: z.string(),
  jazigoRotulo: z.string(),
  parcelasEmAtraso: z.number().int(),
  valorEmAtraso: z.string(),
  vencimentoMaisAntigo: z.string(),
});
/** The totals are of the whole filtered set, not the page. */
export const conservacaoAtrasoPagina = pagedComTotais(conservacaoAtraso, {
  parcelasEmAtraso: z.number().int(),
  valorEmAtraso: z.string(),
});
export type ConservacaoAtrasoPagina = z.infer<typeof conservacaoAtrasoPagina>;

/** The forecast of free plots by month (issue 20): terms ending and burials reaching the exhumation term. */
export const MESES_PREVISAO_MAXIMO = 60;
export const previsaoVagasQuery = z.object({
  meses: z.coerce.number().int().min(1).max(MESES_PREVISAO_MAXIMO).default(12),
});
export const previsaoVagas = z.object({
  /** Plots free now. */
  livresHoje: z.number().int(),
  meses: z.array(
    z.object({
      /** `YYYY-MM`. */
      mes: z.string(),
      /** Temporary or free concessions whose term ends in the month: their plots may be freed. */
      termosEncerrando: z.number().int(),
      /** Burials in such concessions reaching the cemetery's minimum term before exhumation. */
      exumacoesPossiveis: z.number().int(),
      /** Free now plus the terms ended up to this month. */
      livresPrevistos: z.number().int(),
    }),
  ),
});
export type PrevisaoVagas = z.infer<typeof previsaoVagas>;

/** A concession's installment: its receivable, as it stands now. */
export const parcelaConcessao = z.object({
  contaAReceberId: z.number().int(),
  origem: z.enum(ORIGENS_PARCELA),
  numero: z.number().int(),
  de: z.number().int(),
  vencimento: z.string(),
  valorPrevisto: z.string(),
  valorPago: z.string().nullable(),
  status: z.string(),
});
export type ParcelaConcessao = z.infer<typeof parcelaConcessao>;

/** The end of a concession whose plot is empty: the plot is given back, the record kept. */
export const CAMPOS_ENCERRAMENTO = [
  { nome: 'encerradaEm', tipo: 'data', obrigatorio: true },
] as const satisfies readonly CampoCadastro[];
export const encerramentoInput = esquemaDosCampos(CAMPOS_ENCERRAMENTO);
export type EncerramentoInput = z.infer<typeof encerramentoInput>;

/** A deceased buried in a plot: a person of the registry, or a name for someone never registered. */
export const CAMPOS_FALECIDO = [
  { nome: 'jazigoId', tipo: 'referencia', referencia: 'jazigo', obrigatorio: true },
  { nome: 'pessoaId', tipo: 'referencia', referencia: 'pessoa' },
  { nome: 'nome', tipo: 'texto', max: 150 },
  { nome: 'dataNascimento', tipo: 'data' },
  { nome: 'dataFalecimento', tipo: 'data', obrigatorio: true },
  { nome: 'dataSepultamento', tipo: 'data', obrigatorio: true },
  /** The drawer of the plot, lettered (A, B…). */
  { nome: 'gaveta', tipo: 'texto', max: 5 },
  { nome: 'certidaoObito', tipo: 'texto', max: 60 },
] as const satisfies readonly CampoCadastro[];

export const falecidoInput = esquemaDosCampos(CAMPOS_FALECIDO, (v, ctx) => {
  if (!v.pessoaId && !v.nome) ctx.addIssue({ code: 'custom', path: ['nome'], message: 'validacao:obrigatorio' });
  if (v.dataNascimento && v.dataNascimento > v.dataFalecimento)
    ctx.addIssue({ code: 'custom', path: ['dataFalecimento'], message: 'validacao:falecimentoAntesNascimento' });
  if (v.dataSepultamento < v.dataFalecimento)
    ctx.addIssue({ code: 'custom', path: ['dataSepultamento'], message: 'validacao:sepultamentoAntesFalecimento' });
});
export type FalecidoInput = z.infer<typeof falecidoInput>;

export const falecido = z.object({
  id: z.number().int(),
  jazigoId: z.number().int(),
  jazigoRotulo: z.string(),
  cemiterioId: z.number().int(),
  cemiterioNome: z.string(),
  /** The concession the burial was made under. */
  arrendatarioId: z.number().int(),
  pessoaId: z.number().int().nullable(),
  /** The registry's name of the person, or the name typed in. */
  nome: z.string(),
  dataNascimento: z.string().nullable(),
  dataFalecimento: z.string(),
  dataSepultamento: z.string(),
  gaveta: z.string().nullable(),
  certidaoObito: z.string().nullable(),
  /** When the remains left the plot; the plot's room counts only those still in it. */
  dataExumacao: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Falecido = z.infer<typeof falecido>;

export const falecidoListQuery = listQuery.extend({
  cemiterioId: referencia('cemiterio', id).optional(),
  nome: busca(150),
});
/** `totalExato` false: more matches than the count's cap (the screen says "100+"). */
export const falecidoPagina = paged(falecido).extend({ totalExato: z.boolean() });
export type FalecidoPagina = z.infer<typeof falecidoPagina>;

/**
 * The public "where is buried" search (issue 20): by name, in the cemeteries that opted in; a
 * burial shows its name, dates and plot only (LGPD), and the exhumed are not there any more.
 */
export const MAXIMO_SEPULTADOS_PUBLICOS = 50;
export const buscaSepultadosQuery = z.object({ nome: z.string().trim().min(3).max(100) });
export const sepultadoPublico = z.object({
  nome: z.string(),
  dataNascimento: z.string().nullable(),
  dataFalecimento: z.string(),
  dataSepultamento: z.string(),
  cemiterioNome: z.string(),
  cemiterioEndereco: z.string().nullable(),
  jazigoRotulo: z.string(),
});
export type SepultadoPublico = z.infer<typeof sepultadoPublico>;
export const sepultadosPublicos = z.object({
  itens: z.array(sepultadoPublico),
  /** More burials matched than the page shows: the visitor types more of the name. */
  maisResultados: z.boolean(),
});
export type SepultadosPublicos = z.infer<typeof sepultadosPublicos>;

/** An exhumation: not before the cemetery's minimum term after the burial (issue 20). */
export const CAMPOS_EXUMACAO = [
  { nome: 'dataExumacao', tipo: 'data', obrigatorio: true },
] as const satisfies readonly CampoCadastro[];
export const exumacaoInput = esquemaDosCampos(CAMPOS_EXUMACAO);
export type ExumacaoInput = z.infer<typeof exumacaoInput>;
