import {
  CAMPOS_PESSOA,
  FILHOS_PESSOA,
  type Paged,
  type PessoaInput,
  type PessoaListQuery,
  type PessoaResumo,
  type SelectOpcao,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';
import { arquivoExportacao, type FormatoArquivo } from '../../platform/exportacao.js';
import { exigirReferencias, Filhos } from '../../platform/filhos.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { aplicarEscrita, camposOcultos, filtrarLeitura, somentePropria } from '../../platform/permissoes.js';
import { erroPg, escaparLike, VIOLACAO_UNICA } from '../../platform/sql.js';
import { tabelaDe } from '../cadastros/tabelas.js';
import { contar, lotesPessoas } from './documentos.js';

const ACESSO = 'Pessoa';
const ENTIDADE = 'pessoa';
/** Counting stops here: "more than 10,000" is all a list needs to say, and counting further costs. */
export const LIMITE_CONTAGEM = 10_000;
const LIMITE_SELECT = 20;
/** Up to this many matches the selector sorts them all; past it the walk by name finds the first ones early. */
const LIMITE_SELECT_ORDENADO = 1_000;
export const LIMITE_EXPORTACAO = 200_000;

const { pessoa, organizacao, tipoPessoa } = schema;

const filhos = new Filhos(
  FILHOS_PESSOA,
  {
    enderecos: { tabela: schema.pessoaEndereco, pai: schema.pessoaEndereco.pessoaId },
    contatos: { tabela: schema.pessoaContato, pai: schema.pessoaContato.pessoaId },
    familia: { tabela: schema.pessoaFamilia, pai: schema.pessoaFamilia.pessoaId },
    contribuicao: { tabela: schema.pessoaContribuicao, pai: schema.pessoaContribuicao.pessoaId },
    contasBancarias: { tabela: schema.pessoaContaBancaria, pai: schema.pessoaContaBancaria.pessoaId },
    celebracoes: { tabela: schema.pessoaCelebracao, pai: schema.pessoaCelebracao.pessoaId },
  },
  tabelaDe,
);
const faltando = filhos.faltando();
if (faltando.length) throw new Error(`Person sub-records: tables lack ${faltando.join(', ')}`);

/** Lower case, no accents, single spaces: how `nome_busca` is stored and how terms are matched. */
export const normalizarBusca = (v: string) =>
  v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const colunas = Object.fromEntries(
  CAMPOS_PESSOA.map((c) => [c.nome, (pessoa as unknown as Record<string, typeof pessoa.id>)[c.nome]!]),
);

/** Registration complete = the general-data tab's essentials filled and no longer a pre-registration. */
const cadastroCompleto = sql`(${pessoa.sobrenome} <> '' and ${pessoa.sexo} is not null and ${pessoa.dataNascimento} is not null and ${pessoa.tipoPessoaId} is not null and not ${pessoa.preCadastro})`;

// ---------------------------------------------------------------- reads

/**
 * The rows a query may see: not deleted, inside the user's scope, and inside the chosen
 * organization's subtree (or that organization alone) when one is chosen.
 */
export async function condicoes(
  deps: Deps,
  ctx: Contexto,
  q: Partial<PessoaListQuery>,
  acesso: string = ACESSO,
): Promise<SQL> {
  const partes: (SQL | undefined)[] = [isNull(pessoa.excluidoEm)];
  if (q.organizacaoId) {
    await exigirNoEscopo(deps.db, ctx, acesso, q.organizacaoId);
    // The organization is in scope, so its subtree is too: the scope filter would only cost a
    // join with every organization. "Own organization only" keeps it (it narrows further).
    if (somentePropria(ctx, acesso)) partes.push(filtroOrganizacao(ctx, acesso, pessoa.organizacaoId));
    if (q.somenteMinhaOrganizacao) partes.push(eq(pessoa.organizacaoId, q.organizacaoId));
    else {
      // The subtree's ids as a literal list: the planner then knows how many people they hold
      // (a subquery on a computed path it cannot estimate, and it picked a scan of the table).
      const subarvore = await deps.db
        .select({ id: organizacao.id })
        .from(organizacao)
        .where(
          sql`${organizacao.caminho} like (select o.caminho from ${organizacao} o where o.id = ${q.organizacaoId}) || '%'`,
        );
      partes.push(sql`${pessoa.organizacaoId} = any(${`{${subarvore.map((o) => o.id).join(',')}}`}::int[])`);
    }
  } else {
    partes.push(filtroOrganizacao(ctx, acesso, pessoa.organizacaoId));
    if (q.somenteMinhaOrganizacao) partes.push(eq(pessoa.organizacaoId, ctx.organizacaoId));
  }
  // Each word is one trigram-indexed match, so "silva joão" finds "João da Silva".
  for (const termo of normalizarBusca(q.nome ?? '')
    .split(' ')
    .filter(Boolean))
    partes.push(sql`${pessoa.nomeBusca} like ${`%${escaparLike(termo)}%`}`);
  const ocultos = camposOcultos(ctx, acesso);
  const cpf = q.cpf?.replace(/\D/g, '');
  if (cpf && !ocultos.has('cpf')) partes.push(eq(pessoa.cpf, cpf));
  if (q.tiposPessoaIds?.length) partes.push(sql`${pessoa.tipoPessoaId} in ${q.tiposPessoaIds}`);
  if (q.status?.length) partes.push(sql`${pessoa.status} in ${q.status}`);
  if (q.situacaoId) partes.push(eq(pessoa.situacaoId, q.situacaoId));
  if (q.titular !== undefined) partes.push(eq(pessoa.titular, q.titular));
  if (q.preCadastro !== undefined) partes.push(eq(pessoa.preCadastro, q.preCadastro));
  if (q.cadastroCompleto !== undefined)
    partes.push(q.cadastroCompleto ? cadastroCompleto : sql`not ${cadastroCompleto}`);
  if (q.nascimentoDe) partes.push(sql`${pessoa.dataNascimento} >= ${q.nascimentoDe}`);
  if (q.nascimentoAte) partes.push(sql`${pessoa.dataNascimento} <= ${q.nascimentoAte}`);
  return and(...partes)!;
}

const chaveOrdem = (campo: string | undefined): SQL => {
  switch (campo) {
    case 'dataNascimento':
      return sql`coalesce(${pessoa.dataNascimento}, '0001-01-01'::date)`;
    case 'criadoEm':
      return sql`${pessoa.criadoEm}`;
    case 'id':
      return sql`${pessoa.id}`;
    default:
      return sql`${pessoa.nomeBusca}`;
  }
};

/**
 * The CTEs `contagem` (matching rows, counted up to `teto` + 1) and `pagina` (id and sort key
 * of the rows `deslocamento`..+`limite` in (chave, id) order) of one statement.
 *
 * Past `teto` matches the page comes from an ordered walk of an index on the key, cheap exactly
 * then (a term that common matches early in the walk). Below it the walk is never taken: a rare
 * term walks most of the index (it did: 80 ms for a first name with a surname) where the
 * trigram index finds the few rows at once; the matches are sorted instead. `id > 0` (always
 * true) is what lets the walk use `pessoa_nome_busca_idx` (see the schema: other queries are
 * kept off it).
 *
 * `guardar`: the matches are kept (id and key only) as they are counted, so that the trigram
 * index is searched once for a name, and a CPF or chosen ids are looked up once. Otherwise (an
 * organization's list, other filters) counting from the indexes alone and reading the page
 * again costs half as much as keeping 10,001 rows.
 */
function paginaOrdenada(
  onde: SQL,
  chave: SQL,
  ordem: 'asc' | 'desc',
  opcoes: { teto: number; limite: number; deslocamento: number; guardar: boolean },
) {
  const dir = sql.raw(ordem);
  const { teto, limite, deslocamento } = opcoes;
  const caminhada = sql`(select ${pessoa.id}, ${chave} from ${pessoa}
      where ${onde} and ${pessoa.id} > 0 and (select n from contagem) > ${teto}
      order by ${chave} ${dir}, ${pessoa.id} ${dir} limit ${limite} offset ${deslocamento})`;
  if (!opcoes.guardar)
    return sql`contagem as (select count(*)::int as n from (select 1 from ${pessoa} where ${onde} limit ${teto + 1}) x),
    pagina as (
      (select ${pessoa.id} as id, ${chave} as chave from ${pessoa} where ${onde} and (select n from contagem) <= ${teto}
        order by ${chave} ${dir}, ${pessoa.id} ${dir} limit ${limite} offset ${deslocamento})
      union all
      ${caminhada}
    )`;
  return sql`achados as materialized (
      select ${pessoa.id} as id, ${chave} as chave from ${pessoa} where ${onde} limit ${teto + 1}
    ),
    contagem as (select count(*)::int as n from achados),
    pagina as (
      (select a.id, a.chave from achados a where (select n from contagem) <= ${teto}
        order by a.chave ${dir}, a.id ${dir} limit ${limite} offset ${deslocamento})
      union all
      ${caminhada}
    )`;
}

/** One statement a page (count and rows); only the page's rows are read in full. */
export async function listarPaginado(
  deps: Deps,
  ctx: Contexto,
  q: PessoaListQuery,
): Promise<Paged<PessoaResumo> & { totalExato: boolean }> {
  const onde = await condicoes(deps, ctx, q);
  const ordem = q.ordem === 'desc' ? 'desc' : 'asc';
  const dir = sql.raw(ordem);
  const cte = paginaOrdenada(onde, chaveOrdem(q.ordenarPor), ordem, {
    teto: LIMITE_CONTAGEM,
    limite: q.quantidade,
    deslocamento: (q.pagina - 1) * q.quantidade,
    guardar: normalizarBusca(q.nome ?? '') !== '' || !!q.cpf?.replace(/\D/g, ''),
  });
  const r = (await deps.db.execute(sql`with ${cte}
    select c.n as "total", p.id as "id", p.nome as "nome", p.sobrenome as "sobrenome", p.cpf as "cpf",
      to_char(p.data_nascimento, 'YYYY-MM-DD') as "dataNascimento", p.status as "status", p.titular as "titular",
      p.pre_cadastro as "preCadastro", p.organizacao_id as "organizacaoId", o.nome_fantasia as "organizacaoNome",
      t.nome as "tipoPessoaNome"
    from contagem c
    left join (pagina g
      join ${pessoa} p on p.id = g.id
      join ${organizacao} o on o.id = p.organizacao_id
      left join ${tipoPessoa} t on t.id = p.tipo_pessoa_id) on true
    order by g.chave ${dir}, g.id ${dir}`)) as unknown as { rows: (PessoaResumo & { total: number })[] };
  const n = r.rows[0]?.total ?? 0;
  return {
    itens: r.rows.filter((l) => l.id !== null).map(({ total: _, ...l }) => filtrarLeitura(ctx, ACESSO, l)),
    total: Math.min(n, LIMITE_CONTAGEM),
    totalExato: n <= LIMITE_CONTAGEM,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

/** The people selector (spec §5): search by name or CPF within the scope; `ids` brings chosen ones back. */
export async function opcoes(deps: Deps, ctx: Contexto, q: { busca?: string; ids?: number[] }): Promise<SelectOpcao[]> {
  const digitos = q.busca?.replace(/\D/g, '') ?? '';
  const porCpf = digitos.length === 11 ? { cpf: digitos } : { nome: q.busca };
  const onde = q.ids?.length
    ? and(
        isNull(pessoa.excluidoEm),
        filtroOrganizacao(ctx, ACESSO, pessoa.organizacaoId),
        sql`${pessoa.id} in ${q.ids}`,
      )!
    : await condicoes(deps, ctx, porCpf);
  // The first ones by name, as a page of the list is found (the walk by name only for common terms).
  const cte = paginaOrdenada(onde, sql`${pessoa.nomeBusca}`, 'asc', {
    teto: LIMITE_SELECT_ORDENADO,
    limite: LIMITE_SELECT,
    deslocamento: 0,
    guardar: !!q.ids?.length || normalizarBusca(q.busca ?? '') !== '',
  });
  const r = (await deps.db.execute(sql`with ${cte}
    select p.id as "value", trim(p.nome || ' ' || p.sobrenome) || ' — ' || o.nome_fantasia as "label"
    from pagina g join ${pessoa} p on p.id = g.id join ${organizacao} o on o.id = p.organizacao_id
    order by g.chave, g.id`)) as unknown as { rows: SelectOpcao[] };
  return r.rows;
}

type Registro = Record<string, unknown> & { id: number };

async function carregar(db: DbOuTx, ctx: Contexto, id: number, bloquear = false): Promise<Registro> {
  const consulta = db
    .select({ id: pessoa.id, ...colunas, atualizadoEm: pessoa.atualizadoEm })
    .from(pessoa)
    .where(and(eq(pessoa.id, id), isNull(pessoa.excluidoEm), filtroOrganizacao(ctx, ACESSO, pessoa.organizacaoId)));
  const [linha] = bloquear ? await consulta.for('update') : await consulta;
  if (!linha) throw naoEncontrado();
  return linha as Registro;
}

const paraHistorico = (r: Record<string, unknown>) =>
  Object.fromEntries([
    ...CAMPOS_PESSOA.map((c) => [c.nome, r[c.nome] ?? null]),
    ...FILHOS_PESSOA.map((f) => [f.nome, r[f.nome] ?? []]),
  ]);

export type PessoaLida = Record<string, unknown> & { id: number; atualizadoEm: string; organizacaoNome: string };

export async function obter(deps: Deps, ctx: Contexto, id: number): Promise<PessoaLida> {
  const r = await carregar(deps.db, ctx, id);
  const [org] = await deps.db
    .select({ nome: organizacao.nomeFantasia })
    .from(organizacao)
    .where(eq(organizacao.id, r.organizacaoId as number));
  const completo = {
    ...r,
    ...(await filhos.carregar(deps.db, id)),
    atualizadoEm: (r.atualizadoEm as Date).toISOString(),
    organizacaoNome: org?.nome ?? '',
  };
  return filtrarLeitura(ctx, ACESSO, completo);
}

// ---------------------------------------------------------------- writes

/** A family link must point at someone else the user can see. */
async function exigirParentes(tx: DbOuTx, ctx: Contexto, id: number | null, dados: PessoaInput) {
  const familia = (dados.familia ?? []) as { parenteId: number }[];
  for (const [i, f] of familia.entries()) {
    if (f.parenteId === id) throw erroDeCampo(`familia.${i}.parenteId`, 'parenteSiMesmo');
    const [visivel] = await tx
      .select({ id: pessoa.id })
      .from(pessoa)
      .where(
        and(
          eq(pessoa.id, f.parenteId),
          isNull(pessoa.excluidoEm),
          filtroOrganizacao(ctx, ACESSO, pessoa.organizacaoId),
        ),
      );
    if (!visivel) throw erroDeCampo(`familia.${i}.parenteId`, 'referenciaInexistente');
  }
}

/**
 * Family links are kept from both sides: the relative gets the reciprocal degree (Pai → Filho(a));
 * a link removed here is removed there.
 */
async function espelharFamilia(tx: DbOuTx, id: number) {
  await tx.execute(sql`
    update pessoa_familia r set excluido_em = now()
    where r.parente_id = ${id} and r.excluido_em is null
      and not exists (select 1 from pessoa_familia f
                      where f.pessoa_id = ${id} and f.parente_id = r.pessoa_id and f.excluido_em is null)`);
  await tx.execute(sql`
    update pessoa_familia r set grau_parentesco_id = coalesce(g.reciproco_id, g.id)
    from pessoa_familia f join grau_parentesco g on g.id = f.grau_parentesco_id
    where f.pessoa_id = ${id} and f.excluido_em is null
      and r.pessoa_id = f.parente_id and r.parente_id = ${id} and r.excluido_em is null
      and r.grau_parentesco_id <> coalesce(g.reciproco_id, g.id)`);
  await tx.execute(sql`
    insert into pessoa_familia (pessoa_id, parente_id, grau_parentesco_id)
    select f.parente_id, ${id}, coalesce(g.reciproco_id, g.id)
    from pessoa_familia f join grau_parentesco g on g.id = f.grau_parentesco_id
    where f.pessoa_id = ${id} and f.excluido_em is null
      and not exists (select 1 from pessoa_familia r
                      where r.pessoa_id = f.parente_id and r.parente_id = ${id} and r.excluido_em is null)`);
}

function valoresPessoa(dados: PessoaInput) {
  const v: Record<string, unknown> = {};
  for (const c of CAMPOS_PESSOA) v[c.nome] = (dados as Record<string, unknown>)[c.nome] ?? c.padrao ?? null;
  v.sobrenome = v.sobrenome ?? '';
  v.nomeBusca = normalizarBusca(`${v.nome} ${v.sobrenome}`);
  return v;
}

const traduzirUnico = (erro: unknown): never => {
  const pg = erroPg(erro);
  if (pg.code !== VIOLACAO_UNICA) throw erro;
  if (pg.constraint === 'pessoa_cpf_uq')
    throw new AppError('DOCUMENTO_DUPLICADO', {}, [{ campo: 'cpf', mensagem: 'erros:DOCUMENTO_DUPLICADO' }]);
  throw new AppError('NOME_DUPLICADO', {}, [
    { campo: filhos.colecaoDaRestricao(pg.constraint) ?? 'nome', mensagem: 'validacao:valorDuplicado' },
  ]);
};

async function exigirCpfLivre(tx: DbOuTx, cpf: unknown, ignorarId?: number) {
  if (typeof cpf !== 'string' || !cpf) return;
  const [outro] = await tx
    .select({ id: pessoa.id })
    .from(pessoa)
    .where(
      and(eq(pessoa.cpf, cpf), isNull(pessoa.excluidoEm), ignorarId ? sql`${pessoa.id} <> ${ignorarId}` : undefined),
    )
    .limit(1);
  // The other person may be outside the user's scope: the message says only that the document is taken.
  if (outro) throw new AppError('DOCUMENTO_DUPLICADO', {}, [{ campo: 'cpf', mensagem: 'erros:DOCUMENTO_DUPLICADO' }]);
}

export async function criar(deps: Deps, ctx: Contexto, corpoBruto: unknown, entrada: PessoaInput) {
  const dados = aplicarEscrita(ctx, ACESSO, corpoBruto, entrada, null);
  const id = await deps.db
    .transaction(async (tx) => {
      await exigirNoEscopo(tx, ctx, ACESSO, dados.organizacaoId as number).catch(() => {
        throw erroDeCampo('organizacaoId', 'referenciaInexistente');
      });
      await exigirReferencias(tx, tabelaDe, CAMPOS_PESSOA, dados, null);
      await exigirCpfLivre(tx, dados.cpf);
      await exigirParentes(tx, ctx, null, dados);
      const [linha] = await tx
        .insert(pessoa)
        .values(valoresPessoa(dados) as typeof pessoa.$inferInsert)
        .returning({ id: pessoa.id });
      const novoId = linha!.id;
      await filhos.salvar(tx, novoId, dados, true);
      await espelharFamilia(tx, novoId);
      await registrarAlteracao(
        tx,
        ctx,
        ENTIDADE,
        novoId,
        null,
        paraHistorico({ ...dados, ...(await filhos.carregar(tx, novoId)) }),
      );
      return novoId;
    })
    .catch(traduzirUnico);
  return obter(deps, ctx, id);
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, corpoBruto: unknown, entrada: PessoaInput) {
  await deps.db
    .transaction(async (tx) => {
      const anterior = { ...(await carregar(tx, ctx, id, true)), ...(await filhos.carregar(tx, id)) };
      const dados = aplicarEscrita(ctx, ACESSO, corpoBruto, entrada, anterior);
      if (dados.organizacaoId !== anterior.organizacaoId)
        await exigirNoEscopo(tx, ctx, ACESSO, dados.organizacaoId as number).catch(() => {
          throw erroDeCampo('organizacaoId', 'referenciaInexistente');
        });
      await exigirReferencias(tx, tabelaDe, CAMPOS_PESSOA, dados, anterior);
      if (dados.cpf !== anterior.cpf) await exigirCpfLivre(tx, dados.cpf, id);
      await exigirParentes(tx, ctx, id, dados);
      await tx
        .update(pessoa)
        .set({ ...valoresPessoa(dados), atualizadoEm: new Date() } as typeof pessoa.$inferInsert)
        .where(eq(pessoa.id, id));
      await filhos.salvar(tx, id, dados, false);
      await espelharFamilia(tx, id);
      await registrarAlteracao(
        tx,
        ctx,
        ENTIDADE,
        id,
        paraHistorico(anterior),
        paraHistorico({ ...dados, ...(await filhos.carregar(tx, id)) }),
      );
    })
    .catch(traduzirUnico);
  return obter(deps, ctx, id);
}

/** Logical delete; a person who is a user of the system stays (the account names them). */
export async function excluir(deps: Deps, ctx: Contexto, id: number) {
  await deps.db.transaction(async (tx) => {
    const anterior = await carregar(tx, ctx, id, true);
    const [usuario] = await tx
      .select({ id: schema.usuario.id })
      .from(schema.usuario)
      .where(eq(schema.usuario.pessoaId, id));
    if (usuario) throw new AppError('REGISTRO_EM_USO');
    await tx.update(pessoa).set({ excluidoEm: new Date(), atualizadoEm: new Date() }).where(eq(pessoa.id, id));
    await filhos.excluirTodos(tx, id);
    await tx.execute(
      sql`update pessoa_familia set excluido_em = now() where parente_id = ${id} and excluido_em is null`,
    );
    await registrarAlteracao(tx, ctx, ENTIDADE, id, paraHistorico(anterior), null);
  });
}

// ---------------------------------------------------------------- export

const COLUNAS_EXPORTACAO = [
  'id',
  'nome',
  'sobrenome',
  'cpf',
  'dataNascimento',
  'status',
  'titular',
  'organizacaoNome',
  'tipoPessoaNome',
] as const;

/** The filtered list as CSV or XLSX, read in keyset batches (flat memory, no long transaction). */
export async function exportar(
  deps: Deps,
  ctx: Contexto,
  q: PessoaListQuery,
  formato: FormatoArquivo,
  origem: { ip: string; userAgent: string | null; rota: string },
) {
  const onde = await condicoes(deps, ctx, q);
  const n = await contar(deps, onde, LIMITE_EXPORTACAO);
  deps.auditoria.registrar({
    evento: 'EXPORTACAO',
    usuarioId: ctx.usuarioId,
    organizacaoId: ctx.organizacaoId,
    acesso: ACESSO,
    metodo: 'GET',
    rota: origem.rota,
    status: 200,
    ip: origem.ip,
    userAgent: origem.userAgent,
  });
  const ocultos = camposOcultos(ctx, ACESSO);
  const nomes = COLUNAS_EXPORTACAO.filter((c) => !ocultos.has(c));
  const t = tradutor(ctx.idioma);
  const data = new Date().toISOString().slice(0, 10);
  // The same batches as labels and the report (documentos.ts): keyset by name, flat memory.
  async function* lotes(): AsyncGenerator<unknown[][]> {
    for await (const lote of lotesPessoas(deps, onde, LIMITE_EXPORTACAO))
      yield lote.map((l) => nomes.map((c) => l[c] ?? null));
  }
  return {
    nomeArquivo: `pessoas-${data}.${formato}`,
    linhas: Math.min(n, LIMITE_EXPORTACAO),
    truncada: n > LIMITE_EXPORTACAO,
    conteudo: arquivoExportacao(
      formato,
      'pessoas',
      nomes.map((c) => t(`campos:${c}`, { defaultValue: c })),
      lotes(),
    ),
  };
}
