import {
  ACESSO_TERMOS,
  DIAS_VALIDADE_LINK,
  type EnvioTermo,
  type EnvioTermoInput,
  type SolicitacaoTermo,
  type SolicitacaoTermoPagina,
  VARIAVEL_LINK,
} from '@sig/contracts';
import { type DbOuTx, schema, sha256 } from '@sig/db';
import { IDIOMA_PADRAO } from '@sig/i18n';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { hashToken, novoToken } from '../../platform/cripto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { organizacoesEscolhidas } from '../../platform/escopo.js';
import { contemSemAcento, nomeCompletoPessoa, umDosIds } from '../../platform/sql.js';
import type { DefinicaoTarefa } from '../../platform/tarefas.js';
import { textoTraduzivel, traduzirTexto } from '../../platform/textos.js';
import { acrescentar, type Origem } from './aceite.service.js';
import { historico, publicada } from './termo.service.js';

/**
 * Requests (issue 22 item 2): a published version sent to the people a filter chose. The
 * request rows are written at once; a job then gives each its personal token and puts its e-mail
 * in the outbox, a batch per transaction, so the sending's progress is the share of rows sent.
 */
const ACESSO = ACESSO_TERMOS;
const { termoSolicitacao: so, termoEnvio: en, termoAceite: ac, termo: tm, pessoa, organizacao } = schema;
export const FILA_ENVIAR_TERMO = 'termos.enviar';
/** Requests given their token and e-mail per transaction. */
const LOTE_ENVIO = 200;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * The e-mail of a request: the term's subject, its body with the person's link (and name), signed
 * by the sender; every e-mail ends with the revocation link (revoking is as easy as accepting).
 */
function mensagem(
  deps: Pick<Deps, 'config'>,
  t: { assuntoEmail: string; corpoEmail: string; remetente: string },
  para: { email: string; nome: string },
  token: string,
  tokenRevogacao: string,
) {
  const link = `${deps.config.publicUrl}/externo/termos/${token}`;
  const revogacao = `${deps.config.publicUrl}/externo/termos/revogar/${tokenRevogacao}`;
  const corpo = t.corpoEmail.replaceAll(VARIAVEL_LINK, link).replaceAll('{{nome}}', para.nome);
  const rodape = traduzirTexto(
    IDIOMA_PADRAO,
    textoTraduzivel('configuracoes:termos.emailRevogacao', { link: revogacao }),
  );
  return { para: para.email, assunto: t.assuntoEmail, texto: `${corpo}\n\n${t.remetente}\n\n${rodape}` };
}

/**
 * A new token on each request, its e-mail in the outbox: the first sending (a batch) and a resend
 * (one) alike; one update and one outbox insert for the batch.
 */
async function darTokens(deps: Deps, tx: DbOuTx, linhas: ParaEnviar[]) {
  if (!linhas.length) return;
  const tokens = linhas.map(() => ({ token: novoToken(), revogacao: novoToken() }));
  const agora = new Date();
  const lista = (xs: (string | number)[]) => `{${xs.join(',')}}`;
  await tx.execute(sql`update termo_solicitacao s
    set token_hash = v.token_hash, token_revogacao_hash = v.revogacao_hash, enviado_em = ${agora},
        expira_em = ${new Date(agora.getTime() + DIAS_VALIDADE_LINK * 86_400_000)}
    from unnest(${lista(linhas.map((l) => l.id))}::int[], ${lista(tokens.map((t) => hashToken(t.token)))}::text[],
                ${lista(tokens.map((t) => hashToken(t.revogacao)))}::text[]) as v(id, token_hash, revogacao_hash)
    where s.id = v.id`);
  await deps.correio.enfileirarVarias(
    tx,
    linhas.map((l, i) => mensagem(deps, l, l, tokens[i]!.token, tokens[i]!.revogacao)),
  );
}

