import { cliente, dados } from './cliente';
import type { SessaoLocal } from './sessao';

/**
 * The signed-in user's profile, screens and organizations (spec §6), as one query. The router
 * starts it as soon as there is a session; AutorizacaoProvider, which comes with the signed-in
 * area's code, then finds it under way. Apart from autorizacao.tsx so the entry needs no query hooks.
 */
export const consultaAutorizacao = (sessao: SessaoLocal | null) => ({
  queryKey: ['autorizacao', sessao?.token, sessao?.organizacaoId],
  queryFn: () => dados(cliente.PUT('/api/Autenticacao/autorizacao')),
  staleTime: 5 * 60_000,
});
