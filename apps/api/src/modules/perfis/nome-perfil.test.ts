import { describe, expect, it } from 'vitest';
import { chaveDoNome } from './nome-perfil.js';

describe('chaveDoNome', () => {
  it('folds look-alikes of one name to one key', () => {
    const chave = chaveDoNome('Administrador do Sistema');
    for (const nome of [
      'ADMINISTRADOR DO SISTEMA',
      '\u0410dministrador do Sistema',
      '\u0391dministrador do Sistema',
      '\uff21\uff44\uff4d\uff49\uff4e\uff49\uff53\uff54\uff52\uff41\uff44\uff4f\uff52 do Sistema',
      'Administrador\u00a0do\u2003Sistema',
      'Admini\u200bstrador do \u00adSistema',
      '  Administrador   do Sistema ',
    ])
      expect(chaveDoNome(nome), JSON.stringify(nome)).toBe(chave);
  });

  it('keeps different names apart', () => {
    expect(chaveDoNome('Tesouraria')).not.toBe(chaveDoNome('Tesouraria Sinodal'));
    expect(chaveDoNome('Secretaria')).not.toBe(chaveDoNome('Secretária'));
    expect(chaveDoNome('Straße')).toBe(chaveDoNome('STRASSE'));
  });
});
