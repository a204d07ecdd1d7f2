import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { id } from './comum.js';
import { camposDoEsquema, naoReferencia, REFERENCIAS, referencia, referenciasDe } from './referencias.js';

const esquema = z
  .object({
    pessoaId: referencia('pessoa').nullish(),
    organizacaoId: referencia('organizacao', id).optional(),
    celebrantes: z.array(referencia('pessoa')).max(10).default([]),
    familia: z.array(z.object({ id: z.number().nullish(), parenteId: referencia('pessoa') })).default([]),
    filtro: z.preprocess((v) => v, z.object({ tiposPessoaIds: z.array(referencia('tipo-pessoa')) })).optional(),
    classificacaoId: referencia('classificacao')
      .nullish()
      .transform((v) => v ?? null),
    itemIds: naoReferencia(z.array(id), 'items of the batch in the path').optional(),
    respostas: z.record(z.string(), z.number()).optional(),
    presentes: z.number().int(),
  })
  .superRefine(() => undefined);

describe('reference declarations', () => {
  it('are kept beside the schema, and survive what derives a schema from another', () => {
    const base = referencia('pessoa');
    expect(REFERENCIAS.get(base)).toEqual({ referencia: 'pessoa' });
    expect(REFERENCIAS.get(base.refine((v) => v > 1))).toEqual({ referencia: 'pessoa' });
    // Declaring one never touches the schema it was built from.
    expect(REFERENCIAS.get(id)).toBeUndefined();
    expect(referencia('cidade', id).parse('7')).toBe(7);
  });

  it('find the ids a value names, with their paths, through wrappers, arrays, pipes and refinements', () => {
    const valor = esquema.parse({
      pessoaId: 3,
      organizacaoId: '9',
      celebrantes: [4, 5],
      familia: [{ id: 1, parenteId: 6 }],
      filtro: { tiposPessoaIds: [2] },
      classificacaoId: 8,
      itemIds: [100],
      respostas: { '12': 3 },
      presentes: 40,
    });
    expect(referenciasDe(esquema, valor)).toEqual([
      { tipo: 'pessoa', campo: 'pessoaId', id: 3 },
      { tipo: 'organizacao', campo: 'organizacaoId', id: 9 },
      { tipo: 'pessoa', campo: 'celebrantes.0', id: 4 },
      { tipo: 'pessoa', campo: 'celebrantes.1', id: 5 },
      { tipo: 'pessoa', campo: 'familia.0.parenteId', id: 6 },
      { tipo: 'tipo-pessoa', campo: 'filtro.tiposPessoaIds.0', id: 2 },
      { tipo: 'classificacao', campo: 'classificacaoId', id: 8 },
    ]);
  });

  it('name nothing for empty values or values of another shape', () => {
    expect(referenciasDe(esquema, { pessoaId: null, celebrantes: [], familia: 'x', presentes: 1 })).toEqual([]);
    expect(referenciasDe(esquema, null)).toEqual([]);
  });

  it("list a schema's places with their declarations, for the routes' test", () => {
    const porCaminho = Object.fromEntries(camposDoEsquema(esquema).map((c) => [c.caminho, c]));
    expect(porCaminho.pessoaId).toMatchObject({ nome: 'pessoaId', declaracao: { referencia: 'pessoa' } });
    expect(porCaminho['celebrantes.*']).toMatchObject({ nome: 'celebrantes', emLista: true });
    expect(porCaminho['familia.*.parenteId']).toMatchObject({ emLista: false, declaracao: { referencia: 'pessoa' } });
    expect(porCaminho['familia.*.id']).toMatchObject({ tipoValor: 'number', declaracao: undefined });
    expect(porCaminho.itemIds).toMatchObject({ declaracao: { naoReferencia: 'items of the batch in the path' } });
    // A record's values are not a list of ids.
    expect(porCaminho['respostas.*']).toMatchObject({ emLista: false, tipoValor: 'number' });
    expect(porCaminho.presentes).toMatchObject({ tipoValor: 'number', emLista: false, declaracao: undefined });
  });
});
