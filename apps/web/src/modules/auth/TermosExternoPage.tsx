import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTitulo } from '../../platform/useTitulo';
import { PublicoCard } from './PublicoCard';

/** Public contract-terms page (spec §2, no sign-in); the terms module shows the term of the link here. */
export default function TermosExternoPage() {
  const { t } = useTranslation(['publico']);
  useTitulo('publico:titulos.termos');
  return (
    <PublicoCard titulo={t('publico:titulos.termos')}>
      <Result status="info" title={t('publico:termos.nenhum')} />
    </PublicoCard>
  );
}
