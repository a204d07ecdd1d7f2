import { ExclamationCircleFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { type ComponentType, lazy } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: a route chunk that has not arrived after 120 s counts as failed. */
export const TEMPO_CHUNK_MS = 120_000;

/**
 * Laid out as antd's Result (warning) at its default sizes: Result's module would bring its three
 * large illustrations into the entry chunk that every page, /login included, downloads.
 */
function FalhaCarga() {
  const { t } = useTranslation(['comum']);
  const { token } = theme.useToken();
  return (
    <div style={{ padding: '48px 32px', textAlign: 'center', fontFamily: token.fontFamily }}>
      <ExclamationCircleFilled style={{ fontSize: 72, color: token.colorWarning }} />
      <div style={{ margin: '24px 0 8px', color: token.colorTextHeading, fontSize: 24, lineHeight: 1.33 }}>
        {t('comum:shell.erroCarga')}
      </div>
      <Button type="primary" style={{ marginTop: 24 }} onClick={() => window.location.reload()}>
        {t('comum:shell.recarregar')}
      </Button>
    </div>
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
