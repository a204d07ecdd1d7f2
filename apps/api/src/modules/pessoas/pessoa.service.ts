import {
  CAMPOS_PESSOA,
  type ContaUsuarioPessoa,
  contaUsuarioLida,
  DEFINICAO_PESSOA,
  FILHOS_PESSOA,
  hojeNoBrasil,
  type Paged,
  type PessoaInput,
  type PessoaListQuery,
  type PessoaResumo,
  type SelectOpcao,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, eq, getTableColumns, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { esquemaItem } from '../../platform/crud.js';
import { AppError, erroDeCampo, naoEncontrado, respostaConferida } from '../../platform/erros.js';
import {
  type CondicaoCaminho,
  caminhoEscolhido,
  caminhoProprio,
  entreOrganizacoes,
  escopoSobRaiz,
  filtroCaminho,
  filtroOrganizacao,
  fimDaSubarvore,
  organizacoesEscolhidas,
} from '../../platform/escopo.js';
import { arquivoExportacao, type FormatoArquivo } from '../../platform/exportacao.js';
import { Filhos, type TabelaFilho } from '../../platform/filhos.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { aplicarEscrita, camposOcultos, filtrarLeitura } from '../../platform/permissoes.js';
import { erroPg, escaparLike, lerPreparada, oculto, VIOLACAO_UNICA } from '../../platform/sql.js';
import { tiposIncompativeis } from '../../platform/tipos-campo.js';
import { temClienteNoProvedor } from '../asaas/index.js';
import { contaDaPessoa, salvarContaDaPessoa } from '../usuarios/index.js';
import { colunaPessoa, contar, lotesPessoas } from './documentos.js';

const ACESSO = 'Pessoa';
const ENTIDADE = 'pessoa';
/**
 * Counting stops here: "more than 10,000" is all a filtered list needs to say, and counting further
 * costs. A list by organization alone reads its exact total from the kept counts (`organizacao_pessoas`).
 */
export const LIMITE_CONTAGEM = 10_000;
/**
 * A name search stops counting sooner: each match counted is a heap row read to recheck the
 * trigram index, so a common surname cost 10,001 of them; "more than 1,000" says enough there.
 */
export const LIMITE_CONTAGEM_NOME = 1_000;
const LIMITE_SELECT = 20;
/** Up to this many matches the selector sorts them all; past it the walk by name finds the first ones early. */
const LIMITE_SELECT_ORDENADO = 1_000;
export const LIMITE_EXPORTACAO = 200_000;

const { pessoa, organizacao, tipoPessoa, pessoaPalavra, palavraBusca, organizacaoPessoas } = schema;

/** A person's sub-record table, by its `pessoaId` column. */
const daPessoa = <T extends TabelaFilho['tabela'] & { pessoaId: PgColumn }>(tabela: T): TabelaFilho => ({
  tabela,
  pai: tabela.pessoaId,
});

const filhos = new Filhos(FILHOS_PESSOA, {
  enderecos: daPessoa(schema.pessoaEndereco),
  contatos: daPessoa(schema.pessoaContato),
  familia: daPessoa(schema.pessoaFamilia),
  contribuicao: daPessoa(schema.pessoaContribuicao),
  contasBancarias: daPessoa(schema.pessoaContaBancaria),
  celebracoes: daPessoa(schema.pessoaCelebracao),
  casamentos: daPessoa(schema.pessoaCasamento),
  historicoProfissional: daPessoa(schema.pessoaHistoricoProfissional),
  formacoes: daPessoa(schema.pessoaFormacao),
  atividadesIgreja: daPessoa(schema.pessoaAtividadeIgreja),
  habilidades: daPessoa(schema.pessoaHabilidade),
  idiomas: daPessoa(schema.pessoaIdioma),
  qualificacoes: daPessoa(schema.pessoaQualificacao),
  certidoesMinisteriais: daPessoa(schema.pessoaCertidaoMinisterial),
  atividadesMinisteriais: daPessoa(schema.pessoaAtividadeMinisterial),
});
const faltando = [
  ...filhos.faltando(),
  ...tiposIncompativeis(CAMPOS_PESSOA, getTableColumns(pessoa) as Record<string, PgColumn>),
];
if (faltando.length) throw new Error(`Person sub-records: tables lack ${faltando.join(', ')}`);

/** Lower case, no accents, single spaces: how `nome_busca` is stored and how terms are matched. */
export const normalizarBusca = (v: string) =>
  v.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

const termosDe = (nome: string | undefined) =>
  normalizarBusca(nome ?? '')
    .split(' ')
    .filter(Boolean);

const colunas = Object.fromEntries(
  CAMPOS_PESSOA.map((c) => [c.nome, (pessoa as unknown as Record<string, typeof pessoa.id>)[c.nome]!]),
);

/** Registration complete = the general-data tab's essentials filled and no longer a pre-registration. */
export const cadastroCompleto = sql`(${pessoa.sobrenome} <> '' and ${pessoa.sexo} is not null and ${pessoa.dataNascimento} is not null and ${pessoa.tipoPessoaId} is not null and not ${pessoa.preCadastro})`;

// ---------------------------------------------------------------- reads

/**
 * The user's scope on `pessoa.organizacao_id`. Under a root organization it is usually every
 * organization: whether another root exists is asked once per statement through the path index
 * (two probes), and when none does the per-row test (a hash of all organizations, built for every
 * statement) is skipped. Paths are compared bytewise, as `like` and text_pattern_ops do.
 */
function escopo(ctx: Contexto, acesso: string, coluna: PgColumn = pessoa.organizacaoId): SQL {
  const filtro = filtroOrganizacao(ctx, acesso, coluna);
  if (!escopoSobRaiz(ctx, acesso)) return filtro;
  // The first and the last path are in the user's subtree: two index probes whatever the plan (a
  // generic plan of "a path outside exists" read every organization).
  const ponta = (sentido: '~<~' | '~>~') =>
    sql`(select f.caminho from ${organizacao} f order by f.caminho using ${sql.raw(sentido)} limit 1)`;
  const inicio = ctx.organizacaoCaminho;
  return sql`((${ponta('~<~')} ~>=~ ${inicio} and ${ponta('~>~')} ~<~ ${fimDaSubarvore(inicio)}) or ${filtro})`;
}

/**
 * The condition on a column holding a person's organization: the chosen organization's subtree
 * (or that organization alone) when one is chosen, else the own organization or the user's scope.
 * `ocultos`: the chosen ids as the planner cannot see them (`oculto`).
 */
async function condicaoOrganizacao(
  deps: Deps,
  ctx: Contexto,
  q: Partial<PessoaListQuery>,
  acesso: string,
  ocultos = false,
): Promise<(coluna: PgColumn) => SQL> {
  if (q.organizacaoId) {
    const ids = await organizacoesEscolhidas(deps, ctx, acesso, q.organizacaoId, q.somenteMinhaOrganizacao);
    return (coluna) => entreOrganizacoes(coluna, ids, ocultos);
  }
  if (q.somenteMinhaOrganizacao) return (coluna) => eq(coluna, ctx.organizacaoId);
  return (coluna) => escopo(ctx, acesso, coluna);
}

/** Each word is one substring match, so "silva joão" finds "João da Silva". */
const contemTermo = (coluna: PgColumn, termo: string, valor = (v: string) => sql`${v}`) =>
  sql`${coluna} like ${valor(`%${escaparLike(termo)}%`)}`;

/** The filters other than the name and the organization, on `pessoa`. */
function demaisCondicoes(ctx: Contexto, q: Partial<PessoaListQuery>, acesso: string): SQL[] {
  const partes: SQL[] = [];
  const ocultos = camposOcultos(ctx, acesso);
  const cpf = q.cpf?.replace(/\D/g, '');
  if (cpf && !ocultos.has('cpf')) partes.push(eq(pessoa.cpf, cpf));
  if (q.tiposPessoaIds?.length) partes.push(sql`${pessoa.tipoPessoaId} in ${q.tiposPessoaIds}`);
  if (q.status?.length) partes.push(sql`${pessoa.status} in ${q.status}`);
  // Like the CPF, a sex the profile may not see is no filter either.
  if (q.sexo?.length && !ocultos.has('sexo')) partes.push(sql`${pessoa.sexo} in ${q.sexo}`);
  if (q.situacaoId) partes.push(eq(pessoa.situacaoId, q.situacaoId));
  if (q.titular !== undefined) partes.push(eq(pessoa.titular, q.titular));
  if (q.preCadastro !== undefined) partes.push(eq(pessoa.preCadastro, q.preCadastro));
  if (q.cadastroCompleto !== undefined)
    partes.push(q.cadastroCompleto ? cadastroCompleto : sql`not ${cadastroCompleto}`);
  if (q.nascimentoDe) partes.push(sql`${pessoa.dataNascimento} >= ${q.nascimentoDe}`);
  if (q.nascimentoAte) partes.push(sql`${pessoa.dataNascimento} <= ${q.nascimentoAte}`);
  for (const c of q.naoInformado ?? [])
    if (c === 'sexo') {
      if (!ocultos.has('sexo')) partes.push(isNull(pessoa.sexo));
    } else partes.push(isNull(c === 'tipoPessoa' ? pessoa.tipoPessoaId : pessoa.dataNascimento));
  return partes;
}

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
  return and(
    isNull(pessoa.excluidoEm),
    (await condicaoOrganizacao(deps, ctx, q, acesso))(pessoa.organizacaoId),
    ...termosDe(q.nome).map((t) => contemTermo(pessoa.nomeBusca, t)),
    ...demaisCondicoes(ctx, q, acesso),
  )!;
}

