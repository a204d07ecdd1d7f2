import { useQuery } from '@tanstack/react-query';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { chaves, cliente, dados } from '../../platform/cliente';
import { useTitulo } from '../../platform/useTitulo';

/** About: version and environment, as the server reports them. */
export default function SobrePage() {
  const { t } = useTranslation(['inicio', 'menu']);
  useTitulo('menu:acessos.Sobre');
  const saude = useQuery({
    // The same key as the analytics' read of it: one request for both.
    queryKey: chaves('saude').todas,
    queryFn: ({ signal }) => dados(cliente.GET('/api/saude', { signal })),
  });
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('menu:acessos.Sobre')}
      </Typography.Title>
      <Descriptions
        bordered
        column={1}
        items={[
          { key: 'versao', label: t('inicio:sobre.versao'), children: saude.data?.versao },
          {
            key: 'ambiente',
            label: t('inicio:sobre.ambiente'),
            children: saude.data
              ? t(`inicio:sobre.ambientes.${saude.data.ambiente}`, { defaultValue: saude.data.ambiente })
              : null,
          },
        ]}
      />
    </div>
  );
}
