import { CADASTROS } from '@sig/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registrarCadastro } from '../../platform/crud.js';
import { FILHOS_CADASTRO, TABELAS_CADASTRO, tabelaDe } from './tabelas.js';

/** Every simple registry under /api/<recurso>; a declaration without a table stops the start. */
export const cadastrosRoutes: FastifyPluginAsync = async (app) => {
  for (const def of CADASTROS) {
    const tabela = TABELAS_CADASTRO[def.recurso];
    if (!tabela) throw new Error(`Registry ${def.recurso} has no table in TABELAS_CADASTRO`);
    await registrarCadastro(app, def, tabela, tabelaDe, FILHOS_CADASTRO[def.recurso]);
  }
};
