import { diaNoBrasil, hojeNoBrasil, STATUS_COM_VAGA } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { eq, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Deps } from '../../platform/contexto.js';
import { dataTela } from '../../platform/exportacao.js';
import type { DefinicaoTarefa } from '../../platform/tarefas.js';
import { PAGAMENTO_SEM_COBRANCA, retomarPagamentoCancelado } from '../asaas/index.js';
import {
  abrirConta,
  agendarCobrancas,
  cobrarInscricao,
  FILA_COBRAR_INSCRICAO,
  liberarContas,
  pessoaDoInscrito,
} from './pagamento.service.js';

type DepsJob = Pick<Deps, 'db' | 'correio' | 'config' | 'tarefas'>;
const COM_VAGA = sql.raw(STATUS_COM_VAGA.map((s) => `'${s}'`).join(', '));
/** A place freed for someone on the waiting list is held this many days (issue 19: a link valid 48 h). */
const DIAS_VAGA_LIBERADA = 2;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const somarDias = (dia: string, dias: number) => {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};
// The church's language: a registrant's own is not stored.
const t = tradutor('pt-BR');
const linkDa = (deps: DepsJob, codigoEvento: string, token: string) =>
  `${deps.config.publicUrl}/externo/eventos/${encodeURIComponent(codigoEvento)}?inscricao=${token}`;

/**
 * Gives the seats freed in an event to its waiting list, oldest first: each one placed is held for
 * `DIAS_VAGA_LIBERADA` days and told by e-mail. Locks as a registration does (the event's lots,
 * then its workshops, by id), so it never places more than there is room for. Answers how many.
 */
