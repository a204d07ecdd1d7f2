import { z } from 'zod';
import { bool, busca, cadeia, cpf, data, dataOpcional, dinheiro, email, id, texto, textoOpcional } from './comum.js';
import { listQuery, paged } from './paginacao.js';
import { naoReferencia, referencia } from './referencias.js';
import { centavos } from './valores.js';

/**
 * Events and their registrations (spec §2 Events, §3 Event/Registration, §6 EventoComInscricao;
 * issue 19): a calendar entry, or an event with price lots, workshops, a registration form and
 * registrations that hold a seat until their charge is due.
 */
export const ACESSO_EVENTO = 'Evento';
export const ACESSO_EVENTO_COM_INSCRICAO = 'EventoComInscricao';
export const ACESSO_INSCRICOES_EVENTOS = 'InscricoesEventos';

export const TIPOS_EVENTO = ['CONGRESSO', 'ASSEMBLEIA', 'RETIRO', 'CURSO', 'CULTO', 'ENCONTRO', 'OUTRO'] as const;
/** Who sees the event: the organizer alone, or also every organization below it. */
export const VISIBILIDADES_EVENTO = ['ORGANIZACAO', 'HIERARQUIA'] as const;
export const FORMAS_PAGAMENTO_EVENTO = ['PIX', 'BOLETO', 'CARTAO'] as const;
/**
 * A registration's states: PENDENTE holds its seats until its due day, CONFIRMADA is paid,
 * CORTESIA confirmed without a charge, LISTA_ESPERA holds none; CANCELADA and EXPIRADA free them.
 */
export const STATUS_INSCRICAO = [
  'PENDENTE',
  'CONFIRMADA',
  'CANCELADA',
  'EXPIRADA',
  'LISTA_ESPERA',
  'CORTESIA',
] as const;
export type StatusInscricao = (typeof STATUS_INSCRICAO)[number];
/** The states that hold a seat (count against a lot's quantity and a workshop's vacancies). */
export const STATUS_COM_VAGA = ['PENDENTE', 'CONFIRMADA', 'CORTESIA'] as const satisfies readonly StatusInscricao[];

/** The sections of spec §3 Registration an event's form may ask (personal data is always asked). */
export const SECOES_FORMULARIO = ['enderecoComunidade', 'saude', 'logistica', 'banda', 'camiseta', 'oficinas'] as const;
export type SecaoFormulario = (typeof SECOES_FORMULARIO)[number];
export const TAMANHOS_CAMISETA = ['PP', 'P', 'M', 'G', 'GG', 'XG'] as const;
export const TIPOS_PERGUNTA = ['texto', 'numero', 'simNao', 'opcao'] as const;
/** Below this age (on the event's first day) a guardian's name and consent are required. */
export const IDADE_MAIORIDADE = 18;

const secao = z.object({ pedir: bool.default(false), obrigatoria: bool.default(false) });
export const perguntaFormulario = z.object({
  chave: cadeia()
    .trim()
    .regex(/^[a-z][a-zA-Z0-9]{0,39}$/, { message: 'validacao:formatoInvalido' }),
  rotulo: texto(200),
  tipo: z.enum(TIPOS_PERGUNTA),
  obrigatoria: bool.default(false),
  opcoes: z.array(texto(100)).max(30).default([]),
});
/** Which sections the form asks and requires, plus the event's own questions. */
export const formularioEvento = z
  .object({
    secoes: z.partialRecord(z.enum(SECOES_FORMULARIO), secao).default({}),
    perguntas: z.array(perguntaFormulario).max(30).default([]),
  })
  .superRefine((f, ctx) => {
    const chaves = new Set<string>();
    f.perguntas.forEach((p, i) => {
      if (chaves.has(p.chave))
        ctx.addIssue({ code: 'custom', path: ['perguntas', i, 'chave'], message: 'validacao:duplicado' });
      chaves.add(p.chave);
      if (p.tipo === 'opcao' && !p.opcoes.length)
        ctx.addIssue({ code: 'custom', path: ['perguntas', i, 'opcoes'], message: 'validacao:obrigatorio' });
    });
  });
export type FormularioEvento = z.infer<typeof formularioEvento>;

const instante = cadeia().pipe(z.iso.datetime({ offset: true, message: 'validacao:dataInvalida' }));
const valorNaoNegativo = dinheiro.refine((v) => centavos(v) >= 0n, { message: 'validacao:naoNegativo' });
/** A lot or workshop kept by id on update; new ones come without. */
const idFilho = naoReferencia(id.optional(), 'a lot or workshop of the event being saved, matched within it');

