import type { Integracao, IntegracaoInput } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';
import { exigirNaoAnonimizada } from '../pessoas/index.js';
import { encerrarAcessoNaOrganizacao } from '../usuarios/index.js';

/**
 * Integration into and withdrawal from the organization (spec §2, §4). The latest record decides
 * the person's state: a withdrawal detaches them from the organization (status DESLIGADO, no
 * longer a holder, and their user's access there ended in the same transaction), an integration
 * brings them back as a member (ATIVO; access is given again only through the users' links).
 */
const ACESSO = 'PessoaIntegracaoDesligamento';
const { pessoa, pessoaIntegracao: pi, organizacao } = schema;

const selecao = {
  id: pi.id,
  pessoaId: pi.pessoaId,
  pessoaNome: nomeCompletoPessoa,
  tipo: pi.tipo,
  data: pi.data,
  forma: pi.forma,
  organizacaoId: pi.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  outraOrganizacao: pi.outraOrganizacao,
  motivo: pi.motivo,
  observacao: pi.observacao,
  criadoEm: pi.criadoEm,
};

type Linha = Omit<Integracao, 'criadoEm' | 'tipo'> & { tipo: string; criadoEm: Date };
const paraSaida = (l: Linha): Integracao => ({
  ...l,
  tipo: l.tipo as Integracao['tipo'],
  criadoEm: l.criadoEm.toISOString(),
});

const daPessoaNoEscopo = (ctx: Contexto) =>
  and(isNull(pessoa.excluidoEm), filtroOrganizacao(ctx, ACESSO, pessoa.organizacaoId));

export async function listar(deps: Deps, ctx: Contexto, pessoaId: number): Promise<Integracao[]> {
  const linhas = await deps.db
    .select(selecao)
    .from(pi)
    .innerJoin(pessoa, eq(pessoa.id, pi.pessoaId))
    .innerJoin(organizacao, eq(organizacao.id, pi.organizacaoId))
    .where(and(eq(pi.pessoaId, pessoaId), isNull(pi.excluidoEm), daPessoaNoEscopo(ctx)))
    .orderBy(desc(pi.data), desc(pi.id));
  return linhas.map(paraSaida);
}

export async function obter(deps: Deps, ctx: Contexto, id: number): Promise<Integracao> {
  const [l] = await deps.db
    .select(selecao)
    .from(pi)
    .innerJoin(pessoa, eq(pessoa.id, pi.pessoaId))
    .innerJoin(organizacao, eq(organizacao.id, pi.organizacaoId))
    .where(and(eq(pi.id, id), isNull(pi.excluidoEm), daPessoaNoEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraSaida(l);
}

/** The person's status follows their latest record (by date, then by entry). */
async function aplicarEstado(tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0], pessoaId: number) {
  const [ultimo] = await tx
    .select({ tipo: pi.tipo, motivo: pi.motivo })
    .from(pi)
    .where(and(eq(pi.pessoaId, pessoaId), isNull(pi.excluidoEm)))
    .orderBy(desc(pi.data), desc(pi.id))
    .limit(1);
  if (!ultimo) return;
  const desligado = ultimo.tipo === 'DESLIGAMENTO';
  await tx
    .update(pessoa)
    .set({
      status: desligado ? 'DESLIGADO' : 'ATIVO',
      motivoStatus: desligado ? ultimo.motivo : null,
      ...(desligado ? { titular: false } : {}),
      atualizadoEm: new Date(),
    })
    .where(eq(pessoa.id, pessoaId));
}

async function salvar(deps: Deps, ctx: Contexto, id: number | null, e: IntegracaoInput): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select({
        id: pessoa.id,
        organizacaoId: pessoa.organizacaoId,
        status: pessoa.status,
        anonimizadoEm: pessoa.anonimizadoEm,
      })
      .from(pessoa)
      .where(and(eq(pessoa.id, e.pessoaId), daPessoaNoEscopo(ctx)))
      .for('update');
    if (!p) throw erroDeCampo('pessoaId', 'referenciaInexistente');
    exigirNaoAnonimizada(p);
    const valores = {
      tipo: e.tipo,
      data: e.data,
      forma: e.forma,
      outraOrganizacao: e.outraOrganizacao,
      motivo: e.motivo,
      observacao: e.observacao,
    };
    let registroId: number;
    if (id === null) {
      const [novo] = await tx
        .insert(pi)
        .values({ ...valores, pessoaId: p.id, organizacaoId: p.organizacaoId })
        .returning({ id: pi.id });
      registroId = novo!.id;
      await registrarAlteracao(tx, ctx, 'pessoa_integracao', registroId, null, valores);
    } else {
      const [atual] = await tx
        .select({
          id: pi.id,
          tipo: pi.tipo,
          data: pi.data,
          forma: pi.forma,
          outraOrganizacao: pi.outraOrganizacao,
          motivo: pi.motivo,
          observacao: pi.observacao,
        })
        .from(pi)
        .where(and(eq(pi.id, id), eq(pi.pessoaId, p.id), isNull(pi.excluidoEm)));
      if (!atual) throw naoEncontrado();
      await tx.update(pi).set(valores).where(eq(pi.id, id));
      registroId = id;
      const { id: _, ...antes } = atual;
      await registrarAlteracao(tx, ctx, 'pessoa_integracao', registroId, antes, valores);
    }
    await aplicarEstado(tx, p.id);
    const [depois] = await tx.select({ status: pessoa.status }).from(pessoa).where(eq(pessoa.id, p.id));
    if (depois!.status === 'DESLIGADO' && p.status !== 'DESLIGADO')
      await encerrarAcessoNaOrganizacao(tx, ctx, p.id, p.organizacaoId);
    // The person's own history shows the status the record brought.
    await registrarAlteracao(tx, ctx, 'pessoa', p.id, { status: p.status }, { status: depois!.status });
    return registroId;
  });
}

export async function criar(deps: Deps, ctx: Contexto, e: IntegracaoInput) {
  return obter(deps, ctx, await salvar(deps, ctx, null, e));
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: IntegracaoInput) {
  return obter(deps, ctx, await salvar(deps, ctx, id, e));
}
