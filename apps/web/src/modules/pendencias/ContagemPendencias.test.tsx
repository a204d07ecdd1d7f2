import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiFalsa, montar, prepararTelas, sessaoDeAdministrador } from '../../../test/ambiente';
import { ContagemPendencias } from './ContagemPendencias';

prepararTelas('pendencias');

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