export const loteEventoInput = z.object({
  id: idFilho,
  numero: z.number().int().min(1).max(99),
  valor: valorNaoNegativo,
  quantidade: z.number().int().min(0).max(1_000_000),
  inicio: dataOpcional,
  fim: dataOpcional,
});
export const oficinaEventoInput = z.object({
  id: idFilho,
  nome: texto(150),
  vagas: z.number().int().min(0).max(1_000_000),
  categoria: textoOpcional(100),
  horario: textoOpcional(50),
});

const baseEvento = {
  organizacaoId: referencia('organizacao'),
  tipoEvento: z.enum(TIPOS_EVENTO),
  codigo: cadeia()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{1,39}$/, { message: 'validacao:codigoEvento' }),
  nome: texto(200),
  descricao: textoOpcional(4000),
  inicio: instante,
  fim: instante,
  local: textoOpcional(300),
  visibilidade: z.enum(VISIBILIDADES_EVENTO).default('HIERARQUIA'),
};
const fimNaoAntes = (v: { inicio: string; fim: string }, ctx: z.RefinementCtx) => {
  if (new Date(v.fim) < new Date(v.inicio))
    ctx.addIssue({ code: 'custom', path: ['fim'], message: 'validacao:dataFimAntesInicio' });
};

/** `/evento`: a calendar entry. */
export const eventoInput = z.object(baseEvento).superRefine(fimNaoAntes);
export type EventoInput = z.infer<typeof eventoInput>;

/** `/evento-com-inscricao`: the entry plus lots, workshops, form, payment and deadline. */
export const eventoComInscricaoInput = z
  .object({
    ...baseEvento,
    prazoInscricao: instante,
    formasPagamento: z.array(z.enum(FORMAS_PAGAMENTO_EVENTO)).min(1).max(3),
    diasVencimento: z.number().int().min(1).max(30).default(3),
    formulario: formularioEvento.default({ secoes: {}, perguntas: [] }),
    lotes: z.array(loteEventoInput).min(1).max(20),
    oficinas: z.array(oficinaEventoInput).max(100).default([]),
  })
  .superRefine((v, ctx) => {
    fimNaoAntes(v, ctx);
    if (new Date(v.prazoInscricao) > new Date(v.fim))
      ctx.addIssue({ code: 'custom', path: ['prazoInscricao'], message: 'validacao:prazoDepoisDoFim' });
    const numeros = new Set<number>();
    v.lotes.forEach((l, i) => {
      if (numeros.has(l.numero))
        ctx.addIssue({ code: 'custom', path: ['lotes', i, 'numero'], message: 'validacao:duplicado' });
      numeros.add(l.numero);
      if (l.inicio && l.fim && l.fim < l.inicio)
        ctx.addIssue({ code: 'custom', path: ['lotes', i, 'fim'], message: 'validacao:dataFimAntesInicio' });
    });
  });
export type EventoComInscricaoInput = z.infer<typeof eventoComInscricaoInput>;

export const loteEvento = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  valor: z.string(),
  quantidade: z.number().int(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  /** Seats held (pending) and confirmed (paid or courtesy). */
  ocupadas: z.number().int(),
  confirmadas: z.number().int(),
});
export const oficinaEvento = z.object({
  id: z.number().int(),
  nome: z.string(),
  vagas: z.number().int(),
  categoria: z.string().nullable(),
  horario: z.string().nullable(),
  ocupadas: z.number().int(),
  confirmadas: z.number().int(),
});
export type LoteEvento = z.infer<typeof loteEvento>;
export type OficinaEvento = z.infer<typeof oficinaEvento>;

