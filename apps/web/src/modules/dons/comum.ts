import { useQuery } from '@tanstack/react-query';
import { useAutorizacao } from '../../platform/autorizacao';
import { chaves, cliente, dados } from '../../platform/cliente';

export const ACESSO = 'TesteDons';

/** Spec §2 paths (routes in app/telas.ts): the questionnaire of an answer key and the result of a test. */
export const rotaResposta = (gabaritoId: number) => `/gabarito-dons/${gabaritoId}/resposta`;
export const rotaResultado = (id: number) => `/teste-dos-dons/${id}`;

/** The active answer keys a test may be taken with (also the list's filter options). */
export const useGabaritos = () =>
  useQuery({
    queryKey: [...chaves('teste-dons').todas, 'gabaritos'],
    queryFn: ({ signal }) => dados(cliente.GET('/api/teste-dons/gabaritos', { signal })),
    staleTime: 60_000,
  });

/**
 * Whether the user may see other people: without the people screen, tests are the user's own
 * (the server's scope, platform/escopo.ts somenteProprioRegistro), so no person is chosen.
 */
export function useVePessoas() {
  const { pode } = useAutorizacao();
  return pode('Pessoa', 'L') || pode('Pessoa', 'R');
}
