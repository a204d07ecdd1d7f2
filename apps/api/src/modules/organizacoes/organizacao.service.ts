import type {
  ConfiguracaoOrganizacaoInput,
  Organizacao,
  OrganizacaoInput,
  OrganizacaoListQuery,
  OrganizacaoResumo,
  Paged,
  SelectOpcao,
  SituacaoOrganizacao,
  UsuarioOrganizacao,
} from '@sig/contracts';
import {
  CONTAS_CAIXA_ORGANIZACAO,
  NIVEL_COMUNIDADE,
  PLANOS_ORGANIZACAO,
  TIPOS_CHAVE_PIX,
  TIPOS_CONTA_BANCARIA,
  TIPOS_VALOR_CONTRIBUICAO,
} from '@sig/contracts';
import { type DbOuTx, schema, type Tx } from '@sig/db';
import { and, asc, desc, eq, inArray, isNull, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgInsertValue, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, type CampoErro, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { estaNoEscopo, filtroArvore } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { aplicarEscrita, camposOcultos, filtrarLeitura } from '../../platform/permissoes.js';
import { contemSemAcento, erroPg, nomeCompletoPessoa, VIOLACAO_FK, VIOLACAO_UNICA } from '../../platform/sql.js';
import { gravarVinculo, removerVinculo } from '../usuarios/index.js';

const ACESSO = 'Organizacao';
const ENTIDADE = 'organizacao';
/** What the history shows instead of the provider token. */
const TOKEN_OCULTO = '***';
const TOKEN_SUBSTITUIDO = '*** (novo)';
const LIMITE_TODAS = 5000;
const LIMITE_SELECT = 50;

const org = schema.organizacao;
const pai = alias(schema.organizacao, 'pai');

const umDe = <T extends string>(valores: readonly T[], v: string | null): T | null =>
  v !== null && (valores as readonly string[]).includes(v) ? (v as T) : null;

/** `50` and `50.00` are the same money: compare stored and sent values in one form. */
function normalizarDinheiro(v: string | null): string | null {
  if (v === null) return null;
  const [inteiro = '0', decimais = ''] = v.split('.');
  const sinal = inteiro.startsWith('-') ? '-' : '';
  const digitos = inteiro.replace('-', '').replace(/^0+(?=\d)/, '');
  return `${sinal}${digitos}.${decimais.padEnd(2, '0')}`;
}

// ---------------------------------------------------------------- reads

const colunasResumo = {
  id: org.id,
  nomeFantasia: org.nomeFantasia,
  razaoSocial: org.razaoSocial,
  cnpj: org.cnpj,
  tipoOrganizacaoNome: schema.tipoOrganizacao.nome,
  tipoOrganizacaoNomeEn: schema.tipoOrganizacao.nomeEn,
  situacao: org.situacao,
  organizacaoPaiNome: pai.nomeFantasia,
  nivel: org.nivel,
};

type LinhaResumo = Omit<OrganizacaoResumo, 'situacao'> & { situacao: string; tipoOrganizacaoNomeEn: string | null };

/** A listed organization; its type in the reader's language (issue 18). */
const resumo = (ctx: Contexto, { tipoOrganizacaoNomeEn, ...r }: LinhaResumo): OrganizacaoResumo =>
  filtrarLeitura(ctx, ACESSO, {
    ...r,
    tipoOrganizacaoNome: (ctx.idioma === 'en' && tipoOrganizacaoNomeEn) || r.tipoOrganizacaoNome,
    situacao: r.situacao as SituacaoOrganizacao,
  });

const consultaResumo = (db: DbOuTx) =>
  db
    .select(colunasResumo)
    .from(org)
    .innerJoin(schema.tipoOrganizacao, eq(schema.tipoOrganizacao.id, org.tipoOrganizacaoId))
    .leftJoin(pai, eq(pai.id, org.organizacaoPaiId));

const ORDENACAO = {
  nomeFantasia: org.nomeFantasia,
  razaoSocial: org.razaoSocial,
  id: org.id,
  nivel: org.nivel,
} as const;

function filtrosLista(ctx: Contexto, q: Omit<OrganizacaoListQuery, 'pagina' | 'quantidade' | 'ordem' | 'ordenarPor'>) {
  const c: (SQL | undefined)[] = [filtroArvore(ctx, ACESSO), isNull(org.excluidoEm)];
  if (q.busca) {
    c.push(or(contemSemAcento(org.nomeFantasia, q.busca), contemSemAcento(org.razaoSocial, q.busca)));
  }
  if (q.tipoOrganizacaoId) c.push(eq(org.tipoOrganizacaoId, q.tipoOrganizacaoId));
  if (q.situacao) c.push(eq(org.situacao, q.situacao));
  if (q.organizacaoPaiId) c.push(eq(org.organizacaoPaiId, q.organizacaoPaiId));
  const cnpj = q.cnpj?.replace(/\D/g, '');
  if (cnpj) c.push(like(org.cnpj, `${cnpj}%`));
  return and(...c);
}

export async function listarPaginado(
  deps: Deps,
  ctx: Contexto,
  q: OrganizacaoListQuery,
): Promise<Paged<OrganizacaoResumo>> {
  const onde = filtrosLista(ctx, q);
  const coluna = ORDENACAO[q.ordenarPor];
  const [linhas, [contagem]] = await Promise.all([
    consultaResumo(deps.db)
      .where(onde)
      .orderBy(q.ordem === 'desc' ? desc(coluna) : asc(coluna), asc(org.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(org).where(onde),
  ]);
  return {
    itens: linhas.map((r) => resumo(ctx, r)),
    total: contagem?.total ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

export async function listarTodas(deps: Deps, ctx: Contexto): Promise<OrganizacaoResumo[]> {
  const linhas = await consultaResumo(deps.db)
    .where(and(filtroArvore(ctx, ACESSO), isNull(org.excluidoEm)))
    .orderBy(asc(org.caminho))
    .limit(LIMITE_TODAS);
  return linhas.map((r) => resumo(ctx, r));
}

export function opcoes(deps: Deps, ctx: Contexto, busca?: string): Promise<SelectOpcao[]> {
  return deps.db
    .select({ value: org.id, label: org.nomeFantasia })
    .from(org)
    .where(
      and(
        filtroArvore(ctx, ACESSO),
        isNull(org.excluidoEm),
        busca ? contemSemAcento(org.nomeFantasia, busca) : undefined,
      ),
    )
    .orderBy(asc(org.nomeFantasia), asc(org.id))
    .limit(LIMITE_SELECT);
}

/** The stored organization row, only when it is in scope and not deleted. */
export async function linhaNoEscopo(db: DbOuTx, ctx: Contexto, id: number, bloquear = false) {
  const consulta = db
    .select()
    .from(org)
    .where(and(eq(org.id, id), isNull(org.excluidoEm), filtroArvore(ctx, ACESSO)));
  const [linha] = await (bloquear ? consulta.for('update') : consulta);
  if (!linha) throw naoEncontrado();
  return linha;
}

type LinhaOrganizacao = typeof schema.organizacao.$inferSelect;

async function subRegistros(db: DbOuTx, organizacaoId: number) {
  const [enderecos, contatos, contas, campos] = await Promise.all([
    db
      .select()
      .from(schema.organizacaoEndereco)
      .where(eq(schema.organizacaoEndereco.organizacaoId, organizacaoId))
      .orderBy(asc(schema.organizacaoEndereco.id)),
    db
      .select()
      .from(schema.organizacaoContato)
      .where(eq(schema.organizacaoContato.organizacaoId, organizacaoId))
      .orderBy(asc(schema.organizacaoContato.id)),
    db
      .select()
      .from(schema.organizacaoContaBancaria)
      .where(eq(schema.organizacaoContaBancaria.organizacaoId, organizacaoId))
      .orderBy(asc(schema.organizacaoContaBancaria.id)),
    db
      .select()
      .from(schema.organizacaoCampoTrabalho)
      .where(eq(schema.organizacaoCampoTrabalho.organizacaoId, organizacaoId))
      .orderBy(asc(schema.organizacaoCampoTrabalho.id)),
  ]);
  const semDono = <T extends { organizacaoId: number }>({ organizacaoId: _, ...resto }: T) => resto;
  return {
    enderecos: enderecos.map(semDono),
    contatos: contatos.map(semDono),
    contasBancarias: contas.map((c) => ({
      ...semDono(c),
      tipo: umDe(TIPOS_CONTA_BANCARIA, c.tipo) ?? 'CORRENTE',
      tipoChavePix: umDe(TIPOS_CHAVE_PIX, c.tipoChavePix),
    })),
    camposTrabalho: campos.map(semDono),
  };
}

/** The full record as the API shows it (hidden fields not yet removed; never the token). */
async function detalhar(db: DbOuTx, linha: LinhaOrganizacao): Promise<Organizacao> {
  const [[tipo], [superior], subs] = await Promise.all([
    db
      .select({ nome: schema.tipoOrganizacao.nome })
      .from(schema.tipoOrganizacao)
      .where(eq(schema.tipoOrganizacao.id, linha.tipoOrganizacaoId)),
    linha.organizacaoPaiId
      ? db.select({ nome: org.nomeFantasia }).from(org).where(eq(org.id, linha.organizacaoPaiId))
      : Promise.resolve([]),
    subRegistros(db, linha.id),
  ]);
  return {
    id: linha.id,
    razaoSocial: linha.razaoSocial,
    nomeFantasia: linha.nomeFantasia,
    cnpj: linha.cnpj,
    inscricaoEstadual: linha.inscricaoEstadual,
    inscricaoMunicipal: linha.inscricaoMunicipal,
    tipoOrganizacaoId: linha.tipoOrganizacaoId,
    tipoOrganizacaoNome: tipo?.nome ?? '',
    situacao: linha.situacao as SituacaoOrganizacao,
    organizacaoPaiId: linha.organizacaoPaiId,
    organizacaoPaiNome: superior?.nome ?? null,
    dataCriacao: linha.dataCriacao,
    dataDissolucao: linha.dataDissolucao,
    registroEstatuto: linha.registroEstatuto,
    tokenAsaasConfigurado: !!linha.tokenAsaasCifrado,
    temLogo: !!linha.logo,
    diaVencimentoContribuicao: linha.diaVencimentoContribuicao,
    valorPadraoContribuicao: linha.valorPadraoContribuicao,
    tipoValorContribuicao: umDe(TIPOS_VALOR_CONTRIBUICAO, linha.tipoValorContribuicao),
    lancamentoCaixaAutomatico: linha.lancamentoCaixaAutomatico,
    aceitaCadastro: linha.aceitaCadastro,
    contaCultoId: linha.contaCultoId,
    contaCaixaEntradaId: linha.contaCaixaEntradaId,
    contaCaixaSaidaId: linha.contaCaixaSaidaId,
    contaCreditoId: linha.contaCreditoId,
    contaDebitoId: linha.contaDebitoId,
    ...subs,
  };
}

/** Field permissions on the way out; a hidden token field also hides whether one is set. */
function paraLeitura(ctx: Contexto, o: Organizacao): Organizacao {
  const visivel = filtrarLeitura(ctx, ACESSO, o);
  if (!camposOcultos(ctx, ACESSO).has('tokenAsaas')) return visivel;
  const { tokenAsaasConfigurado: _, ...resto } = visivel;
  return resto;
}

export async function obter(deps: Deps, ctx: Contexto, id: number): Promise<Organizacao> {
  const linha = await linhaNoEscopo(deps.db, ctx, id);
  return paraLeitura(ctx, await detalhar(deps.db, linha));
}

// ---------------------------------------------------------------- writes

const cnpjDuplicado = () =>
  new AppError('DOCUMENTO_DUPLICADO', {}, [{ campo: 'cnpj', mensagem: 'erros:DOCUMENTO_DUPLICADO' }]);

/** Races the checks could not see become the same answers the checks give. */
async function comTraducaoDeErros<T>(acao: () => Promise<T>): Promise<T> {
  try {
    return await acao();
  } catch (e) {
    if (e instanceof AppError) throw e;
    const pg = erroPg(e);
    if (pg.code === VIOLACAO_UNICA && pg.constraint === 'organizacao_cnpj_uq') throw cnpjDuplicado();
    if (pg.code === VIOLACAO_UNICA) throw new AppError('DOCUMENTO_DUPLICADO');
    if (pg.code === VIOLACAO_FK) throw new AppError('VALIDACAO');
    throw e;
  }
}

/**
 * The books settings point to the organization's own cash accounts and to analytic ledger
 * accounts it sees (its own, or shared by an organization above it). A new organization has no
 * cash account yet.
 */
async function exigirContasDosLivros(
  tx: Tx,
  organizacaoId: number | null,
  caminho: string,
  e: ConfiguracaoOrganizacaoInput,
) {
  const campos: CampoErro[] = [];
  for (const campo of CONTAS_CAIXA_ORGANIZACAO) {
    const contaId = e[campo];
    if (contaId === null) continue;
    const [c] = organizacaoId
      ? await tx
          .select({ id: schema.contaCaixa.id })
          .from(schema.contaCaixa)
          .where(
            and(
              eq(schema.contaCaixa.id, contaId),
              eq(schema.contaCaixa.organizacaoId, organizacaoId),
              isNull(schema.contaCaixa.excluidoEm),
            ),
          )
      : [];
    if (!c) campos.push({ campo, mensagem: 'validacao:invalido' });
  }
  const acima = caminho.split('/').filter(Boolean).map(Number);
  for (const campo of PLANOS_ORGANIZACAO) {
    const planoId = e[campo];
    if (planoId === null) continue;
    const p = schema.planoConta;
    const [c] = await tx
      .select({ id: p.id })
      .from(p)
      .where(
        and(
          eq(p.id, planoId),
          isNull(p.excluidoEm),
          eq(p.tipoPlanoConta, 'ANALITICA'),
          or(
            organizacaoId ? eq(p.organizacaoId, organizacaoId) : undefined,
            acima.length ? and(eq(p.acessivelHierarquia, true), inArray(p.organizacaoId, acima)) : undefined,
          ),
        ),
      );
    if (!c) campos.push({ campo, mensagem: 'validacao:invalido' });
  }
  if (campos.length) throw new AppError('VALIDACAO', {}, campos);
}

async function exigirCnpjLivre(tx: Tx, cnpj: string | null, proprioId: number | null) {
  if (!cnpj) return;
  const [outro] = await tx
    .select({ id: org.id })
    .from(org)
    .where(and(eq(org.cnpj, cnpj), isNull(org.excluidoEm), proprioId ? ne(org.id, proprioId) : undefined));
  if (outro) throw cnpjDuplicado();
}

/** The parent an organization may be placed under: existing, not deleted, in scope. */
async function paiValido(tx: Tx, ctx: Contexto, paiId: number | null) {
  if (paiId === null) {
    if (!ctx.permissoes.administrador) throw erroDeCampo('organizacaoPaiId', 'obrigatorio');
    return null;
  }
  const [p] = await tx
    .select({ id: org.id, caminho: org.caminho, nivel: org.nivel })
    .from(org)
    .where(and(eq(org.id, paiId), isNull(org.excluidoEm)));
  if (!p || !(await estaNoEscopo(tx, ctx, ACESSO, paiId))) throw naoEncontrado();
  return p;
}

/** The columns of the organization row a form writes (sub-records and token apart). */
const colunasPrincipais = (e: OrganizacaoInput) => ({
  razaoSocial: e.razaoSocial,
  nomeFantasia: e.nomeFantasia,
  cnpj: e.cnpj,
  inscricaoEstadual: e.inscricaoEstadual,
  inscricaoMunicipal: e.inscricaoMunicipal,
  tipoOrganizacaoId: e.tipoOrganizacaoId,
  situacao: e.situacao,
  organizacaoPaiId: e.organizacaoPaiId,
  dataCriacao: e.dataCriacao,
  dataDissolucao: e.dataDissolucao,
  registroEstatuto: e.registroEstatuto,
  ...colunasConfiguracao(e),
});

const colunasConfiguracao = (e: ConfiguracaoOrganizacaoInput) => ({
  diaVencimentoContribuicao: e.diaVencimentoContribuicao,
  valorPadraoContribuicao: normalizarDinheiro(e.valorPadraoContribuicao),
  tipoValorContribuicao: e.tipoValorContribuicao,
  lancamentoCaixaAutomatico: e.lancamentoCaixaAutomatico,
  // Left out (null): kept as stored; a new organization's comes from its type (aceitaCadastroDoTipo).
  ...(e.aceitaCadastro === null ? {} : { aceitaCadastro: e.aceitaCadastro }),
  contaCultoId: e.contaCultoId,
  contaCaixaEntradaId: e.contaCaixaEntradaId,
  contaCaixaSaidaId: e.contaCaixaSaidaId,
  contaCreditoId: e.contaCreditoId,
  contaDebitoId: e.contaDebitoId,
});

/** The stored record in the shape of the input, for field permissions and history. */
const comoEntrada = (o: Organizacao) => ({
  razaoSocial: o.razaoSocial,
  nomeFantasia: o.nomeFantasia,
  cnpj: o.cnpj ?? null,
  inscricaoEstadual: o.inscricaoEstadual ?? null,
  inscricaoMunicipal: o.inscricaoMunicipal ?? null,
  tipoOrganizacaoId: o.tipoOrganizacaoId,
  situacao: o.situacao,
  organizacaoPaiId: o.organizacaoPaiId,
  dataCriacao: o.dataCriacao,
  dataDissolucao: o.dataDissolucao,
  registroEstatuto: o.registroEstatuto ?? null,
  tokenAsaas: o.tokenAsaasConfigurado ? TOKEN_OCULTO : null,
  diaVencimentoContribuicao: o.diaVencimentoContribuicao ?? null,
  valorPadraoContribuicao: o.valorPadraoContribuicao ?? null,
  tipoValorContribuicao: o.tipoValorContribuicao ?? null,
  lancamentoCaixaAutomatico: o.lancamentoCaixaAutomatico ?? false,
  aceitaCadastro: o.aceitaCadastro ?? false,
  contaCultoId: o.contaCultoId ?? null,
  contaCaixaEntradaId: o.contaCaixaEntradaId ?? null,
  contaCaixaSaidaId: o.contaCaixaSaidaId ?? null,
  contaCreditoId: o.contaCreditoId ?? null,
  contaDebitoId: o.contaDebitoId ?? null,
  enderecos: o.enderecos,
  contatos: o.contatos,
  contasBancarias: o.contasBancarias,
  camposTrabalho: o.camposTrabalho,
});

/** The record as history keeps it: everything but the token, which shows as a marker. */
const paraHistorico = (o: Organizacao, tokenSubstituido = false) => ({
  ...comoEntrada(o),
  tokenAsaas: tokenSubstituido ? TOKEN_SUBSTITUIDO : o.tokenAsaasConfigurado ? TOKEN_OCULTO : null,
});

/** Input fields under field permissions; money in the stored form so equal values compare equal. */
function entradaPermitida(ctx: Contexto, corpoBruto: unknown, e: OrganizacaoInput, anterior: Organizacao | null) {
  const normalizada = { ...e, valorPadraoContribuicao: normalizarDinheiro(e.valorPadraoContribuicao) };
  // The token is write-only: a locked one may be omitted or sent empty, never replaced.
  const base = anterior ? { ...comoEntrada(anterior), tokenAsaas: null } : null;
  return aplicarEscrita(ctx, ACESSO, corpoBruto, normalizada, base);
}

type TabelaFilha =
  | typeof schema.organizacaoEndereco
  | typeof schema.organizacaoContato
  | typeof schema.organizacaoContaBancaria
  | typeof schema.organizacaoCampoTrabalho;

/**
 * Makes the stored sub-records equal the sent list: rows with an id of this organization
 * are updated, rows without one inserted, the rest deleted. An id of any other
 * organization's row reads as not found and is never touched.
 */
async function sincronizar<T extends TabelaFilha>(
  tx: Tx,
  tabela: T,
  organizacaoId: number,
  campo: string,
  itens: readonly ({ id: number | null } & Record<string, unknown>)[],
) {
  const atuais = await tx
    .select({ id: tabela.id })
    .from(tabela as TabelaFilha)
    .where(eq(tabela.organizacaoId, organizacaoId));
  const existentes = new Set(atuais.map((l) => l.id));
  const vistos = new Set<number>();
  for (const [i, item] of itens.entries()) {
    if (item.id === null) continue;
    if (!existentes.has(item.id)) throw naoEncontrado();
    if (vistos.has(item.id)) throw erroDeCampo(`${campo}.${i}.id`, 'itemRepetido');
    vistos.add(item.id);
  }
  const removidos = [...existentes].filter((id) => !vistos.has(id));
  if (removidos.length) await tx.delete(tabela).where(inArray(tabela.id, removidos));
  const novos: Record<string, unknown>[] = [];
  for (const { id, ...valores } of itens) {
    if (id === null) novos.push({ ...valores, organizacaoId });
    else
      await tx
        .update(tabela)
        .set(valores as PgUpdateSetSource<T>)
        .where(and(eq(tabela.id, id), eq(tabela.organizacaoId, organizacaoId)));
  }
  if (novos.length) await tx.insert(tabela).values(novos as PgInsertValue<T>[]);
}

async function gravarSubRegistros(tx: Tx, organizacaoId: number, e: OrganizacaoInput) {
  await sincronizar(tx, schema.organizacaoEndereco, organizacaoId, 'enderecos', e.enderecos);
  await sincronizar(tx, schema.organizacaoContato, organizacaoId, 'contatos', e.contatos);
  await sincronizar(tx, schema.organizacaoContaBancaria, organizacaoId, 'contasBancarias', e.contasBancarias);
  await sincronizar(tx, schema.organizacaoCampoTrabalho, organizacaoId, 'camposTrabalho', e.camposTrabalho);
}

/** A new organization accepts self-registered members when it is a community (`NIVEL_COMUNIDADE`). */
export const aceitaCadastroDoTipo = (tipoOrganizacaoId: number) =>
  sql<boolean>`coalesce((select ${schema.tipoOrganizacao.nivel} = ${NIVEL_COMUNIDADE} from ${schema.tipoOrganizacao} where ${schema.tipoOrganizacao.id} = ${tipoOrganizacaoId}), false)`;

/**
 * A new organization's id, taken before its insert so that its path goes in with the row: an
 * update of `caminho` fires the tree's triggers, which count the whole people summary again.
 */
export async function novoIdOrganizacao(tx: DbOuTx): Promise<number> {
  const { rows } = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('organizacao', 'id'))::int as id`,
  )) as unknown as { rows: { id: number }[] };
  return rows[0]!.id;
}

export async function criar(deps: Deps, ctx: Contexto, corpoBruto: unknown, entrada: OrganizacaoInput) {
  const e = entradaPermitida(ctx, corpoBruto, entrada, null);
  return comTraducaoDeErros(() =>
    deps.db.transaction(async (tx) => {
      const superior = await paiValido(tx, ctx, e.organizacaoPaiId);
      await exigirContasDosLivros(tx, null, superior?.caminho ?? '/', e);
      await exigirCnpjLivre(tx, e.cnpj, null);
      const id = await novoIdOrganizacao(tx);
      const [linha] = await tx
        .insert(org)
        .overridingSystemValue()
        .values({
          id,
          aceitaCadastro: aceitaCadastroDoTipo(e.tipoOrganizacaoId),
          ...colunasPrincipais(e),
          caminho: `${superior?.caminho ?? '/'}${id}/`,
          nivel: superior ? superior.nivel + 1 : 0,
          tokenAsaasCifrado: e.tokenAsaas ? deps.cofre.cifrar(e.tokenAsaas) : null,
        })
        .returning();
      await gravarSubRegistros(tx, id, e);
      const gravada = await detalhar(tx, linha!);
      await registrarAlteracao(tx, ctx, ENTIDADE, id, null, paraHistorico(gravada, !!e.tokenAsaas));
      return paraLeitura(ctx, gravada);
    }),
  );
}

type NoMovido = { id: number; caminho: string; nivel: number };

/**
 * Moves an organization and its whole subtree under another parent (none: to the root), in one
 * statement — its parent, and every path and level below it. Under itself or a descendant of its
 * own is refused. The registry's form and the migration's organizations both move through here.
 */
export async function moverSubarvore(tx: DbOuTx, atual: NoMovido, superior: NoMovido | null) {
  if (superior?.caminho.startsWith(atual.caminho)) throw new AppError('ORGANIZACAO_CICLO');
  const novoCaminho = `${superior?.caminho ?? '/'}${atual.id}/`;
  const deltaNivel = (superior ? superior.nivel + 1 : 0) - atual.nivel;
  await tx
    .update(org)
    .set({
      organizacaoPaiId: sql`case when ${org.id} = ${atual.id}::int then ${superior?.id ?? null}::int else ${org.organizacaoPaiId} end`,
      caminho: sql`${novoCaminho} || substr(${org.caminho}, ${atual.caminho.length + 1}::int)`,
      nivel: sql`${org.nivel} + ${deltaNivel}::int`,
    })
    .where(like(org.caminho, `${atual.caminho}%`));
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, corpoBruto: unknown, entrada: OrganizacaoInput) {
  return comTraducaoDeErros(() =>
    deps.db.transaction(async (tx) => {
      const atual = await linhaNoEscopo(tx, ctx, id, true);
      const anterior = await detalhar(tx, atual);
      const e = entradaPermitida(ctx, corpoBruto, entrada, anterior);
      if (e.organizacaoPaiId !== atual.organizacaoPaiId)
        await moverSubarvore(tx, atual, await paiValido(tx, ctx, e.organizacaoPaiId));
      const [{ caminho }] = (await tx.select({ caminho: org.caminho }).from(org).where(eq(org.id, id))) as [
        { caminho: string },
      ];
      await exigirContasDosLivros(tx, id, caminho, e);
      await exigirCnpjLivre(tx, e.cnpj, id);
      const [linha] = await tx
        .update(org)
        .set({
          ...colunasPrincipais(e),
          ...(e.tokenAsaas ? { tokenAsaasCifrado: deps.cofre.cifrar(e.tokenAsaas) } : {}),
          atualizadoEm: new Date(),
        })
        .where(eq(org.id, id))
        .returning();
      await gravarSubRegistros(tx, id, e);
      const gravada = await detalhar(tx, linha!);
      await registrarAlteracao(tx, ctx, ENTIDADE, id, paraHistorico(anterior), paraHistorico(gravada, !!e.tokenAsaas));
      return paraLeitura(ctx, gravada);
    }),
  );
}

/** The settings screen's access id: a treasurer keeps the books settings without editing the registry. */
export const ACESSO_CONFIGURACAO = 'ConfiguracaoOrganizacao';

/** Spec §2 /configuracoes-organizacao: the user's own organization, settings included. */
export const obterConfiguracao = (deps: Deps, ctx: Contexto) => obter(deps, ctx, ctx.organizacaoId);

/** Saves the settings of the user's own organization, checked like the registry's; the rest of the record stays. */
export async function atualizarConfiguracao(
  deps: Deps,
  ctx: Contexto,
  corpoBruto: unknown,
  entrada: ConfiguracaoOrganizacaoInput,
): Promise<Organizacao> {
  return deps.db.transaction(async (tx) => {
    const atual = await linhaNoEscopo(tx, ctx, ctx.organizacaoId, true);
    const anterior = await detalhar(tx, atual);
    const normalizada = { ...entrada, valorPadraoContribuicao: normalizarDinheiro(entrada.valorPadraoContribuicao) };
    // The fields' own permissions are the registry's, whichever screen edits them.
    const e = aplicarEscrita(ctx, ACESSO, corpoBruto, normalizada, comoEntrada(anterior));
    await exigirContasDosLivros(tx, atual.id, atual.caminho, e);
    const [linha] = await tx
      .update(org)
      .set({ ...colunasConfiguracao(e), atualizadoEm: new Date() })
      .where(eq(org.id, atual.id))
      .returning();
    const gravada = await detalhar(tx, linha!);
    await registrarAlteracao(tx, ctx, ENTIDADE, atual.id, paraHistorico(anterior), paraHistorico(gravada));
    return paraLeitura(ctx, gravada);
  });
}

export async function excluir(deps: Deps, ctx: Contexto, id: number) {
  await deps.db.transaction(async (tx) => {
    const atual = await linhaNoEscopo(tx, ctx, id, true);
    if (id === ctx.organizacaoId) throw new AppError('ORGANIZACAO_ATUAL');
    const [emUso] = await tx
      .select({
        uso: sql<boolean>`exists(select 1 from ${org} filho where filho.organizacao_pai_id = ${id} and filho.excluido_em is null)
          or exists(select 1 from ${schema.pessoa} where ${schema.pessoa.organizacaoId} = ${id} and ${schema.pessoa.excluidoEm} is null)
          or exists(select 1 from ${schema.usuarioOrganizacao} where ${schema.usuarioOrganizacao.organizacaoId} = ${id})`,
      })
      .from(org)
      .where(eq(org.id, id));
    if (emUso?.uso) throw new AppError('REGISTRO_EM_USO');
    const anterior = await detalhar(tx, atual);
    await tx.update(org).set({ excluidoEm: new Date(), atualizadoEm: new Date() }).where(eq(org.id, id));
    await registrarAlteracao(tx, ctx, ENTIDADE, id, paraHistorico(anterior), null);
  });
}

// ---------------------------------------------------------------- users of an organization

export async function listarUsuarios(deps: Deps, ctx: Contexto, id: number): Promise<UsuarioOrganizacao[]> {
  await linhaNoEscopo(deps.db, ctx, id);
  return consultaUsuarios(deps.db, id);
}

function consultaUsuarios(db: DbOuTx, organizacaoId: number, usuarioId?: number) {
  return db
    .select({
      usuarioId: schema.usuario.id,
      nome: nomeCompletoPessoa,
      email: schema.usuario.email,
      perfilId: schema.perfil.id,
      perfilNome: schema.perfil.nome,
    })
    .from(schema.usuarioOrganizacao)
    .innerJoin(schema.usuario, eq(schema.usuario.id, schema.usuarioOrganizacao.usuarioId))
    .innerJoin(schema.pessoa, eq(schema.pessoa.id, schema.usuario.pessoaId))
    .innerJoin(schema.perfil, eq(schema.perfil.id, schema.usuarioOrganizacao.perfilId))
    .where(
      and(
        eq(schema.usuarioOrganizacao.organizacaoId, organizacaoId),
        usuarioId ? eq(schema.usuarioOrganizacao.usuarioId, usuarioId) : undefined,
      ),
    )
    .orderBy(asc(schema.pessoa.nome), asc(schema.pessoa.sobrenome), asc(schema.usuario.id));
}

/** Links a user to the organization with a profile, or changes the profile of the link. */
export async function vincularUsuario(
  deps: Deps,
  ctx: Contexto,
  id: number,
  e: { usuarioId: number; perfilId: number },
): Promise<UsuarioOrganizacao> {
  return deps.db.transaction(async (tx) => {
    await linhaNoEscopo(tx, ctx, id, true);
    await gravarVinculo(tx, ctx, { ...e, organizacaoId: id });
    const [vinculo] = await consultaUsuarios(tx, id, e.usuarioId);
    return vinculo!;
  });
}

export async function desvincularUsuario(deps: Deps, ctx: Contexto, id: number, usuarioId: number) {
  await deps.db.transaction(async (tx) => {
    await linhaNoEscopo(tx, ctx, id, true);
    await removerVinculo(tx, ctx, usuarioId, id);
  });
}
