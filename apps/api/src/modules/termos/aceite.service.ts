import type {
  RespostaTermoInput,
  RevogacaoPublica,
  TermoObrigatorioPendente,
  TermoPublico,
  VerificacaoCadeia,
} from '@sig/contracts';
import { type ConteudoAceite, type Db, type DbOuTx, HASH_INICIAL, hashDoAceite, schema, sha256 } from '@sig/db';
import { asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { hashToken } from '../../platform/cripto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';

/**
 * The public page's side (issue 22 items 3–4): a request read by its personal token, its answer
 * written to the consent ledger. The ledger is append-only and chained: each row keeps the hash of
 * the row before it and its own hash over its content and that link, so the chain proves that no
 * row was changed, removed or slipped in since. A revocation and a supersession are rows of their
 * own after the answer: nothing written is ever changed.
 */
const { termoAceite: ac, termoSolicitacao: so } = schema;
/** Any fixed number: the ledger's rows are appended one at a time under this transaction lock. */
const TRAVA_CADEIA = 22_0045;

type Pedido = {
  id: number;
  situacao: string;
  expiraEm: Date | null;
  termoId: number;
  pessoaId: number;
  situacaoTermo: string;
  nome: string;
  categoriaTermo: TermoPublico['categoriaTermo'];
  versao: number;
  texto: string;
  organizacaoNome: string;
  pessoaNome: string;
  respondidoEm: Date | null;
  revogadoEm: Date | null;
  menor: boolean;
};

/** Where the person came from: kept on each of their rows in the ledger. */
export type Origem = { ip: string | null; navegador: string | null };

const data = (d: string | Date | null) => (d ? new Date(d) : null);

async function lerPedido(db: DbOuTx, onde: SQL, travar: boolean): Promise<Pedido | undefined> {
  const [p] = (
    (await db.execute(sql`select s.id, s.situacao_solicitacao as situacao, s.expira_em as "expiraEm",
        s.termo_id as "termoId", s.pessoa_id as "pessoaId", t.situacao_termo as "situacaoTermo", t.nome,
        t.categoria_termo as "categoriaTermo", t.versao, t.texto, o.nome_fantasia as "organizacaoNome",
        pe.nome as "pessoaNome", s.respondido_em as "respondidoEm", s.revogado_em as "revogadoEm",
        coalesce(pe.data_nascimento > current_date - interval '18 years', false) as menor
      from termo_solicitacao s join termo t on t.id = s.termo_id
      join organizacao o on o.id = t.organizacao_id join pessoa pe on pe.id = s.pessoa_id
      where ${onde} ${travar ? sql`for update of s` : sql``}`)) as unknown as {
      rows: (Omit<Pedido, 'expiraEm' | 'respondidoEm' | 'revogadoEm'> & {
        expiraEm: string | Date | null;
        respondidoEm: string | Date | null;
        revogadoEm: string | Date | null;
      })[];
    }
  ).rows;
  return p && { ...p, expiraEm: data(p.expiraEm), respondidoEm: data(p.respondidoEm), revogadoEm: data(p.revogadoEm) };
}

/**
 * The request of a token: unknown → TERMO_LINK_INVALIDO; still pending but past its date or of a
 * version no longer published → TERMO_LINK_EXPIRADO. An answered one is answered with its answer.
 */
async function pedido(db: DbOuTx, token: string, travar = false): Promise<Pedido> {
  const p = await lerPedido(db, sql`s.token_hash = ${hashToken(token)}`, travar);
  if (!p) throw new AppError('TERMO_LINK_INVALIDO');
  if (
    p.situacao === 'PENDENTE' &&
    (p.situacaoTermo !== 'PUBLICADO' || (p.expiraEm && p.expiraEm.getTime() < Date.now()))
  )
    throw new AppError('TERMO_LINK_EXPIRADO');
  return p;
}

/**
 * Appends rows to the ledger, chained after its last one, under the ledger's transaction lock
 * (held by the caller's transaction until it commits).
 */
export async function acrescentar(tx: DbOuTx, conteudos: ConteudoAceite[]) {
  if (!conteudos.length) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${TRAVA_CADEIA})`);
  const [ultimo] = await tx.select({ hash: ac.hash }).from(ac).orderBy(sql`${ac.id} desc`).limit(1);
  let anterior = ultimo?.hash ?? HASH_INICIAL;
  const linhas = conteudos.map((c) => {
    const hash = hashDoAceite(anterior, c);
    const l = { ...c, hashAnterior: anterior, hash };
    anterior = hash;
    return l;
  });
  // In order, a batch at a time: the ids must follow the chain.
  for (let i = 0; i < linhas.length; i += 500) await tx.insert(ac).values(linhas.slice(i, i + 500));
}

export async function ler(deps: Pick<Deps, 'db'>, token: string): Promise<TermoPublico> {
  const p = await pedido(deps.db, token);
  return {
    nome: p.nome,
    categoriaTermo: p.categoriaTermo,
    versao: p.versao,
    organizacaoNome: p.organizacaoNome,
    pessoaNome: p.pessoaNome,
    texto: p.texto,
    hashTexto: sha256(p.texto),
    situacaoSolicitacao: p.situacao as TermoPublico['situacaoSolicitacao'],
    respondidoEm: p.respondidoEm?.toISOString() ?? null,
    menor: p.menor,
  };
}

/** A ledger row of what was done to a request: when, from which address and browser. */
const registroDoPedido = (
  p: Pick<Pedido, 'id' | 'termoId' | 'pessoaId' | 'versao'>,
  decisao: ConteudoAceite['decisao'],
  hashTexto: string,
  registradoEm: Date,
  origem: Origem,
): ConteudoAceite => ({
  solicitacaoId: p.id,
  termoId: p.termoId,
  pessoaId: p.pessoaId,
  versao: p.versao,
  decisao,
  hashTexto,
  registradoEm,
  ip: origem.ip,
  navegador: origem.navegador?.slice(0, 500) ?? null,
});

async function registrarResposta(
  tx: DbOuTx,
  p: Pick<Pedido, 'id' | 'situacao' | 'termoId' | 'pessoaId' | 'versao' | 'texto' | 'menor'>,
  e: RespostaTermoInput,
  origem: Origem,
) {
  if (p.situacao !== 'PENDENTE') throw new AppError('TERMO_JA_RESPONDIDO');
  if (sha256(p.texto) !== e.hashTexto) throw new AppError('TERMO_TEXTO_ALTERADO');
  const registradoEm = new Date();
  await acrescentar(tx, [
    {
      ...registroDoPedido(p, e.decisao, e.hashTexto, registradoEm, origem),
      ...(p.menor
        ? { responsavelNome: e.responsavelNome ?? null, responsavelRelacao: e.responsavelRelacao ?? null }
        : {}),
    },
  ]);
  await tx.update(so).set({ situacaoSolicitacao: e.decisao, respondidoEm: registradoEm }).where(eq(so.id, p.id));
  return { situacaoSolicitacao: e.decisao, respondidoEm: registradoEm.toISOString() };
}

/**
 * Accepts or declines (DESCONSIDERADO) the term of a token: the request answered and the ledger's
 * row appended in one transaction; the text's hash sent back must be that of the version's text
 * (the answer is to what was shown). A second answer finds the request answered and changes nothing.
 * A minor's answer is their guardian's: it names the guardian and how they are related.
 */
export async function responder(deps: Pick<Deps, 'db'>, token: string, e: RespostaTermoInput, origem: Origem) {
  return deps.db.transaction(async (tx) => {
    const p = await pedido(tx, token, true);
    if (p.situacao === 'PENDENTE' && p.menor && (!e.responsavelNome || !e.responsavelRelacao))
      throw new AppError('TERMO_RESPONSAVEL_OBRIGATORIO');
    return registrarResposta(tx, p, e, origem);
  });
}

/** The request of a revocation link: unknown → TERMO_LINK_INVALIDO (a revocation link does not expire). */
async function pedidoRevogacao(db: DbOuTx, token: string, travar = false): Promise<Pedido> {
  const p = await lerPedido(db, sql`s.token_revogacao_hash = ${hashToken(token)}`, travar);
  if (!p) throw new AppError('TERMO_LINK_INVALIDO');
  return p;
}

const paraRevogacao = (p: Pedido): RevogacaoPublica => ({
  nome: p.nome,
  versao: p.versao,
  organizacaoNome: p.organizacaoNome,
  pessoaNome: p.pessoaNome,
  situacaoSolicitacao: p.situacao as RevogacaoPublica['situacaoSolicitacao'],
  respondidoEm: p.respondidoEm?.toISOString() ?? null,
  revogadoEm: p.revogadoEm?.toISOString() ?? null,
});

export async function lerRevogacao(deps: Pick<Deps, 'db'>, token: string): Promise<RevogacaoPublica> {
  return paraRevogacao(await pedidoRevogacao(deps.db, token));
}

/**
 * Revokes an accepted term (issue 22 item 4, as easy as accepting it): a REVOGADO row appended to
 * the ledger with the time, address and browser, and the request marked revoked. Only an
 * accepted request: revoked already → TERMO_JA_REVOGADO, any other → TERMO_NAO_ACEITO.
 */
export async function revogar(deps: Pick<Deps, 'db'>, token: string, origem: Origem): Promise<RevogacaoPublica> {
  return deps.db.transaction(async (tx) => {
    const p = await pedidoRevogacao(tx, token, true);
    if (p.situacao === 'REVOGADO') throw new AppError('TERMO_JA_REVOGADO');
    if (p.situacao !== 'ACEITO') throw new AppError('TERMO_NAO_ACEITO');
    const registradoEm = new Date();
    await acrescentar(tx, [registroDoPedido(p, 'REVOGADO', sha256(p.texto), registradoEm, origem)]);
    await tx.update(so).set({ situacaoSolicitacao: 'REVOGADO', revogadoEm: registradoEm }).where(eq(so.id, p.id));
    return paraRevogacao({ ...p, situacao: 'REVOGADO', revogadoEm: registradoEm });
  });
}

/** The required terms of use the signed-in user has pending (the sign-in gate's screen). */
export async function obrigatoriosPendentes(
  deps: Pick<Deps, 'db'>,
  ctx: Contexto,
): Promise<TermoObrigatorioPendente[]> {
  const r = (await deps.db.execute(sql`select s.id as "solicitacaoId", t.nome, t.versao, t.texto,
      o.nome_fantasia as "organizacaoNome"
    from termo_solicitacao s join termo t on t.id = s.termo_id join organizacao o on o.id = t.organizacao_id
    where s.pessoa_id = ${ctx.pessoaId} and s.situacao_solicitacao = 'PENDENTE'
      and t.situacao_termo = 'PUBLICADO' and t.obrigatorio
    order by s.id`)) as unknown as { rows: Omit<TermoObrigatorioPendente, 'hashTexto'>[] };
  return r.rows.map((l) => ({ ...l, hashTexto: sha256(l.texto) }));
}

/**
 * The signed-in user accepts a required term of their own (the same ledger as the public page's,
 * with the session's address and browser). Another person's request, or a term not required, 404.
 */
export async function aceitarObrigatorio(
  deps: Pick<Deps, 'db'>,
  ctx: Contexto,
  solicitacaoId: number,
  hashTexto: string,
  origem: Origem,
) {
  return deps.db.transaction(async (tx) => {
    const p = await lerPedido(
      tx,
      sql`s.id = ${solicitacaoId} and s.pessoa_id = ${ctx.pessoaId} and t.obrigatorio and t.situacao_termo = 'PUBLICADO'`,
      true,
    );
    if (!p) throw naoEncontrado();
    return registrarResposta(tx, { ...p, menor: false }, { decisao: 'ACEITO', hashTexto }, origem);
  });
}

/** Rows read per batch while walking the ledger. */
const LOTE_VERIFICACAO = 5_000;

/** Walks the ledger in order: each row's link to the one before and its own hash must hold. */
export async function verificarCadeia(db: Db): Promise<VerificacaoCadeia> {
  let anterior = HASH_INICIAL;
  let ultimoId = 0;
  let total = 0;
  for (;;) {
    const linhas = await db.select().from(ac).where(gt(ac.id, ultimoId)).orderBy(asc(ac.id)).limit(LOTE_VERIFICACAO);
    for (const l of linhas) {
      total++;
      if (l.hashAnterior !== anterior || l.hash !== hashDoAceite(l.hashAnterior, l))
        return { valida: false, total, primeiraInvalidaId: l.id };
      anterior = l.hash;
      ultimoId = l.id;
    }
    if (linhas.length < LOTE_VERIFICACAO) return { valida: true, total, primeiraInvalidaId: null };
  }
}
