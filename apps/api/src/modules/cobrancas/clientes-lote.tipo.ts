import { schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import type { DefinicaoTipoLote } from '../processamento-lote/tipos.js';
import { contaNoProvedor } from './cobranca.service.js';
import { garantirCliente } from './provedor/provedor.js';

const { pessoa, clienteProvedor } = schema;

/** Our reference for a person's customer; the charges use the same one, so both find one customer. */
export const referenciaDaPessoa = (pessoaId: number) => `pessoa:${pessoaId}`;

/**
 * CLIENTES_ASAAS (spec §2 /clientes-asaas-lote): one person → one customer at the provider
 * account of the batch's organization. Idempotent by `garantirCliente` (our reference, then the
 * CPF, before creating). No undo: a customer at the provider costs nothing, may already have
 * been used by a charge, and deleting it would break those charges.
 */
export const TIPO_CLIENTES_ASAAS: DefinicaoTipoLote = {
  async processar(deps: Deps, item) {
    const [p] = await deps.db
      .select({ nome: pessoa.nome, sobrenome: pessoa.sobrenome, cpf: pessoa.cpf, email: pessoa.email })
      .from(pessoa)
      .where(and(eq(pessoa.id, item.referenciaId), isNull(pessoa.excluidoEm)));
    if (!p) throw naoEncontrado();
    if (!p.cpf) throw new AppError('PESSOA_SEM_CPF');
    const { provedor, contaOrganizacaoId } = await contaNoProvedor(deps, deps.db, item.organizacaoId);
    const cliente = await garantirCliente(provedor, {
      nome: `${p.nome} ${p.sobrenome}`.trim(),
      cpfCnpj: p.cpf,
      email: p.email ?? undefined,
      referenciaExterna: referenciaDaPessoa(item.referenciaId),
    });
    await deps.db
      .insert(clienteProvedor)
      .values({ pessoaId: item.referenciaId, contaOrganizacaoId, provedorClienteId: cliente.id })
      .onConflictDoUpdate({
        target: [clienteProvedor.pessoaId, clienteProvedor.contaOrganizacaoId],
        set: { provedorClienteId: cliente.id, atualizadoEm: sql`now()` },
      });
    return cliente.id;
  },
};