/** The name key, one object so that `paginaOrdenada` knows when its walk can be bounded. */
const CHAVE_NOME = sql`${pessoa.nomeBusca}`;

const chaveOrdem = (campo: string | undefined): SQL => {
  switch (campo) {
    case 'dataNascimento':
      return sql`coalesce(${pessoa.dataNascimento}, '0001-01-01'::date)`;
    case 'criadoEm':
      return sql`${pessoa.criadoEm}`;
    case 'id':
      return sql`${pessoa.id}`;
    default:
      return CHAVE_NOME;
  }
};

/**
 * A reading of the planner's statistics (`pg_stats`), kept per database and read again after 10
 * minutes; one that finds none yet (a new or small table) is not kept, and is read next time.
 */
function estatisticaGuardada<T>(ler: (deps: Deps) => Promise<{ valor: T; achada: boolean }>) {
  const guardadas = new WeakMap<object, { lido: number; valor: T }>();
  return async (deps: Deps): Promise<T> => {
    const guardada = guardadas.get(deps.db);
    if (guardada && Date.now() - guardada.lido < 600_000) return guardada.valor;
    const { valor, achada } = await ler(deps);
    if (achada) guardadas.set(deps.db, { lido: Date.now(), valor });
    return valor;
  };
}

/**
 * The column's statistics as the planner reads them (`ANALYZE`'s histogram of `nome_busca`: names
 * at equal steps of the order) and the table's size. Only a hint for which of two exact ways a
 * page is found (`paginaOrdenada`).
 */
