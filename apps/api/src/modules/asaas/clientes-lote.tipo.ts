import { schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { garantirCliente } from '../../platform/provedor-pagamento.js';
import type { DefinicaoTipoLote } from '../processamento-lote/index.js';
import { contaNoProvedor } from './conta-provedor.js';

const { pessoa, clienteProvedor } = schema;

/** Our reference for a person's customer; the charges use the same one, so both find one customer. */
export const referenciaDaPessoa = (pessoaId: number) => `pessoa:${pessoaId}`;

/**
 * Makes a person a customer at the provider account of an organization (its sub-account, else the
 * main one) and records it. Idempotent by `garantirCliente` (our reference, then the CPF, before
 * creating): a repeat finds the same customer.
 */
export async function sincronizarCliente(deps: Deps, pessoaId: number, organizacaoId: number): Promise<string> {
  const [p] = await deps.db
    .select({ nome: pessoa.nome, sobrenome: pessoa.sobrenome, cpf: pessoa.cpf, email: pessoa.email })
    .from(pessoa)
    .where(and(eq(pessoa.id, pessoaId), isNull(pessoa.excluidoEm)));
  if (!p) throw naoEncontrado();
  if (!p.cpf) throw new AppError('PESSOA_SEM_CPF');
  const { provedor, contaOrganizacaoId } = await contaNoProvedor(deps, deps.db, organizacaoId);
  const cliente = await garantirCliente(provedor, {
    nome: `${p.nome} ${p.sobrenome}`.trim(),
    cpfCnpj: p.cpf,
    email: p.email ?? undefined,
    referenciaExterna: referenciaDaPessoa(pessoaId),
  });
  await deps.db
    .insert(clienteProvedor)
    .values({ pessoaId, contaOrganizacaoId, provedorClienteId: cliente.id })
    .onConflictDoUpdate({
      target: [clienteProvedor.pessoaId, clienteProvedor.contaOrganizacaoId],
      set: { provedorClienteId: cliente.id, atualizadoEm: sql`now()` },
    });
  return cliente.id;
}

/**
 * CLIENTES_ASAAS (spec §2 /clientes-asaas-lote): one person → one customer at the provider
 * account of the batch's organization. No undo: a customer at the provider costs nothing, may
 * already have been used by a charge, and deleting it would break those charges.
 */
export const TIPO_CLIENTES_ASAAS: DefinicaoTipoLote = {
  processar: (deps, item) => sincronizarCliente(deps, item.referenciaId, item.organizacaoId),
};
