import type { AutenticacaoResposta } from '@sig/contracts';

/** Browser storage keys, as spec §3 names them. */
export const CHAVES = {
  idioma: 'idioma',
  quantidade: 'quantidadeRegistrosPorPagina',
  token: 'token',
  primeiroNome: 'primeiroNome',
  sobrenome: 'sobrenome',
  email: 'email',
  organizacaoId: 'organizacaoLogadaId',
  organizacaoNome: 'organizacaoLogadaNome',
  pessoaId: 'pessoaLogadaId',
} as const;

export type IdiomaArmazenado = 'br' | 'en';

export type SessaoLocal = {
  token: string;
  primeiroNome: string;
  sobrenome: string;
  email: string;
  organizacaoId: number;
  organizacaoNome: string;
  pessoaId: number;
};

const ouvintes = new Set<() => void>();
export const aoMudarSessao = (f: () => void) => {
  ouvintes.add(f);
  return () => ouvintes.delete(f);
};
const avisar = () => {
  for (const f of ouvintes) f();
};

export function lerSessao(): SessaoLocal | null {
  const token = localStorage.getItem(CHAVES.token);
  if (!token) return null;
  return {
    token,
    primeiroNome: localStorage.getItem(CHAVES.primeiroNome) ?? '',
    sobrenome: localStorage.getItem(CHAVES.sobrenome) ?? '',
    email: localStorage.getItem(CHAVES.email) ?? '',
    organizacaoId: Number(localStorage.getItem(CHAVES.organizacaoId) ?? 0),
    organizacaoNome: localStorage.getItem(CHAVES.organizacaoNome) ?? '',
    pessoaId: Number(localStorage.getItem(CHAVES.pessoaId) ?? 0),
  };
}

export function gravarSessao(r: AutenticacaoResposta) {
  localStorage.setItem(CHAVES.token, r.accessToken);
  localStorage.setItem(CHAVES.primeiroNome, r.primeiroNome);
  localStorage.setItem(CHAVES.sobrenome, r.sobrenome);
  localStorage.setItem(CHAVES.email, r.email);
  localStorage.setItem(CHAVES.organizacaoId, String(r.organizacaoId));
  localStorage.setItem(CHAVES.organizacaoNome, r.organizacaoNome);
  localStorage.setItem(CHAVES.pessoaId, String(r.pessoaId));
  avisar();
}

/** Clears the login data (spec §8: invalid token or 401), keeping language and page size. */
export function limparSessao() {
  const tinha = !!localStorage.getItem(CHAVES.token);
  for (const k of [
    CHAVES.token,
    CHAVES.primeiroNome,
    CHAVES.sobrenome,
    CHAVES.email,
    CHAVES.organizacaoId,
    CHAVES.organizacaoNome,
    CHAVES.pessoaId,
  ]) {
    localStorage.removeItem(k);
  }
  if (tinha) avisar();
}

export const lerIdioma = (): IdiomaArmazenado => (localStorage.getItem(CHAVES.idioma) === 'en' ? 'en' : 'br');
export const gravarIdioma = (i: IdiomaArmazenado) => localStorage.setItem(CHAVES.idioma, i);
export const idiomaI18n = (i: IdiomaArmazenado) => (i === 'en' ? 'en' : 'pt-BR');

export const QUANTIDADE_PADRAO = 10;
export const lerQuantidade = () => Number(localStorage.getItem(CHAVES.quantidade)) || QUANTIDADE_PADRAO;
export const gravarQuantidade = (n: number) => localStorage.setItem(CHAVES.quantidade, String(n));

/**
 * The spec §3 keys that have defaults are stored from the first visit (`idioma` = `br`,
 * `quantidadeRegistrosPorPagina` = 10), not only once the user changes them.
 */
export function gravarPadroes() {
  if (localStorage.getItem(CHAVES.idioma) === null) gravarIdioma('br');
  if (localStorage.getItem(CHAVES.quantidade) === null) gravarQuantidade(QUANTIDADE_PADRAO);
}