const estatisticasDosNomes = estatisticaGuardada(async (deps) => {
  const r = (await deps.db.execute(sql`select s.histogram_bounds::text::text[] as limites,
      (select c.reltuples from pg_class c where c.oid = ${'pessoa'}::regclass) as linhas
    from pg_stats s where s.schemaname = current_schema() and s.tablename = 'pessoa' and s.attname = 'nome_busca'`)) as unknown as {
    rows: { limites: string[] | null; linhas: number }[];
  };
  const limites = r.rows[0]?.limites ?? [];
  return { valor: { limites, linhas: Number(r.rows[0]?.linhas ?? 0) }, achada: limites.length > 0 };
});

/**
 * Whether walking by name to `nome` costs less than reading and sorting every match: the walk
 * reads the index entries before `nome` (its place among the histogram's names), the sort reads
 * every match from the table, about ten times as dear an entry (the share of the histogram's names
 * that contain the terms, as the planner estimates a `like`; at least the `n` already counted).
 */
async function caminhadaCompensa(deps: Deps, nome: string, ordem: 'asc' | 'desc', termos: string[], n: number) {
  const { limites, linhas } = await estatisticasDosNomes(deps);
  if (!limites.length) return false;
  const antes = limites.filter((l) => (ordem === 'asc' ? l < nome : l > nome)).length / limites.length;
  const contem = limites.filter((l) => termos.every((t) => l.includes(t))).length / limites.length;
  return antes * linhas <= 10 * Math.max(n, contem * linhas);
}

/** The page's rows joined to what the list and the selector show (`p`, `o`, `t`), in order. */
const juntar = (pagina: SQL, colunas: SQL, dir: SQL) => sql`select g.id as "_id", g.chave as "_chave", ${colunas}
    from (${pagina}) g
    join ${pessoa} p on p.id = g.id
    join ${organizacao} o on o.id = p.organizacao_id
    left join ${tipoPessoa} t on t.id = p.tipo_pessoa_id
    order by g.chave ${dir}, g.id ${dir}`;

type Linha = { _n?: number; _ultimo?: string | null; _palavras?: number; _id: number | null; _chave?: unknown };
const lerLinhas = async (deps: Deps, consulta: SQL) =>
  ((await deps.db.execute(consulta)) as unknown as { rows: Linha[] }).rows;

/** The count (the statement's `contagem`) beside the page's rows (none: one row of nulls). */
const paginaComContagem = (pagina: SQL, colunas: SQL, dir: SQL, extra = sql``) => sql`select c.n as "_n" ${extra}, l.*
    from contagem c left join (${juntar(pagina, colunas, dir)}) l on true order by l."_chave" ${dir}, l."_id" ${dir}`;

const semInternas = <T>(n: number, linhas: Linha[]) => ({
  n,
  linhas: linhas.filter((l) => l._id !== null).map(({ _n, _ultimo, _palavras, _id, _chave, ...l }) => l as T),
});

/**
 * The matching rows counted up to `teto` + 1 (`n`) and the rows `deslocamento`..+`limite` in
 * (chave, id) order, with `colunas` (over `p`, `o`, `t`).
 *
 * Up to `teto` matches they are sorted. Past it the page comes from an ordered walk of an index
 * on the key, which stops at the page: cheap when the matches spread over the order (a surname),
 * not when they cluster far into it (the rows for the first name "helga" sit past a third of the
 * names: 64 ms walked, 28 ms sorted). `id > 0` (always true) is what lets the walk use
 * `pessoa_nome_busca_idx` (see the schema: other queries, the sorts here included, are kept off it).
 *
 * `guardar`: the matches are kept (id and key only) as they are counted, so that the trigram
 * index is searched once for a name, and a CPF or chosen ids are looked up once; the page past
 * the cap is then a second statement, so that the usual search (under the cap) plans one reading
 * of the matches, not three. The kept matches also bound a walk by name: the page's last name is
 * at most their (`deslocamento` + `limite`)-th, so the walk stops there, and it is taken only when
 * that costs less than sorting (`caminhadaCompensa`); otherwise, or past the kept ones, every
 * match is read and sorted. Both give the same page.
 * Without `guardar` (an organization's list, other filters) counting from the indexes alone and
 * reading the page again, in one statement, costs half as much as keeping 10,001 rows.
 */
