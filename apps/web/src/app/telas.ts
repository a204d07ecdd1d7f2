import { type AcessoId, CADASTROS } from '@sig/contracts';
import { type ComponentType, createElement } from 'react';
import { carregar } from '../platform/carregar';
import { padraoRotaForm } from '../platform/crud/definicao';

/**
 * The screens the web app has, by access id. The menu lists only these (filtered by the
 * user's permissions), and each one gets a route at its catalogue path, plus its form route
 * when it has one (guarded by the same access).
 */
export type Tela = { acesso: AcessoId; pagina: ComponentType; form?: { rota: string; pagina: ComponentType } };

// One chunk each for every declared registry: the pages read their declaration by `recurso`.
const ListaCadastro = carregar(() => import('../platform/crud/ListaCadastro'));
const FormCadastro = carregar(() => import('../platform/crud/FormCadastro'));

const telasCadastro: Tela[] = CADASTROS.map((d) => ({
  acesso: d.acesso,
  pagina: () => createElement(ListaCadastro, { recurso: d.recurso }),
  form: { rota: padraoRotaForm(d), pagina: () => createElement(FormCadastro, { recurso: d.recurso }) },
}));

export const TELAS: Tela[] = [
  { acesso: 'Sobre', pagina: carregar(() => import('../modules/inicio/SobrePage')) },
  ...telasCadastro,
];

export const INDICADORES: AcessoId[] = [
  'IndicadoresCadastros',
  'IndicadoresMinisterios',
  'IndicadoresCultos',
  'IndicadoresFinanceiros',
  'IndicadoresAtendimentos',
  'IndicadoresInscricoes',
];
