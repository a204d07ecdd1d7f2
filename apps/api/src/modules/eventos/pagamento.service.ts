import type { InscricaoPublica } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { type Chave, tradutor } from '@sig/i18n';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { nomeNoBanco } from '../../platform/sql.js';
import { ErroProvedor, provedorDa } from '../asaas/index.js';
import { cobrarConta, retirarConta } from '../cobrancas/index.js';
import { normalizarBusca } from '../pessoas/index.js';

/**
 * What a paid registration is charged with (issue 19): the registrant as a person of the registry
 * (found by CPF, else created in the organizing organization with origem 'EVENTO'), a receivable
 * of the lot's value written in the registration's own transaction, and one charge at the
 * provider made after commit through the charges module, whose reservation on the receivable
 * keeps a retry from charging twice.
 */
const { pessoa, contaAReceber: car, cobranca: cob, inscricaoEvento: ins } = schema;

/** People created by a registration are told apart by this origin. */
export const ORIGEM_PESSOA_EVENTO = 'EVENTO';

type Inscrito = {
  nome: string;
  cpf: string | null;
  email: string;
  telefone: string | null;
  dataNascimento: string | null;
};

/**
 * The registrant's person: the one given by staff, else the registry's holder of the CPF, else a
 * new minimal record. Two registrations of one new CPF at once meet on `pessoa_cpf_uq`: the
 * second finds the first's record.
 */
export async function pessoaDoInscrito(
  tx: DbOuTx,
  organizacaoId: number,
  e: Inscrito,
  pessoaId: number | null,
): Promise<number> {
  if (pessoaId) return pessoaId;
  if (!e.cpf) throw new AppError('VALIDACAO', {}, [{ campo: 'cpf', mensagem: 'validacao:obrigatorio' }]);
  const porCpf = () =>
    tx
      .select({ id: pessoa.id })
      .from(pessoa)
      .where(and(eq(pessoa.cpf, e.cpf!), isNull(pessoa.excluidoEm)));
  const [achada] = await porCpf();
  if (achada) return achada.id;
  const [primeiro = e.nome, ...resto] = e.nome.trim().split(/\s+/);
  const sobrenome = resto.join(' ');
  const [nova] = await tx
    .insert(pessoa)
    .values({
      nome: primeiro,
      sobrenome,
      nomeBusca: normalizarBusca(`${primeiro} ${sobrenome}`),
      cpf: e.cpf,
      email: e.email,
      dataNascimento: e.dataNascimento,
      organizacaoId,
      preCadastro: true,
      origem: ORIGEM_PESSOA_EVENTO,
    })
    .onConflictDoNothing()
    .returning({ id: pessoa.id });
  if (nova) {
    if (e.telefone)
      await tx.execute(sql`insert into pessoa_contato (pessoa_id, tipo_contato_id, valor, principal)
        select ${nova.id}, t.id, ${e.telefone}, true from tipo_contato t
        where t.nome = 'Celular' and t.excluido_em is null limit 1`);
    return nova.id;
  }
  const [outra] = await porCpf();
  return outra!.id;
}

export type DadosConta = {
  organizacaoId: number;
  pessoaId: number;
  valor: string;
  vencimento: string;
  formaPagamento: string | null;
  descricao: string;
  criadoPor: number | null;
};

/** The registration's receivable's columns (type EVENTO): its value, due on the registration's due day. */
export const valoresDaConta = (dados: DadosConta) => ({
  organizacaoId: dados.organizacaoId,
  pessoaId: dados.pessoaId,
  tipo: 'EVENTO',
  mesCompetencia: Number(dados.vencimento.slice(5, 7)),
  anoCompetencia: Number(dados.vencimento.slice(0, 4)),
  vencimento: dados.vencimento,
  valorPrevisto: dados.valor,
  formaPagamento: dados.formaPagamento,
  descricao: dados.descricao.slice(0, 500),
  criadoPor: dados.criadoPor,
});

/** The registration's receivable, written. */
export async function abrirConta(tx: DbOuTx, dados: DadosConta): Promise<number> {
  const [conta] = await tx.insert(car).values(valoresDaConta(dados)).returning({ id: car.id });
  return conta!.id;
}

/**
 * The same receivable as an `insert … select` over `origem` (a CTE of the caller's statement),
 * written only when `origem` has a row; the values cast to their columns' types.
 */
export function inserirContaDe(origem: SQL, dados: DadosConta): SQL {
  const v = valoresDaConta(dados);
  const chaves = Object.keys(v) as (keyof typeof v)[];
  return sql`insert into ${car} (${sql.join(
    chaves.map((k) => sql.identifier(nomeNoBanco(k))),
    sql`, `,
  )}) select ${sql.join(
    chaves.map((k) => sql`${v[k]}::${sql.raw(car[k].getSQLType())}`),
    sql`, `,
  )} from ${origem} returning id`;
}

const FORMAS_COBRAVEIS = ['PIX', 'BOLETO', 'CARTAO'] as const;

/**
 * The provider refused the registrant's data (a 400/422: an invalid CPF or e-mail): asking again
 * with the same data gets the same answer. Its key, its limits and its outages (401, 429, 5xx, a
 * timeout) pass; a charge refused by those is retried.
 */
const recusaDefinitiva = (erro: unknown): erro is ErroProvedor =>
  erro instanceof ErroProvedor && (erro.statusProvedor === 400 || erro.statusProvedor === 422);

/** How asking for a registration's charge went: made (or there already), a passing failure, or nothing to do. */
export type Cobranca = 'COBRADA' | 'TRANSITORIA' | 'NADA';

