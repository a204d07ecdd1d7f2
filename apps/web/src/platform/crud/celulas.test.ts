import { beforeAll, describe, expect, it } from 'vitest';
import { textos } from '../../../test/ambiente';
import { i18n } from '../i18n';
import { celulaDataHora } from './celulas';

beforeAll(() => textos());

describe('cells', () => {
  it('writes a moment as the reader’s date and time, never ISO', async () => {
    await i18n.changeLanguage('pt-BR');
    expect(celulaDataHora('2099-03-10T14:05:00')).toBe('10/03/2099 14:05:00');
    await i18n.changeLanguage('en');
    expect(celulaDataHora('2099-03-10T14:05:00')).toBe('03/10/2099 14:05:00');
    expect(celulaDataHora(null)).toBe('');
  });
});
