import { DEFINICAO_MINISTRO, type MinistroInput } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { Filhos } from '../../platform/filhos.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { exigirNaoAnonimizada } from './pessoa.service.js';

/**
 * Minister data (spec §2 `/pessoa-ministro/form/{id}`): one record per person with the exams and
 * the terms of ministerial activity, saved together. It is seen and changed where the person is
 * (their organization inside the user's scope for `PessoaMinistro`).
 */
const ACESSO = 'PessoaMinistro';
const ENTIDADE = 'ministro';
const { ministro, pessoa, organizacao } = schema;

const filhos = new Filhos(DEFINICAO_MINISTRO.filhos!, {
  exames: { tabela: schema.ministroExame, pai: schema.ministroExame.ministroId },
  termos: { tabela: schema.ministroTermo, pai: schema.ministroTermo.ministroId },
  chamados: { tabela: schema.ministroChamado, pai: schema.ministroChamado.ministroId },
});
const faltando = filhos.faltando();
if (faltando.length) throw new Error(`Minister sub-records: tables lack ${faltando.join(', ')}`);

const colunas = Object.fromEntries(
  DEFINICAO_MINISTRO.campos.map((c) => [c.nome, (ministro as unknown as Record<string, typeof ministro.id>)[c.nome]!]),
);

const daPessoaNoEscopo = (ctx: Contexto) =>
  and(isNull(pessoa.excluidoEm), filtroOrganizacao(ctx, ACESSO, pessoa.organizacaoId));

type Registro = Record<string, unknown> & {
  id: number;
  pessoaNome: string;
  pessoaAnonimizadaEm: Date | null;
  organizacaoNome: string;
  criadoEm: Date;
  atualizadoEm: Date;
};

async function carregar(db: DbOuTx, ctx: Contexto, onde: ReturnType<typeof eq>, bloquear = false) {
  const consulta = db
    .select({
      id: ministro.id,
      ...colunas,
      pessoaNome: sql<string>`trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome})`,
      pessoaAnonimizadaEm: pessoa.anonimizadoEm,
      organizacaoNome: organizacao.nomeFantasia,
      criadoEm: ministro.criadoEm,
      atualizadoEm: ministro.atualizadoEm,
    })
    .from(ministro)
    .innerJoin(pessoa, eq(pessoa.id, ministro.pessoaId))
    .innerJoin(organizacao, eq(organizacao.id, pessoa.organizacaoId))
    .where(and(onde, isNull(ministro.excluidoEm), daPessoaNoEscopo(ctx)));
  const [linha] = bloquear ? await consulta.for('update', { of: ministro }) : await consulta;
  return linha as Registro | undefined;
}

async function completo(db: DbOuTx, { pessoaAnonimizadaEm: _, ...linha }: Registro) {
  return {
    ...linha,
    ...(await filhos.carregar(db, linha.id)),
    criadoEm: linha.criadoEm.toISOString(),
    atualizadoEm: linha.atualizadoEm.toISOString(),
  };
}

export async function obter(deps: Deps, ctx: Contexto, id: number) {
  const linha = await carregar(deps.db, ctx, eq(ministro.id, id));
  if (!linha) throw naoEncontrado();
  return completo(deps.db, linha);
}

/** The person's minister record, or null when they have none (a person out of scope is a 404). */
export async function daPessoa(deps: Deps, ctx: Contexto, pessoaId: number) {
  const [p] = await deps.db
    .select({ id: pessoa.id })
    .from(pessoa)
    .where(and(eq(pessoa.id, pessoaId), daPessoaNoEscopo(ctx)));
  if (!p) throw naoEncontrado();
  const linha = await carregar(deps.db, ctx, eq(ministro.pessoaId, pessoaId));
  return linha ? completo(deps.db, linha) : null;
}

const valores = (e: MinistroInput) =>
  Object.fromEntries(DEFINICAO_MINISTRO.campos.map((c) => [c.nome, (e as Record<string, unknown>)[c.nome] ?? null]));

const paraHistorico = (r: Record<string, unknown>) =>
  Object.fromEntries([
    ...DEFINICAO_MINISTRO.campos.map((c) => [c.nome, r[c.nome] ?? null]),
    ...(DEFINICAO_MINISTRO.filhos ?? []).map((f) => [f.nome, r[f.nome] ?? []]),
  ]);

export async function criar(deps: Deps, ctx: Contexto, e: MinistroInput) {
  const id = await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: pessoa.id, anonimizadoEm: pessoa.anonimizadoEm })
      .from(pessoa)
      .where(and(eq(pessoa.id, e.pessoaId as number), daPessoaNoEscopo(ctx)))
      .for('update');
    if (!p) throw erroDeCampo('pessoaId', 'referenciaInexistente');
    exigirNaoAnonimizada(p);
    const [existente] = await tx
      .select({ id: ministro.id })
      .from(ministro)
      .where(and(eq(ministro.pessoaId, p.id), isNull(ministro.excluidoEm)));
    // The person's row is locked above, so two creations for one person cannot both pass here.
    if (existente)
      throw new AppError('MINISTRO_JA_CADASTRADO', {}, [
        { campo: 'pessoaId', mensagem: 'erros:MINISTRO_JA_CADASTRADO' },
      ]);
    const [novo] = await tx
      .insert(ministro)
      .values(valores(e) as typeof ministro.$inferInsert)
      .returning({ id: ministro.id });
    await filhos.salvar(tx, novo!.id, e, true);
    await registrarAlteracao(
      tx,
      ctx,
      ENTIDADE,
      novo!.id,
      null,
      paraHistorico({ ...e, ...(await filhos.carregar(tx, novo!.id)) }),
    );
    return novo!.id;
  });
  return obter(deps, ctx, id);
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: MinistroInput) {
  await deps.db.transaction(async (tx) => {
    const atual = await carregar(tx, ctx, eq(ministro.id, id), true);
    if (!atual) throw naoEncontrado();
    exigirNaoAnonimizada({ anonimizadoEm: atual.pessoaAnonimizadaEm });
    // The record belongs to its person: it is not moved to another one.
    if (e.pessoaId !== atual.pessoaId) throw erroDeCampo('pessoaId', 'naoAlteravel');
    const anterior = { ...atual, ...(await filhos.carregar(tx, id)) };
    await tx
      .update(ministro)
      .set({ ...valores(e), atualizadoEm: new Date() } as typeof ministro.$inferInsert)
      .where(eq(ministro.id, id));
    await filhos.salvar(tx, id, e, false);
    await registrarAlteracao(
      tx,
      ctx,
      ENTIDADE,
      id,
      paraHistorico(anterior),
      paraHistorico({ ...e, ...(await filhos.carregar(tx, id)) }),
    );
  });
  return obter(deps, ctx, id);
}
