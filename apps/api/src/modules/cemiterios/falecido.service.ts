import {
  ACESSO_FALECIDO,
  type ExumacaoInput,
  type Falecido,
  type FalecidoInput,
  type FalecidoPagina,
  MAXIMO_SEPULTADOS_PUBLICOS,
  type SepultadosPublicos,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { type AnyColumn, and, Column, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { contemNaBusca, escaparLike, nomeCompletoPessoa, semAcento } from '../../platform/sql.js';
import { registrarFalecimento } from '../pessoas/index.js';
import { concessaoDoJazigo } from './arrendatario.service.js';
import { cemiterioNoEscopo } from './cemiterio.service.js';
import { jazigoParaMudar, recalcularSituacao } from './jazigo.service.js';

/**
 * The deceased (spec §2 /falecido): a burial in a plot under its standing concession, with room
 * left in the plot; the same deceased is not added twice (spec §8 'Falecido(s) já adicionado(s)').
 */
const ACESSO = ACESSO_FALECIDO;
const { falecido: fa, jazigo: jz, cemiterio: ce, pessoa, falecidoPalavra: fp, falecidoPalavraBusca: fpb } = schema;

const selecao = {
  id: fa.id,
  jazigoId: fa.jazigoId,
  jazigoRotulo: sql<string>`${jz.quadra} || '-' || ${jz.fileira} || '-' || ${jz.numero}`,
  cemiterioId: jz.cemiterioId,
  cemiterioNome: ce.nome,
  arrendatarioId: fa.arrendatarioId,
  pessoaId: fa.pessoaId,
  nome: fa.nome,
  dataNascimento: fa.dataNascimento,
  dataFalecimento: fa.dataFalecimento,
  dataSepultamento: fa.dataSepultamento,
  gaveta: fa.gaveta,
  certidaoObito: fa.certidaoObito,
  dataExumacao: fa.dataExumacao,
  criadoEm: fa.criadoEm,
  atualizadoEm: fa.atualizadoEm,
};
type Linha = Omit<Falecido, 'criadoEm' | 'atualizadoEm'> & { criadoEm: Date; atualizadoEm: Date };
const paraFalecido = (l: Linha): Falecido => ({
  ...l,
  criadoEm: l.criadoEm.toISOString(),
  atualizadoEm: l.atualizadoEm.toISOString(),
});

const doEscopo = (ctx: Contexto) => and(isNull(fa.excluidoEm), cemiterioNoEscopo(ctx, ACESSO, sql`${jz.cemiterioId}`));

const consulta = (db: DbOuTx, onde: SQL | undefined) =>
  db
    .select(selecao)
    .from(fa)
    .innerJoin(jz, eq(jz.id, fa.jazigoId))
    .innerJoin(ce, eq(ce.id, jz.cemiterioId))
    .where(onde);

type Filtros = { cemiterioId?: number; nome?: string };

/**
 * Counting stops here, as the people list's does (bench/README.md, "Deceased search"): each match
 * counted is a row read and joined to its plot for the scope, and a common surname has thousands
 * of them among 200,000 burials; "100+" says enough to refine a name. A list by cemetery alone
 * counts on to 10,000, a cemetery's whole register.
 */
export const LIMITE_CONTAGEM_NOME = 100;
const LIMITE_CONTAGEM = 10_000;

export async function listar(
  deps: Deps,
  ctx: Contexto,
  q: Filtros & { pagina: number; quantidade: number; ordem: 'asc' | 'desc' },
): Promise<FalecidoPagina> {
  const termo = q.nome ? termoDaBusca(q.nome) : null;
  const porPalavras = termo ? await listarPorPalavras(deps, ctx, q, termo) : null;
  if (porPalavras) return porPalavras;
  const onde = and(
    doEscopo(ctx),
    q.cemiterioId ? eq(jz.cemiterioId, q.cemiterioId) : undefined,
    q.nome ? contemNaBusca(fa.nomeBusca, q.nome) : undefined,
  );
  const teto = q.nome ? LIMITE_CONTAGEM_NOME : LIMITE_CONTAGEM;
  const deslocamento = (q.pagina - 1) * q.quantidade;
  // Walks the burial-date index (falecido_sepultamento_idx) to the page, rather than sorting every match.
  const linhas = (await consulta(deps.db, onde)
    .orderBy(ordemDaLista(q.ordem))
    .limit(q.quantidade)
    .offset(deslocamento)) as Linha[];
  return pagina(q, linhas, teto, () => contarAte(deps.db, onde, teto));
}

const ordemDaLista = (ordem: 'asc' | 'desc') =>
  ordem === 'desc' ? sql`${fa.dataSepultamento} desc, ${fa.id} desc` : sql`${fa.dataSepultamento}, ${fa.id}`;

/**
 * A page not full is the last one (an empty one only when it is the first: a later one may lie
 * past the end): its rows are the total, with nothing to count — a name matching nothing costs
 * one look-up, not two.
 */
async function pagina(
  q: { pagina: number; quantidade: number },
  linhas: Linha[],
  teto: number,
  contar: () => Promise<number> | number,
): Promise<FalecidoPagina> {
  const deslocamento = (q.pagina - 1) * q.quantidade;
  const n =
    linhas.length < q.quantidade && (linhas.length || !deslocamento) ? deslocamento + linhas.length : await contar();
  return {
    itens: linhas.map(paraFalecido),
    total: Math.min(n, teto),
    totalExato: n <= teto,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

/**
 * A term is read from the names' words (`falecido_palavra`) when the dictionary holds at most
 * this many words for it; past that (a term of one or two common letters), by the trigram index.
 */
const MAXIMO_PALAVRAS = 32;

/**
 * What a name term looks up in the dictionary (`falecido_palavra_busca`), or null when the word
 * table does not serve it. A name holds the term (`like '%term%'`, as before) exactly when one of
 * its words holds it (a term without a space), or when one of its words ends with the term's
 * first part and what follows that word begins with the rest (a term with spaces).
 */
type Termo = { padrao: string; resto?: string };

function termoDaBusca(nome: string): Termo | null {
  const [primeira = '', ...demais] = semAcento(nome).split(' ');
  // A term opening with a space: every word ends with the empty first part.
  if (!primeira) return null;
  return demais.length
    ? { padrao: `%${escaparLike(primeira)}`, resto: demais.join(' ') }
    : { padrao: `%${escaparLike(primeira)}%` };
}

/** A page of the word search as its one statement returns it: the rows, and what else it read. */
type LinhaPorPalavras = Omit<Linha, 'criadoEm' | 'atualizadoEm'> & {
  criadoEm: string;
  atualizadoEm: string;
  palavras: number;
  total: number | null;
};

/** A timestamp as `toISOString` writes it, whatever the driver makes of a raw one. */
const emIso = (c: AnyColumn) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `selecao` for a raw statement: each column under its key, dates as text and timestamps as ISO
 * text (a raw answer's types are the driver's, not the schema's).
 */
const colunasCruas = sql.join(
  Object.entries(selecao).map(([chave, c]) => {
    const tipo = c instanceof Column ? c.getSQLType() : '';
    const valor = tipo.startsWith('timestamp') ? emIso(c as AnyColumn) : tipo === 'date' ? sql`${c}::text` : sql`${c}`;
    return sql`${valor} as ${sql.identifier(chave)}`;
  }),
  sql`, `,
);

/**
 * The name search by words, in one statement (bench/README.md, "Deceased search": each round
 * trip cost the route more than its SQL): the term's words from the dictionary, the page, and
 * the capped count when the page does not tell the total. One word: each dictionary word's
 * entries are a range in burial-date order (partial index on `primeira`), walked to the page and
 * merged; the count walks them to the cap, a name holding two of the words counted under the
 * first (in the words' order) only. Several words: the entries of the words ending with the first
 * part whose rest begins with the others, a few, sorted. Null when the dictionary holds too many
 * words for the term: the trigram index then serves it.
 */
async function listarPorPalavras(
  deps: Deps,
  ctx: Contexto,
  q: Filtros & { pagina: number; quantidade: number; ordem: 'asc' | 'desc' },
  termo: Termo,
): Promise<FalecidoPagina | null> {
  const escopo = and(
    cemiterioNoEscopo(ctx, ACESSO, sql`${fp.cemiterioId}`),
    q.cemiterioId ? eq(fp.cemiterioId, q.cemiterioId) : undefined,
  );
  const dir = q.ordem === 'desc' ? sql`desc` : sql`asc`;
  const ate = q.pagina * q.quantidade;
  const deslocamento = ate - q.quantidade;
  const teto = LIMITE_CONTAGEM_NOME;
  const daPalavra =
    termo.resto === undefined
      ? and(fp.primeira, sql`${fp.palavra} = w.palavra`)
      : and(sql`${fp.palavra} = w.palavra`, sql`${fp.resto} like ${`${escaparLike(termo.resto)}%`}`);
  const entradas =
    termo.resto === undefined
      ? sql`select ${fp.dataSepultamento} as d, ${fp.falecidoId} as id from ${fp} where ${and(daPalavra, escopo)}
          order by 1 ${dir}, 2 ${dir} limit ${ate}`
      : sql`select ${fp.dataSepultamento} as d, ${fp.falecidoId} as id from ${fp} where ${and(daPalavra, escopo)}`;
  const contagem =
    termo.resto === undefined
      ? sql`(select coalesce(sum(c), 0) from w cross join lateral (select count(*) as c from (select 1 from ${fp}
          where ${and(
            daPalavra,
            escopo,
            sql`not string_to_array(${fp.nomeBusca}, ' ') && array(select v.palavra from w v where v.palavra < w.palavra)`,
          )} limit ${teto + 1}) y) z)`
      : sql`(select count(distinct x.id) from w cross join lateral (${entradas}) x)`;
  // Not a prepared statement: its generic plan cannot make a range of the rest's index out of the
  // `like` of a parameter, and read a common first name's entries whole (bench/README.md).
  const r = (await deps.db.execute(
    sql`with w as materialized (
        select ${fpb.palavra} as palavra from ${fpb} where ${fpb.palavra} like ${termo.padrao} limit ${MAXIMO_PALAVRAS + 1}),
      p as (select distinct x.d, x.id from w cross join lateral (${entradas}) x
        where (select count(*) from w) <= ${MAXIMO_PALAVRAS}
        order by x.d ${dir}, x.id ${dir} limit ${q.quantidade} offset ${deslocamento})
      select (select count(*) from w)::int as palavras,
        case when (select count(*) from p) = ${q.quantidade} or ((select count(*) from p) = 0 and ${deslocamento} > 0)
          then ${contagem}::int end as total,
        ${colunasCruas}
      from (select 1) um left join (p join ${fa} on ${fa.id} = p.id join ${jz} on ${jz.id} = ${fa.jazigoId}
        join ${ce} on ${ce.id} = ${jz.cemiterioId}) on true
      order by ${ordemDaLista(q.ordem)}`,
  )) as unknown as { rows: LinhaPorPalavras[] };
  const linhas = r.rows;
  const [primeira] = linhas;
  if (!primeira || primeira.palavras > MAXIMO_PALAVRAS) return null;
  // An empty page is the one row of `um`, with no deceased.
  const achadas = linhas
    .filter((l) => l.id !== null)
    .map(({ palavras: _p, total: _t, ...l }) => ({
      ...l,
      criadoEm: new Date(l.criadoEm),
      atualizadoEm: new Date(l.atualizadoEm),
    }));
  return pagina(q, achadas, teto, () => primeira.total ?? 0);
}

/** The matches counted up to one past `teto` (then "more than `teto`"). */
async function contarAte(db: DbOuTx, onde: SQL | undefined, teto: number) {
  const ate = db
    .select({ id: fa.id })
    .from(fa)
    .innerJoin(jz, eq(jz.id, fa.jazigoId))
    .where(onde)
    .limit(teto + 1)
    .as('ate');
  const [n] = await db.select({ n: sql<number>`count(*)::int` }).from(ate);
  return n?.n ?? 0;
}

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Falecido> {
  const [l] = await consulta(db, and(eq(fa.id, id), doEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraFalecido(l as Linha);
}

const erroJazigo = (codigo: 'JAZIGO_SEM_CONCESSAO' | 'JAZIGO_SEM_VAGA') =>
  new AppError(codigo, {}, [{ campo: 'jazigoId', mensagem: `erros:${codigo}` }]);

/** The name the burial is listed by: the registry's for a person of it, or the one typed in. */
async function nomeDoFalecido(tx: DbOuTx, e: FalecidoInput): Promise<string> {
  if (!e.pessoaId) return e.nome!;
  const [p] = await tx.select({ nome: nomeCompletoPessoa }).from(pessoa).where(eq(pessoa.id, e.pessoaId));
  return p!.nome;
}

/**
 * The checks of a burial, under the plot's lock: a standing concession, room left (the capacity
 * counts everyone in the plot), and not the same deceased again — the same person of the
 * registry anywhere, or the same name and death date in this plot.
 */
async function exigirSepultamento(tx: DbOuTx, e: FalecidoInput, nome: string, semId?: number) {
  const j = await jazigoParaMudar(tx, e.jazigoId);
  const concessao = await concessaoDoJazigo(tx, e.jazigoId);
  if (!concessao) throw erroJazigo('JAZIGO_SEM_CONCESSAO');
  const outro = semId ? ne(fa.id, semId) : undefined;
  const [repetido] = await tx
    .select({ id: fa.id })
    .from(fa)
    .where(
      and(
        isNull(fa.excluidoEm),
        isNull(fa.dataExumacao),
        outro,
        e.pessoaId
          ? eq(fa.pessoaId, e.pessoaId)
          : and(
              eq(fa.jazigoId, e.jazigoId),
              eq(fa.dataFalecimento, e.dataFalecimento),
              sql`lower(${fa.nome}) = lower(${nome})`,
            ),
      ),
    )
    .limit(1);
  if (repetido) throw new AppError('FALECIDO_JA_ADICIONADO');
  const [{ n }] = (await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(fa)
    .where(and(eq(fa.jazigoId, e.jazigoId), isNull(fa.excluidoEm), isNull(fa.dataExumacao), outro))) as [{ n: number }];
  if (n >= j.capacidade) throw erroJazigo('JAZIGO_SEM_VAGA');
  return concessao;
}

const colunas = (e: FalecidoInput, nome: string, arrendatarioId: number) => ({
  jazigoId: e.jazigoId,
  arrendatarioId,
  pessoaId: e.pessoaId ?? null,
  nome,
  dataNascimento: e.dataNascimento ?? null,
  dataFalecimento: e.dataFalecimento,
  dataSepultamento: e.dataSepultamento,
  gaveta: e.gaveta ?? null,
  certidaoObito: e.certidaoObito ?? null,
});

export async function criar(deps: Deps, ctx: Contexto, e: FalecidoInput): Promise<Falecido> {
  const id = await deps.db.transaction(async (tx) => {
    const nome = await nomeDoFalecido(tx, e);
    const concessao = await exigirSepultamento(tx, e, nome);
    const [novo] = await tx
      .insert(fa)
      .values(colunas(e, nome, concessao))
      .returning({ id: fa.id });
    await recalcularSituacao(tx, e.jazigoId);
    if (e.pessoaId) await registrarFalecimento(tx, ctx, e.pessoaId);
    return novo!.id;
  });
  return obter(deps.db, ctx, id);
}

export async function atualizar(deps: Deps, ctx: Contexto, id: number, e: FalecidoInput): Promise<Falecido> {
  await deps.db.transaction(async (tx) => {
    const antes = await obter(tx, ctx, id);
    if (antes.dataExumacao) throw new AppError('FALECIDO_JA_EXUMADO');
    // Both plots locked in id order, so two moves between the same plots cannot deadlock.
    for (const j of [antes.jazigoId, e.jazigoId].sort((a, b) => a - b)) await jazigoParaMudar(tx, j);
    const nome = await nomeDoFalecido(tx, e);
    const concessao = await exigirSepultamento(tx, e, nome, id);
    await tx
      .update(fa)
      .set({ ...colunas(e, nome, concessao), atualizadoEm: new Date() })
      .where(eq(fa.id, id));
    await recalcularSituacao(tx, antes.jazigoId);
    await recalcularSituacao(tx, e.jazigoId);
    if (e.pessoaId) await registrarFalecimento(tx, ctx, e.pessoaId);
  });
  return obter(deps.db, ctx, id);
}

export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const antes = await obter(tx, ctx, id);
    await jazigoParaMudar(tx, antes.jazigoId);
    await tx.update(fa).set({ excluidoEm: new Date(), atualizadoEm: new Date() }).where(eq(fa.id, id));
    await recalcularSituacao(tx, antes.jazigoId);
  });
}

/**
 * The remains leave the plot (to the ossuary, another cemetery): not before the cemetery's
 * minimum term after the burial (issue 20, default 3 years); the plot has room again.
 */
export async function exumar(deps: Deps, ctx: Contexto, id: number, e: ExumacaoInput): Promise<Falecido> {
  await deps.db.transaction(async (tx) => {
    const antes = await obter(tx, ctx, id);
    await jazigoParaMudar(tx, antes.jazigoId);
    const [f] = await tx
      .select({ dataExumacao: fa.dataExumacao, prazo: ce.prazoExumacaoAnos })
      .from(fa)
      .innerJoin(jz, eq(jz.id, fa.jazigoId))
      .innerJoin(ce, eq(ce.id, jz.cemiterioId))
      .where(eq(fa.id, id));
    if (f!.dataExumacao) throw new AppError('FALECIDO_JA_EXUMADO');
    const [{ minima }] = (
      (await tx.execute(
        sql`select (${antes.dataSepultamento}::date + make_interval(years => ${f!.prazo}::int))::date::text as minima`,
      )) as unknown as { rows: [{ minima: string }] }
    ).rows;
    if (e.dataExumacao < minima)
      throw new AppError('EXUMACAO_ANTES_DO_PRAZO', { data: minima }, [
        { campo: 'dataExumacao', mensagem: 'erros:EXUMACAO_ANTES_DO_PRAZO' },
      ]);
    await tx.update(fa).set({ dataExumacao: e.dataExumacao, atualizadoEm: new Date() }).where(eq(fa.id, id));
    await recalcularSituacao(tx, antes.jazigoId);
  });
  return obter(deps.db, ctx, id);
}

/**
 * "Where is buried" for anyone (issue 20): the burials of the cemeteries that opted in, by a part
 * of the name, accents and case aside; name, dates and plot only, and not the exhumed, who left
 * the plot. One more row than shown is read to tell whether the name matched more.
 */
export async function buscarPublico(deps: Deps, nome: string): Promise<SepultadosPublicos> {
  const linhas = await deps.db
    .select({
      nome: fa.nome,
      dataNascimento: fa.dataNascimento,
      dataFalecimento: fa.dataFalecimento,
      dataSepultamento: fa.dataSepultamento,
      cemiterioNome: ce.nome,
      cemiterioEndereco: ce.endereco,
      jazigoRotulo: selecao.jazigoRotulo,
    })
    .from(fa)
    .innerJoin(jz, eq(jz.id, fa.jazigoId))
    .innerJoin(ce, eq(ce.id, jz.cemiterioId))
    .where(
      and(
        isNull(fa.excluidoEm),
        isNull(fa.dataExumacao),
        isNull(ce.excluidoEm),
        eq(ce.buscaPublica, true),
        contemNaBusca(fa.nomeBusca, nome),
      ),
    )
    .orderBy(fa.nome, fa.dataSepultamento, fa.id)
    .limit(MAXIMO_SEPULTADOS_PUBLICOS + 1);
  return {
    itens: linhas.slice(0, MAXIMO_SEPULTADOS_PUBLICOS),
    maisResultados: linhas.length > MAXIMO_SEPULTADOS_PUBLICOS,
  };
}
