import { ACESSO_INSCRICOES_EVENTOS, diaNoBrasil, hojeNoBrasil, type Inscricao } from '@sig/contracts';
import { schema } from '@sig/db';
import type { Idioma } from '@sig/i18n';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { dadosDoEmissor } from '../organizacoes/index.js';
import { type Certificado, pdfCertificados } from './certificado-pdf.js';
import { obterInscricao } from './inscricao.service.js';
import { liberarContas } from './pagamento.service.js';
import { eventoDoRelatorio } from './relatorios-inscricoes.service.js';

const { inscricaoEvento: ins } = schema;

/**
 * Grants a courtesy to a registration already made: it stays on its seat, confirmed without a
 * charge, with the reason kept. Only a pending one: a cancelled or expired one holds no seat, a
 * waiting one would take a seat past the quota, a paid one has nothing left to waive.
 */
export async function concederCortesia(deps: Deps, ctx: Contexto, id: number, motivo: string): Promise<Inscricao> {
  await obterInscricao(deps.db, ctx, id);
  const feita = await deps.db
    .update(ins)
    .set({
      status: 'CORTESIA',
      valor: '0.00',
      formaPagamento: null,
      vencimento: null,
      motivoCortesia: motivo,
      atualizadoEm: new Date(),
    })
    .where(and(eq(ins.id, id), eq(ins.status, 'PENDENTE')))
    .returning({ contaAReceberId: ins.contaAReceberId });
  if (!feita.length) throw new AppError('INSCRICAO_CORTESIA_NAO_PERMITIDA');
  await liberarContas(
    deps,
    feita.map((f) => f.contaAReceberId),
  );
  return obterInscricao(deps.db, ctx, id);
}

/** Certificates issued by the event's organizer, for those checked in (one or all of the event). */
async function emitir(deps: Deps, ctx: Contexto, eventoId: number, pessoas: Certificado[], idioma: Idioma) {
  if (!pessoas.length) throw new AppError('INSCRICAO_SEM_PRESENCA');
  const e = await eventoDoRelatorio(deps.db, ctx, ACESSO_INSCRICOES_EVENTOS, eventoId);
  const emissor = await dadosDoEmissor(deps, e.organizacaoId);
  const evento = { nome: e.nome, local: e.local, inicio: diaNoBrasil(e.inicio), fim: diaNoBrasil(e.fim) };
  return pdfCertificados(evento, pessoas, emissor, idioma, hojeNoBrasil());
}

/** One registrant's attendance certificate: only once checked in. */
export async function certificado(deps: Deps, ctx: Contexto, id: number, idioma: Idioma) {
  const i = await obterInscricao(deps.db, ctx, id);
  const pessoas = i.checkInEm ? [{ nome: i.nome, cpf: i.cpf, codigo: i.codigo }] : [];
  return { codigo: i.codigo, pdf: await emitir(deps, ctx, i.eventoId, pessoas, idioma) };
}

/** Every certificate of an event in one PDF, a page per registrant checked in, by name. */
export async function certificadosDoEvento(deps: Deps, ctx: Contexto, eventoId: number, idioma: Idioma) {
  await eventoDoRelatorio(deps.db, ctx, ACESSO_INSCRICOES_EVENTOS, eventoId);
  const pessoas = await deps.db
    .select({ nome: ins.nome, cpf: ins.cpf, codigo: ins.codigo })
    .from(ins)
    .where(and(eq(ins.eventoId, eventoId), isNotNull(ins.checkInEm)))
    .orderBy(asc(ins.nome), asc(ins.id));
  return emitir(deps, ctx, eventoId, pessoas, idioma);
}
