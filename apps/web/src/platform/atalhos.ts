import { useCallback, useSyncExternalStore } from 'react';
import { lerSessao } from './sessao';

/**
 * The home page's "recent and favourite screens" (issue 18), kept per user in this browser, as
 * the spec §3 keys are: no per-user preference store exists on the server. Screens are access ids.
 */
const MAXIMO_RECENTES = 6;
const chave = (tipo: 'recentes' | 'favoritas') =>
  `telas${tipo === 'recentes' ? 'Recentes' : 'Favoritas'}:${lerSessao()?.email ?? ''}`;

const ouvintes = new Set<() => void>();
const assinar = (f: () => void) => {
  ouvintes.add(f);
  window.addEventListener('storage', f);
  return () => {
    ouvintes.delete(f);
    window.removeEventListener('storage', f);
  };
};

function ler(tipo: 'recentes' | 'favoritas'): string {
  return localStorage.getItem(chave(tipo)) ?? '[]';
}
function gravar(tipo: 'recentes' | 'favoritas', lista: string[]) {
  localStorage.setItem(chave(tipo), JSON.stringify(lista));
  for (const f of ouvintes) f();
}
const lista = (texto: string): string[] => {
  try {
    const v: unknown = JSON.parse(texto);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** Notes a screen the user opened, newest first. */
export function registrarRecente(acesso: string) {
  const atuais = lista(ler('recentes'));
  if (atuais[0] === acesso) return;
  gravar('recentes', [acesso, ...atuais.filter((a) => a !== acesso)].slice(0, MAXIMO_RECENTES));
}

/** The user's recent and favourite screens, and the pin that toggles a favourite. */
export function useAtalhos() {
  const recentes = lista(useSyncExternalStore(assinar, () => ler('recentes')));
  const favoritas = lista(useSyncExternalStore(assinar, () => ler('favoritas')));
  const alternarFavorita = useCallback((acesso: string) => {
    const atuais = lista(ler('favoritas'));
    gravar('favoritas', atuais.includes(acesso) ? atuais.filter((a) => a !== acesso) : [...atuais, acesso]);
  }, []);
  return { recentes, favoritas, alternarFavorita };
}
