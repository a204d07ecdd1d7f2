import { randomBytes } from 'node:crypto';
import {
  ACESSO_INSCRICOES_EVENTOS,
  type DadosInscricao,
  diaNoBrasil,
  type EventoPublico,
  type FormularioEvento,
  hojeNoBrasil,
  IDADE_MAIORIDADE,
  type Inscricao,
  type InscricaoInput,
  type InscricaoListQuery,
  type InscricaoPagina,
  type InscricaoPublica,
  type InscricaoPublicaInput,
  STATUS_COM_VAGA,
  type StatusInscricao,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import type { Idioma } from '@sig/i18n';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { entreOrganizacoes, organizacoesEscolhidas } from '../../platform/escopo.js';
import { contemSemAcento, erroPg, VIOLACAO_UNICA } from '../../platform/sql.js';
import { eventosVisiveis, lotesEOficinas } from './evento.service.js';
import { promoverListaEspera } from './inscricoes.job.js';
import {
  abrirConta,
  cobrarOuAgendar,
  type DadosConta,
  inserirContaDe,
  liberarContas,
  pagamentoDa,
  pessoaDoInscrito,
} from './pagamento.service.js';

/**
 * Registrations (issue 19). A registration holds a seat of its lot and of each chosen workshop
 * from creation (PENDENTE) until paid (CONFIRMADA) or released (CANCELADA, EXPIRADA). Never
 * oversold: inside one transaction the event's lots and the chosen workshops are locked (lots
 * first, then workshops, each by id: one order for every writer, so no deadlock), the seats held
 * are counted after the lock, and only then is the registration written — in one statement on
 * the quick path (`registrarComAtalho`), so that the lock is held briefly.
 */
const ACESSO = ACESSO_INSCRICOES_EVENTOS;
const { evento: ev, eventoLote: lt, inscricaoEvento: ins, inscricaoOficina: io } = schema;
const COM_VAGA = sql.raw(STATUS_COM_VAGA.map((s) => `'${s}'`).join(', '));

/** The registrant's link token and the short code the check-in reads (and the QR code holds). */
const novoTokenInscricao = () => randomBytes(24).toString('base64url');
const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const novoCodigo = () =>
  Array.from(randomBytes(8), (b) => ALFABETO[b % ALFABETO.length])
    .join('')
    .replace(/^(.{4})/, '$1-');

type LinhaEvento = typeof ev.$inferSelect;
type Origem =
  | { tipo: 'publico'; idioma: Idioma }
  | {
      tipo: 'equipe';
      usuarioId: number;
      pessoaId: number | null;
      comunidadeId: number | null;
      cortesia: boolean;
      motivo: string | null;
    };

function rows<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}

/** Age in whole years on a day (both `YYYY-MM-DD`). */
const idadeEm = (nascimento: string, dia: string) => {
  const anos = Number(dia.slice(0, 4)) - Number(nascimento.slice(0, 4));
  return dia.slice(5) < nascimento.slice(5) ? anos - 1 : anos;
};

