import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFalsa, montar, sessaoDeAdministrador, textos } from '../../../test/ambiente';
import { i18n } from '../../platform/i18n';
import { ContagemPendencias } from './ContagemPendencias';

beforeAll(async () => {
  await textos();
  await i18n.loadNamespaces(['pendencias']);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ContagemPendencias', () => {
  it('says how many exceptions there are and links to their screen', async () => {
    apiFalsa([
      sessaoDeAdministrador(),
      {
        metodo: 'GET',
        caminho: /^\/api\/pendencias-financeiras\/contagem$/,
        responder: () => ({ corpo: { total: 2, porTipo: [{ tipo: 'PAGAMENTO_SEM_COBRANCA', total: 2 }] } }),
      },
    ]);
    montar(<ContagemPendencias />, '/indicadores/financeiros', '/indicadores/financeiros');
    const link = await screen.findByRole('link', { name: '2 pendências financeiras' });
    expect(link.getAttribute('href')).toBe('/pendencias-financeiras');
  });
});
