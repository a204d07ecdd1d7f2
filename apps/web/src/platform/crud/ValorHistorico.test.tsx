import { CAMPOS_PESSOA, FILHOS_PESSOA } from '@sig/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFalsa, textos } from '../../../test/ambiente';
import { ValorHistorico } from './ValorHistorico';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const declaracoes = { campos: CAMPOS_PESSOA, filhos: FILHOS_PESSOA };

function mostrar(campo: string | null, valor: unknown) {
  apiFalsa([
    { metodo: 'GET', caminho: /^\/api\/cidade\/4304$/, responder: () => ({ corpo: { id: 4304, nome: 'Canguçu' } }) },
  ]);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <div data-testid="valor">
        <ValorHistorico campo={campo} valor={valor} declaracoes={declaracoes} />
      </div>
    </QueryClientProvider>,
  );
}

describe('ValorHistorico', () => {
  it.each([
    ['pt-BR', 'Viúvo(a)', 'Sim', 'Logradouro: Rua A; Cidade: Canguçu'],
    ['en', 'Widowed', 'Yes', 'Street: Rua A; City: Canguçu'],
  ] as const)(
    'writes options, yes/no, references and sub-records by their labels (%s)',
    async (idioma, viuvo, sim, endereco) => {
      await textos(idioma);
      mostrar('estadoCivil', 'VIUVO');
      expect(screen.getByTestId('valor').textContent).toBe(viuvo);
      cleanup();
      mostrar('recebeJornal', true);
      expect(screen.getByTestId('valor').textContent).toBe(sim);
      cleanup();
      mostrar('naturalidadeCidadeId', 4304);
      await waitFor(() => expect(screen.getByTestId('valor').textContent).toBe('Canguçu'));
      cleanup();
      mostrar('enderecos', [{ id: 9, pessoaId: 3, logradouro: 'Rua A', numero: null, cidadeId: 4304 }]);
      await waitFor(() => expect(screen.getByTestId('valor').textContent).toBe(endereco));
    },
  );

  it('writes a created record as its labelled fields, never JSON', async () => {
    await textos('pt-BR');
    mostrar(null, { id: 3, nome: 'Ana', estadoCivil: 'CASADO', observacao: '' });
    expect(screen.getByTestId('valor').textContent).toBe('Nome: Ana; Estado civil: Casado(a)');
  });
});