const somarDias = (dia: string, dias: number) => {
  const d = new Date(`${dia}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
};

/** The form's rules: required sections and questions, a guardian for a minor, one workshop per slot. */
function conferirFormulario(
  evento: LinhaEvento,
  e: InscricaoPublicaInput,
  oficinas: { id: number; horario: string | null }[],
) {
  const f = evento.formulario as FormularioEvento;
  const erros: { campo: string; mensagem: string }[] = [];
  const falta = (campo: string) => erros.push({ campo, mensagem: 'validacao:obrigatorio' });
  const d: DadosInscricao = e.dados;
  const s = f.secoes ?? {};
  if (s.enderecoComunidade?.obrigatoria && (!d.endereco || !d.cidade)) falta('dados.endereco');
  if (s.camiseta?.obrigatoria && !d.camiseta) falta('dados.camiseta');
  if (s.logistica?.obrigatoria && !d.transporte) falta('dados.transporte');
  if (s.banda?.obrigatoria && !d.banda) falta('dados.banda');
  if (s.oficinas?.obrigatoria && !e.oficinaIds.length) falta('oficinaIds');
  if (e.oficinaIds.length && !s.oficinas?.pedir && oficinas.length) {
    // Workshops not asked by the form are not taken either.
    erros.push({ campo: 'oficinaIds', mensagem: 'validacao:naoPermitido' });
  }
  for (const p of f.perguntas ?? []) {
    const r = d.respostas[p.chave];
    if (p.obrigatoria && (r === undefined || r === '')) falta(`dados.respostas.${p.chave}`);
    if (p.tipo === 'opcao' && r !== undefined && !p.opcoes.includes(String(r)))
      erros.push({ campo: `dados.respostas.${p.chave}`, mensagem: 'validacao:opcaoInvalida' });
  }
  const horarios = new Set<string>();
  for (const o of oficinas) {
    if (!o.horario) continue;
    if (horarios.has(o.horario)) erros.push({ campo: 'oficinaIds', mensagem: 'validacao:umaOficinaPorHorario' });
    horarios.add(o.horario);
  }
  if (e.dataNascimento && idadeEm(e.dataNascimento, diaNoBrasil(evento.inicio)) < IDADE_MAIORIDADE) {
    if (!e.responsavelNome) falta('responsavelNome');
    if (!e.responsavelConsentimento)
      erros.push({ campo: 'responsavelConsentimento', mensagem: 'validacao:consentimentoResponsavel' });
  }
  if (erros.length) throw new AppError('VALIDACAO', {}, erros);
}

/** A lot is open on a day within its window (either end may be open). */
const loteNoPrazo = (l: { inicio: string | null; fim: string | null }, hoje: string) =>
  (!l.inicio || l.inicio <= hoje) && (!l.fim || l.fim >= hoje);

type Ocupacao = {
  id: number;
  numero: number;
  valor: string;
  quantidade: number;
  ocupadas: number;
  inicio: string | null;
  fim: string | null;
};

/** Seats held in each lot of an event (read under the lots' lock). */
async function ocupacaoDosLotes(tx: DbOuTx, eventoId: number): Promise<Ocupacao[]> {
  return rows<Ocupacao>(
    await tx.execute(sql`select l.id, l.numero, l.valor::text as valor, l.quantidade, l.inicio::text as inicio, l.fim::text as fim,
        (select count(*)::int from inscricao_evento i where i.lote_id = l.id and i.status in (${COM_VAGA})) as ocupadas
      from evento_lote l where l.evento_id = ${eventoId} order by l.numero`),
  );
}

/** The open lot: the first in its window with seats left (the next opens when one sells out or closes). */
const loteAberto = (lotes: Ocupacao[], hoje: string) =>
  lotes.find((l) => loteNoPrazo(l, hoje) && l.ocupadas < l.quantidade) ?? null;

/**
 * Writes one registration under the lots' and workshops' locks, with its receivable when it is to
 * be paid; then charges it (after commit: the provider is never called inside a transaction).
 * Answers its id. `listaEspera` turns 'vagas esgotadas' into a place on the waiting list (no seat held).
 */
async function registrar(deps: Deps, evento: LinhaEvento, e: InscricaoPublicaInput, origem: Origem): Promise<number> {
  const { id, cobrar } = await registrarComVaga(deps, evento, e, origem);
  if (cobrar) await cobrarOuAgendar(deps, id, origem.tipo === 'equipe' ? origem.usuarioId : null);
  return id;
}

/** The day a held seat is due: the event's due days ahead, never past its registration deadline nor its first day. */
export const vencimentoDaVaga = (evento: LinhaEvento, hoje: string, dias: number) =>
  [
    somarDias(hoje, dias),
    diaNoBrasil(evento.inicio),
    ...(evento.prazoInscricao ? [diaNoBrasil(evento.prazoInscricao)] : []),
  ].sort()[0]!;

/** The chosen workshops (locked by id on the locked path) and the form's rules. */
async function oficinasDoFormulario(
  tx: DbOuTx,
  evento: LinhaEvento,
  e: InscricaoPublicaInput,
  oficinaIds: number[],
  travar: boolean,
) {
  const oficinas = oficinaIds.length
    ? rows<{ id: number; vagas: number; horario: string | null }>(
        await tx.execute(sql`select id, vagas, horario from evento_oficina
          where evento_id = ${evento.id} and id = any(${`{${oficinaIds.join(',')}}`}::int[]) order by id
          ${travar ? sql`for update` : sql``}`),
      )
    : [];
  if (oficinas.length !== oficinaIds.length)
    throw new AppError('VALIDACAO', {}, [{ campo: 'oficinaIds', mensagem: 'erros:NAO_ENCONTRADO' }]);
  conferirFormulario(evento, e, oficinas);
  return oficinas;
}

/** Whether the event has a standing registration of this CPF or e-mail. */
async function repetida(tx: DbOuTx, eventoId: number, e: InscricaoPublicaInput) {
  const [r] = rows<{ id: number }>(
    await tx.execute(sql`select id from inscricao_evento where evento_id = ${eventoId}
      and status not in ('CANCELADA', 'EXPIRADA')
      and (lower(email) = lower(${e.email}) or (${e.cpf}::text is not null and cpf = ${e.cpf}::text)) limit 1`),
  );
  return r !== undefined;
}

/** The lot a registration takes: the one asked (staff) or the open one. */
function loteEscolhido(lotes: Ocupacao[], e: InscricaoPublicaInput, hoje: string) {
  const lote = e.loteId ? (lotes.find((l) => l.id === e.loteId) ?? null) : loteAberto(lotes, hoje);
  if (e.loteId && !lote) throw new AppError('VALIDACAO', {}, [{ campo: 'loteId', mensagem: 'erros:NAO_ENCONTRADO' }]);
  return lote;
}

/** Whether a chosen workshop has no seat left. */
async function oficinaEsgotada(tx: DbOuTx, oficinas: { id: number; vagas: number }[]) {
  if (!oficinas.length) return false;
  const ocupadas = rows<{ oficina_id: number; n: number }>(
    await tx.execute(sql`select io.oficina_id, count(*)::int as n from inscricao_oficina io
      join inscricao_evento i on i.id = io.inscricao_id
      where io.oficina_id = any(${`{${oficinas.map((o) => o.id).join(',')}}`}::int[]) and i.status in (${COM_VAGA})
      group by io.oficina_id`),
  );
  const n = new Map(ocupadas.map((o) => [o.oficina_id, o.n]));
  return oficinas.some((o) => (n.get(o.id) ?? 0) >= o.vagas);
}

/** What a registration on a lot (or on the waiting list) is: its status, price, due day and payment. */
function condicoes(
  evento: LinhaEvento,
  e: InscricaoPublicaInput,
  origem: Origem,
  lote: Ocupacao | null,
  esgotada: boolean,
  hoje: string,
) {
  const cortesia = origem.tipo === 'equipe' && origem.cortesia;
  const valor = lote?.valor ?? '0.00';
  const gratuita = cortesia || Number(valor) === 0;
  const status: StatusInscricao = esgotada
    ? 'LISTA_ESPERA'
    : cortesia
      ? 'CORTESIA'
      : gratuita
        ? 'CONFIRMADA'
        : 'PENDENTE';
  return {
    status,
    valor,
    gratuita,
    vencimento: status === 'PENDENTE' ? vencimentoDaVaga(evento, hoje, evento.diasVencimento) : null,
    formaPagamento: gratuita ? null : (e.formaPagamento ?? evento.formasPagamento[0] ?? null),
    pessoaEquipe: origem.tipo === 'equipe' ? origem.pessoaId : null,
  };
}

/** The receivable of a registration to be paid, on either path. */
const contaDaInscricao = (
  evento: LinhaEvento,
  e: InscricaoPublicaInput,
  origem: Origem,
  c: ReturnType<typeof condicoes>,
  pessoaId: number,
): DadosConta => ({
  organizacaoId: evento.organizacaoId,
  pessoaId,
  valor: c.valor,
  vencimento: c.vencimento!,
  formaPagamento: c.formaPagamento,
  descricao: `${evento.nome} — ${e.nome}`,
  criadoPor: origem.tipo === 'equipe' ? origem.usuarioId : null,
});

/**
 * The quick path (the opening burst): everything the lots' lock does not guard is done before it
 * — the workshops and the form, the duplicate, the open lot as it stands, the registrant's person
 * (its own short transaction: it is not the seat, and a person found again by CPF serves a retry)
 * — and then, under the lock, one statement checks that the lot read is still the open one with a
 * seat free (and each workshop) and writes the receivable, the registration and its workshops.
 * The lock spans that statement and the commit. A statement after the lock counts what the lock's
 * earlier holders committed; the unique indexes refuse a duplicate that raced past the check.
 * Null when the seat is not there as read (sold out, the lot turned, a CPF missing): the locked
 * path decides.
 */
async function registrarComAtalho(
  deps: Deps,
  evento: LinhaEvento,
  e: InscricaoPublicaInput,
  origem: Origem,
  oficinaIds: number[],
  hoje: string,
): Promise<{ id: number; cobrar: boolean } | null> {
  const oficinas = await oficinasDoFormulario(deps.db, evento, e, oficinaIds, false);
  if (await repetida(deps.db, evento.id, e)) throw new AppError('INSCRICAO_DUPLICADA');
  const lote = loteEscolhido(await ocupacaoDosLotes(deps.db, evento.id), e, hoje);
  if (!lote || lote.ocupadas >= lote.quantidade || (await oficinaEsgotada(deps.db, oficinas))) return null;
  const c = condicoes(evento, e, origem, lote, false, hoje);
  // Without a CPF the locked path answers, so that its errors come in their order.
  if (c.status === 'PENDENTE' && !c.pessoaEquipe && !e.cpf) return null;
  const pessoaId =
    c.status === 'PENDENTE' && !c.pessoaEquipe
      ? await deps.db.transaction((tx) => pessoaDoInscrito(tx, evento.organizacaoId, e, null))
      : c.pessoaEquipe;
  const ids = `{${oficinaIds.join(',')}}`;
  const noLote = e.loteId
    ? sql`l.id = ${e.loteId}`
    : sql`(l.inicio is null or l.inicio <= ${hoje}::date) and (l.fim is null or l.fim >= ${hoje}::date)`;
  const conta =
    c.status === 'PENDENTE'
      ? sql`(${inserirContaDe(sql`vaga`, contaDaInscricao(evento, e, origem, c, pessoaId!))})`
      : sql`(select null::int as id where false)`;
  try {
    return await deps.db.transaction(async (tx) => {
      // The lock order of every writer: the event's lots, then the chosen workshops, each by id.
      await tx.execute(sql`select id from evento_lote where evento_id = ${evento.id} order by id for update`);
      if (oficinaIds.length)
        await tx.execute(sql`select id from evento_oficina
          where evento_id = ${evento.id} and id = any(${ids}::int[]) order by id for update`);
      const [nova] = rows<{ id: number }>(
        await tx.execute(sql`with aberto as (
            select l.id, l.valor from evento_lote l where l.evento_id = ${evento.id} and ${noLote}
              and l.quantidade > (select count(*) from inscricao_evento i where i.lote_id = l.id and i.status in (${COM_VAGA}))
            order by l.numero limit 1),
          vaga as (select a.id from aberto a where a.id = ${lote.id} and a.valor = ${lote.valor}::numeric
            and not exists (select 1 from evento_oficina o where o.id = any(${ids}::int[])
              and o.vagas <= (select count(*) from inscricao_oficina x join inscricao_evento i on i.id = x.inscricao_id
                where x.oficina_id = o.id and i.status in (${COM_VAGA})))),
          conta as ${conta},
          nova as (insert into inscricao_evento (evento_id, lote_id, pessoa_id, conta_a_receber_id, nome, cpf, email, telefone,
              data_nascimento, responsavel_nome, responsavel_consentimento, comunidade_id, dados, status, forma_pagamento,
              valor, motivo_cortesia, vencimento, token, codigo, idioma)
            select ${evento.id}::int, vaga.id, ${pessoaId ?? null}::int, (select id from conta), ${e.nome}::text,
              ${e.cpf ?? null}::text, ${e.email}::text, ${e.telefone ?? null}::text, ${e.dataNascimento ?? null}::date,
              ${e.responsavelNome ?? null}::text, ${e.responsavelConsentimento ?? false}::boolean,
              ${origem.tipo === 'equipe' ? origem.comunidadeId : null}::int, ${JSON.stringify(e.dados)}::jsonb,
              ${c.status}::text, ${c.formaPagamento}::text, ${c.gratuita ? '0.00' : c.valor}::numeric,
              ${origem.tipo === 'equipe' ? origem.motivo : null}::text, ${c.vencimento}::date, ${novoTokenInscricao()}::text,
              ${novoCodigo()}::text, ${origem.tipo === 'publico' ? origem.idioma : null}::text
            from vaga returning id),
          oficinas as (insert into inscricao_oficina (inscricao_id, oficina_id) select nova.id, unnest(${ids}::int[]) from nova)
        select id from nova`),
      );
      return nova ? { id: nova.id, cobrar: c.status === 'PENDENTE' } : null;
    });
  } catch (erro) {
    const pg = erroPg(erro);
    if (
      pg.code === VIOLACAO_UNICA &&
      (pg.constraint === 'inscricao_evento_cpf_uq' || pg.constraint === 'inscricao_evento_email_uq')
    )
      throw new AppError('INSCRICAO_DUPLICADA');
    throw erro;
  }
}

async function registrarComVaga(
  deps: Deps,
  evento: LinhaEvento,
  e: InscricaoPublicaInput,
  origem: Origem,
): Promise<{ id: number; cobrar: boolean }> {
  const agora = new Date();
  const hoje = hojeNoBrasil();
  const cortesia = origem.tipo === 'equipe' && origem.cortesia;
  if (!cortesia && evento.prazoInscricao && evento.prazoInscricao < agora) throw new AppError('INSCRICOES_ENCERRADAS');
  if (e.formaPagamento && !evento.formasPagamento.includes(e.formaPagamento))
    throw new AppError('VALIDACAO', {}, [{ campo: 'formaPagamento', mensagem: 'validacao:opcaoInvalida' }]);
  const oficinaIds = [...new Set(e.oficinaIds)].sort((a, b) => a - b);
  const rapida = await registrarComAtalho(deps, evento, e, origem, oficinaIds, hoje);
  if (rapida) return rapida;
  return deps.db.transaction(async (tx) => {
    // The lock order: every lot of the event, then the chosen workshops, each by id.
    await tx.execute(sql`select id from evento_lote where evento_id = ${evento.id} order by id for update`);
    const oficinas = await oficinasDoFormulario(tx, evento, e, oficinaIds, true);
    if (await repetida(tx, evento.id, e)) throw new AppError('INSCRICAO_DUPLICADA');

    const lote = loteEscolhido(await ocupacaoDosLotes(tx, evento.id), e, hoje);
    const esgotada = !lote || lote.ocupadas >= lote.quantidade || (await oficinaEsgotada(tx, oficinas));
    if (esgotada && !e.listaEspera) throw new AppError('VAGAS_ESGOTADAS');
    const c = condicoes(evento, e, origem, lote, esgotada, hoje);
    // A seat to be paid is held only together with its receivable: both or neither.
    const pessoaId =
      c.status === 'PENDENTE' ? await pessoaDoInscrito(tx, evento.organizacaoId, e, c.pessoaEquipe) : c.pessoaEquipe;
    const contaAReceberId =
      c.status === 'PENDENTE' ? await abrirConta(tx, contaDaInscricao(evento, e, origem, c, pessoaId!)) : null;
    const [nova] = await tx
      .insert(ins)
      .values({
        eventoId: evento.id,
        loteId: esgotada ? null : (lote?.id ?? null),
        pessoaId,
        contaAReceberId,
        nome: e.nome,
        cpf: e.cpf,
        email: e.email,
        telefone: e.telefone,
        dataNascimento: e.dataNascimento,
        responsavelNome: e.responsavelNome,
        responsavelConsentimento: e.responsavelConsentimento,
        comunidadeId: origem.tipo === 'equipe' ? origem.comunidadeId : null,
        dados: e.dados,
        status: c.status,
        formaPagamento: c.formaPagamento,
        valor: c.gratuita ? '0.00' : c.valor,
        motivoCortesia: origem.tipo === 'equipe' ? origem.motivo : null,
        vencimento: c.vencimento,
        token: novoTokenInscricao(),
        codigo: novoCodigo(),
        idioma: origem.tipo === 'publico' ? origem.idioma : null,
      })
      .returning({ id: ins.id });
    if (oficinaIds.length)
      await tx.insert(io).values(oficinaIds.map((oficinaId) => ({ inscricaoId: nova!.id, oficinaId })));
    return { id: nova!.id, cobrar: contaAReceberId !== null };
  });
}

// --- public page -----------------------------------------------------------------------------

async function eventoPorCodigo(db: DbOuTx, codigo: string): Promise<LinhaEvento> {
  const [l] = await db
    .select()
    .from(ev)
    .where(and(sql`lower(${ev.codigo}) = lower(${codigo})`, isNull(ev.excluidoEm), eq(ev.comInscricao, true)));
  if (!l) throw naoEncontrado();
  return l;
}

export async function eventoPublico(deps: Deps, codigo: string): Promise<EventoPublico> {
  const e = await eventoPorCodigo(deps.db, codigo);
  const [org] = await deps.db
    .select({ nome: schema.organizacao.nomeFantasia })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.id, e.organizacaoId));
  const { lotes, oficinas } = await lotesEOficinas(deps.db, e.id);
  const lote = loteAberto(
    lotes.map((l) => ({ ...l, ocupadas: l.ocupadas })),
    hojeNoBrasil(),
  );
  const f = e.formulario as FormularioEvento;
  return {
    codigo: e.codigo,
    nome: e.nome,
    descricao: e.descricao,
    inicio: e.inicio.toISOString(),
    fim: e.fim.toISOString(),
    local: e.local,
    organizacaoNome: org?.nome ?? '',
    prazoInscricao: e.prazoInscricao?.toISOString() ?? null,
    aberta: !e.prazoInscricao || e.prazoInscricao >= new Date(),
    formasPagamento: e.formasPagamento as EventoPublico['formasPagamento'],
    lote: lote
      ? { id: lote.id, numero: lote.numero, valor: lote.valor, restantes: lote.quantidade - lote.ocupadas }
      : null,
    oficinas: f.secoes?.oficinas?.pedir
      ? oficinas.map((o) => ({
          id: o.id,
          nome: o.nome,
          categoria: o.categoria,
          horario: o.horario,
          restantes: Math.max(0, o.vagas - o.ocupadas),
        }))
      : [],
    formulario: { secoes: f.secoes ?? {}, perguntas: f.perguntas ?? [] },
  };
}

async function publicaPorId(deps: Deps, onde: SQL): Promise<InscricaoPublica> {
  const [l] = rows<{
    token: string;
    codigo: string;
    evento_nome: string;
    nome: string;
    status: StatusInscricao;
    valor: string;
    vencimento: string | null;
    lote_numero: number | null;
    forma_pagamento: string | null;
    conta_a_receber_id: number | null;
    falha_cobranca: string | null;
    oficinas: string[];
  }>(
    await deps.db.execute(sql`select i.token, i.conta_a_receber_id, i.codigo, e.nome as evento_nome, i.nome, i.status, i.valor::text as valor,
        i.vencimento::text as vencimento, l.numero as lote_numero, i.forma_pagamento, i.falha_cobranca,
        coalesce((select array_agg(o.nome order by o.id) from inscricao_oficina io join evento_oficina o on o.id = io.oficina_id
          where io.inscricao_id = i.id), '{}') as oficinas
      from inscricao_evento i join evento e on e.id = i.evento_id left join evento_lote l on l.id = i.lote_id
      where ${onde}`),
  );
  if (!l) throw naoEncontrado();
  return {
    token: l.token,
    codigo: l.codigo,
    eventoNome: l.evento_nome,
    nome: l.nome,
    status: l.status,
    valor: l.valor,
    vencimento: l.vencimento,
    loteNumero: l.lote_numero,
    oficinas: l.oficinas,
    pagamento: l.status === 'PENDENTE' ? await pagamentoDa(deps, l.conta_a_receber_id) : null,
    falhaCobranca: l.status === 'PENDENTE' ? l.falha_cobranca : null,
  };
}

export async function inscreverPublico(
  deps: Deps,
  codigo: string,
  e: InscricaoPublicaInput,
  idioma: Idioma,
): Promise<InscricaoPublica> {
  const evento = await eventoPorCodigo(deps.db, codigo);
  // The public page picks no lot: it takes the open one.
  const id = await registrar(deps, evento, { ...e, loteId: undefined }, { tipo: 'publico', idioma });
  return publicaPorId(deps, sql`i.id = ${id}`);
}

export const inscricaoPorToken = (deps: Deps, token: string) => publicaPorId(deps, sql`i.token = ${token}`);

/** The registrant asks again for the charge the provider failed to create (the page's "try again"). */
export async function cobrarPorToken(deps: Deps, token: string): Promise<InscricaoPublica> {
  const [l] = await deps.db.select({ id: ins.id }).from(ins).where(eq(ins.token, token));
  if (!l) throw naoEncontrado();
  await cobrarOuAgendar(deps, l.id, null);
  return inscricaoPorToken(deps, token);
}

/**
 * Cancels one registration still standing and hands its seats to the waiting list, under the
 * event's locks (the lots first, as a registration takes them). False when it was not standing.
 */
async function cancelar(deps: Deps, onde: SQL): Promise<boolean> {
  const [alvo] = await deps.db.select({ id: ins.id, eventoId: ins.eventoId }).from(ins).where(onde);
  if (!alvo) throw naoEncontrado();
  const cancelada = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select id from evento_lote where evento_id = ${alvo.eventoId} order by id for update`);
    const [r] = await tx
      .update(ins)
      .set({ status: 'CANCELADA', atualizadoEm: new Date() })
      .where(and(eq(ins.id, alvo.id), inArray(ins.status, ['PENDENTE', 'LISTA_ESPERA', 'CONFIRMADA', 'CORTESIA'])))
      .returning({ contaAReceberId: ins.contaAReceberId });
    if (!r) return null;
    await promoverListaEspera(tx, deps, alvo.eventoId);
    return r;
  });
  if (!cancelada) return false;
  await liberarContas(deps, [cancelada.contaAReceberId]);
  return true;
}

