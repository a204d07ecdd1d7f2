import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Browser tab title: 'SIG - ' plus the translated route title (spec §1). */
export function useTitulo(chave: string) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `SIG - ${t(chave)}`;
  }, [chave, t]);
}
