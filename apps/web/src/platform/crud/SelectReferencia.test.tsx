import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiFalsa, prepararTelas } from '../../../test/ambiente';
import { i18n } from '../i18n';
import { SelectReferencia } from './controles';

prepararTelas();

async function abrir(status: number, corpo: unknown) {
  apiFalsa([{ metodo: 'GET', caminho: /\/api\/banco\/select$/, responder: () => ({ status, corpo }) }]);
  const qc = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  render(
    <QueryClientProvider client={qc}>
      <SelectReferencia referencia="banco" />
    </QueryClientProvider>,
  );
  await userEvent.setup().click(screen.getByRole('combobox'));
}

describe('SelectReferencia', () => {
  it('says a refused lookup is refused, not that there is no data', async () => {
    await abrir(403, { codigo: 'ACESSO_NAO_PERMITIDO', mensagem: 'Acesso não permitido' });
    expect(await screen.findByText(i18n.t('crud:opcoesRecusadas'))).toBeTruthy();
    expect(screen.queryByText(i18n.t('crud:semOpcoes'))).toBeNull();
  });

  it('says "no options" when the lookup answers none', async () => {
    await abrir(200, []);
    expect(await screen.findByText(i18n.t('crud:semOpcoes'))).toBeTruthy();
  });
});