const selecaoEnvio = (id: number) =>
  sql`select s.id, s.email, ${nomeCompletoPessoa} as nome, t.assunto_email as "assuntoEmail",
      t.corpo_email as "corpoEmail", t.remetente
    from termo_solicitacao s join termo t on t.id = s.termo_id join pessoa on pessoa.id = s.pessoa_id
    where s.envio_id = ${id} and s.enviado_em is null
    order by s.id limit ${LOTE_ENVIO} for update of s skip locked`;

type ParaEnviar = {
  id: number;
  email: string;
  nome: string;
  assuntoEmail: string;
  corpoEmail: string;
  remetente: string;
};

/** The job's work: every request of the sending still without its e-mail, a batch at a time. Idempotent. */
export async function enviarLote(deps: Deps, envioId: number): Promise<{ enviados: number }> {
  let enviados = 0;
  for (;;) {
    const n = await deps.db.transaction(async (tx) => {
      const linhas = ((await tx.execute(selecaoEnvio(envioId))) as unknown as { rows: ParaEnviar[] }).rows;
      await darTokens(deps, tx, linhas);
      return linhas.length;
    });
    enviados += n;
    if (n < LOTE_ENVIO) return { enviados };
  }
}

export const TAREFA_ENVIAR_TERMO: DefinicaoTarefa<Deps, { envioId: number }> = {
  fila: FILA_ENVIAR_TERMO,
  unica: true,
  tentativas: 5,
  expiraSegundos: 900,
  executar: (deps, t) => enviarLote(deps, t.dados.envioId),
};

async function versaoPublicada(deps: Deps, ctx: Contexto, idCompartilhado: string) {
  const v = await publicada(deps.db, ctx, idCompartilhado);
  if (v) return v;
  await historico(deps, ctx, idCompartilhado);
  throw new AppError('TERMO_NAO_PUBLICADO');
}

async function lerEnvio(db: DbOuTx, id: number): Promise<EnvioTermo> {
  const [e] = await db
    .select({
      id: en.id,
      termoId: en.termoId,
      total: en.total,
      criadoEm: en.criadoEm,
      enviados: sql<number>`(select count(*)::int from termo_solicitacao s where s.envio_id = "termo_envio"."id" and s.enviado_em is not null)`,
    })
    .from(en)
    .where(eq(en.id, id));
  if (!e) throw naoEncontrado();
  return { ...e, concluido: e.enviados >= e.total, criadoEm: e.criadoEm.toISOString() };
}

/**
 * Sends the published version to the people of the chosen organization's subtree with the chosen
 * statuses who have an e-mail; who already has a request of this version is left out (their link
 * is resent one by one).
 */
export async function enviar(
  deps: Deps,
  ctx: Contexto,
  idCompartilhado: string,
  f: EnvioTermoInput,
): Promise<EnvioTermo> {
  const versao = await versaoPublicada(deps, ctx, idCompartilhado);
  const organizacoes = await organizacoesEscolhidas(deps, ctx, ACESSO, f.organizacaoId);
  return deps.db.transaction(async (tx) => {
    const [envio] = await tx
      .insert(en)
      .values({ termoId: versao.id, filtro: f, total: 0, usuarioId: ctx.usuarioId })
      .returning({ id: en.id });
    const criadas = (await tx.execute(sql`insert into termo_solicitacao (termo_id, pessoa_id, envio_id, email)
      select ${versao.id}, p.id, ${envio!.id}, p.email from pessoa p
      where ${umDosIds(sql`p.organizacao_id`, organizacoes)} and p.status in ${f.status}
        and p.excluido_em is null and p.anonimizado_em is null and coalesce(p.email, '') <> ''
      on conflict (termo_id, pessoa_id) do nothing returning id`)) as unknown as { rows: unknown[] };
    await tx.update(en).set({ total: criadas.rows.length }).where(eq(en.id, envio!.id));
    if (criadas.rows.length)
      await deps.tarefas.enviar(FILA_ENVIAR_TERMO, { envioId: envio!.id }, { em: tx, chave: String(envio!.id) });
    return lerEnvio(tx, envio!.id);
  });
}

