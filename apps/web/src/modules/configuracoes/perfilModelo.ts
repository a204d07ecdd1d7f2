import {
  ACESSOS,
  type Acao,
  type AcessoId,
  type CAMPO_DA_ACAO,
  CAMPOS_POR_ACESSO,
  type GrupoMenu,
  type Perfil,
  type PerfilInput,
  type PermissaoCampo,
  type PermissaoTela,
} from '@sig/contracts';
import { ApiError } from '../../platform/api';

export const ROTA_PERFIL = '/perfil';
export const ROTA_PERFIL_FORM = '/perfil/form';
export const caminhoFormPerfil = (id?: number, visualizar = false) =>
  id === undefined ? ROTA_PERFIL_FORM : `${ROTA_PERFIL_FORM}/${id}${visualizar ? '/visualizacao' : ''}`;

/** One screen's flags as the matrix edits them. */
export type FlagTela = (typeof CAMPO_DA_ACAO)[Acao] | 'somentePropriaOrganizacao';
export type Telas = Record<string, PermissaoTela>;
/** Field rules by `acesso.campo`. */
export type Campos = Record<string, PermissaoCampo>;
export type Matriz = { telas: Telas; campos: Campos };

/** Where the server refused: `acesso` → flags (or field `campo.tipo`). */
export type ErrosMatriz = Map<string, Set<string>>;

export const telaVazia = (acesso: string): PermissaoTela => ({
  acesso,
  listar: false,
  visualizar: false,
  criar: false,
  atualizar: false,
  excluir: false,
  somentePropriaOrganizacao: false,
});

export const chaveCampo = (acesso: string, campo: string) => `${acesso}.${campo}`;

/** The catalogue's screens by menu group, in catalogue order. */
export const GRUPOS: { grupo: GrupoMenu; acessos: (typeof ACESSOS)[number][] }[] = (() => {
  const m = new Map<GrupoMenu, (typeof ACESSOS)[number][]>();
  for (const a of ACESSOS) m.set(a.grupo, [...(m.get(a.grupo) ?? []), a]);
  return [...m].map(([grupo, acessos]) => ({ grupo, acessos }));
})();

export const ACESSOS_COM_CAMPOS = (Object.keys(CAMPOS_POR_ACESSO) as AcessoId[]).filter(
  (a) => (CAMPOS_POR_ACESSO[a] ?? []).length > 0,
);

export function matrizDoPerfil(p?: Pick<Perfil, 'permissoes' | 'campos'>): Matriz {
  const telas: Telas = {};
  for (const a of ACESSOS) telas[a.id] = telaVazia(a.id);
  for (const t of p?.permissoes ?? []) telas[t.acesso] = { ...telaVazia(t.acesso), ...t };
  const campos: Campos = {};
  for (const a of ACESSOS_COM_CAMPOS)
    for (const c of CAMPOS_POR_ACESSO[a] ?? [])
      campos[chaveCampo(a, c)] = { acesso: a, campo: c, visualizar: null, atualizar: null };
  for (const c of p?.campos ?? []) campos[chaveCampo(c.acesso, c.campo)] = { ...c };
  return { telas, campos };
}

const temAlguma = (t: PermissaoTela) =>
  t.listar || t.visualizar || t.criar || t.atualizar || t.excluir || t.somentePropriaOrganizacao;

/**
 * The full rule lists a PUT/POST replaces the profile's with (only rows that say something),
 * plus the order they were sent in, so the server's `permissoes.3.criar` paths map back.
 */
export function corpoDaMatriz(m: Matriz): {
  permissoes: PerfilInput['permissoes'];
  campos: PerfilInput['campos'];
} {
  const permissoes = ACESSOS.map((a) => m.telas[a.id] ?? telaVazia(a.id)).filter(temAlguma);
  const campos = Object.values(m.campos).filter((c) => c.visualizar !== null || c.atualizar !== null);
  return { permissoes, campos };
}

/** The server's PERMISSAO_ACIMA_DA_PROPRIA paths, back onto the screens and flags they name. */
export function errosDaMatriz(erro: unknown, enviado: ReturnType<typeof corpoDaMatriz>): ErrosMatriz | null {
  if (!(erro instanceof ApiError) || erro.codigo !== 'PERMISSAO_ACIMA_DA_PROPRIA') return null;
  const r: ErrosMatriz = new Map();
  const marcar = (acesso: string, flag: string) => r.set(acesso, new Set([...(r.get(acesso) ?? []), flag]));
  for (const { campo } of erro.campos) {
    const [lista, i, flag] = campo.split('.');
    const n = Number(i);
    if (lista === 'permissoes' && enviado.permissoes[n] && flag) marcar(enviado.permissoes[n].acesso, flag);
    else if (lista === 'campos' && enviado.campos[n] && flag)
      marcar(enviado.campos[n].acesso, `${enviado.campos[n].campo}.${flag}`);
  }
  return r;
}
