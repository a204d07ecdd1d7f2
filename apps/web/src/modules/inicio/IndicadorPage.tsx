import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTitulo } from '../../platform/useTitulo';

/** An indicator screen's frame; each area's module fills its charts. */
export default function IndicadorPage({ acesso }: { acesso: string }) {
  const { t } = useTranslation();
  useTitulo(`menu:acessos.${acesso}`);
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t(`menu:acessos.${acesso}`)}
      </Typography.Title>
      <Empty description={t('indicadores.embreve')} />
    </div>
  );
}