/**
 * Charges a pending registration's receivable when it has none yet. A passing provider failure
 * leaves the receivable uncharged (the page offers to try again and the charge job retries with
 * backoff), and the charges module's reservation makes a retry look up what a timed-out attempt
 * may have created before creating. A refusal for good is kept on the registration with the
 * provider's message, and nobody asks again.
 */
export async function cobrarInscricao(deps: Deps, inscricaoId: number, usuarioId: number | null): Promise<Cobranca> {
  const [l] = await deps.db
    .select({
      status: ins.status,
      falha: ins.falhaCobranca,
      forma: ins.formaPagamento,
      contaId: car.id,
      organizacaoId: car.organizacaoId,
      gerada: car.cobrancaGerada,
    })
    .from(ins)
    .innerJoin(car, eq(car.id, ins.contaAReceberId))
    .where(eq(ins.id, inscricaoId));
  if (l?.status !== 'PENDENTE' || l.falha) return 'NADA';
  if (l.gerada) return 'COBRADA';
  const forma = FORMAS_COBRAVEIS.find((f) => f === l.forma) ?? 'PIX';
  try {
    await cobrarConta(
      deps,
      { autor: { usuarioId, organizacaoId: l.organizacaoId }, retomada: false },
      { contaAReceberId: l.contaId, forma, parcelas: 1, confirmarMinimo: false },
    );
    return 'COBRADA';
  } catch (erro) {
    if (!recusaDefinitiva(erro)) return 'TRANSITORIA';
    const t = tradutor('pt-BR');
    const motivo = erro.descricaoProvedor || t(`erros:${erro.codigo}` as Chave, erro.params);
    await deps.db
      .update(ins)
      .set({ falhaCobranca: motivo.slice(0, 500), atualizadoEm: new Date() })
      .where(eq(ins.id, inscricaoId));
    return 'NADA';
  }
}

/** The charge job's queue (declared in the registrations' job file): one job per registration. */
export const FILA_COBRAR_INSCRICAO = 'eventos.cobrar-inscricao';
/** The first retry of a charge that failed in the registrant's request waits this long. */
const ESPERA_PRIMEIRA_COBRANCA_S = 30;

/**
 * Charges now (the registrant waits for the Pix); a passing failure leaves the retries to the
 * charge job, whose first run comes after a pause and the later ones further apart.
 */
export async function cobrarOuAgendar(deps: Deps, inscricaoId: number, usuarioId: number | null): Promise<void> {
  if ((await cobrarInscricao(deps, inscricaoId, usuarioId)) === 'TRANSITORIA')
    await deps.tarefas.enviar(
      FILA_COBRAR_INSCRICAO,
      { inscricaoId },
      { chave: String(inscricaoId), emSegundos: ESPERA_PRIMEIRA_COBRANCA_S },
    );
}

/**
 * Registrations that will not be paid any more (cancelled, expired, made a courtesy): their open
 * receivables are withdrawn with their charges, so that nobody pays for a seat they no longer hold.
 */
export async function liberarContas(deps: Deps, contasIds: readonly (number | null)[]) {
  const motivo = tradutor('pt-BR')('eventos:contaLiberada');
  for (const id of contasIds) if (id !== null) await retirarConta(deps, id, motivo);
}

/**
 * A charge job for every pending registration whose receivable has no charge yet and none queued
 * or waiting for its retry (a process stopped between the commit and the job, or a job's retries
 * ran out). Answers how many jobs were sent.
 */
export async function agendarCobrancas(deps: Deps): Promise<number> {
  const pendentes = await deps.db
    .select({ id: ins.id })
    .from(ins)
    .innerJoin(car, eq(car.id, ins.contaAReceberId))
    .where(
      and(
        eq(ins.status, 'PENDENTE'),
        isNull(ins.falhaCobranca),
        eq(car.cobrancaGerada, false),
        eq(car.status, 'ABERTO'),
      ),
    )
    .orderBy(ins.id)
    .limit(500);
  let n = 0;
  for (const p of pendentes)
    if (await deps.tarefas.enviar(FILA_COBRAR_INSCRICAO, { inscricaoId: p.id }, { chave: String(p.id) })) n++;
  return n;
}

/**
 * How to pay a registration's charge: its invoice link, and the Pix code or the boleto line read
 * from the provider each time (never stored). Null while there is no charge.
 */
export async function pagamentoDa(deps: Deps, contaId: number | null): Promise<InscricaoPublica['pagamento']> {
  if (!contaId) return null;
  const [c] = await deps.db
    .select({
      provedorId: cob.provedorId,
      forma: cob.forma,
      urlFatura: cob.urlFatura,
      organizacaoId: car.organizacaoId,
    })
    .from(cob)
    .innerJoin(car, eq(car.id, cob.contaAReceberId))
    .where(and(eq(cob.contaAReceberId, contaId), isNull(cob.canceladaEm)))
    .orderBy(sql`${cob.id} desc`)
    .limit(1);
  if (!c) return null;
  const r: NonNullable<InscricaoPublica['pagamento']> = {
    forma: c.forma,
    urlFatura: c.urlFatura,
    pixCopiaECola: null,
    pixQrCode: null,
    linhaDigitavel: null,
  };
  try {
    const provedor = await provedorDa(deps, deps.db, c.organizacaoId);
    if (c.forma === 'PIX') {
      const pix = await provedor.qrCodePix(c.provedorId);
      r.pixCopiaECola = pix.copiaECola;
      r.pixQrCode = pix.imagemPngBase64;
    } else if (c.forma === 'BOLETO') r.linhaDigitavel = (await provedor.linhaDigitavel(c.provedorId)).linhaDigitavel;
  } catch {
    // The invoice link still lets them pay while the provider does not answer.
  }
  return r;
}
