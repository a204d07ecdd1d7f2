import type { TabelaCadastro } from '../../platform/crud.js';
import { TABELAS_CADASTRO } from './tabelas.js';

/** The table behind a registry, for modules that read its rows (the change-history reader). */
export const tabelaDe = (recurso: string): TabelaCadastro | undefined =>
  Object.hasOwn(TABELAS_CADASTRO, recurso) ? TABELAS_CADASTRO[recurso] : undefined;
