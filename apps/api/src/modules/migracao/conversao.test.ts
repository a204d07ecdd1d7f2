import { describe, expect, it } from 'vitest';
import { dataPtBr, dinheiroPtBr, mapearAutomaticamente, normalizarTexto } from './conversao.js';

describe('values as Brazilian sheets write them', () => {
  it('reads dates in dd/mm/yyyy and ISO, and leaves a date off the calendar for the schema to refuse', () => {
    expect(dataPtBr('12/03/1975')).toBe('1975-03-12');
    expect(dataPtBr('1.2.1975')).toBe('1975-02-01');
    expect(dataPtBr('1988-06-19')).toBe('1988-06-19');
    expect(dataPtBr('31/02/1979')).toBe('31/02/1979');
    expect(dataPtBr('ontem')).toBe('ontem');
  });

  it('reads amounts in pt-BR without a float on the way', () => {
    expect(dinheiroPtBr('1.250,00')).toBe('1250.00');
    expect(dinheiroPtBr('R$ 35,5')).toBe('35.50');
    expect(dinheiroPtBr('1250')).toBe('1250.00');
    expect(dinheiroPtBr('-0,10')).toBe('-0.10');
    expect(dinheiroPtBr('12345678901234567,89')).toBe('12345678901234567.89');
    expect(dinheiroPtBr('1,2,3')).toBeNull();
    expect(dinheiroPtBr('abc')).toBeNull();
  });

  it('compares headers without accents, case or punctuation', () => {
    expect(normalizarTexto('  Endereço / Nº ')).toBe('endereco n');
  });
});

describe('automatic column mapping', () => {
  it('matches headers by name, alias and a slip of the keyboard, each header once', () => {
    const m = mapearAutomaticamente(
      'PESSOAS',
      ['CÓDIGO', 'Nome', 'Sobrenome', 'Dt. Nasc.', 'Celular', 'Data de Nacimento'],
      null,
    );
    expect(m).toMatchObject({ chaveLegada: 'CÓDIGO', nome: 'Nome', sobrenome: 'Sobrenome', celular: 'Celular' });
    expect(m.dataNascimento).toBe('Dt. Nasc.');
    expect(m.nomeCompleto).toBeNull();
  });

  it('starts from the mapping the organization used last, where its headers are in the file', () => {
    const m = mapearAutomaticamente('PESSOAS', ['Membro', 'Aniversário', 'Fone'], {
      nomeCompleto: 'Membro',
      dataNascimento: 'Aniversário',
      cpf: 'Documento antigo',
    });
    expect(m).toMatchObject({ nomeCompleto: 'Membro', dataNascimento: 'Aniversário', cpf: null, telefone: 'Fone' });
  });
});