export async function promoverListaEspera(tx: DbOuTx, deps: DepsJob, eventoId: number): Promise<number> {
  const hoje = hojeNoBrasil();
  await tx.execute(sql`select id from evento_lote where evento_id = ${eventoId} order by id for update`);
  await tx.execute(sql`select id from evento_oficina where evento_id = ${eventoId} order by id for update`);
  const [evento] = await tx.select().from(schema.evento).where(eq(schema.evento.id, eventoId));
  if (!evento) return 0;
  const lotes = rows<{
    id: number;
    valor: string;
    quantidade: number;
    inicio: string | null;
    fim: string | null;
    ocupadas: number;
  }>(
    await tx.execute(sql`select l.id, l.valor::text as valor, l.quantidade, l.inicio::text as inicio, l.fim::text as fim,
        (select count(*)::int from inscricao_evento i where i.lote_id = l.id and i.status in (${COM_VAGA})) as ocupadas
      from evento_lote l where l.evento_id = ${eventoId} order by l.numero`),
  );
  const oficinas = new Map(
    rows<{ id: number; livres: number }>(
      await tx.execute(sql`select o.id, o.vagas - (select count(*)::int from inscricao_oficina io join inscricao_evento i on i.id = io.inscricao_id
          where io.oficina_id = o.id and i.status in (${COM_VAGA})) as livres
        from evento_oficina o where o.evento_id = ${eventoId}`),
    ).map((o) => [o.id, o.livres]),
  );
  const esperas = rows<{
    id: number;
    nome: string;
    email: string;
    token: string;
    cpf: string | null;
    telefone: string | null;
    data_nascimento: string | null;
    pessoa_id: number | null;
    forma_pagamento: string | null;
    oficinas: number[];
  }>(
    await tx.execute(sql`select i.id, i.nome, i.email, i.token, i.cpf, i.telefone, i.data_nascimento::text as data_nascimento,
        i.pessoa_id, i.forma_pagamento,
        coalesce((select array_agg(io.oficina_id) from inscricao_oficina io where io.inscricao_id = i.id), '{}') as oficinas
      from inscricao_evento i where i.evento_id = ${eventoId} and i.status = 'LISTA_ESPERA' order by i.criado_em, i.id`),
  );
  const inicioEvento = diaNoBrasil(evento.inicio);
  let promovidas = 0;
  for (const e of esperas) {
    const lote = lotes.find(
      (l) => (!l.inicio || l.inicio <= hoje) && (!l.fim || l.fim >= hoje) && l.ocupadas < l.quantidade,
    );
    if (!lote) break;
    if (e.oficinas.some((o) => (oficinas.get(o) ?? 0) <= 0)) continue;
    const gratuita = Number(lote.valor) === 0;
    const vencimento = [somarDias(hoje, DIAS_VAGA_LIBERADA), inicioEvento].sort()[0]!;
    // A seat given from the waiting list is paid like any other: its receivable now, its charge
    // by this job's next run (or the registrant's page) after commit.
    let pessoaId = e.pessoa_id;
    let contaAReceberId: number | null = null;
    if (!gratuita) {
      pessoaId = await pessoaDoInscrito(
        tx,
        evento.organizacaoId,
        { nome: e.nome, cpf: e.cpf, email: e.email, telefone: e.telefone, dataNascimento: e.data_nascimento },
        e.pessoa_id,
      );
      contaAReceberId = await abrirConta(tx, {
        organizacaoId: evento.organizacaoId,
        pessoaId,
        valor: lote.valor,
        vencimento,
        formaPagamento: e.forma_pagamento ?? evento.formasPagamento[0] ?? null,
        descricao: `${evento.nome} — ${e.nome}`,
        criadoPor: null,
      });
    }
    await tx
      .update(schema.inscricaoEvento)
      .set({
        status: gratuita ? 'CONFIRMADA' : 'PENDENTE',
        loteId: lote.id,
        valor: lote.valor,
        vencimento: gratuita ? null : vencimento,
        pessoaId,
        contaAReceberId,
        formaPagamento: gratuita ? null : (e.forma_pagamento ?? evento.formasPagamento[0] ?? null),
        atualizadoEm: new Date(),
      })
      .where(eq(schema.inscricaoEvento.id, e.id));
    if (!gratuita)
      await deps.tarefas.enviar(FILA_COBRAR_INSCRICAO, { inscricaoId: e.id }, { em: tx, chave: String(e.id) });
    lote.ocupadas++;
    for (const o of e.oficinas) oficinas.set(o, (oficinas.get(o) ?? 0) - 1);
    await deps.correio.enfileirar(tx, {
      para: e.email,
      assunto: t('email:eventoVagaAssunto', { evento: evento.nome }),
      texto: t('email:eventoVagaTexto', {
        nome: e.nome,
        evento: evento.nome,
        data: dataTela(vencimento, 'pt-BR'),
        link: linkDa(deps, evento.codigo, e.token),
      }),
    });
    promovidas++;
  }
  return promovidas;
}

/** The confirmation e-mail, with the check-in code as a QR code. */
async function avisarConfirmacao(
  tx: DbOuTx,
  deps: DepsJob,
  i: { nome: string; email: string; codigo: string; token: string; evento: string; evento_codigo: string },
) {
  const png = await QRCode.toBuffer(i.codigo, { type: 'png', width: 320, margin: 2 });
  await deps.correio.enfileirar(tx, {
    para: i.email,
    assunto: t('email:eventoConfirmadaAssunto', { evento: i.evento }),
    texto: t('email:eventoConfirmadaTexto', {
      nome: i.nome,
      evento: i.evento,
      codigo: i.codigo,
      link: linkDa(deps, i.evento_codigo, i.token),
    }),
    anexos: [{ nome: `inscricao-${i.codigo}.png`, tipo: 'image/png', conteudo: png.toString('base64') }],
  });
}

/**
 * Confirms the pending registrations of an event whose receivable is paid, under the event's
 * lots' lock as every writer of its registrations takes it (a release or a promotion of the same
 * rows waits), and e-mails each its QR code. Answers how many.
 */
