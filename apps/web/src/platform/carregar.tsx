import { Button, Result } from 'antd';
import { type ComponentType, lazy } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: a route chunk that has not arrived after 120 s counts as failed. */
export const TEMPO_CHUNK_MS = 120_000;

function FalhaCarga() {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('shell.erroCarga')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('shell.recarregar')}
        </Button>
      }
    />
  );
}

/** Route-level code splitting with the spec's timeout and a reload offer on failure. */
export function carregar<P extends object>(importar: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    Promise.race([
      importar(),
      new Promise<never>((_, rejeitar) => setTimeout(() => rejeitar(new Error('timeout')), TEMPO_CHUNK_MS)),
    ]).catch(() => ({ default: FalhaCarga as unknown as ComponentType<P> })),
  );
}
