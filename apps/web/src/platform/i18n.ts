import { recursos } from '@sig/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { gravarIdioma, type IdiomaArmazenado, idiomaI18n, lerIdioma } from './sessao';

/** The same locale files as the server; `web` holds the interface's own texts. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: recursos,
  lng: idiomaI18n(lerIdioma()),
  fallbackLng: 'pt-BR',
  ns: Object.keys(recursos['pt-BR']),
  defaultNS: 'web',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Switches the interface language and stores it as `idioma` (spec §3). */
export function trocarIdioma(idioma: IdiomaArmazenado) {
  gravarIdioma(idioma);
  void i18n.changeLanguage(idiomaI18n(idioma));
}