export async function confirmarPagas(deps: DepsJob, eventoId: number): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select id from evento_lote where evento_id = ${eventoId} order by id for update`);
    const pagas = rows<{
      nome: string;
      email: string;
      codigo: string;
      token: string;
      evento: string;
      evento_codigo: string;
    }>(
      await tx.execute(sql`update inscricao_evento i set status = 'CONFIRMADA', atualizado_em = now()
        from conta_a_receber c, evento e
        where c.id = i.conta_a_receber_id and e.id = i.evento_id and i.evento_id = ${eventoId}
          and i.status = 'PENDENTE' and c.status = 'PAGO'
        returning i.nome, i.email, i.codigo, i.token, e.nome as evento, e.codigo as evento_codigo`),
    );
    for (const p of pagas) await avisarConfirmacao(tx, deps, p);
    return pagas.length;
  });
}

type Reacomodacao = 'REACOMODADA' | 'SEM_VAGA';
const FEITA = `${PAGAMENTO_SEM_COBRANCA}:cancelada:%`;

/**
 * A payment for a registration released unpaid (its seat given back, its charge cancelled), by
 * the provider event that brought it: under the event's lots' and workshops' locks, as a
 * registration takes them, the registration is confirmed on its own lot and workshops again when
 * each still has a seat free, and in the same transaction its charge and receivable are taken
 * back and paid. Without room nothing changes and the payment stands as an exception
 * (`INSCRICAO_PAGA_SEM_VAGA`). Null when the event is no such payment (any more).
 */
export async function reacomodarPagamento(deps: DepsJob, eventoProvedorId: string): Promise<Reacomodacao | null> {
  return deps.db.transaction(async (tx) => {
    const achar = async () =>
      rows<{ id: number; evento_id: number; lote_id: number | null }>(
        await tx.execute(sql`select i.id, i.evento_id, i.lote_id from evento_provedor e
          join cobranca c on c.provedor_id = e.pagamento_id
          join inscricao_evento i on i.conta_a_receber_id = c.conta_a_receber_id
          where e.id = ${eventoProvedorId} and e.resolvido_em is null and e.resultado like ${FEITA}
            and i.status = 'EXPIRADA' limit 1`),
      )[0];
    const antes = await achar();
    if (!antes) return null;
    await tx.execute(sql`select id from evento_lote where evento_id = ${antes.evento_id} order by id for update`);
    await tx.execute(sql`select id from evento_oficina where evento_id = ${antes.evento_id} order by id for update`);
    // Read again under the locks: a job and a user may race for the same payment.
    const i = await achar();
    if (!i) return null;
    const [cheio] = rows<{ cheio: boolean }>(
      await tx.execute(sql`select
          coalesce((select l.quantidade <= (select count(*) from inscricao_evento x
              where x.lote_id = l.id and x.status in (${COM_VAGA}))
            from evento_lote l where l.id = ${i.lote_id}), true)
          or exists (select 1 from inscricao_oficina io join evento_oficina o on o.id = io.oficina_id
            where io.inscricao_id = ${i.id} and o.vagas <= (select count(*) from inscricao_oficina y
              join inscricao_evento x on x.id = y.inscricao_id where y.oficina_id = o.id and x.status in (${COM_VAGA})))
          as cheio`),
    );
    if (cheio!.cheio) return 'SEM_VAGA';
    if (!(await retomarPagamentoCancelado(tx, eventoProvedorId))) return null;
    const [confirmada] = rows<Parameters<typeof avisarConfirmacao>[2]>(
      await tx.execute(sql`update inscricao_evento i set status = 'CONFIRMADA', atualizado_em = now()
        from evento e where e.id = i.evento_id and i.id = ${i.id}
        returning i.nome, i.email, i.codigo, i.token, e.nome as evento, e.codigo as evento_codigo`),
    );
    await avisarConfirmacao(tx, deps, confirmada!);
    return 'REACOMODADA';
  });
}

/** Every late payment for a released registration still standing: each re-seated when it fits now. */
async function reacomodarPagas(deps: DepsJob): Promise<number> {
  const tardios = rows<{ id: string }>(
    await deps.db.execute(sql`select e.id from evento_provedor e
      join cobranca c on c.provedor_id = e.pagamento_id
      join inscricao_evento i on i.conta_a_receber_id = c.conta_a_receber_id
      where e.resolvido_em is null and e.resultado like ${FEITA} and i.status = 'EXPIRADA'
      order by e.recebido_em, e.id`),
  );
  let n = 0;
  for (const { id } of tardios) if ((await reacomodarPagamento(deps, id)) === 'REACOMODADA') n++;
  return n;
}

/**
 * What the registrations' job does, in this order: a late payment for a released registration is
 * re-seated when its seat is still free (before the waiting list is given the freed seats); a
 * pending registration whose receivable is paid is confirmed (and e-mailed its QR code), even
 * when the payment came on its last day; an unpaid one past its due day is released (EXPIRADA);
 * the seats freed go to the waiting list; a pending registration whose charge the provider failed
 * to create (or a promoted one) gets its charge job. Idempotent: each step changes only rows still
 * in the state it looks for.
 */
export async function processarInscricoes(deps: Deps, hoje = hojeNoBrasil()) {
  const reacomodadas = await reacomodarPagas(deps);
  let confirmadas = 0;
  const comPagas = rows<{ evento_id: number }>(
    await deps.db.execute(sql`select distinct i.evento_id from inscricao_evento i
      join conta_a_receber c on c.id = i.conta_a_receber_id where i.status = 'PENDENTE' and c.status = 'PAGO'`),
  );
  for (const { evento_id } of comPagas) confirmadas += await confirmarPagas(deps, evento_id);
  const eventos = rows<{ evento_id: number }>(
    await deps.db.execute(sql`select distinct evento_id from inscricao_evento
      where status = 'PENDENTE' and vencimento < ${hoje}::date`),
  );
  let expiradas = 0;
  let promovidas = 0;
  for (const { evento_id } of eventos) {
    const contas = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select id from evento_lote where evento_id = ${evento_id} order by id for update`);
      const r = rows<{ conta_a_receber_id: number | null }>(
        await tx.execute(sql`update inscricao_evento set status = 'EXPIRADA', atualizado_em = now()
          where evento_id = ${evento_id} and status = 'PENDENTE' and vencimento < ${hoje}::date
          returning conta_a_receber_id`),
      );
      expiradas += r.length;
      promovidas += await promoverListaEspera(tx, deps, evento_id);
      return r.map((l) => l.conta_a_receber_id);
    });
    await liberarContas(deps, contas);
  }
  const cobrancasAgendadas = await agendarCobrancas(deps);
  return { reacomodadas, confirmadas, expiradas, promovidas, cobrancasAgendadas };
}

