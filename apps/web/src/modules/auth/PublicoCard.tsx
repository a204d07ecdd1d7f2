import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../platform/api';
import { trocarIdioma } from '../../platform/i18n';
import { type IdiomaArmazenado, lerIdioma } from '../../platform/sessao';

/**
 * The frame of the public pages: brand, a card, and the language choice; the test-environment
 * banner when the server says it is `homolog` (nobody should take it for production).
 */
export function PublicoCard({ titulo, children }: { titulo: string; children: ReactNode }) {
  const { t } = useTranslation();
  const saude = useQuery({
    queryKey: ['saude'],
    queryFn: () => api.get<{ ambiente: string }>('saude', undefined, { semCarga: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f4f8', padding: 16 }}>
      <Space orientation="vertical" size="large" style={{ width: 'min(420px, 100%)' }}>
        {saude.data?.ambiente === 'homolog' && (
          <Alert type="warning" banner title={t('app.homolog')} data-testid="homolog" />
        )}
        <Typography.Title level={1} style={{ textAlign: 'center', color: '#1f4e79', margin: 0 }}>
          SIG
        </Typography.Title>
        <Card>
          <Typography.Title level={2} style={{ fontSize: 20, marginTop: 0 }}>
            {titulo}
          </Typography.Title>
          {children}
        </Card>
        <Select
          aria-label={t('shell.idioma')}
          data-testid="idioma"
          value={lerIdioma()}
          onChange={(v: IdiomaArmazenado) => trocarIdioma(v)}
          style={{ width: 160, display: 'block', margin: '0 auto' }}
          options={[
            { value: 'br', label: t('shell.portugues') },
            { value: 'en', label: t('shell.ingles') },
          ]}
        />
      </Space>
    </main>
  );
}
