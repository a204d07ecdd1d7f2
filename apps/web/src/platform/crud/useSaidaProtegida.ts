import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Spec §4: leaving a form with unsaved changes asks for confirmation — inside the app through
 * the router's blocker, and on reload or tab close through the browser's own prompt. `liberar`
 * lets a finished save leave without asking.
 */
export function useSaidaProtegida(sujo: boolean) {
  const { t } = useTranslation(['comum', 'crud']);
  const { modal } = App.useApp();
  const liberado = useRef(false);
  const sujoRef = useRef(sujo);
  sujoRef.current = sujo;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      sujoRef.current && !liberado.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  const bloqueado = blocker.state === 'blocked';

  useEffect(() => {
    if (!bloqueado) return;
    const dialogo = modal.confirm({
      title: t('comum:confirmarSaida'),
      okText: t('crud:sairSemSalvar'),
      okButtonProps: { danger: true },
      cancelText: t('crud:continuarEditando'),
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
    return () => dialogo.destroy();
  }, [bloqueado, modal, t]);

  useEffect(() => {
    if (!sujo) return;
    const aviso = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', aviso);
    return () => window.removeEventListener('beforeunload', aviso);
  }, [sujo]);

  return useCallback(() => {
    liberado.current = true;
  }, []);
}
