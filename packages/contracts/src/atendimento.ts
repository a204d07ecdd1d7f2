import { z } from 'zod';
import type { AcessoId } from './acessos.js';
import { data, dataOpcional, id, MSG, periodoValido, texto } from './comum.js';
import { baldeIndicador, contagemIndicador, periodoIndicador } from './indicadores.js';
import { listQuery, ordenacao } from './paginacao.js';
import { referencia } from './referencias.js';

/** Spec §4: the ticket statuses, plus the hidden one (a ticket kept off the requester's list). */
export const STATUS_ATENDIMENTO = [
  'ABERTO',
  'EM_ANALISE',
  'EM_ANDAMENTO',
  'APROVADO',
  'REGISTRADO',
  'CANCELADO',
  'CONCLUIDO',
  'INCOMPLETO',
  'OCULTO',
] as const;
export type StatusAtendimento = (typeof STATUS_ATENDIMENTO)[number];

/** What a ticket's activity records: its opening, a status change, a triage. */
export const TIPOS_ATIVIDADE_ATENDIMENTO = ['CRIACAO', 'STATUS', 'TRIAGEM'] as const;
export type TipoAtividadeAtendimento = (typeof TIPOS_ATIVIDADE_ATENDIMENTO)[number];

/**
 * The bundled glyphs an icon (registry `icones`) may draw: keys the web maps to its icon
 * components, so a category's icon needs no image upload and no network.
 */
export const SIMBOLOS_ICONE = [
  'duvida',
  'documento',
  'financeiro',
  'pessoa',
  'igreja',
  'evento',
  'ferramenta',
  'mensagem',
  'grupo',
  'email',
  'telefone',
  'alerta',
  'informacao',
  'certificado',
  'livro',
  'pasta',
  'anexo',
  'configuracao',
  'presente',
  'coracao',
  'estrela',
  'educacao',
  'predio',
  'calendario',
] as const;
export type SimboloIcone = (typeof SIMBOLOS_ICONE)[number];

export const PAPEIS_ENVOLVIDO = ['PARTICIPANTE', 'OBSERVADOR', 'INTERESSADO'] as const;

/**
 * The four queues (spec §2) — each a screen with its own access id: the requester's own
 * tickets, a team's inbox, the destination organization's triage, and the general queue.
 */
export const FILAS_ATENDIMENTO = {
  'atendimento-meus-atendimentos': 'AtendimentoMeusAtendimentos',
  'atendimento-caixa-entrada': 'AtendimentoCaixaEntrada',
  'atendimento-triagem': 'AtendimentoTriagem',
  'atendimento-solicitacoes-geral': 'AtendimentoSolicitacoesGeral',
} as const satisfies Record<string, AcessoId>;
export type FilaAtendimento = keyof typeof FILAS_ATENDIMENTO;

/** Attachments: size limit and type allow-list (documents and images people scan or photograph). */
export const ANEXO_TAMANHO_MAXIMO = 5 * 1024 * 1024;
export const ANEXO_TIPOS = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'text/plain': 'txt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
} as const;

/** Spec §5/§9: a search period over 30 days asks for confirmation (on the web; the API takes any valid one). */
export const PERIODO_CONFIRMACAO_DIAS = 30;

/** Users a ticket names: those its form offers (`/usuarios` of the queue). */
const usuario = () => referencia('usuario-atendimento');
const usuarios = z.array(usuario()).max(100).default([]);

export const atendimentoInput = z.object({
  assunto: texto(200),
  descricao: texto(10_000),
  categoriaAtendimentoId: referencia('categoria-atendimentos'),
  organizacaoDestinoId: referencia('destino-atendimento'),
  // Spec §5: the responsible (owner) is required.
  responsavelUsuarioId: usuario(),
  classificacaoId: referencia('classificacao')
    .nullish()
    .transform((v) => v ?? null),
  atendimentoPaiId: referencia('atendimento')
    .nullish()
    .transform((v) => v ?? null),
  dataRetornoPrevista: dataOpcional,
  participantes: usuarios,
  observadores: usuarios,
  interessados: usuarios,
  caracteristicas: z
    .array(z.object({ caracteristicaId: referencia('caracteristica'), valor: z.string().trim().max(500) }))
    .max(200)
    .default([]),
});
export type AtendimentoInput = z.infer<typeof atendimentoInput>;

