import {
  ACESSO_INSCRICOES_EVENTOS,
  type InscricoesEmailInput,
  type ItensLoteQuery,
  MARCADOR_NOME_INSCRITO,
  type ProcessamentoLote,
} from '@sig/contracts';
import { schema } from '@sig/db';
import { type Idioma, tradutor } from '@sig/i18n';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { criarLote, type ItemEmTrabalho, listarItens, obterLote } from '../processamento-lote/index.js';
import { filtroInscricoes } from './inscricao.service.js';

/**
 * A bulk e-mail to registrants (issue 19): an EMAIL_INSCRICOES batch, one item per registration of
 * the list's filter (or of the rows picked by hand) read again within the sender's scope; each item
 * writes its message to the outbox, in the registrant's language when the public page recorded it.
 */
const ACESSO = ACESSO_INSCRICOES_EVENTOS;
const TIPO = 'EMAIL_INSCRICOES';
const { inscricaoEvento: ins, evento: ev, processamentoLoteItem: itemLote } = schema;

/** What the batch keeps: the message as the sender wrote it. */
type ParametrosEmail = { assunto: string; texto: string };

export async function criarLoteEmail(deps: Deps, ctx: Contexto, q: InscricoesEmailInput): Promise<ProcessamentoLote> {
  const { ids, assunto, texto, ...filtros } = q;
  const onde = and(await filtroInscricoes(deps, ctx, filtros), ids ? inArray(ins.id, ids) : undefined);
  const parametros: ParametrosEmail = { assunto, texto };
  const id = await criarLote(deps, ctx, {
    tipo: TIPO,
    organizacaoId: ctx.organizacaoId,
    parametros,
    itens: sql`select ${ins.id} as referencia_id, ${ins.nome} || ' <' || ${ins.email} || '>' as descricao from ${ins} where ${onde}`,
  });
  return obterLote(deps.db, ctx, id, ACESSO);
}

/** One e-mail batch (another kind's reads as not found here). */
export async function obterLoteEmail(deps: Deps, ctx: Contexto, id: number) {
  const l = await obterLote(deps.db, ctx, id, ACESSO);
  if (l.tipo !== TIPO) throw naoEncontrado();
  return l;
}

export async function listarItensEmail(deps: Deps, ctx: Contexto, id: number, q: ItensLoteQuery) {
  await obterLoteEmail(deps, ctx, id);
  return listarItens(deps, ctx, id, q, ACESSO);
}

const comNome = (modelo: string, nome: string) => modelo.replaceAll(MARCADOR_NOME_INSCRITO, nome);

/**
 * One registrant's message. The item's row is locked and marked in the outbox write's own
 * transaction, so an item run again (its worker died before recording it) finds the mark and
 * sends nothing twice. Answers the address written to.
 */
export async function enviarEmailDoLote(deps: Deps, item: ItemEmTrabalho): Promise<string> {
  const p = item.parametros as ParametrosEmail;
  return deps.db.transaction(async (tx) => {
    const [marca] = await tx
      .select({ resultado: itemLote.resultado })
      .from(itemLote)
      .where(eq(itemLote.id, item.id))
      .for('update');
    if (marca?.resultado) return marca.resultado;
    const [i] = await tx
      .select({
        nome: ins.nome,
        email: ins.email,
        idioma: ins.idioma,
        token: ins.token,
        evento: ev.nome,
        codigoEvento: ev.codigo,
      })
      .from(ins)
      .innerJoin(ev, eq(ev.id, ins.eventoId))
      .where(eq(ins.id, item.referenciaId));
    if (!i) throw naoEncontrado();
    const t = tradutor((i.idioma ?? 'pt-BR') as Idioma);
    const link = `${deps.config.publicUrl}/externo/eventos/${encodeURIComponent(i.codigoEvento)}?inscricao=${i.token}`;
    await deps.correio.enfileirar(tx, {
      para: i.email,
      assunto: comNome(p.assunto, i.nome),
      texto: `${comNome(p.texto, i.nome)}\n\n--\n${t('email:eventoMensagemRodape', { evento: i.evento, link })}`,
    });
    await tx.update(itemLote).set({ resultado: i.email }).where(eq(itemLote.id, item.id));
    return i.email;
  });
}