export const evento = z.object({
  id: z.number().int(),
  organizacaoId: z.number().int(),
  organizacaoNome: z.string(),
  comInscricao: z.boolean(),
  tipoEvento: z.enum(TIPOS_EVENTO),
  codigo: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
  local: z.string().nullable(),
  visibilidade: z.enum(VISIBILIDADES_EVENTO),
  /** Whether the user may change it (the organizer is in the user's scope, not only above it). */
  somenteLeitura: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Evento = z.infer<typeof evento>;

export const eventoComInscricao = evento.extend({
  prazoInscricao: z.string().nullable(),
  formasPagamento: z.array(z.enum(FORMAS_PAGAMENTO_EVENTO)),
  diasVencimento: z.number().int(),
  formulario: formularioEvento,
  lotes: z.array(loteEvento),
  oficinas: z.array(oficinaEvento),
  inscritos: z.number().int(),
});
export type EventoComInscricao = z.infer<typeof eventoComInscricao>;

export const eventoListQuery = listQuery.extend({
  organizacaoId: referencia('organizacao', id).optional(),
  nome: busca(200),
  tipoEvento: z.enum(TIPOS_EVENTO).optional(),
  de: data.optional(),
  ate: data.optional(),
});
export type EventoListQuery = z.infer<typeof eventoListQuery>;
export const eventoPagina = paged(evento);
export type EventoPagina = z.infer<typeof eventoPagina>;

/** Spec §3 Registration: the data a registrant gives; sections as the event's form asks them. */
export const dadosInscricao = z.object({
  endereco: textoOpcional(300),
  cidade: textoOpcional(150),
  comunidade: textoOpcional(200),
  restricaoAlimentar: textoOpcional(300),
  medicamentos: textoOpcional(300),
  alergias: textoOpcional(300),
  planoSaude: textoOpcional(150),
  transporte: textoOpcional(150),
  hospedagem: textoOpcional(150),
  chegada: textoOpcional(100),
  banda: textoOpcional(150),
  instrumento: textoOpcional(100),
  camiseta: z.enum(TAMANHOS_CAMISETA).nullish(),
  respostas: z.record(cadeia().max(40), z.union([cadeia().max(1000), z.number(), z.boolean()])).default({}),
});
export type DadosInscricao = z.infer<typeof dadosInscricao>;
/** The data as answered (no input transforms, which an answer's schema cannot encode). */
const textoLido = z.string().nullish();
export const dadosInscricaoLidos = z.object({
  endereco: textoLido,
  cidade: textoLido,
  comunidade: textoLido,
  restricaoAlimentar: textoLido,
  medicamentos: textoLido,
  alergias: textoLido,
  planoSaude: textoLido,
  transporte: textoLido,
  hospedagem: textoLido,
  chegada: textoLido,
  banda: textoLido,
  instrumento: textoLido,
  camiseta: z.enum(TAMANHOS_CAMISETA).nullish(),
  respostas: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});

const idDoEvento = (motivo: string) => naoReferencia(z.number().int().positive().max(2_147_483_647), motivo);
const basePessoa = {
  nome: texto(200),
  cpf: cpf.nullish().transform((v) => v ?? null),
  email,
  telefone: textoOpcional(30),
  dataNascimento: dataOpcional,
  responsavelNome: textoOpcional(200),
  responsavelConsentimento: bool.default(false),
  dados: dadosInscricao.prefault({}),
  loteId: idDoEvento('a lot of the event, checked inside the registration').optional(),
  oficinaIds: z.array(idDoEvento('a workshop of the event, checked inside the registration')).max(10).default([]),
  formaPagamento: z.enum(FORMAS_PAGAMENTO_EVENTO).optional(),
  /** Join the waiting list when the seats are gone (instead of the 'vagas esgotadas' error). */
  listaEspera: bool.default(false),
};

/** The public page's registration (no sign-in). */
export const inscricaoPublicaInput = z.object(basePessoa);
export type InscricaoPublicaInput = z.infer<typeof inscricaoPublicaInput>;

/** Staff registering someone (optionally from the people registry), or granting a courtesy. */
export const inscricaoInput = z
  .object({
    ...basePessoa,
    eventoId: referencia('evento'),
    pessoaId: referencia('pessoa').nullish(),
    comunidadeId: referencia('organizacao').nullish(),
    cortesia: bool.default(false),
    motivoCortesia: textoOpcional(300),
  })
  .superRefine((v, ctx) => {
    if (v.cortesia && !v.motivoCortesia)
      ctx.addIssue({ code: 'custom', path: ['motivoCortesia'], message: 'validacao:obrigatorio' });
  });
export type InscricaoInput = z.infer<typeof inscricaoInput>;

export const inscricao = z.object({
  id: z.number().int(),
  eventoId: z.number().int(),
  eventoNome: z.string(),
  loteId: z.number().int().nullable(),
  loteNumero: z.number().int().nullable(),
  pessoaId: z.number().int().nullable(),
  nome: z.string(),
  cpf: z.string().nullable(),
  email: z.string(),
  telefone: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  responsavelNome: z.string().nullable(),
  comunidadeId: z.number().int().nullable(),
  comunidadeNome: z.string().nullable(),
  dados: dadosInscricaoLidos,
  status: z.enum(STATUS_INSCRICAO),
  formaPagamento: z.string().nullable(),
  valor: z.string(),
  motivoCortesia: z.string().nullable(),
  contaAReceberId: z.number().int().nullable(),
  vencimento: z.string().nullable(),
  codigo: z.string(),
  oficinas: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  checkInEm: z.string().nullable(),
  /** The provider's message when it refused the charge for good: nobody retries it. */
  falhaCobranca: z.string().nullable(),
  criadoEm: z.string(),
});
export type Inscricao = z.infer<typeof inscricao>;

/** What staff must look at: a charge the provider refused for good. */
export const EXCECOES_INSCRICAO = ['FALHA_COBRANCA'] as const;

export const inscricaoListQuery = listQuery.extend({
  eventoId: referencia('evento', id).optional(),
  status: z.enum(STATUS_INSCRICAO).optional(),
  loteId: naoReferencia(id.optional(), 'a filter: lots outside the listed events match nothing'),
  oficinaId: naoReferencia(id.optional(), 'a filter: workshops outside the listed events match nothing'),
  comunidadeId: referencia('organizacao', id).optional(),
  nome: busca(200),
  excecao: z.enum(EXCECOES_INSCRICAO).optional(),
});
export type InscricaoListQuery = z.infer<typeof inscricaoListQuery>;

/** The placeholder a bulk e-mail's subject and text may hold, replaced by each registrant's name. */
export const MARCADOR_NOME_INSCRITO = '{nome}';
/**
 * A bulk e-mail to registrants: the list's filters (or some of its rows by hand), a subject and a
 * text. The server reads the filter again within the sender's scope.
 */
export const inscricoesEmailInput = inscricaoListQuery.omit({ pagina: true, quantidade: true, ordem: true }).extend({
  ids: naoReferencia(
    z.array(id).min(1).max(10_000).optional(),
    'a selection of the list: read again within the scope and filter, others match nothing',
  ),
  assunto: texto(200),
  texto: texto(10_000),
});
export type InscricoesEmailInput = z.infer<typeof inscricoesEmailInput>;
export const inscricaoPagina = paged(inscricao).extend({
  totais: z.object({ valor: z.string(), confirmadas: z.number().int(), pendentes: z.number().int() }),
});
export type InscricaoPagina = z.infer<typeof inscricaoPagina>;

/** What the registrant gets back: the registration and how to pay it. */
export const inscricaoPublica = z.object({
  token: z.string(),
  codigo: z.string(),
  eventoNome: z.string(),
  nome: z.string(),
  status: z.enum(STATUS_INSCRICAO),
  valor: z.string(),
  vencimento: z.string().nullable(),
  loteNumero: z.number().int().nullable(),
  oficinas: z.array(z.string()),
  pagamento: z
    .object({
      forma: z.string(),
      urlFatura: z.string().nullable(),
      pixCopiaECola: z.string().nullable(),
      pixQrCode: z.string().nullable(),
      linhaDigitavel: z.string().nullable(),
    })
    .nullable(),
  /** The provider refused the charge for good (its message): the registrant is to contact the organizers. */
  falhaCobranca: z.string().nullable(),
});
export type InscricaoPublica = z.infer<typeof inscricaoPublica>;

/** The public page: the open lot and what is left, the workshops and the form. */
export const eventoPublico = z.object({
  codigo: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
  local: z.string().nullable(),
  organizacaoNome: z.string(),
  prazoInscricao: z.string().nullable(),
  aberta: z.boolean(),
  formasPagamento: z.array(z.enum(FORMAS_PAGAMENTO_EVENTO)),
  lote: z
    .object({ id: z.number().int(), numero: z.number().int(), valor: z.string(), restantes: z.number().int() })
    .nullable(),
  oficinas: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      categoria: z.string().nullable(),
      horario: z.string().nullable(),
      restantes: z.number().int(),
    }),
  ),
  formulario: formularioEvento,
});
export type EventoPublico = z.infer<typeof eventoPublico>;

export const codigoEventoParams = z.object({ codigo: cadeia().trim().min(2).max(40) });
export const tokenInscricaoParams = z.object({ token: cadeia().trim().min(10).max(100) });
export const checkInInput = z.object({ codigo: cadeia().trim().min(4).max(40) });
export const motivoInput = z.object({ motivo: texto(300) });