/**
 * An edit may leave the responsible out when the profile may not see or change it (spec §6):
 * the ticket keeps the one it has; otherwise it is still required.
 */
export const atendimentoAtualizacaoInput = atendimentoInput.extend({ responsavelUsuarioId: usuario().optional() });
export type AtendimentoAtualizacaoInput = z.infer<typeof atendimentoAtualizacaoInput>;

/** Spec §4: every status change carries an opinion. */
export const mudancaStatusInput = z.object({
  status: z.enum(STATUS_ATENDIMENTO),
  parecer: texto(4000),
});

/** Triage sends a ticket to a team, naming who answers for it. */
export const triagemInput = z.object({
  timeId: referencia('time'),
  /** Left out, the ticket keeps its responsible (a profile that may not change it). */
  responsavelUsuarioId: usuario().optional(),
  parecer: texto(4000),
});

export const comentarioInput = z.object({ texto: texto(4000), interno: z.boolean().default(false) });

export const tarefaInput = z.object({
  descricao: texto(500),
  responsavelUsuarioId: usuario(),
  prazo: dataOpcional,
});
export const tarefaSituacaoInput = z.object({ concluida: z.boolean() });

export const anexoInput = z.object({
  nomeArquivo: texto(200),
  tipoConteudo: z.string().max(200),
  /** The file's bytes, base64 (the web reads the file and posts it as JSON). */
  conteudo: z.string().max(Math.ceil((ANEXO_TAMANHO_MAXIMO * 4) / 3) + 4),
});

/** The keys a queue's list sorts by. */
export const ORDENACOES_ATENDIMENTO = ['protocolo', 'assunto', 'status', 'criadoEm'] as const;

export const atendimentoListQuery = listQuery
  .extend({
    ordenarPor: ordenacao(ORDENACOES_ATENDIMENTO),
    busca: z.string().trim().max(200).optional(),
    status: z.enum(STATUS_ATENDIMENTO).optional(),
    categoriaAtendimentoId: id.optional(),
    periodoDe: data.optional(),
    periodoAte: data.optional(),
  })
  .refine((q) => periodoValido(q.periodoDe, q.periodoAte), { path: ['periodoAte'], message: MSG.periodoInvalido });
export type AtendimentoListQuery = z.infer<typeof atendimentoListQuery>;

export const atendimentoResumo = z.object({
  id: z.number().int(),
  protocolo: z.string(),
  assunto: z.string(),
  status: z.enum(STATUS_ATENDIMENTO),
  categoriaNome: z.string(),
  /** The glyph of the category's icon (SIMBOLOS_ICONE), when it has one. */
  categoriaIcone: z.string().nullable(),
  solicitanteNome: z.string(),
  /** Left out, with the other fields of CAMPOS_ATENDIMENTO, when the profile may not see them. */
  responsavelNome: z.string().optional(),
  organizacaoDestinoNome: z.string(),
  timeNome: z.string().nullable(),
  criadoEm: z.string(),
});
export type AtendimentoResumo = z.infer<typeof atendimentoResumo>;

const pessoaRef = z.object({ usuarioId: z.number().int(), nome: z.string() });

