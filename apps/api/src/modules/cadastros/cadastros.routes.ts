import { CADASTROS } from '@sig/contracts';
import { schema } from '@sig/db';
import type { FastifyPluginAsync } from 'fastify';
import { registrarCadastro, type TabelaCadastro } from '../../platform/crud.js';

/** The table behind each registry of CADASTROS; the engine does the rest. */
export const TABELAS_CADASTRO: Readonly<Record<string, TabelaCadastro>> = {
  banco: schema.banco,
  cargo: schema.cargo,
  profissao: schema.profissao,
  situacao: schema.situacao,
  setor: schema.setor,
  'tipo-pessoa': schema.tipoPessoa,
  'tipo-celebracao-oficio': schema.tipoCelebracaoOficio,
  'tipo-campo-trabalho': schema.tipoCampoTrabalho,
  'tipo-endereco': schema.tipoEndereco,
  'tipo-moradia': schema.tipoMoradia,
  'grau-parentesco': schema.grauParentesco,
  'tipo-contato': schema.tipoContato,
  'tipo-organizacao': schema.tipoOrganizacao,
  pais: schema.pais,
  estado: schema.estado,
  cidade: schema.cidade,
  parametro: schema.parametro,
};

const tabelaDe = (recurso: string): TabelaCadastro | undefined => TABELAS_CADASTRO[recurso];

/** Every simple registry under /api/<recurso>; a declaration without a table stops the start. */
export const cadastrosRoutes: FastifyPluginAsync = async (app) => {
  for (const def of CADASTROS) {
    const tabela = tabelaDe(def.recurso);
    if (!tabela) throw new Error(`Registry ${def.recurso} has no table in TABELAS_CADASTRO`);
    await registrarCadastro(app, def, tabela, tabelaDe);
  }
};
