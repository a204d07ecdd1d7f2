import { describe, expect, it } from 'vitest';
import { ACESSO_POR_ID, type AcessoId } from './acessos.js';
import { CADASTRO_POR_RECURSO, type Recurso } from './cadastros.js';

// `tsc -b` compiles this file: each `@ts-expect-error` fails the check when the line it marks compiles.
describe('literal ids', () => {
  it('an access id or a resource is one of the catalogue', () => {
    const acesso: AcessoId = 'Culto';
    const recurso: Recurso = 'banco';
    // @ts-expect-error a mistyped access id does not compile
    const inexistente: AcessoId = 'NaoExiste';
    // @ts-expect-error a mistyped resource does not compile
    const outro: Recurso = 'bancos';
    expect(ACESSO_POR_ID.has(acesso)).toBe(true);
    expect(CADASTRO_POR_RECURSO.has(recurso)).toBe(true);
    expect([inexistente, outro].some((x) => ACESSO_POR_ID.has(x) || CADASTRO_POR_RECURSO.has(x))).toBe(false);
  });
});