/** Every 10 minutes, once across the workers: payments confirm soon, held seats free on their day. */
export const TAREFA_PROCESSAR_INSCRICOES: DefinicaoTarefa<Deps> = {
  fila: 'eventos.processar-inscricoes',
  unica: true,
  agenda: '*/10 * * * *',
  expiraSegundos: 600,
  executar: (ctx) => processarInscricoes(ctx),
};

/**
 * Charges one pending registration whose charge the provider failed to create. A passing failure
 * (401, 429, 5xx, a timeout) fails the run, and the job layer tries again after 30 s, 1, 2, 4…
 * minutes (doubled each time, with jitter), never more than an hour apart, sixteen times (about
 * nine hours); then the registrations' job gives it a new series. A refusal for good ends it.
 */
export const TAREFA_COBRAR_INSCRICAO: DefinicaoTarefa<Deps, { inscricaoId: number }> = {
  fila: FILA_COBRAR_INSCRICAO,
  unica: true,
  tentativas: 16,
  esperaSegundos: 30,
  esperaMaximaSegundos: 3600,
  expiraSegundos: 120,
  executar: async (ctx, t) => {
    const r = await cobrarInscricao(ctx, t.dados.inscricaoId, null);
    if (r === 'TRANSITORIA') throw new Error(`charge of registration ${t.dados.inscricaoId} failed at the provider`);
    return { resultado: r };
  },
};
