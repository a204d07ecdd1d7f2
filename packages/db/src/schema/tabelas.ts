import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { colunaNomeEn, colunasRegistro, unicoSemExcluidos } from './registro.js';

/**
 * Small reference tables the platform needs from day one (their screens are registries).
 * Each has `ativo` and a logical delete, so that nothing referenced is ever physically deleted.
 */

export const tipoOrganizacao = pgTable(
  'tipo_organizacao',
  { ...colunasRegistro(), ...colunaNomeEn(), nivel: smallint().notNull().default(0) },
  (t) => [unicoSemExcluidos('tipo_organizacao', 'nome', t.nome, t.excluidoEm)],
);

export const pais = pgTable('pais', { ...colunasRegistro(), ...colunaNomeEn(), sigla: text() }, (t) => [
  unicoSemExcluidos('pais', 'nome', t.nome, t.excluidoEm),
]);

export const estado = pgTable(
  'estado',
  { ...colunasRegistro(), sigla: text().notNull(), paisId: integer().references(() => pais.id) },
  (t) => [uniqueIndex('estado_sigla_uq').on(t.paisId, t.sigla).where(sql`${t.excluidoEm} is null`)],
);

export const cidade = pgTable(
  'cidade',
  {
    ...colunasRegistro(),
    estadoId: integer().references(() => estado.id),
    paisId: integer().references(() => pais.id),
    codigoIbge: text(),
  },
  (t) => [index('cidade_estado_idx').on(t.estadoId)],
);

export const banco = pgTable(
  'banco',
  {
    ...colunasRegistro(),
    codigo: text().notNull(),
    urlImagem: text(),
    ordem: integer().notNull().default(0),
  },
  (t) => [unicoSemExcluidos('banco', 'codigo', t.codigo, t.excluidoEm)],
);

export const tipoEndereco = pgTable('tipo_endereco', { ...colunasRegistro(), ...colunaNomeEn() }, (t) => [
  unicoSemExcluidos('tipo_endereco', 'nome', t.nome, t.excluidoEm),
]);
export const tipoContato = pgTable(
  'tipo_contato',
  { ...colunasRegistro(), ...colunaNomeEn(), mascara: text() },
  (t) => [unicoSemExcluidos('tipo_contato', 'nome', t.nome, t.excluidoEm)],
);
export const tipoCampoTrabalho = pgTable('tipo_campo_trabalho', { ...colunasRegistro(), ...colunaNomeEn() }, (t) => [
  unicoSemExcluidos('tipo_campo_trabalho', 'nome', t.nome, t.excluidoEm),
]);
