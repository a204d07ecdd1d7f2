import type { EmailSaida, EmailSaidaDetalhe, EmailSaidaListQuery, Paged, SituacaoEmail } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { escaparLike } from '../../platform/sql.js';
import { exigirEscopoInteiro } from './escopo-inteiro.js';

/**
 * The mail outbox (`/caixa-de-saida`): every message the system wrote, sent or not, with its
 * attempts and last SMTP error; a failed one sent again.
 */
export const ACESSO_CAIXA_SAIDA = 'CaixaDeSaida';
const { caixaSaida: cs } = schema;

const selecao = {
  id: cs.id,
  para: cs.para,
  assunto: cs.assunto,
  situacao: cs.situacao,
  tentativas: cs.tentativas,
  erro: cs.erro,
  criadoEm: cs.criadoEm,
  enviadoEm: cs.enviadoEm,
};
type Linha = Pick<typeof cs.$inferSelect, keyof typeof selecao>;

const paraEmail = (l: Linha): EmailSaida => ({
  ...l,
  situacao: l.situacao as SituacaoEmail,
  criadoEm: l.criadoEm.toISOString(),
  enviadoEm: l.enviadoEm ? l.enviadoEm.toISOString() : null,
});

const ORDEM = { criadoEm: cs.criadoEm, para: cs.para, situacao: cs.situacao } as const;

export async function listarEmails(deps: Deps, ctx: Contexto, q: EmailSaidaListQuery): Promise<Paged<EmailSaida>> {
  exigirEscopoInteiro(ctx, ACESSO_CAIXA_SAIDA);
  const filtros: SQL[] = [];
  if (q.situacao?.length) filtros.push(inArray(cs.situacao, q.situacao));
  if (q.para) filtros.push(sql`${cs.para} ilike ${`%${escaparLike(q.para)}%`}`);
  const onde = filtros.length ? and(...filtros) : undefined;
  // Without a chosen sort, the newest first.
  const ordem = q.ordenarPor ? (q.ordem === 'desc' ? desc : asc)(ORDEM[q.ordenarPor]) : desc(cs.criadoEm);
  const [itens, [total]] = await Promise.all([
    deps.db
      .select(selecao)
      .from(cs)
      .where(onde)
      .orderBy(ordem, desc(cs.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(cs).where(onde),
  ]);
  return { itens: itens.map(paraEmail), total: total?.n ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

export async function obterEmail(deps: Deps, ctx: Contexto, id: number): Promise<EmailSaidaDetalhe> {
  exigirEscopoInteiro(ctx, ACESSO_CAIXA_SAIDA);
  const [l] = await deps.db
    .select({ ...selecao, texto: cs.texto })
    .from(cs)
    .where(eq(cs.id, id));
  if (!l) throw naoEncontrado();
  return { ...paraEmail(l), texto: l.texto };
}

/** A failed message back to the outbox: sent again by a job when SMTP is set, else left pending. */
export async function reenviarEmail(deps: Deps, ctx: Contexto, id: number): Promise<EmailSaidaDetalhe> {
  const atual = await obterEmail(deps, ctx, id);
  if (!(await deps.correio.reenviar(atual.id))) throw new AppError('EMAIL_NAO_REENVIAVEL');
  return obterEmail(deps, ctx, id);
}
