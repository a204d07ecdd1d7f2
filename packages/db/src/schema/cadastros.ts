import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { colunasRegistro, unicoSemExcluidos } from './registro.js';

/**
 * Simple registries served by the CRUD engine (one declaration each in
 * `@sig/contracts` CADASTROS): a name, an active flag, a logical delete, a unique name.
 */
const simples = <N extends string>(nome: N) =>
  pgTable(nome, colunasRegistro(), (t) => [unicoSemExcluidos(nome, 'nome', t.nome, t.excluidoEm)]);

export const cargo = simples('cargo');
export const profissao = simples('profissao');
export const situacao = simples('situacao');
export const setor = simples('setor');
export const tipoPessoa = simples('tipo_pessoa');
export const tipoCelebracaoOficio = simples('tipo_celebracao_oficio');
export const tipoMoradia = simples('tipo_moradia');
export const grauParentesco = simples('grau_parentesco');

/** System parameters (name → value) kept as a registry. */
export const parametro = pgTable(
  'parametro',
  { ...colunasRegistro(), valor: text().notNull(), ordem: integer().notNull().default(0) },
  (t) => [unicoSemExcluidos('parametro', 'nome', t.nome, t.excluidoEm)],
);
