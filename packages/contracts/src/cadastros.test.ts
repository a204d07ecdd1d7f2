import { describe, expect, it } from 'vitest';
import { type CampoCadastro, esquemaDosCampos } from './cadastros.js';
import { CAMPOS_CULTO, type CultoInput, cultoInput } from './culto.js';

const erros = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('esquemaDosCampos', () => {
  const CAMPOS = [
    { nome: 'nome', tipo: 'texto', obrigatorio: true, max: 5 },
    { nome: 'apelido', tipo: 'texto' },
    { nome: 'hora', tipo: 'hora', obrigatorio: true },
    { nome: 'valor', tipo: 'dinheiro', min: 0, max: 100, obrigatorio: true, padrao: '0.00' },
    { nome: 'tipo', tipo: 'opcao', opcoes: ['A', 'B'] },
    { nome: 'pessoas', tipo: 'referencias', referencia: 'pessoa', max: 2 },
  ] as const satisfies readonly CampoCadastro[];
  const esquema = esquemaDosCampos(CAMPOS);

  it('takes each field by its declaration: required, bounds, defaults, blanks as null', () => {
    const r = esquema.parse({ nome: ' Ana ', hora: '09:30' });
    expect(r).toEqual({ nome: 'Ana', apelido: null, hora: '09:30', valor: '0.00', tipo: null, pessoas: [] });
    // Typed field by field: the option's values, ids as numbers.
    const tipo: 'A' | 'B' | null = r.tipo;
    const pessoas: number[] = r.pessoas;
    expect([tipo, pessoas]).toEqual([null, []]);
  });

  it('refuses what the declaration bounds, naming the field', () => {
    const r = esquema.safeParse({ nome: 'Longo demais', hora: '25:00', valor: '100.01', tipo: 'C', pessoas: [1, 1] });
    expect(erros(r).sort()).toEqual(['hora', 'nome', 'pessoas', 'tipo', 'valor']);
    expect(erros(esquema.safeParse({ nome: 'a', hora: '10:00', valor: '-1' }))).toEqual(['valor']);
    expect(erros(esquema.safeParse({ nome: 'a', hora: '10:00', pessoas: [1, 2, 3] }))).toEqual(['pessoas']);
  });
});

describe('the worship input is its form fields', () => {
  it('has exactly the fields the form draws, with their bounds', () => {
    expect(Object.keys(cultoInput.shape).sort()).toEqual(CAMPOS_CULTO.map((c) => c.nome).sort());
    const base: CultoInput = {
      organizacaoId: 1,
      data: '2026-11-01',
      hora: '10:00',
      santaCeia: false,
      presentes: 10,
      ofertas: '0.00',
      dataCredito: null,
      abrangencia: null,
      destino: null,
      planoContaId: null,
      celebrantes: [],
      sermao: null,
    };
    expect(cultoInput.safeParse(base).success).toBe(true);
    expect(erros(cultoInput.safeParse({ ...base, presentes: 1_000_001 }))).toEqual(['presentes']);
    expect(erros(cultoInput.safeParse({ ...base, hora: undefined }))).toEqual(['hora']);
    expect(erros(cultoInput.safeParse({ ...base, dataCredito: '2026-10-01' }))).toEqual(['dataCredito']);
  });
});
