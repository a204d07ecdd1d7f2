import { PERIODO_CONFIRMACAO_DIAS } from '@sig/contracts';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { diasDoMaiorPeriodo, type FiltroLista } from './crud/filtros';

/**
 * Spec §5/§8 for a search that is no list (a report, a file): over 30 days between a declared
 * period's ends, the user is asked before `seguir` runs; otherwise it runs at once. Lists get
 * the same question from `useListaRecurso`.
 */
export function useConfirmarPeriodo(periodos: readonly FiltroLista[]) {
  const { t } = useTranslation(['comum']);
  const { modal } = App.useApp();
  return (valores: Record<string, unknown>, seguir: () => void) => {
    if (diasDoMaiorPeriodo(periodos, valores) <= PERIODO_CONFIRMACAO_DIAS) return seguir();
    modal.confirm({
      title: t('comum:indicadores.periodoLongo', { dias: PERIODO_CONFIRMACAO_DIAS }),
      okText: t('comum:buscar'),
      cancelText: t('comum:cancelar'),
      onOk: seguir,
    });
  };
}
