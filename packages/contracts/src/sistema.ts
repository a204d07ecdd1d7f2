import { z } from 'zod';
import { cadeia, listaDaConsulta } from './comum.js';
import { listQuery, ordenacao } from './paginacao.js';

/**
 * What the system does in the background, for the administrator: the job layer's jobs
 * (`/tarefas`) and the mail outbox (`/caixa-de-saida`). Neither belongs to an organization.
 */

/** Every queue the modules declare (the API checks at start that it declares exactly these). */
export const FILAS_TAREFA = [
  'asaas.aplicar-evento',
  'asaas.conciliar',
  'cemiterios.avisar-vencimentos',
  'correio.enviar',
  'correio.retomar',
  'eventos.processar-inscricoes',
  'eventos.cobrar-inscricao',
  'pessoas.avisar-fim-mandato',
  'receber.marcar-vencidas',
  'sistema.copia',
  'termos.enviar',
] as const;
export type FilaTarefa = (typeof FILAS_TAREFA)[number];

/** pg-boss's states: waiting, waiting for a retry, running, done, cancelled, failed for good. */
export const SITUACOES_TAREFA = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type SituacaoTarefa = (typeof SITUACOES_TAREFA)[number];

export const tarefaListQuery = listQuery.extend({
  ordenarPor: ordenacao(['criadoEm', 'fila', 'situacao']),
  fila: z.preprocess(listaDaConsulta, z.array(z.enum(FILAS_TAREFA)).max(FILAS_TAREFA.length).optional()),
  situacao: z.preprocess(listaDaConsulta, z.array(z.enum(SITUACOES_TAREFA)).max(SITUACOES_TAREFA.length).optional()),
});
export type TarefaListQuery = z.infer<typeof tarefaListQuery>;

export const tarefaParams = z.object({ id: z.uuid() });

export const tarefa = z.object({
  id: z.string(),
  fila: z.string(),
  situacao: z.enum(SITUACOES_TAREFA),
  /** What the job is about (its data, short), e.g. the webhook event or the outbox row. */
  referencia: z.string(),
  /** Runs started so far, and the most it may have. */
  tentativas: z.number().int(),
  tentativasMaximas: z.number().int(),
  /** The last failure's message (a job waiting for a retry, or failed). */
  erro: z.string().nullable(),
  criadoEm: z.string(),
  iniciadoEm: z.string().nullable(),
  concluidoEm: z.string().nullable(),
  /** When a waiting job may run (after a retry's backoff, say). */
  executarApos: z.string().nullable(),
});
export type Tarefa = z.infer<typeof tarefa>;

export const tarefaDetalhe = tarefa.extend({
  dados: z.record(z.string(), z.unknown()),
  /** What the last run answered, or its error. */
  saida: z.unknown(),
});
export type TarefaDetalhe = z.infer<typeof tarefaDetalhe>;

export const SITUACOES_EMAIL = ['PENDENTE', 'ENVIANDO', 'ENVIADO', 'ERRO'] as const;
export type SituacaoEmail = (typeof SITUACOES_EMAIL)[number];

export const emailSaidaListQuery = listQuery.extend({
  ordenarPor: ordenacao(['criadoEm', 'para', 'situacao']),
  situacao: z.preprocess(listaDaConsulta, z.array(z.enum(SITUACOES_EMAIL)).max(SITUACOES_EMAIL.length).optional()),
  /** Part of the recipient's address. */
  para: cadeia().trim().max(200).optional(),
});
export type EmailSaidaListQuery = z.infer<typeof emailSaidaListQuery>;

export const emailSaida = z.object({
  id: z.number().int(),
  para: z.string(),
  assunto: z.string(),
  situacao: z.enum(SITUACOES_EMAIL),
  tentativas: z.number().int(),
  /** The last SMTP failure. */
  erro: z.string().nullable(),
  criadoEm: z.string(),
  enviadoEm: z.string().nullable(),
});
export type EmailSaida = z.infer<typeof emailSaida>;

export const emailSaidaDetalhe = emailSaida.extend({ texto: z.string() });
export type EmailSaidaDetalhe = z.infer<typeof emailSaidaDetalhe>;
