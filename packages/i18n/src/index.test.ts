import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idiomaDe, mensagemDeIssue, recursos, tradutor } from './index.js';

describe('idiomaDe', () => {
  it('maps headers and stored values to pt-BR or en', () => {
    expect(idiomaDe(undefined)).toBe('pt-BR');
    expect(idiomaDe('br')).toBe('pt-BR');
    expect(idiomaDe('pt-BR,pt;q=0.9')).toBe('pt-BR');
    expect(idiomaDe('en-US,en;q=0.9')).toBe('en');
    expect(idiomaDe('EN')).toBe('en');
    expect(idiomaDe('de-DE')).toBe('pt-BR');
  });
});

describe('mensagemDeIssue', () => {
  const esquema = z.object({
    nome: z.string().min(1).max(5),
    cpf: z.string().length(11),
    idade: z.number().int().min(1).max(120),
    lista: z.array(z.string()).min(1),
    tipo: z.enum(['A', 'B']),
  });
  const mensagens = (dados: unknown, idioma: 'pt-BR' | 'en' = 'pt-BR') => {
    const r = esquema.safeParse(dados);
    if (r.success) return {};
    const t = tradutor(idioma);
    return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), mensagemDeIssue(t, i)]));
  };

  it('gives the spec §5 messages with the field label and bounds', () => {
    expect(mensagens({ nome: '', cpf: '123', idade: 0, lista: [], tipo: 'C' })).toEqual({
      nome: 'Por favor, informe o campo Nome',
      cpf: 'O campo CPF deve ter exatamente 11 caracteres.',
      idade: 'O campo idade deve ser no mínimo 1.',
      lista: 'Selecione no mínimo 1 item em lista.',
      tipo: 'O valor do campo Tipo não é uma das opções permitidas.',
    });
    expect(mensagens({ nome: 'abcdefg', cpf: '12345678901', idade: 200, lista: ['x'], tipo: 'A' }, 'en')).toEqual({
      nome: 'The field Name must have at most 5 characters.',
      idade: 'The field idade must be at most 120.',
    });
  });

  it('counts items in the plural form of the language', () => {
    const t = tradutor('pt-BR');
    const dois = z.object({ lista: z.array(z.string()).min(2).max(3) });
    const r = dois.safeParse({ lista: ['a'] });
    const s = dois.safeParse({ lista: ['a', 'b', 'c', 'd'] });
    expect(r.success || mensagemDeIssue(t, r.error.issues[0])).toBe('Selecione no mínimo 2 itens em lista.');
    expect(s.success || mensagemDeIssue(tradutor('en'), s.error.issues[0])).toBe('Select at most 3 items in lista.');
    const um = z.object({ lista: z.array(z.string()).max(1) }).safeParse({ lista: ['a', 'b'] });
    expect(um.success || mensagemDeIssue(tradutor('en'), um.error.issues[0])).toBe('Select at most 1 item in lista.');
  });

  it('writes zero in the plural in Portuguese ("0 cultos", not "0 culto"), as English does', () => {
    // pt-BR's plural rule puts 0 with 1 (Intl: "one"); each counted text says zero with its plural.
    const t = tradutor('pt-BR');
    expect(t('inicio:kpi.cultos', { count: 0 })).toBe('0 cultos');
    expect(t('inicio:kpi.cultos', { count: 1 })).toBe('1 culto');
    expect(tradutor('en')('inicio:kpi.cultos', { count: 0 })).toBe('0 services');
    const singulares: string[] = [];
    const andar = (o: object, pre: string) => {
      for (const [k, v] of Object.entries(o))
        if (v && typeof v === 'object') andar(v, `${pre}${k}.`);
        else if (k.endsWith('_one')) singulares.push(`${pre}${k.slice(0, -4)}`);
    };
    for (const [ns, textos] of Object.entries(recursos['pt-BR'])) andar(textos, `${ns}:`);
    expect(singulares.length).toBeGreaterThan(5);
    for (const chave of singulares) {
      const p = { count: 0, n: 0, campo: 'x' };
      expect(t(chave as never, p), chave).toBe(t(`${chave}_other` as never, p));
    }
  });

  it('names a required select, reference or number sent blank as required, from the input the server validated', () => {
    const t = tradutor('pt-BR');
    const corpo = { nome: 'a', cpf: '12345678901', idade: '', lista: ['x'], tipo: null };
    const r = esquema.safeParse(corpo);
    expect(r.success).toBe(false);
    if (r.success) return;
    const m = Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), mensagemDeIssue(t, i, corpo)]));
    expect(m).toEqual({ idade: 'Por favor, informe o campo idade', tipo: 'Por favor, informe o campo Tipo' });
    // A wrong option stays a wrong option, and a wrong type a wrong type.
    const errado = { ...corpo, idade: 'x', tipo: 'C' };
    const e = esquema.safeParse(errado);
    if (e.success) return;
    expect(e.error.issues.map((i) => mensagemDeIssue(t, i, errado))).toEqual([
      'O campo idade tem um formato inválido.',
      'O valor do campo Tipo não é uma das opções permitidas.',
    ]);
  });

  it('treats a missing field as required, and a wrong type as invalid format', () => {
    const m = mensagens({ cpf: 123, idade: 1, lista: ['x'], tipo: 'A' });
    expect(m.nome).toBe('Por favor, informe o campo Nome');
    expect(m.cpf).toBe('O campo CPF tem um formato inválido.');
  });

  it('names an empty select as required when the check reports the input (the web does)', () => {
    const t = tradutor('pt-BR');
    const r = esquema.safeParse(
      { nome: 'a', cpf: '12345678901', idade: 1, lista: ['x'], tipo: null },
      { reportInput: true },
    );
    expect(r.success).toBe(false);
    if (!r.success) expect(mensagemDeIssue(t, r.error.issues[0])).toBe('Por favor, informe o campo Tipo');
  });

  it('translates custom message keys', () => {
    const t = tradutor('en');
    expect(mensagemDeIssue(t, { code: 'custom', path: ['cpf'], message: 'validacao:cpfInvalido' })).toBe(
      'Invalid CPF.',
    );
  });
});

describe('locales', () => {
  it('pt-BR and en have the same namespaces', () => {
    expect(Object.keys(recursos.en).sort()).toEqual(Object.keys(recursos['pt-BR']).sort());
  });
});

describe('typed keys', () => {
  it('a key outside the texts does not compile', () => {
    const t = tradutor('pt-BR');
    expect(t('comum:salvar')).toBe('Salvar');
    // @ts-expect-error a mistyped key does not compile (`tsc -b` checks this file)
    expect(t('comum:salvr')).toBe('salvr');
  });
});
