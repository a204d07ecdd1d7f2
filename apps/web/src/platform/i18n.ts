/// <reference types="vite/client" />
import i18next, { type BackendModule, type ParseKeys, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { gravarIdioma, type IdiomaArmazenado, idiomaI18n, lerIdioma } from './sessao';

// The same locale files as the server (`email` is the server's alone): one namespace per module, plus
// `publico` (the public pages), `comum` and `crud` (the platform's), `campos`, `menu`, `erros`, `validacao`.
const arquivos = import.meta.glob<ResourceLanguage>(
  ['../../../../packages/i18n/locales/*/*.json', '!../../../../packages/i18n/locales/*/email.json'],
  { import: 'default' },
);
/**
 * Texts are fetched per language and namespace, when first needed: the public pages' at start
 * (below), a module's with its first screen (each component names its namespaces in
 * `useTranslation`, which suspends until they arrive), `campos` with a form's first validation
 * or a page that shows field names, `menu` with the signed-in area. A language switch fetches
 * the new language's loaded ones first.
 */
const textos: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (idioma, ns, pronto) => {
    const carregar = arquivos[`../../../../packages/i18n/locales/${idioma}/${ns}.json`];
    if (!carregar) return pronto(new Error(`no texts for ${idioma}/${ns}`), false);
    carregar().then(
      (dados) => pronto(null, dados),
      (erro: Error) => pronto(erro, false),
    );
  },
};

/**
 * What every page needs, the public ones included: kept small, /login downloads it. Refusals come
 * with the server's message in the reader's language; `comum:erroInesperado` covers the rest.
 */
export const NAMESPACES_INICIAIS = ['publico', 'comum', 'validacao'] as const;

/** What the signed-in screens need beyond the public pages' namespaces. */
export const NAMESPACES_AREA_LOGADA = ['menu', 'campos', 'erros'] as const;

export const i18n = i18next.createInstance();
void i18n
  .use(textos)
  .use(initReactI18next)
  .init({
    lng: idiomaI18n(lerIdioma()),
    // Both languages have the same keys (scripts/check-i18n.mjs): neither needs the other's texts.
    fallbackLng: false,
    load: 'currentOnly',
    ns: NAMESPACES_INICIAIS,
    defaultNS: 'comum',
    interpolation: { escapeValue: false },
    returnNull: false,
    // The language is set at once (the app reads it on its first render); the texts follow.
    initAsync: false,
  });

/** A field label's key; a component that shows one names `campos` among its namespaces. */
export type ChaveCampo = `campos:${ParseKeys<'campos'>}`;

/** Switches the interface language and stores it as `idioma` (spec §3). */
export function trocarIdioma(idioma: IdiomaArmazenado) {
  gravarIdioma(idioma);
  void i18n.changeLanguage(idiomaI18n(idioma));
}
