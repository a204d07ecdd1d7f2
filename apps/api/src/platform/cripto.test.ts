import { describe, expect, it } from 'vitest';
import { Cofre, codigoNumerico, conferirSenha, hashSenha, hashToken, novoToken } from './cripto.js';

describe('passwords', () => {
  it('hashes with a salt and verifies only the right password', async () => {
    const a = await hashSenha('Segredo123');
    const b = await hashSenha('Segredo123');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await conferirSenha('Segredo123', a)).toBe(true);
    expect(await conferirSenha('segredo123', a)).toBe(false);
    expect(await conferirSenha('x', 'formato-desconhecido')).toBe(false);
  });
});

describe('Cofre', () => {
  it('encrypts with a fresh IV and decrypts back', () => {
    const c = new Cofre('segredo-de-teste-1234567890');
    const x = c.cifrar('$aact_chave_do_provedor');
    expect(x).not.toContain('chave');
    expect(c.cifrar('$aact_chave_do_provedor')).not.toBe(x);
    expect(c.decifrar(x)).toBe('$aact_chave_do_provedor');
  });

  it('refuses tampered data and another key', () => {
    const c = new Cofre('segredo-de-teste-1234567890');
    const x = c.cifrar('valor');
    const partes = x.split('.');
    partes[3] = Buffer.from('outro').toString('base64url');
    expect(() => c.decifrar(partes.join('.'))).toThrow();
    expect(() => new Cofre('outro-segredo-qualquer-123').decifrar(x)).toThrow();
  });
});

describe('tokens and codes', () => {
  it('makes long random tokens and stable hashes', () => {
    const t = novoToken();
    expect(t).toMatch(/^[\w-]{43}$/);
    expect(novoToken()).not.toBe(t);
    expect(hashToken(t)).toBe(hashToken(t));
    expect(hashToken(t)).not.toBe(t);
    expect(codigoNumerico()).toMatch(/^\d{6}$/);
  });
});