/** The term's latest sending (its progress), or null before the first. */
export async function ultimoEnvio(deps: Deps, ctx: Contexto, idCompartilhado: string): Promise<EnvioTermo | null> {
  await historico(deps, ctx, idCompartilhado);
  const [e] = await deps.db
    .select({ id: en.id })
    .from(en)
    .innerJoin(tm, eq(tm.id, en.termoId))
    .where(eq(tm.idCompartilhado, idCompartilhado))
    .orderBy(desc(en.id))
    .limit(1);
  return e ? lerEnvio(deps.db, e.id) : null;
}

const selecao = {
  id: so.id,
  termoId: so.termoId,
  versao: tm.versao,
  pessoaId: so.pessoaId,
  pessoaNome: nomeCompletoPessoa,
  email: so.email,
  situacaoSolicitacao: so.situacaoSolicitacao,
  enviadoEm: so.enviadoEm,
  expiraEm: so.expiraEm,
  respondidoEm: so.respondidoEm,
  revogadoEm: so.revogadoEm,
  reaceite: sql<boolean>`${so.anteriorId} is not null`,
  ip: ac.ip,
  navegador: ac.navegador,
  organizacaoNome: organizacao.nomeFantasia,
};
type Linha = Omit<SolicitacaoTermo, 'enviadoEm' | 'expiraEm' | 'respondidoEm' | 'revogadoEm'> & {
  enviadoEm: Date | null;
  expiraEm: Date | null;
  respondidoEm: Date | null;
  revogadoEm: Date | null;
};
const paraSolicitacao = (l: Linha): SolicitacaoTermo => ({
  ...l,
  enviadoEm: iso(l.enviadoEm),
  expiraEm: iso(l.expiraEm),
  respondidoEm: iso(l.respondidoEm),
  revogadoEm: iso(l.revogadoEm),
});

/** A request as the export writes it. */
export type LinhaExportada = SolicitacaoTermo;

const consulta = (db: DbOuTx) =>
  db
    .select(selecao)
    .from(so)
    .innerJoin(tm, eq(tm.id, so.termoId))
    .innerJoin(pessoa, eq(pessoa.id, so.pessoaId))
    .innerJoin(organizacao, eq(organizacao.id, pessoa.organizacaoId))
    // The answer's row (the revocation's and supersession's rows come after it).
    .leftJoin(ac, and(eq(ac.solicitacaoId, so.id), inArray(ac.decisao, ['ACEITO', 'DESCONSIDERADO'])));

/**
 * The requests of every version of a term, newest first, with the answer's address and browser;
 * by community (the person's organization, within the user's scope: the coverage's drill-down).
 */
