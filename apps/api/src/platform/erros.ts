import { CODIGOS_ERRO, type CodigoErro } from '@sig/contracts';
import { type Chave, caminhoDeIssue, type Idioma, type IssueValidacao, mensagemDeIssue, tradutor } from '@sig/i18n';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type ZodType } from 'zod';
import { type ErroPg, erroPg } from './sql.js';

export type CampoErro = { campo: string; mensagem: string };

/** Errors carry a code; the handler turns it into the answer in the request's language. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly codigo: CodigoErro,
    readonly params: Record<string, string | number> = {},
    readonly campos?: CampoErro[],
  ) {
    super(codigo);
    this.status = CODIGOS_ERRO[codigo];
  }
}

export const naoEncontrado = () => new AppError('NAO_ENCONTRADO');

/**
 * A write's answer checked against its output schema before the write's transaction commits
 * (called inside it): a mismatch throws, the transaction rolls back and the request fails as a
 * whole. After the commit, the response serializer's refusal would leave the write done.
 */
export function respostaConferida<T>(esquema: ZodType, valor: T, oque: string): T {
  const r = esquema.safeParse(valor);
  if (!r.success) throw new Error(`The answer of ${oque} does not fit its schema: ${r.error.message}`);
  return valor;
}
export const acessoNegado = () => new AppError('ACESSO_NAO_PERMITIDO');

/** A validation error on one field, raised by a service rule (message key of `validacao`). */
export const erroDeCampo = (campo: string, chave: string, params: Record<string, string> = {}) =>
  new AppError('VALIDACAO', {}, [{ campo, mensagem: `validacao:${chave}`, ...params }]);

const camelCase = (coluna: string) => coluna.replace(/_([a-z0-9])/g, (_, l: string) => l.toUpperCase());

/**
 * What a PostgreSQL error that input or a race can cause means to the client; null for the
 * server's own failures (connection, disk, a bug), which stay a 500. Services translate the
 * constraints they expect into their own codes first; this is the floor under every write.
 */
export function erroDoBanco(pg: ErroPg): AppError | null {
  const { code } = pg;
  if (!code) return null;
  switch (code) {
    case '23505': // unique
    case '23P01': // exclusion
      return new AppError('REGISTRO_DUPLICADO');
    case '23503': // foreign key: the row named is missing, or (on delete) still named
      return new AppError(/still referenced/.test(pg.detail ?? '') ? 'REGISTRO_EM_USO' : 'REFERENCIA_INEXISTENTE');
    case '23502': // not null
      return pg.column
        ? new AppError('VALIDACAO', {}, [{ campo: camelCase(pg.column), mensagem: 'validacao:obrigatorio' }])
        : new AppError('DADO_INVALIDO');
    case '40001': // serialization failure
    case '40P01': // deadlock
    case '55P03': // lock not available
      return new AppError('CONFLITO_CONCORRENTE');
  }
  // 22: data exception (out of range, bad text, NUL); 54: a value over a limit (an index row too big).
  if (code.startsWith('22') || code.startsWith('54')) return new AppError('DADO_INVALIDO');
  // 23: any other integrity constraint (check).
  if (code.startsWith('23')) return new AppError('REGRA_VIOLADA');
  return null;
}

/** The field a message names: the last property of its path (`celebrantes.2` → `celebrantes`). */
const rotuloDoCampo = (campo: string) =>
  campo
    .split('.')
    .filter((parte) => !/^\d+$/.test(parte))
    .pop();

const corpo = (idioma: Idioma, codigo: string, params: Record<string, unknown> = {}, campos?: CampoErro[]) => {
  const t = tradutor(idioma);
  return {
    codigo,
    mensagem: t(`erros:${codigo}` as Chave, params),
    ...(campos?.length
      ? {
          campos: campos.map((c) => ({
            campo: c.campo,
            mensagem: /^(validacao|erros|atendimentos|organizacoes):/.test(c.mensagem)
              ? t(c.mensagem as Chave, {
                  ...c,
                  campo: t(`campos:${rotuloDoCampo(c.campo)}`, { defaultValue: c.campo }),
                })
              : c.mensagem,
          })),
        }
      : {}),
  };
};

/** `entrada`: what was validated, so a blank required field reads as required (spec §5). */
const camposDeIssues = (idioma: Idioma, issues: readonly IssueValidacao[], entrada?: unknown) => {
  const t = tradutor(idioma);
  return issues.map((i) => ({ campo: caminhoDeIssue(i.path), mensagem: mensagemDeIssue(t, i, entrada) }));
};

const PARTES_DO_PEDIDO = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

export function registrarTratadorDeErros(app: FastifyInstance) {
  app.setErrorHandler((erro: FastifyError | AppError | ZodError, req, reply) => {
    const idioma = req.idioma;
    if (erro instanceof AppError) {
      return reply.status(erro.status).send(corpo(idioma, erro.codigo, erro.params, erro.campos));
    }
    if (hasZodFastifySchemaValidationErrors(erro)) {
      const issues = erro.validation.map(
        (v): IssueValidacao => ({
          ...(v.params as Omit<IssueValidacao, 'code' | 'path' | 'message'>),
          code: v.keyword,
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '',
        }),
      );
      const parte = PARTES_DO_PEDIDO[erro.validationContext as keyof typeof PARTES_DO_PEDIDO];
      return reply
        .status(400)
        .send({ ...corpo(idioma, 'VALIDACAO'), campos: camposDeIssues(idioma, issues, parte && req[parte]) });
    }
    if (erro instanceof ZodError) {
      return reply.status(400).send({ ...corpo(idioma, 'VALIDACAO'), campos: camposDeIssues(idioma, erro.issues) });
    }
    const fe = erro as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && erro instanceof SyntaxError)) {
      return reply.status(400).send(corpo(idioma, 'JSON_MALFORMADO'));
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return reply.status(400).send(corpo(idioma, 'JSON_MALFORMADO'));
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(corpo(idioma, 'CORPO_GRANDE'));
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send(corpo(idioma, 'TIPO_CONTEUDO'));
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send(corpo(idioma, fe.statusCode === 404 ? 'NAO_ENCONTRADO' : 'VALIDACAO'));
    }
    const doBanco = erroDoBanco(erroPg(erro));
    if (doBanco) {
      req.log.warn({ err: erro }, 'database refused the input');
      return reply.status(doBanco.status).send(corpo(idioma, doBanco.codigo, doBanco.params, doBanco.campos));
    }
    req.log.error({ err: erro }, 'erro inesperado');
    return reply.status(500).send(corpo(idioma, 'ERRO_INESPERADO'));
  });
}
