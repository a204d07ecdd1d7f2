import type { Cliente, ClienteInput, ClienteListQuery, Paged } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';
import { camposOcultos } from '../../platform/permissoes.js';
import type { AlteracaoClienteProvedor } from '../../platform/provedor-pagamento.js';
import { contemSemAcento, nomeCompletoPessoa } from '../../platform/sql.js';
import { sincronizarCliente } from './clientes-lote.tipo.js';
import { contaDaChave } from './conta-provedor.js';
import { ErroProvedor } from './provedor/asaas-http.js';

/**
 * Spec §2 /clientes: the people of the scope known as customers at a provider account, and one
 * person made a customer on demand (many at once: /clientes-asaas-lote). An organization holding a
 * receivable becomes a customer when it is first charged (looked up by CNPJ and our reference).
 */
export const ACESSO_CLIENTES = 'Clientes';
const { clienteProvedor: cp, pessoa, organizacao } = schema;

const consulta = (db: DbOuTx) =>
  db
    .select({
      id: cp.id,
      pessoaId: cp.pessoaId,
      pessoaNome: nomeCompletoPessoa,
      cpf: pessoa.cpf,
      contaOrganizacaoId: cp.contaOrganizacaoId,
      contaOrganizacaoNome: organizacao.nomeFantasia,
      provedorClienteId: cp.provedorClienteId,
      atualizadoEm: cp.atualizadoEm,
    })
    .from(cp)
    .innerJoin(pessoa, eq(pessoa.id, cp.pessoaId))
    .leftJoin(organizacao, eq(organizacao.id, cp.contaOrganizacaoId));

type Linha = Awaited<ReturnType<ReturnType<typeof consulta>['execute']>>[number];

/** The CPF follows the people registry's field permission. */
function paraCliente(ctx: Contexto, { cpf, atualizadoEm, ...l }: Linha): Cliente {
  const base = { ...l, atualizadoEm: atualizadoEm.toISOString() };
  return camposOcultos(ctx, 'Pessoa').has('cpf') ? base : { ...base, cpf };
}

const noEscopo = (ctx: Contexto): SQL =>
  and(isNull(pessoa.excluidoEm), filtroOrganizacao(ctx, ACESSO_CLIENTES, pessoa.organizacaoId))!;

export async function listarClientes(deps: Deps, ctx: Contexto, q: ClienteListQuery): Promise<Paged<Cliente>> {
  const cpf = q.cpf?.replace(/\D/g, '');
  const onde = and(
    noEscopo(ctx),
    q.nome ? contemSemAcento(nomeCompletoPessoa, q.nome) : undefined,
    cpf && !camposOcultos(ctx, 'Pessoa').has('cpf') ? eq(pessoa.cpf, cpf) : undefined,
  );
  const [{ n }] = (await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(cp)
    .innerJoin(pessoa, eq(pessoa.id, cp.pessoaId))
    .where(onde)) as [{ n: number }];
  const dir = sql.raw(q.ordem === 'desc' ? 'desc' : 'asc');
  const linhas = await consulta(deps.db)
    .where(onde)
    .orderBy(sql`${nomeCompletoPessoa} ${dir}`, sql`${cp.id} ${dir}`)
    .limit(q.quantidade)
    .offset((q.pagina - 1) * q.quantidade);
  return { itens: linhas.map((l) => paraCliente(ctx, l)), total: n, pagina: q.pagina, quantidade: q.quantidade };
}

/** Makes one person of the scope a customer at the account of an organization of the scope (the user's by default). */
export async function sincronizar(deps: Deps, ctx: Contexto, e: ClienteInput): Promise<Cliente> {
  const organizacaoId = e.organizacaoId ?? ctx.organizacaoId;
  await exigirNoEscopo(deps.db, ctx, ACESSO_CLIENTES, organizacaoId);
  const [p] = await deps.db
    .select({ id: pessoa.id })
    .from(pessoa)
    .where(and(eq(pessoa.id, e.pessoaId), noEscopo(ctx)));
  if (!p) throw naoEncontrado();
  const provedorClienteId = await sincronizarCliente(deps, e.pessoaId, organizacaoId);
  const [l] = await consulta(deps.db).where(
    and(eq(cp.pessoaId, e.pessoaId), eq(cp.provedorClienteId, provedorClienteId)),
  );
  return paraCliente(ctx, l!);
}

/** Whether the person is still linked to a customer at the provider (an anonymization left unfinished there). */
export async function temClienteNoProvedor(db: DbOuTx, pessoaId: number): Promise<boolean> {
  const [l] = await db.select({ id: cp.id }).from(cp).where(eq(cp.pessoaId, pessoaId)).limit(1);
  return !!l;
}

/** What a person's customer keeps after anonymization: the anonymous name, no way to reach anyone. */
const clienteAnonimo = (nome: string): AlteracaoClienteProvedor => ({
  nome,
  email: null,
  telefone: null,
  celular: null,
  cep: null,
  endereco: null,
  numero: null,
  complemento: null,
  bairro: null,
  emailsAdicionais: null,
  observacoes: null,
  empresa: null,
  notificacoesDesativadas: true,
});

/**
 * LGPD anonymization at the provider (called after the person's anonymization committed: no
 * network call inside a transaction): each of the person's customers gets the anonymous name and
 * loses e-mail, phones and address, and then its link here goes. The CPF stays there: the provider
 * requires a valid one and the charges already issued under it are fiscal records. A customer the
 * provider no longer knows is done; any other failure keeps its link, so repeating the
 * anonymization finishes the work (`ANONIMIZACAO_PENDENTE_NO_PROVEDOR`). Answers whether any link was left.
 */
export async function anonimizarClientesDaPessoa(deps: Deps, pessoaId: number, nome: string): Promise<boolean> {
  const links = await deps.db
    .select({
      id: cp.id,
      contaOrganizacaoId: cp.contaOrganizacaoId,
      provedorClienteId: cp.provedorClienteId,
      token: organizacao.tokenAsaasCifrado,
    })
    .from(cp)
    .leftJoin(organizacao, eq(organizacao.id, cp.contaOrganizacaoId))
    .where(eq(cp.pessoaId, pessoaId));
  let pendente = false;
  for (const l of links) {
    const { provedor } =
      l.contaOrganizacaoId === null
        ? { provedor: deps.pagamentos.provedor }
        : contaDaChave(deps, l.contaOrganizacaoId, l.token);
    try {
      await provedor.atualizarCliente(l.provedorClienteId, clienteAnonimo(nome));
    } catch (e) {
      if (!(e instanceof ErroProvedor && e.codigo === 'PROVEDOR_NAO_ENCONTRADO')) {
        pendente = true;
        continue;
      }
    }
    await deps.db.delete(cp).where(eq(cp.id, l.id));
  }
  if (pendente) throw new AppError('ANONIMIZACAO_PENDENTE_NO_PROVEDOR');
  return links.length > 0;
}