async function paginaOrdenada<T>(
  deps: Deps,
  onde: SQL,
  chave: SQL,
  ordem: 'asc' | 'desc',
  opcoes: {
    teto: number;
    limite: number;
    deslocamento: number;
    guardar: boolean;
    termos: string[];
    /** A statement giving the matches' exact number as `n`, read instead of counting them. */
    contagem?: SQL;
    /** Run as a named prepared statement with this prefix (`lerPreparada`): for few shapes only. */
    preparar?: string;
  },
  colunas: SQL,
): Promise<{ n: number; linhas: T[] }> {
  const dir = sql.raw(ordem);
  const { teto, limite, deslocamento } = opcoes;
  // A generic plan is as good as the planner's own only with the page's bounds written out (as
  // parameters it takes a tenth of the rows: the largest parish's 13,742 sorted instead of a walk
  // by name): prepared for the first page only, the one asked again and again, which bounds the shapes.
  const preparar = deslocamento === 0 && Number.isInteger(limite) ? opcoes.preparar : undefined;
  const ordenar = preparar
    ? sql`order by ${chave} ${dir}, ${pessoa.id} ${dir} limit ${sql.raw(String(limite))}`
    : sql`order by ${chave} ${dir}, ${pessoa.id} ${dir} limit ${limite} offset ${deslocamento}`;
  const ler = (consulta: SQL) =>
    preparar ? lerPreparada<Linha>(deps.consultar, preparar, consulta) : lerLinhas(deps, consulta);
  const comContagem = (pagina: SQL, extra = sql``) => paginaComContagem(pagina, colunas, dir, extra);
  const resultado = (n: number, linhas: Linha[]) => semInternas<T>(n, linhas);
  if (!opcoes.guardar) {
    const linhas = await ler(sql`with
      contagem as (${opcoes.contagem ?? sql`select count(*)::int as n from (select 1 from ${pessoa} where ${onde} limit ${teto + 1}) x`})
      ${comContagem(sql`(select ${pessoa.id} as id, ${chave} as chave from ${pessoa}
          where ${onde} and (select n from contagem) <= ${teto} ${ordenar})
        union all
        (select ${pessoa.id}, ${chave} from ${pessoa}
          where ${onde} and ${pessoa.id} > 0 and (select n from contagem) > ${teto} ${ordenar})`)}`);
    return resultado(linhas[0]?._n ?? 0, linhas);
  }
  const porNome = chave === CHAVE_NOME;
  const ultimo = porNome
    ? sql`, (select a.chave from achados a where c.n > ${teto}
        order by a.chave ${dir}, a.id ${dir} offset ${deslocamento + limite - 1} limit 1) as "_ultimo"`
    : sql``;
  const primeiras = await ler(sql`with
    achados as materialized (select ${pessoa.id} as id, ${chave} as chave from ${pessoa} where ${onde} limit ${teto + 1}),
    contagem as (select count(*)::int as n from achados)
    ${comContagem(
      sql`select a.id, a.chave from achados a where (select n from contagem) <= ${teto}
        order by a.chave ${dir}, a.id ${dir} limit ${limite} offset ${deslocamento}`,
      ultimo,
    )}`);
  const n = primeiras[0]?._n ?? 0;
  if (n <= teto) return resultado(n, primeiras);
  let pagina = sql`select ${pessoa.id} as id, ${chave} as chave from ${pessoa} where ${onde} and ${pessoa.id} > 0 ${ordenar}`;
  if (porNome) {
    const nome = primeiras[0]?._ultimo ?? null;
    const perto = nome !== null && (await caminhadaCompensa(deps, nome, ordem, opcoes.termos, n));
    pagina = perto
      ? sql`select ${pessoa.id} as id, ${chave} as chave from ${pessoa}
          where ${onde} and ${pessoa.id} > 0 and ${pessoa.nomeBusca} ${sql.raw(ordem === 'asc' ? '<=' : '>=')} ${nome} ${ordenar}`
      : sql`select ${pessoa.id} as id, ${chave} as chave from ${pessoa} where ${onde} ${ordenar}`;
  }
  return resultado(n, await ler(juntar(pagina, colunas, dir)));
}

/** A term found in more words than this (a syllable like "ann") is left to the trigram index. */
const MAXIMO_PALAVRAS = 32;

/**
 * The most common words and their shares of `pessoa_palavra`, as `ANALYZE` keeps them. Only a
 * hint for which term of a search is read from the words' index (`paginaPorPalavras`).
 */
const palavrasComuns = estatisticaGuardada(async (deps) => {
  const r = (await deps.db.execute(sql`select s.most_common_vals::text::text[] as palavras,
      s.most_common_freqs::float8[] as partes
    from pg_stats s
    where s.schemaname = current_schema() and s.tablename = 'pessoa_palavra' and s.attname = 'palavra'`)) as unknown as {
    rows: { palavras: string[] | null; partes: number[] | null }[];
  };
  const e = r.rows[0];
  const comuns = (e?.palavras ?? []).map((w, i): [string, number] => [w, e?.partes?.[i] ?? 0]);
  return { valor: comuns, achada: !!e };
});

/**
 * The dictionary's words holding a term, per database and term (the last 1,000 terms). Words
 * are only ever added, so a search checks in its own statement that the term is still in as
 * many words, and looks them up again when not (and always when it was in none).
 */
const palavrasDosTermos = new WeakMap<object, Map<string, string[]>>();
async function palavrasDoTermo(deps: Deps, termo: string, deNovo: boolean): Promise<string[]> {
  const cache = palavrasDosTermos.get(deps.db) ?? new Map<string, string[]>();
  palavrasDosTermos.set(deps.db, cache);
  const guardadas = cache.get(termo);
  if (guardadas?.length && !deNovo) return guardadas;
  const r = (await deps.db.execute(sql`select ${palavraBusca.palavra} as palavra from ${palavraBusca}
    where ${contemTermo(palavraBusca.palavra, termo)} limit ${MAXIMO_PALAVRAS + 1}`)) as unknown as {
    rows: { palavra: string }[];
  };
  const palavras = r.rows.map((l) => l.palavra);
  cache.delete(termo);
  if (cache.size >= 1_000) cache.delete(cache.keys().next().value!);
  cache.set(termo, palavras);
  return palavras;
}

