import { ACESSO_POR_ID, CADASTRO_POR_RECURSO, type CampoCadastro, type DefinicaoCadastro } from '@sig/contracts';
import dayjs from 'dayjs';
import type { ChaveCampo } from '../i18n';

/** A record as the API returns it: the declared fields plus its id. */
export type Registro = { id: number } & Record<string, unknown>;

/** The `visualizacao` route segment that opens a form view-only (any value works; this one is ours). */
export const SEGMENTO_VISUALIZACAO = 'visualizacao';

export function definicaoDe(recurso: string): DefinicaoCadastro {
  const d = CADASTRO_POR_RECURSO.get(recurso);
  if (!d) throw new Error(`unknown registry ${recurso}`);
  return d;
}

/** The list lives at the access id's catalogue path (the menu links there). */
export const rotaLista = (d: DefinicaoCadastro) => ACESSO_POR_ID.get(d.acesso)?.rota ?? `/${d.recurso}`;

export const rotaFormBase = (d: DefinicaoCadastro) => d.rotaForm ?? `/${d.recurso}/form`;

/**
 * The route pattern of the form: no id (or 0) = create, id = edit, `visualizacao` = view-only
 * (spec §2); a declared fill-in segment sits between them.
 */
export const padraoRotaForm = (d: DefinicaoCadastro) =>
  `${rotaFormBase(d)}/:id?${d.preenchimentoRota ? `/:${d.preenchimentoRota.parametro}?` : ''}/:visualizacao?`;

export function caminhoForm(d: DefinicaoCadastro, id?: number, visualizar = false): string {
  if (id === undefined) return rotaFormBase(d);
  return `${rotaFormBase(d)}/${id}${visualizar ? `/${SEGMENTO_VISUALIZACAO}` : ''}`;
}

/** A declared field's label (`campos:<nome>`): the declarations name fields as data, so the key is built. */
export const rotuloCampo = (c: Pick<CampoCadastro, 'nome'>) => `campos:${c.nome}` as ChaveCampo;
export const rotuloOpcao = (c: CampoCadastro, valor: string) =>
  c.rotuloOpcoes ? `${c.rotuloOpcoes}.${valor}` : `campos:opcao.${c.nome}.${valor}`;

export const formatoData = (idioma: string) => (idioma === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY');

export const dataParaTela = (v: unknown, idioma: string) =>
  typeof v === 'string' && v ? dayjs(v).format(formatoData(idioma)) : '';

export function dinheiroParaTela(v: unknown, idioma: string): string {
  if (v === null || v === undefined || v === '') return '';
  const n = Number(v);
  if (Number.isNaN(n)) return String(v);
  return new Intl.NumberFormat(idioma === 'en' ? 'en-US' : 'pt-BR', { style: 'currency', currency: 'BRL' }).format(n);
}

const inicial = (c: CampoCadastro) =>
  c.padrao ?? (c.tipo === 'booleano' ? false : c.tipo === 'referencias' ? [] : null);

/** Initial values of a new record (or sub-record): the declared default, false for switches, none chosen for id lists, null otherwise. */
export function valoresIniciais(campos: readonly CampoCadastro[]): Record<string, unknown> {
  return Object.fromEntries(campos.map((c) => [c.nome, inicial(c)]));
}

export function valoresNovoRegistro(d: DefinicaoCadastro): Record<string, unknown> {
  return { ...valoresIniciais(d.campos), ...Object.fromEntries((d.filhos ?? []).map((f) => [f.nome, []])) };
}

/** Only the declared fields (and sub-records with their ids) travel to the API; audit columns stay out. */
export function valoresDoRegistro(d: DefinicaoCadastro, r: Registro): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  for (const c of d.campos) v[c.nome] = r[c.nome] ?? inicial(c);
  for (const f of d.filhos ?? []) {
    const itens = (r[f.nome] ?? []) as Record<string, unknown>[];
    v[f.nome] = itens.map((i) => ({
      id: i.id,
      ...Object.fromEntries(f.campos.map((c) => [c.nome, i[c.nome] ?? inicial(c)])),
    }));
  }
  return v;
}
