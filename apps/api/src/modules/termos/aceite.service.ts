import type { RespostaTermoInput, TermoPublico, VerificacaoCadeia } from '@sig/contracts';
import { type ConteudoAceite, type Db, type DbOuTx, HASH_INICIAL, hashDoAceite, schema, sha256 } from '@sig/db';
import { asc, eq, gt, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { hashToken } from '../../platform/cripto.js';
import { AppError } from '../../platform/erros.js';

/**
 * The public page's side (issue 22 items 3–4): a request read by its personal token, its answer
 * written to the consent ledger. The ledger is append-only and chained: each row keeps the hash of
 * the row before it and its own hash over its content and that link, so the chain proves that no
 * row was changed, removed or slipped in since.
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
};

/**
 * The request of a token: unknown → TERMO_LINK_INVALIDO; still pending but past its date or of a
 * version no longer published → TERMO_LINK_EXPIRADO. An answered one is answered with its answer.
 */
async function pedido(db: DbOuTx, token: string, travar = false): Promise<Pedido> {
  const [p] = (
    (await db.execute(sql`select s.id, s.situacao_solicitacao as situacao, s.expira_em as "expiraEm",
        s.termo_id as "termoId", s.pessoa_id as "pessoaId", t.situacao_termo as "situacaoTermo", t.nome,
        t.categoria_termo as "categoriaTermo", t.versao, t.texto, o.nome_fantasia as "organizacaoNome",
        pe.nome as "pessoaNome", s.respondido_em as "respondidoEm"
      from termo_solicitacao s join termo t on t.id = s.termo_id
      join organizacao o on o.id = t.organizacao_id join pessoa pe on pe.id = s.pessoa_id
      where s.token_hash = ${hashToken(token)} ${travar ? sql`for update of s` : sql``}`)) as unknown as {
      rows: (Omit<Pedido, 'expiraEm' | 'respondidoEm'> & {
        expiraEm: string | Date | null;
        respondidoEm: string | Date | null;
      })[];
    }
  ).rows;
  if (!p) throw new AppError('TERMO_LINK_INVALIDO');
  const expiraEm = p.expiraEm ? new Date(p.expiraEm) : null;
  const respondidoEm = p.respondidoEm ? new Date(p.respondidoEm) : null;
  if (p.situacao === 'PENDENTE' && (p.situacaoTermo !== 'PUBLICADO' || (expiraEm && expiraEm.getTime() < Date.now())))
    throw new AppError('TERMO_LINK_EXPIRADO');
  return { ...p, expiraEm, respondidoEm };
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
  };
}

/**
 * Accepts or declines (DESCONSIDERADO) the term of a token: the request answered and the ledger's
 * row appended in one transaction; the text's hash sent back must be that of the version's text
 * (the answer is to what was shown). A second answer finds the request answered and changes nothing.
 */
export async function responder(
  deps: Pick<Deps, 'db'>,
  token: string,
  e: RespostaTermoInput,
  origem: { ip: string; navegador: string | null },
) {
  return deps.db.transaction(async (tx) => {
    const p = await pedido(tx, token, true);
    if (p.situacao !== 'PENDENTE') throw new AppError('TERMO_JA_RESPONDIDO');
    if (sha256(p.texto) !== e.hashTexto) throw new AppError('TERMO_TEXTO_ALTERADO');
    const registradoEm = new Date();
    await tx.execute(sql`select pg_advisory_xact_lock(${TRAVA_CADEIA})`);
    const [ultimo] = await tx.select({ hash: ac.hash }).from(ac).orderBy(sql`${ac.id} desc`).limit(1);
    const anterior = ultimo?.hash ?? HASH_INICIAL;
    const conteudo: ConteudoAceite = {
      solicitacaoId: p.id,
      termoId: p.termoId,
      pessoaId: p.pessoaId,
      versao: p.versao,
      decisao: e.decisao,
      hashTexto: e.hashTexto,
      registradoEm,
      ip: origem.ip,
      navegador: origem.navegador?.slice(0, 500) ?? null,
    };
    await tx.insert(ac).values({ ...conteudo, hashAnterior: anterior, hash: hashDoAceite(anterior, conteudo) });
    await tx.update(so).set({ situacaoSolicitacao: e.decisao, respondidoEm: registradoEm }).where(eq(so.id, p.id));
    return { situacaoSolicitacao: e.decisao, respondidoEm: registradoEm.toISOString() };
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
