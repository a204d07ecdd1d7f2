import { describe, expect, it } from 'vitest';
import { comConexoesReusadas } from './correio.js';

describe('the SMTP URL', () => {
  it('pools connections unless it says otherwise, credentials kept', () => {
    expect(comConexoesReusadas('smtp://usu%40rio:s%3Anha@mail.exemplo:587')).toBe(
      'smtp://usu%40rio:s%3Anha@mail.exemplo:587?pool=true',
    );
    expect(comConexoesReusadas('smtps://mail.exemplo?pool=false')).toBe('smtps://mail.exemplo?pool=false');
    expect(comConexoesReusadas('smtp://mail.exemplo:25?maxConnections=3')).toBe(
      'smtp://mail.exemplo:25?maxConnections=3&pool=true',
    );
  });
});
