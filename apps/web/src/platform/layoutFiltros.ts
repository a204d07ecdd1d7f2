import { Grid } from 'antd';

/**
 * A filter bar's layout: side by side on wider screens; on a phone a label and its control side by
 * side are wider than the screen, so one under the other.
 */
export function useLayoutDosFiltros(): 'vertical' | 'inline' {
  const telas = Grid.useBreakpoint();
  return telas.sm === false ? 'vertical' : 'inline';
}
