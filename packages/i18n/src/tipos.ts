import type { recursos } from './recursos.js';

/**
 * Typed keys: `t('ns:chave')` compiles only for a key of pt-BR's texts (en has the same keys,
 * scripts/check-i18n.mjs), and in a component only for the namespaces its `useTranslation`
 * names, so the texts a screen shows are the ones it loads.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: ['comum'];
    resources: (typeof recursos)['pt-BR'];
    returnNull: false;
  }
}