/**
 * `condicaoOrganizacao` on a column holding the organization's path (`pessoa_palavra.caminho`):
 * the chosen subtree, the chosen or own organization alone, or the user's scope, each one range
 * or one value of the path.
 */
async function condicaoCaminho(
  deps: Deps,
  ctx: Contexto,
  q: Partial<PessoaListQuery>,
  acesso: string,
): Promise<CondicaoCaminho> {
  if (q.organizacaoId) return caminhoEscolhido(deps, ctx, acesso, q.organizacaoId, q.somenteMinhaOrganizacao);
  return q.somenteMinhaOrganizacao ? caminhoProprio(ctx) : filtroCaminho(ctx, acesso);
}

/**
 * A name search read from the names' words (`pessoa_palavra`, kept by triggers). The words
 * holding one term (from the dictionary `palavra_busca`, at most MAXIMO_PALAVRAS of them) each
 * hold their people twice in index order: by path, where the user's scope or a chosen subtree is
 * one range, and by name. The matches are read by path, up to `teto` + 1 (a name with two such
 * words is read at the first only): that is the count, and up to `teto` the page is sorted from
 * them. Past it the page is a walk by name (a second statement), each word's range in name order,
 * merged. The words, paths and terms are hidden from the planner (`oculto`). Neither reads
 * a table row or rechecks a trigram. The term read so is the one of 3 letters or more in the
 * fewest names by the words' statistics (the longest when they say nothing); the others are
 * matched on the name in the same index entries; only other filters (status, type, dates) read
 * the person's row. Same matches and order as `condicoes` sorted by name. `null` when no term
 * qualifies, with a CPF (its own index finds the one person), or when the term is in too many words.
 */
async function paginaPorPalavras<T>(
  deps: Deps,
  ctx: Contexto,
  q: Partial<PessoaListQuery>,
  acesso: string,
  ordem: 'asc' | 'desc',
  opcoes: { teto: number; limite: number; deslocamento: number },
  colunas: SQL,
): Promise<{ n: number; linhas: T[] } | null> {
  const termos = termosDe(q.nome);
  if (q.cpf?.replace(/\D/g, '')) return null;
  const comuns = await palavrasComuns(deps);
  const nosNomes = (t: string) => comuns.reduce((soma, [w, parte]) => (w.includes(t) ? soma + parte : soma), 0);
  const guia = termos
    .filter((t) => t.length >= 3)
    .map((t) => ({ t, parte: nosNomes(t) }))
    .sort((a, b) => a.parte - b.parte || b.t.length - a.t.length)[0]?.t;
  if (!guia) return null;
  const pp = pessoaPalavra;
  const demais = demaisCondicoes(ctx, q, acesso);
  const noCaminho = await condicaoCaminho(deps, ctx, q, acesso);
  const outras = [
    ...termos.filter((t) => t !== guia).map((t) => contemTermo(pp.nomeBusca, t, oculto)),
    ...(demais.length
      ? [sql`exists (select 1 from ${pessoa} where ${pessoa.id} = ${pp.pessoaId} and ${and(...demais)})`]
      : []),
  ];
  // The walk by name tests the path on each entry, in a collation no path index is in (the same
  // bytes compared): else a plan blind to the range's width reads the whole word from the path
  // index and sorts it.
  const ondeNaCaminhada = and(...outras, noCaminho(sql`(${pp.caminho} collate "C")`, oculto))!;
  // The count reads a subtree as a range of the path index; not the scope of a user at the root,
  // which holds about every entry: there it reads the index by name, each word in name order, where
  // the name comes before the path (helga kellermann's 8,545 entries: 0.9 against 1.5 ms).
  const escopoInteiro = !q.organizacaoId && !q.somenteMinhaOrganizacao && escopoSobRaiz(ctx, acesso);
  const onde = escopoInteiro ? ondeNaCaminhada : and(noCaminho(pp.caminho, oculto), ...outras)!;
  const dir = sql.raw(ordem);
  const { teto, limite, deslocamento } = opcoes;
  // Planned once per connection and shape, unless other filters vary it.
  const ler = (consulta: SQL) =>
    demais.length ? lerLinhas(deps, consulta) : lerPreparada<Linha>(deps.consultar, 'pessoa_palavras', consulta);
  const lista = (ws: string[]) =>
    sql`(select array[${sql.join(
      ws.map((w) => sql`${w}`),
      sql`, `,
    )}]::text[])`;
  const contar = (palavras: string[]) => {
    const achados = sql.join(
      palavras.map(
        (w, i) => sql`(select ${pp.pessoaId} as id, ${pp.nomeBusca} as chave from ${pp}
          where ${pp.palavra} = ${oculto(w)} and ${onde}${i ? sql` and not string_to_array(${pp.nomeBusca}, ' ') && ${lista(palavras.slice(0, i))}` : sql``}
          ${escopoInteiro ? sql`order by ${pp.nomeBusca}, ${pp.pessoaId}` : sql``})`,
      ),
      sql` union all `,
    );
    const quantas = sql`, (select count(*) from (select 1 from ${palavraBusca}
      where ${contemTermo(palavraBusca.palavra, guia)} limit ${MAXIMO_PALAVRAS + 1}) x)::int as "_palavras"`;
    return ler(sql`with
      achados as materialized (${achados} limit ${teto + 1}),
      contagem as (select count(*)::int as n from achados)
      ${paginaComContagem(
        sql`select a.id, a.chave from achados a where (select n from contagem) <= ${teto}
          order by a.chave ${dir}, a.id ${dir} limit ${limite} offset ${deslocamento}`,
        colunas,
        dir,
        quantas,
      )}`);
  };
  // A statement of its own: in the count's, this walk (rarely taken) made a generic plan look
  // dearer than planning each time, which costs more than the search itself.
  const caminhar = (palavras: string[]) => {
    const ramos = sql.join(
      palavras.map(
        (w) => sql`(select ${pp.pessoaId} as id, ${pp.nomeBusca} as chave from ${pp}
          where ${pp.palavra} = ${oculto(w)} and ${ondeNaCaminhada} order by ${pp.nomeBusca} ${dir}, ${pp.pessoaId} ${dir})`,
      ),
      sql` union all `,
    );
    return ler(
      juntar(
        sql`select distinct on (s.chave, s.id) s.id, s.chave from (${ramos}) s
          order by s.chave ${dir}, s.id ${dir} limit ${limite} offset ${deslocamento}`,
        colunas,
        dir,
      ),
    );
  };
  const buscar = async (deNovo: boolean) => {
    const palavras = await palavrasDoTermo(deps, guia, deNovo);
    if (palavras.length > MAXIMO_PALAVRAS) return null;
    // A term in no name's word: nothing matches.
    const linhas = palavras.length ? await contar(palavras) : [];
    return { palavras, linhas, atual: !linhas.length || linhas[0]!._palavras === palavras.length };
  };
  let lidas = await buscar(false);
  if (lidas && !lidas.atual) lidas = await buscar(true);
  if (!lidas) return null;
  const n = lidas.linhas[0]?._n ?? 0;
  return semInternas<T>(n, n > teto ? await caminhar(lidas.palavras) : lidas.linhas);
}