export async function listar(
  deps: Deps,
  ctx: Contexto,
  idCompartilhado: string,
  q: {
    situacaoSolicitacao?: string[];
    nome?: string;
    organizacaoId?: number;
    publicada?: 'true' | 'false';
    reaceite?: 'true' | 'false';
    pagina: number;
    quantidade: number;
    ordem: 'asc' | 'desc';
  },
): Promise<SolicitacaoTermoPagina> {
  await historico(deps, ctx, idCompartilhado);
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps, ctx, ACESSO, q.organizacaoId) : null;
  const onde = and(
    eq(tm.idCompartilhado, idCompartilhado),
    q.situacaoSolicitacao?.length ? inArray(so.situacaoSolicitacao, q.situacaoSolicitacao) : undefined,
    q.nome ? contemSemAcento(pessoa.nomeBusca, q.nome) : undefined,
    escolhidas ? eq(pessoa.organizacaoId, q.organizacaoId!) : undefined,
    q.publicada ? sql`(${tm.situacaoTermo} = 'PUBLICADO') = ${q.publicada === 'true'}` : undefined,
    q.reaceite ? sql`(${so.anteriorId} is not null) = ${q.reaceite === 'true'}` : undefined,
  );
  const [linhas, [n]] = await Promise.all([
    consulta(deps.db)
      .where(onde)
      .orderBy(q.ordem === 'asc' ? so.id : desc(so.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(so)
      .innerJoin(tm, eq(tm.id, so.termoId))
      .innerJoin(pessoa, eq(pessoa.id, so.pessoaId))
      .where(onde),
  ]);
  return {
    itens: (linhas as Linha[]).map(paraSolicitacao),
    total: n?.n ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}

/**
 * Sends a pending request's link again, with a new token (the older link stops working). Only
 * a request of the version published now: an older version's is superseded.
 */
export async function reenviar(
  deps: Deps,
  ctx: Contexto,
  idCompartilhado: string,
  id: number,
): Promise<SolicitacaoTermo> {
  const versao = await versaoPublicada(deps, ctx, idCompartilhado);
  return deps.db.transaction(async (tx) => {
    const [s] = (
      (await tx.execute(sql`select s.id, s.email, ${nomeCompletoPessoa} as nome, s.situacao_solicitacao as situacao
        from termo_solicitacao s join pessoa on pessoa.id = s.pessoa_id
        where s.id = ${id} and s.termo_id = ${versao.id} for update of s`)) as unknown as {
        rows: { id: number; email: string; nome: string; situacao: string }[];
      }
    ).rows;
    if (!s) throw naoEncontrado();
    if (s.situacao !== 'PENDENTE') throw new AppError('TERMO_JA_RESPONDIDO');
    await darTokens(deps, tx, [
      { ...s, assuntoEmail: versao.assuntoEmail, corpoEmail: versao.corpoEmail, remetente: versao.remetente },
    ]);
    const [l] = await consulta(tx).where(eq(so.id, id));
    return paraSolicitacao(l as Linha);
  });
}

/**
 * A new version published (issue 22 item 4): every acceptance of the version it replaces is
 * superseded — a SUBSTITUIDO row appended to the ledger for each (the acceptance's row stays as it
 * was) and the request marked superseded — and each of those people is asked again: a request of
 * the new version pointing to the old one, e-mailed by the sending job like any other.
 */
export async function substituirAceites(
  deps: Deps,
  tx: DbOuTx,
  ctx: Contexto,
  v: { anteriorId: number; novaId: number },
  origem: Origem,
) {
  const { anteriorId, novaId } = v;
  const aceitos = (
    (await tx.execute(sql`select s.id, s.pessoa_id as "pessoaId", coalesce(nullif(p.email, ''), s.email) as email,
        t.versao, t.texto
      from termo_solicitacao s join termo t on t.id = s.termo_id join pessoa p on p.id = s.pessoa_id
      where s.termo_id = ${anteriorId} and s.situacao_solicitacao = 'ACEITO'
      order by s.id for update of s`)) as unknown as {
      rows: { id: number; pessoaId: number; email: string; versao: number; texto: string }[];
    }
  ).rows;
  if (!aceitos.length) return;
  const registradoEm = new Date();
  await acrescentar(
    tx,
    aceitos.map((a) => ({
      solicitacaoId: a.id,
      termoId: anteriorId,
      pessoaId: a.pessoaId,
      versao: a.versao,
      decisao: 'SUBSTITUIDO',
      hashTexto: sha256(a.texto),
      registradoEm,
      ip: origem.ip,
      navegador: origem.navegador?.slice(0, 500) ?? null,
    })),
  );
  await tx
    .update(so)
    .set({ situacaoSolicitacao: 'SUBSTITUIDO' })
    .where(and(eq(so.termoId, anteriorId), eq(so.situacaoSolicitacao, 'ACEITO')));
  const [envio] = await tx
    .insert(en)
    .values({ termoId: novaId, filtro: { substituicao: anteriorId }, total: aceitos.length, usuarioId: ctx.usuarioId })
    .returning({ id: en.id });
  await tx
    .insert(so)
    .values(
      aceitos.map((a) => ({
        termoId: novaId,
        pessoaId: a.pessoaId,
        envioId: envio!.id,
        email: a.email,
        anteriorId: a.id,
      })),
    )
    .onConflictDoNothing();
  await deps.tarefas.enviar(FILA_ENVIAR_TERMO, { envioId: envio!.id }, { em: tx, chave: String(envio!.id) });
}
