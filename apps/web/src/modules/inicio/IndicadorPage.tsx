import type { AcessoId } from '@sig/contracts';
import { Empty, Typography } from 'antd';
import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { carregar } from '../../platform/carregar';
import { useTitulo } from '../../platform/useTitulo';

/** The areas whose module has filled its indicator (each a chunk of its own). */
const PAINEIS: Partial<Record<AcessoId, ComponentType>> = {
  IndicadoresCadastros: carregar(() =>
    import('../pessoas/IndicadorCadastros').then((m) => ({ default: m.IndicadorCadastros })),
  ),
  IndicadoresMinisterios: carregar(() =>
    import('../ministerios/IndicadorMinisterios').then((m) => ({ default: m.IndicadorMinisterios })),
  ),
  IndicadoresCultos: carregar(() => import('../cultos/IndicadorCultos').then((m) => ({ default: m.IndicadorCultos }))),
  IndicadoresFinanceiros: carregar(() =>
    import('../financeiro/IndicadorFinanceiro').then((m) => ({ default: m.IndicadorFinanceiro })),
  ),
  IndicadoresAtendimentos: carregar(() =>
    import('../atendimentos/IndicadorAtendimentos').then((m) => ({ default: m.IndicadorAtendimentos })),
  ),
  IndicadoresInscricoes: carregar(() =>
    import('../eventos/IndicadorInscricoes').then((m) => ({ default: m.IndicadorInscricoes })),
  ),
};

/** An indicator screen's frame; each area's module fills its charts. */
export default function IndicadorPage({ acesso }: { acesso: AcessoId }) {
  const { t } = useTranslation(['comum', 'menu']);
  useTitulo(`menu:acessos.${acesso}`);
  const Painel = PAINEIS[acesso];
  return (
    <div>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t(`menu:acessos.${acesso}`)}
      </Typography.Title>
      {Painel ? (
        <Suspense fallback={null}>
          <Painel />
        </Suspense>
      ) : (
        <Empty description={t('comum:indicadores.embreve')} />
      )}
    </div>
  );
}
