import type { AcessoId } from '@sig/contracts';
import type { ComponentType } from 'react';
import { carregar } from '../platform/carregar';

/**
 * The screens the web app has, by access id. The menu lists only these (filtered by the
 * user's permissions), and each one gets a route at its catalogue path.
 */
export type Tela = { acesso: AcessoId; pagina: ComponentType };

export const TELAS: Tela[] = [{ acesso: 'Sobre', pagina: carregar(() => import('../modules/inicio/SobrePage')) }];

export const INDICADORES: AcessoId[] = [
  'IndicadoresCadastros',
  'IndicadoresMinisterios',
  'IndicadoresCultos',
  'IndicadoresFinanceiros',
  'IndicadoresAtendimentos',
  'IndicadoresInscricoes',
];