/** The registrant cancels from their link: the seats go back at once (to the waiting list first). */
export async function cancelarPorToken(deps: Deps, token: string): Promise<InscricaoPublica> {
  if (!(await cancelar(deps, eq(ins.token, token)))) throw new AppError('INSCRICAO_NAO_CANCELAVEL');
  return inscricaoPorToken(deps, token);
}

// --- staff -----------------------------------------------------------------------------------

const selecao = {
  id: ins.id,
  eventoId: ins.eventoId,
  eventoNome: ev.nome,
  loteId: ins.loteId,
  loteNumero: lt.numero,
  pessoaId: ins.pessoaId,
  nome: ins.nome,
  cpf: ins.cpf,
  email: ins.email,
  telefone: ins.telefone,
  dataNascimento: ins.dataNascimento,
  responsavelNome: ins.responsavelNome,
  comunidadeId: ins.comunidadeId,
  comunidadeNome: schema.organizacao.nomeFantasia,
  dados: ins.dados,
  status: ins.status,
  formaPagamento: ins.formaPagamento,
  valor: ins.valor,
  motivoCortesia: ins.motivoCortesia,
  contaAReceberId: ins.contaAReceberId,
  vencimento: ins.vencimento,
  codigo: ins.codigo,
  oficinas: sql<
    { id: number; nome: string }[]
  >`coalesce((select json_agg(json_build_object('id', o.id, 'nome', o.nome) order by o.id)
    from inscricao_oficina io join evento_oficina o on o.id = io.oficina_id where io.inscricao_id = "inscricao_evento"."id"), '[]')`,
  checkInEm: ins.checkInEm,
  falhaCobranca: ins.falhaCobranca,
  criadoEm: ins.criadoEm,
};
type LinhaInscricao = Omit<Inscricao, 'checkInEm' | 'criadoEm'> & { checkInEm: Date | null; criadoEm: Date };
const paraInscricao = (l: LinhaInscricao): Inscricao => ({
  ...l,
  dados: { respostas: {}, ...(l.dados as object) } as DadosInscricao,
  checkInEm: l.checkInEm?.toISOString() ?? null,
  criadoEm: l.criadoEm.toISOString(),
});

