import type { z } from 'zod';
import type { AcessoId } from './acessos.js';

/**
 * One declaration per simple registry (issue "CRUD engine"): the API engine builds its routes,
 * table access, filters and export from it, and the web engine builds its list and form. Field
 * labels are `campos:<nome>` in i18n; option labels `campos:opcao.<campo>.<valor>` (or `rotuloOpcoes`).
 */
/**
 * The API resources a declaration names: its own path segment, or the registry a reference field
 * reads its options from (GET /api/<recurso>/select). A literal union, so a typo does not compile.
 */
export type Recurso =
  | 'banco'
  | 'cargo'
  | 'caracteristica'
  | 'categoria-atendimentos'
  | 'categorias-contribuicao'
  | 'cemiterio'
  | 'cidade'
  | 'classe'
  | 'classificacao'
  | 'colecoes'
  | 'configuracao-etiquetas'
  | 'conta-caixa'
  | 'controle-gerencial'
  | 'estado'
  | 'gabarito-dons'
  | 'grau-parentesco'
  | 'icones'
  | 'jazigo'
  | 'mural-de-avisos'
  | 'organizacao'
  | 'pais'
  | 'parametro'
  | 'pessoa'
  | 'pessoa-ministro'
  | 'plano-de-conta'
  | 'plano-de-ofertas'
  | 'profissao'
  | 'setor'
  | 'situacao'
  | 'time'
  | 'template-oficio'
  | 'tipo-grupo'
  | 'tipo-campo-trabalho'
  | 'tipo-celebracao-oficio'
  | 'tipo-contato'
  | 'tipo-endereco'
  | 'tipo-moradia'
  | 'tipo-organizacao'
  | 'tipo-pessoa'
  | 'usuarios'
  | 'visualizacao';

export type TipoCampo =
  | 'texto'
  | 'textoLongo'
  | 'inteiro'
  | 'dinheiro'
  | 'decimal'
  | 'data'
  | 'booleano'
  | 'opcao'
  | 'referencia'
  | 'cpf'
  | 'cnpj'
  | 'cep'
  | 'telefone'
  | 'email'
  | 'url'
  /** A time of day, `HH:mm`. */
  | 'hora'
  /** Several records of the `referencia` registry, as an array of ids (celebrants of a service). */
  | 'referencias';

/**
 * A web extension of a field, named here and drawn by the web engine (platform/crud/extensoes.tsx):
 * its own control in forms, its own cell in lists, or both. A literal union, so a typo does not compile.
 */
export type ExtensaoCampo =
  /** A reference to the icon registry: the glyph beside its name, in the select and the cell. */
  | 'icone'
  /** An option that names a glyph of the bundled icon set: the glyph beside its label. */
  | 'glifo'
  /** People ids picked with the people selector, within the organization's maximum selection. */
  | 'pessoas';

export type CampoCadastro = {
  /** Property name in the API (camelCase; the column is its snake_case). */
  nome: string;
  tipo: TipoCampo;
  obrigatorio?: boolean;
  /** Length bounds for text, value bounds for numbers and money, item bounds for `referencias`. */
  min?: number;
  max?: number;
  /** Allowed values of an `opcao` field. */
  opcoes?: readonly string[];
  /** Drawn by a web extension instead of the type's own control and cell. */
  extensao?: ExtensaoCampo;
  /** i18n prefix of the option labels when they live elsewhere (`menu:acessos` for screens). */
  rotuloOpcoes?: string;
  /**
   * The registry a `referencia` (or `referencias`) field points to (its `recurso`); options come from
   * GET /api/<recurso>/select, and a registry's list answers the label beside the id (`<nome>Rotulo`).
   */
  referencia?: Recurso;
  /** Shown as a column in the list. */
  lista?: boolean;
  /** Offered as a list filter (text: contains, accent-insensitive; others: equals). */
  filtro?: boolean;
  ordenavel?: boolean;
  /** Default value on create. */
  padrao?: string | number | boolean;
};

/**
 * Sub-records edited inside the parent's form (options of a characteristic, participants of a
 * team): they travel as an array property of the parent and are saved with it in one transaction.
 */
export type FilhoCadastro = {
  /** Property of the parent holding the array (`opcoes`); labels `campos:<nome>`. */
  nome: string;
  campos: readonly CampoCadastro[];
  /** Bounds on the number of items (spec: a team has at least one participant). */
  min?: number;
  max?: number;
  /** Fields whose value may appear only once among the items. */
  unicos?: readonly string[];
  /** Date pairs [start, end] of each item: the end may not come before the start (spec §5). */
  periodos?: readonly (readonly [string, string])[];
  /** Date fields that record what happened, so cannot be in the future (spec §5). */
  passado?: readonly string[];
};

export type DefinicaoCadastro = {
  /** Path segment of the API (`/api/<recurso>`) and of the web list (`/<recurso>`). */
  recurso: Recurso;
  acesso: AcessoId;
  /** Web form path when the spec names another one (`/tipoPessoa/form`); default `/<recurso>/form`. */
  rotaForm?: string;
  campos: readonly CampoCadastro[];
  /** Field shown as the option label in selects. */
  rotulo: string;
  ordemPadrao: string;
  /** Fields whose value must be unique among non-deleted records (case-insensitive for text). */
  unicos?: readonly string[];
  /** Rules across fields, as zod refinements (run on both sides). */
  refinar?: (v: Record<string, unknown>, ctx: z.RefinementCtx) => void;
  filhos?: readonly FilhoCadastro[];
  /** A `referencia` field to the registry itself that makes the rows a tree (cycles refused). */
  pai?: string;
  /**
   * Rows belong to an organization (the one the user acts for when creating): seen and changed
   * within the user's scope. When the boolean field named by `hierarquia` is on, the
   * organizations below see the row too, read-only ("accessible by hierarchy"); without it,
   * rows stay with their organization.
   */
  porOrganizacao?: { hierarquia?: string };
  /**
   * A form route segment between the id and `visualizacao` that fills a field of a new record
   * (spec: `/cidade/form/{id}/{paisCaracteristicaOpcaoId}/{visualizacao}` brings the country).
   */
  preenchimentoRota?: { parametro: string; campo: string };
};
