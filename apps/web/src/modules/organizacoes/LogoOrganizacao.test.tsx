import { LOGO_TAMANHO_MAXIMO } from '@sig/contracts';
import { describe, expect, it } from 'vitest';
import { recusaDoLogo } from './LogoOrganizacao';

describe('logo chosen on the organization form', () => {
  it('takes a PNG or JPEG up to the limit and refuses other types or larger files before sending', () => {
    expect(recusaDoLogo({ type: 'image/png', size: 10_000 })).toBeNull();
    expect(recusaDoLogo({ type: 'image/jpeg', size: LOGO_TAMANHO_MAXIMO })).toBeNull();
    expect(recusaDoLogo({ type: 'image/gif', size: 10 })).toBe('logoConteudo');
    expect(recusaDoLogo({ type: 'image/svg+xml', size: 10 })).toBe('logoConteudo');
    expect(recusaDoLogo({ type: 'image/png', size: LOGO_TAMANHO_MAXIMO + 1 })).toBe('logoGrande');
  });
});
