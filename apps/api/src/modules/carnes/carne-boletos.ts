import { type PeriodoCarne, STATUS_EDITAVEIS } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import type { PaymentProvider } from '../../platform/provedor-pagamento.js';
import { provedorDa } from '../asaas/index.js';
import type { Boleto } from './carne-pdf.js';

/**
 * The slips of the booklets as rows (charge, receivable, person, organization) and their codes:
 * fetched from the provider once and kept on the charge. Shared by the booklet service and its
 * batch kind (kept apart from both so the kind registry imports no service).
 */
const { contaAReceber: car, cobranca: cob, pessoa, organizacao, processamentoLote } = schema;
/** Charges of one person whose codes are fetched at once (two calls each); the client caps the total in flight. */
const CONCORRENCIA = 6;

/** Charges left to pay: the booklet is for paying, so paid, reversed or cancelled ones stay out. */
export const abertas = () =>
  and(isNull(cob.canceladaEm), inArray(cob.forma, ['BOLETO', 'PIX']), inArray(cob.status, [...STATUS_EDITAVEIS]))!;

export const noPeriodo = ({ tipoPeriodo, inicio, fim }: PeriodoCarne) =>
  tipoPeriodo === 'vencimento'
    ? sql`${cob.vencimento} between ${inicio} and ${fim}`
    : sql`make_date(${car.anoCompetencia}, ${car.mesCompetencia}, 1) between date_trunc('month', ${inicio}::date) and ${fim}::date`;

/** Receivables of the organization and those below it (a batch keeps to its own organization's tree). */
export const naSubarvore = (organizacaoId: number) =>
  sql`${car.organizacaoId} in (select ${organizacao.id} from ${organizacao} where ${organizacao.caminho} like (select ${organizacao.caminho} from ${organizacao} where ${organizacao.id} = ${organizacaoId}) || '%')`;

export const linhas = (deps: Deps) =>
  deps.db
    .select({
      cobrancaId: cob.id,
      provedorId: cob.provedorId,
      forma: cob.forma,
      valor: cob.valor,
      vencimento: cob.vencimento,
      numeroParcela: cob.numeroParcela,
      linhaDigitavel: cob.linhaDigitavel,
      codigoBarras: cob.codigoBarras,
      pix: cob.pixCopiaECola,
      pixExpiraEm: cob.pixExpiraEm,
      mesCompetencia: car.mesCompetencia,
      anoCompetencia: car.anoCompetencia,
      organizacaoId: car.organizacaoId,
      organizacao: organizacao.nomeFantasia,
      nome: pessoa.nome,
      sobrenome: pessoa.sobrenome,
      chave: pessoa.nomeBusca,
      pessoaId: pessoa.id,
    })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .innerJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .innerJoin(organizacao, eq(organizacao.id, car.organizacaoId));

export type Linha = Awaited<ReturnType<ReturnType<typeof linhas>['execute']>>[number];
export type Codigos = Pick<Linha, 'linhaDigitavel' | 'codigoBarras' | 'pix'>;

/** A boleto needs its typed line and Pix code; a Pix charge only the latter. An expired Pix code is asked again. */
export const faltamCodigos = (l: Pick<Linha, 'forma' | 'linhaDigitavel' | 'pix' | 'pixExpiraEm'>) =>
  !l.pix ||
  (l.pixExpiraEm !== null && l.pixExpiraEm.getTime() <= Date.now()) ||
  (l.forma === 'BOLETO' && !l.linhaDigitavel);

/** Maps in order with at most `limite` calls running at once. */
async function emParalelo<T, R>(itens: readonly T[], limite: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const saida = new Array<R>(itens.length);
  let proximo = 0;
  const trabalhador = async () => {
    while (proximo < itens.length) {
      const i = proximo++;
      saida[i] = await f(itens[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limite, itens.length) }, trabalhador));
  return saida;
}

/**
 * Fetches from the provider the codes these charges lack and keeps them on the charges (one
 * statement). `aoFalhar` given, a charge the provider cannot answer for is left without codes
 * and reported; without it the first failure is thrown (after the others were kept).
 */
export async function buscarCodigos(
  deps: Deps,
  faltantes: readonly Linha[],
  aoFalhar?: (erro: unknown, cobrancaId: number) => void,
): Promise<Map<number, Codigos>> {
  const provedores = new Map<number, Promise<PaymentProvider>>();
  const provedor = (organizacaoId: number) => {
    if (!provedores.has(organizacaoId)) provedores.set(organizacaoId, provedorDa(deps, deps.db, organizacaoId));
    return provedores.get(organizacaoId)!;
  };
  const obtidos = new Map<number, Codigos & { expiraEm: string | null }>();
  let falha: unknown = null;
  await emParalelo(faltantes, CONCORRENCIA, async (l) => {
    try {
      const p = await provedor(l.organizacaoId);
      const [linha, pix] = await Promise.all([
        l.forma === 'BOLETO' ? p.linhaDigitavel(l.provedorId) : null,
        p.qrCodePix(l.provedorId),
      ]);
      obtidos.set(l.cobrancaId, {
        linhaDigitavel: linha?.linhaDigitavel ?? null,
        codigoBarras: linha?.codigoBarras ?? null,
        pix: pix.copiaECola,
        expiraEm: pix.expiraEm,
      });
    } catch (e) {
      if (!aoFalhar) falha ??= e;
      else aoFalhar(e, l.cobrancaId);
    }
  });
  if (obtidos.size) {
    const valores = JSON.stringify(
      [...obtidos].map(([id, c]) => ({ id, l: c.linhaDigitavel, b: c.codigoBarras, p: c.pix, e: c.expiraEm })),
    );
    // Asaas writes the expiry as Brasília's local time ("2027-03-10 23:59:59").
    await deps.db.execute(sql`
      update ${cob} set linha_digitavel = v.l, codigo_barras = v.b, pix_copia_e_cola = v.p,
        pix_expira_em = v.e::timestamp at time zone 'America/Sao_Paulo', atualizado_em = now()
      from jsonb_to_recordset(${valores}::jsonb) as v(id int, l text, b text, p text, e text)
      where ${cob.id} = v.id`);
  }
  if (falha) throw falha;
  return obtidos;
}

export const paraBoleto = (l: Linha, c: Codigos = l): Boleto => ({
  organizacaoId: l.organizacaoId,
  organizacao: l.organizacao,
  titular: `${l.nome} ${l.sobrenome}`.trim(),
  competencia: `${String(l.mesCompetencia).padStart(2, '0')}/${l.anoCompetencia}`,
  vencimento: l.vencimento,
  valor: l.valor,
  parcela: l.numeroParcela,
  linhaDigitavel: c.linhaDigitavel,
  codigoBarras: c.codigoBarras,
  pix: c.pix,
});

/** A booklet batch's period and organization, as its creation chose them. */
export async function periodoDoLote(deps: Deps, loteId: number) {
  const [l] = await deps.db
    .select({ parametros: processamentoLote.parametros, organizacaoId: processamentoLote.organizacaoId })
    .from(processamentoLote)
    .where(eq(processamentoLote.id, loteId));
  if (!l) throw naoEncontrado();
  return { periodo: l.parametros as PeriodoCarne, organizacaoId: l.organizacaoId };
}