const COLUNAS_LISTA = sql`p.id as "id", p.nome as "nome", p.sobrenome as "sobrenome", p.cpf as "cpf",
  to_char(p.data_nascimento, 'YYYY-MM-DD') as "dataNascimento", p.status as "status", p.titular as "titular",
  p.pre_cadastro as "preCadastro", p.organizacao_id as "organizacaoId", o.nome_fantasia as "organizacaoNome",
  t.nome as "tipoPessoaNome", t.nome_en as "tipoPessoaNomeEn"`;

/**
 * The type's name in the reader's language (issue 18). Both names are read, and chosen here, so
 * the list's statement stays one text (a prepared one among them) whoever reads it.
 */
function tipoNoIdioma(ctx: Contexto, { tipoPessoaNomeEn, ...l }: PessoaResumo & { tipoPessoaNomeEn?: string | null }) {
  return ctx.idioma === 'en' && tipoPessoaNomeEn ? { ...l, tipoPessoaNome: tipoPessoaNomeEn } : l;
}

/** Count and page in one statement, or two past the cap of a name; only the page's rows are read in full. */
export async function listarPaginado(
  deps: Deps,
  ctx: Contexto,
  q: PessoaListQuery,
): Promise<Paged<PessoaResumo> & { totalExato: boolean }> {
  const termos = termosDe(q.nome);
  const teto = termos.length ? LIMITE_CONTAGEM_NOME : LIMITE_CONTAGEM;
  const ordem = q.ordem === 'desc' ? 'desc' : 'asc';
  const pagina = { teto, limite: q.quantidade, deslocamento: (q.pagina - 1) * q.quantidade };
  // Only organizations chosen: the exact total is the sum of their kept counts.
  const soOrganizacao = !termos.length && !demaisCondicoes(ctx, q, ACESSO).length;
  const porPalavras =
    chaveOrdem(q.ordenarPor) === CHAVE_NOME && termos.length
      ? await paginaPorPalavras<PessoaResumo>(deps, ctx, q, ACESSO, ordem, pagina, COLUNAS_LISTA)
      : null;
  // The chosen organizations' ids are hidden from the planner (`oculto`), for one generic plan.
  const emOrganizacao = soOrganizacao ? await condicaoOrganizacao(deps, ctx, q, ACESSO, true) : undefined;
  const { n, linhas } =
    porPalavras ??
    (await paginaOrdenada<PessoaResumo>(
      deps,
      emOrganizacao
        ? and(isNull(pessoa.excluidoEm), emOrganizacao(pessoa.organizacaoId))!
        : await condicoes(deps, ctx, q),
      chaveOrdem(q.ordenarPor),
      ordem,
      {
        ...pagina,
        guardar: termos.length > 0 || !!q.cpf?.replace(/\D/g, ''),
        termos,
        contagem:
          emOrganizacao &&
          sql`select coalesce(sum(${organizacaoPessoas.pessoas}), 0)::int as n from ${organizacaoPessoas}
            where ${emOrganizacao(organizacaoPessoas.organizacaoId)}`,
        // Planning it cost three times its reading (0.94 against 0.31 ms, the largest parish).
        preparar: emOrganizacao && 'pessoa_organizacao',
      },
      COLUNAS_LISTA,
    ));
  return {
    itens: linhas.map((l) => filtrarLeitura(ctx, ACESSO, tipoNoIdioma(ctx, l))),
    total: emOrganizacao ? n : Math.min(n, teto),
    totalExato: !!emOrganizacao || n <= teto,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

/** The people selector (spec §5): search by name or CPF within the scope; `ids` brings chosen ones back. */
export async function opcoes(deps: Deps, ctx: Contexto, q: { busca?: string; ids?: number[] }): Promise<SelectOpcao[]> {
  const digitos = q.busca?.replace(/\D/g, '') ?? '';
  const porCpf = digitos.length === 11 ? { cpf: digitos } : { nome: q.busca };
  const colunas = sql`p.id as "value", trim(p.nome || ' ' || p.sobrenome) || ' — ' || o.nome_fantasia as "label"`;
  const primeiras = { teto: LIMITE_SELECT_ORDENADO, limite: LIMITE_SELECT, deslocamento: 0 };
  const porPalavras = q.ids?.length
    ? null
    : await paginaPorPalavras<SelectOpcao>(deps, ctx, porCpf, ACESSO, 'asc', primeiras, colunas);
  if (porPalavras) return porPalavras.linhas;
  const onde = q.ids?.length
    ? and(isNull(pessoa.excluidoEm), escopo(ctx, ACESSO), sql`${pessoa.id} in ${q.ids}`)!
    : await condicoes(deps, ctx, porCpf);
  // The first ones by name, as a page of the list is found.
  const { linhas } = await paginaOrdenada<SelectOpcao>(
    deps,
    onde,
    CHAVE_NOME,
    'asc',
    {
      ...primeiras,
      guardar: !!q.ids?.length || normalizarBusca(q.busca ?? '') !== '',
      termos: termosDe(q.busca),
    },
    colunas,
  );
  return linhas;
}

type Registro = Record<string, unknown> & { id: number; anonimizadoEm: Date | null };

/**
 * An anonymized person is read-only for good: whatever writes to the record or to its
 * sub-records (tabs, integration, minister data) refuses, or the erased data could come back.
 */
export function exigirNaoAnonimizada(p: { anonimizadoEm: Date | null }) {
  if (p.anonimizadoEm) throw new AppError('PESSOA_ANONIMIZADA');
}

async function carregar(db: DbOuTx, ctx: Contexto, id: number, bloquear = false): Promise<Registro> {
  const consulta = db
    .select({ id: pessoa.id, ...colunas, atualizadoEm: pessoa.atualizadoEm, anonimizadoEm: pessoa.anonimizadoEm })
    .from(pessoa)
    .where(and(eq(pessoa.id, id), isNull(pessoa.excluidoEm), filtroOrganizacao(ctx, ACESSO, pessoa.organizacaoId)));
  const [linha] = bloquear ? await consulta.for('update') : await consulta;
  if (!linha) throw naoEncontrado();
  return linha as Registro;
}

/** What the history keeps of a person: fields, tabs and the account (never a password). */
const paraHistorico = (r: Record<string, unknown>, conta: Awaited<ReturnType<typeof contaDaPessoa>>) =>
  Object.fromEntries([
    ...CAMPOS_PESSOA.map((c) => [c.nome, r[c.nome] ?? null]),
    ...FILHOS_PESSOA.map((f) => [f.nome, r[f.nome] ?? []]),
    ['usuario', conta ? { email: conta.email, trocarSenha: conta.trocarSenha, ativo: conta.ativo } : null],
  ]);

/** The person as every route answers it (the registry's item plus organization, account, anonymization). */
export const PESSOA_SAIDA = esquemaItem(DEFINICAO_PESSOA).omit({ criadoEm: true }).extend({
  organizacaoNome: z.string(),
  atualizadoEm: z.string(),
  anonimizadoEm: z.string().nullable().optional(),
  /** Anonymized here, but a customer at the payment provider still waits for it: repeating the anonymization finishes it. */
  anonimizacaoPendente: z.boolean().optional(),
  usuario: contaUsuarioLida.optional(),
});

export type PessoaLida = Record<string, unknown> & { id: number; atualizadoEm: string; organizacaoNome: string };

/** The person as answered; `tx`: read inside a write's transaction (its answer is checked before the commit). */
export async function obter(deps: Deps, ctx: Contexto, id: number, tx?: DbOuTx): Promise<PessoaLida> {
  const db = tx ?? deps.db;
  const r = await carregar(db, ctx, id);
  const [org] = await db
    .select({ nome: organizacao.nomeFantasia })
    .from(organizacao)
    .where(eq(organizacao.id, r.organizacaoId as number));
  const completo = {
    ...r,
    ...(tx ? await filhos.carregar(tx, id) : await filhos.carregarPreparado(deps.consultar, 'pessoa_filhos', id)),
    usuario: await contaDaPessoa(db, id),
    atualizadoEm: (r.atualizadoEm as Date).toISOString(),
    anonimizadoEm: r.anonimizadoEm ? (r.anonimizadoEm as Date).toISOString() : null,
    anonimizacaoPendente: r.anonimizadoEm ? await temClienteNoProvedor(db, id) : false,
    organizacaoNome: org?.nome ?? '',
  };
  return filtrarLeitura(ctx, ACESSO, completo);
}

// ---------------------------------------------------------------- writes

/**
 * A relative or a spouse is someone else (that they are people of the scope, the route checked), and
 * nobody anonymized is newly named: the relative gets the mirrored link, a write into a record that is
 * read-only for good. Links the record already holds stay as they are.
 */
async function exigirParentes(tx: DbOuTx, id: number | null, dados: PessoaInput, anterior?: PessoaInput) {
  const nomeadosEm = (d: PessoaInput) => [
    ...((d.familia ?? []) as { parenteId: number }[]).map((f, i) => ({
      campo: `familia.${i}.parenteId`,
      pessoaId: f.parenteId,
    })),
    ...((d.casamentos ?? []) as { conjugeId: number | null }[]).flatMap((c, i) =>
      c.conjugeId ? [{ campo: `casamentos.${i}.conjugeId`, pessoaId: c.conjugeId }] : [],
    ),
  ];
  const nomeados = nomeadosEm(dados);
  for (const { campo, pessoaId } of nomeados) if (pessoaId === id) throw erroDeCampo(campo, 'parenteSiMesmo');
  const jaNomeados = new Set(anterior ? nomeadosEm(anterior).map((n) => n.pessoaId) : []);
  const novos = nomeados.filter((n) => !jaNomeados.has(n.pessoaId));
  if (!novos.length) return;
  const anonimizados = new Set(
    (
      await tx
        .select({ id: pessoa.id })
        .from(pessoa)
        .where(
          and(
            inArray(
              pessoa.id,
              novos.map((n) => n.pessoaId),
            ),
            isNotNull(pessoa.anonimizadoEm),
          ),
        )
    ).map((p) => p.id),
  );
  const anonimizado = novos.find((n) => anonimizados.has(n.pessoaId));
  if (anonimizado) throw erroDeCampo(anonimizado.campo, 'pessoaAnonimizada');
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

/**
 * What follows a person's own row on create and update alike: its sub-records, the family
 * mirrored on the relatives, its user account, and the change history from `anterior` (null on
 * create) to what was saved.
 */
async function gravarComplementos(
  tx: DbOuTx,
  ctx: Contexto,
  id: number,
  dados: PessoaInput,
  anterior: Record<string, unknown> | null,
) {
  await filhos.salvar(tx, id, dados, anterior === null);
  await espelharFamilia(tx, id);
  const conta = await salvarContaDaPessoa(
    tx,
    ctx,
    id,
    dados.organizacaoId as number,
    dados.usuario as ContaUsuarioPessoa | null,
  );
  await registrarAlteracao(
    tx,
    ctx,
    ENTIDADE,
    id,
    anterior && paraHistorico(anterior, conta.antes),
    paraHistorico({ ...dados, ...(await filhos.carregar(tx, id)) }, conta.depois),
  );
}

export async function criar(deps: Deps, ctx: Contexto, corpoBruto: unknown, entrada: PessoaInput) {
  const dados = aplicarEscrita(ctx, ACESSO, corpoBruto, entrada, null);
  return deps.db
    .transaction(async (tx) => {
      await exigirCpfLivre(tx, dados.cpf);
      await exigirParentes(tx, null, dados);
      const [linha] = await tx
        .insert(pessoa)
        .values(valoresPessoa(dados) as typeof pessoa.$inferInsert)
        .returning({ id: pessoa.id });
      const novoId = linha!.id;
      await gravarComplementos(tx, ctx, novoId, dados, null);
      return respostaConferida(PESSOA_SAIDA, await obter(deps, ctx, novoId, tx), `pessoa ${novoId}`);
    })
    .catch(traduzirUnico);
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, corpoBruto: unknown, entrada: PessoaInput) {
  return deps.db
    .transaction(async (tx) => {
      const linha = await carregar(tx, ctx, id, true);
      exigirNaoAnonimizada(linha);
      const anterior = { ...linha, ...(await filhos.carregar(tx, id)) };
      const dados = aplicarEscrita(ctx, ACESSO, corpoBruto, entrada, anterior);
      if (dados.cpf !== anterior.cpf) await exigirCpfLivre(tx, dados.cpf, id);
      await exigirParentes(tx, id, dados, anterior as PessoaInput);
      await tx
        .update(pessoa)
        .set({ ...valoresPessoa(dados), atualizadoEm: new Date() } as typeof pessoa.$inferInsert)
        .where(eq(pessoa.id, id));
      await gravarComplementos(tx, ctx, id, dados, anterior);
      return respostaConferida(PESSOA_SAIDA, await obter(deps, ctx, id, tx), `pessoa ${id}`);
    })
    .catch(traduzirUnico);
}

/** Logical delete; a person who is a user of the system stays (the account names them). */
export async function excluir(deps: Deps, ctx: Contexto, id: number) {
  await deps.db.transaction(async (tx) => {
    const anterior = await carregar(tx, ctx, id, true);
    exigirNaoAnonimizada(anterior);
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
    await registrarAlteracao(tx, ctx, ENTIDADE, id, paraHistorico(anterior, null), null);
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
  deps.auditoria.exportacao(ctx, ACESSO, origem);
  const ocultos = camposOcultos(ctx, ACESSO);
  const nomes = COLUNAS_EXPORTACAO.filter((c) => !ocultos.has(c));
  const t = tradutor(ctx.idioma);
  const data = hojeNoBrasil();
  // The same batches as labels and the report (documentos.ts): keyset by name, flat memory.
  async function* lotes(): AsyncGenerator<unknown[][]> {
    for await (const lote of lotesPessoas(deps, onde, LIMITE_EXPORTACAO, ctx.idioma))
      yield lote.map((l) => nomes.map((c) => l[c] ?? null));
  }
  return {
    nomeArquivo: `pessoas-${data}.${formato}`,
    linhas: Math.min(n, LIMITE_EXPORTACAO),
    truncada: n > LIMITE_EXPORTACAO,
    conteudo: arquivoExportacao(formato, {
      titulo: t('menu:acessos.Pessoa'),
      idioma: ctx.idioma,
      colunas: nomes.map((c) => colunaPessoa(c, t)),
      lotes: lotes(),
    }),
  };
}
