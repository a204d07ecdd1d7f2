import type { Chave } from '@sig/i18n';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Browser tab title: 'SIG - ' plus the translated route title (spec §1). */
export function useTitulo(chave: Chave) {
  // The instance's `t` takes any namespace's key; the page that names the key loads its namespace.
  const { i18n } = useTranslation();
  const idioma = i18n.language;
  useEffect(() => {
    document.title = `SIG - ${i18n.t(chave, { lng: idioma })}`;
  }, [chave, i18n, idioma]);
}