const noEscopo = (ctx: Contexto) =>
  sql`${ins.eventoId} in (select ${ev.id} from ${ev} where ${ev.excluidoEm} is null and ${eventosVisiveis(ctx, ACESSO)})`;

function lerInscricoes(db: DbOuTx, onde: SQL | undefined) {
  return db
    .select(selecao)
    .from(ins)
    .innerJoin(ev, eq(ev.id, ins.eventoId))
    .leftJoin(lt, eq(lt.id, ins.loteId))
    .leftJoin(schema.organizacao, eq(schema.organizacao.id, ins.comunidadeId))
    .where(onde);
}

export async function obterInscricao(db: DbOuTx, ctx: Contexto, id: number): Promise<Inscricao> {
  const [l] = await lerInscricoes(db, and(eq(ins.id, id), noEscopo(ctx)));
  if (!l) throw naoEncontrado();
  return paraInscricao(l as LinhaInscricao);
}

/** The list's filters within the user's scope: the list and a bulk e-mail read the same rows. */
export async function filtroInscricoes(
  deps: Deps,
  ctx: Contexto,
  q: Omit<InscricaoListQuery, 'pagina' | 'quantidade' | 'ordem'>,
): Promise<SQL> {
  const comunidades = q.comunidadeId ? await organizacoesEscolhidas(deps, ctx, ACESSO, q.comunidadeId) : null;
  return and(
    noEscopo(ctx),
    q.eventoId ? eq(ins.eventoId, q.eventoId) : undefined,
    q.status ? eq(ins.status, q.status) : undefined,
    q.loteId ? eq(ins.loteId, q.loteId) : undefined,
    q.oficinaId
      ? sql`exists (select 1 from inscricao_oficina x where x.inscricao_id = ${ins.id} and x.oficina_id = ${q.oficinaId})`
      : undefined,
    comunidades ? entreOrganizacoes(ins.comunidadeId, comunidades) : undefined,
    q.nome ? contemSemAcento(ins.nome, q.nome) : undefined,
    q.excecao === 'FALHA_COBRANCA' ? and(eq(ins.status, 'PENDENTE'), isNotNull(ins.falhaCobranca)) : undefined,
  )!;
}

