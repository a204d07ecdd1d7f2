import { autenticarBody } from '@sig/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { idDoDispositivo } from './dispositivo';

describe('the device id sent at sign-in', () => {
  beforeEach(() => localStorage.clear());

  it('is made once, kept across calls and sign-outs, and valid for the server', () => {
    const id = idDoDispositivo();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(autenticarBody.safeParse({ login: 'a@b.c', senha: 'x', dispositivo: id }).success).toBe(true);
    localStorage.removeItem('token');
    expect(idDoDispositivo()).toBe(id);
    expect(localStorage.getItem('sig.dispositivo')).toBe(id);
  });

  it('replaces a stored value the server would refuse', () => {
    localStorage.setItem('sig.dispositivo', 'curto');
    const id = idDoDispositivo();
    expect(id).not.toBe('curto');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