export const atendimentoDetalhe = z.object({
  id: z.number().int(),
  protocolo: z.string(),
  assunto: z.string(),
  descricao: z.string(),
  status: z.enum(STATUS_ATENDIMENTO),
  categoriaAtendimentoId: z.number().int(),
  categoriaNome: z.string(),
  categoriaIcone: z.string().nullable(),
  organizacaoOrigemId: z.number().int(),
  organizacaoDestinoId: z.number().int(),
  organizacaoDestinoNome: z.string(),
  solicitanteUsuarioId: z.number().int(),
  solicitanteNome: z.string(),
  responsavelUsuarioId: z.number().int().optional(),
  responsavelNome: z.string().optional(),
  timeId: z.number().int().nullable(),
  timeNome: z.string().nullable(),
  classificacaoId: z.number().int().nullable().optional(),
  atendimentoPaiId: z.number().int().nullable().optional(),
  dataRetornoPrevista: z.string().nullable().optional(),
  criadoEm: z.string(),
  participantes: z.array(pessoaRef),
  observadores: z.array(pessoaRef),
  interessados: z.array(pessoaRef),
  caracteristicas: z.array(z.object({ caracteristicaId: z.number().int(), valor: z.string() })).optional(),
  filhos: z.array(z.object({ id: z.number().int(), protocolo: z.string(), assunto: z.string() })),
  comentarios: z.array(
    z.object({
      id: z.number().int(),
      texto: z.string(),
      interno: z.boolean(),
      autor: z.string(),
      criadoEm: z.string(),
    }),
  ),
  tarefas: z.array(
    z.object({
      id: z.number().int(),
      descricao: z.string(),
      responsavelUsuarioId: z.number().int(),
      responsavelNome: z.string(),
      prazo: z.string().nullable(),
      concluidaEm: z.string().nullable(),
    }),
  ),
  atividades: z.array(
    z.object({
      id: z.number().int(),
      tipo: z.string(),
      statusAnterior: z.string().nullable(),
      statusNovo: z.string().nullable(),
      parecer: z.string().nullable(),
      autor: z.string(),
      criadoEm: z.string(),
    }),
  ),
  anexos: z.array(
    z.object({
      id: z.number().int(),
      nomeArquivo: z.string(),
      tipoConteudo: z.string(),
      tamanho: z.number().int(),
      criadoEm: z.string(),
    }),
  ),
});
export type AtendimentoDetalhe = z.infer<typeof atendimentoDetalhe>;

/** Category data the ticket form needs: its requirement text and the characteristics its classes ask for. */
export const categoriaFormulario = z.object({
  id: z.number().int(),
  nome: z.string(),
  icone: z.string().nullable(),
  requisito: z.string().nullable(),
  caracteristicas: z.array(
    z.object({
      caracteristicaId: z.number().int(),
      nome: z.string(),
      obrigatorio: z.boolean(),
      opcoes: z.array(z.object({ chave: z.string(), valor: z.string() })),
    }),
  ),
});
export type CategoriaFormulario = z.infer<typeof categoriaFormulario>;

const baldeAtendimentos = baldeIndicador.extend({ total: z.number().int() });
export const indicadorAtendimentos = z.object({
  ...periodoIndicador,
  total: z.number().int(),
  /** The same figure over the previous period. */
  anterior: z.object({ total: z.number().int() }),
  porStatus: z.array(contagemIndicador),
  porCategoria: z.array(contagemIndicador.extend({ id: z.number().int() })),
  porOrganizacao: z.array(contagemIndicador),
  serie: z.array(baldeAtendimentos),
  serieAnterior: z.array(baldeAtendimentos),
});
export type IndicadorAtendimentos = z.infer<typeof indicadorAtendimentos>;

/** The statuses that close a ticket; any other leaves it open (a team's open tickets, issue 21). */
export const STATUS_ATENDIMENTO_ENCERRADOS = ['CANCELADO', 'CONCLUIDO'] as const satisfies readonly StatusAtendimento[];
/** How many of a team's open tickets its form lists (the total says how many there are). */
export const MAX_ATENDIMENTOS_TIME = 50;

export const atendimentoDoTime = z.object({
  id: z.number().int(),
  protocolo: z.string(),
  assunto: z.string(),
  status: z.enum(STATUS_ATENDIMENTO),
  organizacaoDestinoNome: z.string(),
  responsavelNome: z.string(),
  dataRetornoPrevista: z.string().nullable(),
  criadoEm: z.string(),
});
export type AtendimentoDoTime = z.infer<typeof atendimentoDoTime>;

/** `GET /api/time/:id/atendimentos`: the team's open tickets in scope, oldest first. */
export const atendimentosDoTime = z.object({ total: z.number().int(), itens: z.array(atendimentoDoTime) });
export type AtendimentosDoTime = z.infer<typeof atendimentosDoTime>;