export async function listarInscricoes(deps: Deps, ctx: Contexto, q: InscricaoListQuery): Promise<InscricaoPagina> {
  const onde = await filtroInscricoes(deps, ctx, q);
  const [linhas, [t]] = await Promise.all([
    lerInscricoes(deps.db, onde)
      .orderBy(q.ordem === 'desc' ? sql`${ins.id} desc` : asc(ins.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db
      .select({
        n: sql<number>`count(*)::int`,
        valor: sql<string>`coalesce(sum(${ins.valor}) filter (where ${ins.status} in (${COM_VAGA})), 0)::numeric(14,2)::text`,
        confirmadas: sql<number>`(count(*) filter (where ${ins.status} in ('CONFIRMADA', 'CORTESIA')))::int`,
        pendentes: sql<number>`(count(*) filter (where ${ins.status} = 'PENDENTE'))::int`,
      })
      .from(ins)
      .where(onde),
  ]);
  return {
    itens: (linhas as LinhaInscricao[]).map(paraInscricao),
    total: t?.n ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
    totais: { valor: t?.valor ?? '0.00', confirmadas: t?.confirmadas ?? 0, pendentes: t?.pendentes ?? 0 },
  };
}

/** Staff registers someone (their data prefilled from the person record by the form) or grants a courtesy. */
export async function inscrever(deps: Deps, ctx: Contexto, e: InscricaoInput): Promise<Inscricao> {
  const [evento] = await deps.db
    .select()
    .from(ev)
    .where(and(eq(ev.id, e.eventoId), isNull(ev.excluidoEm), eq(ev.comInscricao, true), eventosVisiveis(ctx, ACESSO)));
  if (!evento) throw naoEncontrado();
  const id = await registrar(deps, evento, e, {
    tipo: 'equipe',
    usuarioId: ctx.usuarioId,
    pessoaId: e.pessoaId ?? null,
    comunidadeId: e.comunidadeId ?? null,
    cortesia: e.cortesia,
    motivo: e.cortesia ? e.motivoCortesia : null,
  });
  return obterInscricao(deps.db, ctx, id);
}

export async function cancelarInscricao(deps: Deps, ctx: Contexto, id: number): Promise<Inscricao> {
  await obterInscricao(deps.db, ctx, id);
  if (!(await cancelar(deps, eq(ins.id, id)))) throw new AppError('INSCRICAO_NAO_CANCELAVEL');
  return obterInscricao(deps.db, ctx, id);
}

/**
 * Check-in at the door by the registration's code: only a confirmed (paid or courtesy)
 * registration of an event the user reaches passes; a second check-in keeps the first time.
 */
export async function checkIn(deps: Deps, ctx: Contexto, codigo: string): Promise<Inscricao> {
  const [l] = await lerInscricoes(deps.db, and(eq(ins.codigo, codigo.trim().toUpperCase()), noEscopo(ctx)));
  if (!l) throw new AppError('INSCRICAO_CODIGO_DESCONHECIDO');
  if (l.status === 'CANCELADA' || l.status === 'EXPIRADA') throw new AppError('INSCRICAO_CANCELADA_CHECKIN');
  if (l.status !== 'CONFIRMADA' && l.status !== 'CORTESIA') throw new AppError('INSCRICAO_NAO_PAGA');
  await deps.db
    .update(ins)
    .set({ checkInEm: sql`coalesce(${ins.checkInEm}, now())` })
    .where(eq(ins.id, l.id));
  return obterInscricao(deps.db, ctx, l.id);
}
