import type { Acao, AcessoId, SelectOpcao, TipoReferencia } from '@sig/contracts';
import {
  historicoItem,
  hojeNoBrasil,
  idParams,
  itemLote,
  itensLoteQuery,
  okResposta,
  type Paged,
  paged,
  processamentoLote,
  QUANTIDADE_MAXIMA,
  selectResposta,
} from '@sig/contracts';
import { type NomeCampo, tradutor } from '@sig/i18n';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OrigemPedido } from './auditoria.js';
import type { Contexto, Deps } from './contexto.js';
import {
  arquivoExportacao,
  type ColunaArquivo,
  type Documento,
  FORMATOS_ARQUIVO,
  type FormatoArquivo,
  TIPO_CONTEUDO,
} from './exportacao.js';
import { pdfTabela } from './pdf.js';
import { camposOcultos } from './permissoes.js';
import { idDaRota } from './referencias.js';

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What a list's export may offer: the spreadsheets, and the printed table. */
export const FORMATOS_EXPORTACAO = [...FORMATOS_ARQUIVO, 'pdf'] as const;
export type FormatoExportacao = (typeof FORMATOS_EXPORTACAO)[number];
const TIPO_EXPORTACAO: Record<FormatoExportacao, string> = { ...TIPO_CONTEUDO, pdf: 'application/pdf' };

/**
 * An export as its service hands it over: the file already written in the asked format
 * (`conteudo`), or the table (`documento`) for the route to write in it — the way to offer PDF.
 */
type Exportado = { nomeArquivo: string; linhas?: number; truncada?: boolean } & (
  | { conteudo: unknown }
  | { documento: Documento }
);

/** Who asked for an export, for the audit trail. */
export const origemDoPedido = (req: FastifyRequest): OrigemPedido => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
  rota: req.url,
});

/** A table written in one of the export formats. */
const arquivoDoDocumento = (formato: FormatoExportacao, d: Documento) =>
  formato === 'pdf' ? pdfTabela(d) : arquivoExportacao(formato, d);

/** Sends an export as a download, with its row count and cut-off flag when the service gives them. */
export function enviarExportacao(reply: FastifyReply, formato: FormatoExportacao, e: Exportado) {
  reply
    .header('content-type', TIPO_EXPORTACAO[formato])
    .header('content-disposition', `attachment; filename="${e.nomeArquivo}"`);
  if (e.linhas !== undefined) reply.header('x-total-linhas', String(e.linhas));
  if (e.truncada !== undefined) reply.header('x-exportacao-truncada', String(e.truncada));
  return reply.send('documento' in e ? arquivoDoDocumento(formato, e.documento) : e.conteudo);
}

/** A list's row, from its page's schema. */
type LinhaDe<R extends z.ZodType> =
  z.output<R> extends { itens: (infer L extends Record<string, unknown>)[] } ? L : never;
/** The columns of an export written from the list's own rows (`exportarPelaLista`). */
export type ColunasDaLista<L> = readonly ({ campo: keyof L & string; rotulo: NomeCampo } & Omit<
  ColunaArquivo,
  'titulo'
>)[];
type Exportar<Q extends z.ZodType, F> = (
  ctx: Contexto,
  q: z.output<Q>,
  formato: F,
  origem: OrigemPedido,
) => Promise<Exportado> | Exportado;

type OpcoesLista<Q extends z.ZodType, R extends z.ZodType, F extends FormatoExportacao> = {
  acesso: AcessoId;
  acao?: 'L' | 'R';
  tags: string[];
  consulta: Q;
  pagina: R;
  listar: (ctx: Contexto, q: z.output<Q>) => Promise<z.input<R>> | z.input<R>;
  exportacao?: { caminho?: `/${string}`; formatos?: readonly [F, ...F[]] };
  exportar?: Exportar<Q, F> | { planilha: string; colunas: ColunasDaLista<LinhaDe<R>> };
};

/**
 * The paged list and, when given, its export of a hand-written module (`GET /paginado`,
 * `GET /exportar`): the export takes the list's query plus `formato` and hands the service the
 * query without the format; what the service ignores of paging it strips itself. An export given
 * as `{ planilha, colunas }` is the list's own query read page after page (`exportarPelaLista`).
 * A module whose `/exportar` means something else names its list's export path
 * (`exportacao.caminho`); one that offers PDF lists it among `exportacao.formatos` and answers a
 * `documento`. `acao`: a report read with R. `select`: the list's options for selects
 * (`GET /select`, after the export), read by the screens `opcoesDe` names too (guarda.ts).
 */
export function rotasDeLista<
  Q extends z.ZodType<Record<string, unknown>>,
  R extends z.ZodType,
  F extends FormatoExportacao = FormatoArquivo,
  S extends z.ZodType<Record<string, unknown>> = z.ZodObject,
>(
  app: App,
  o: OpcoesLista<Q, R, F> & {
    select?: {
      consulta?: S;
      opcoesDe?: TipoReferencia;
      opcoes: (ctx: Contexto, q: z.output<S>) => Promise<SelectOpcao[]> | SelectOpcao[];
    };
  },
) {
  const { acesso, tags, acao = 'L' } = o;
  const formatos = o.exportacao?.formatos ?? (FORMATOS_ARQUIVO as readonly FormatoExportacao[] as readonly [F, ...F[]]);
  app.get(
    '/paginado',
    { config: { acesso, acao }, schema: { tags, querystring: o.consulta, response: { 200: o.pagina } } },
    // `listar`'s own signature checks the answer against `pagina` at the caller; a generic route cannot.
    (req) => o.listar(req.ctx, req.query as z.output<Q>) as never,
  );
  if (o.exportar) rotaDeExportacao<Q, R, F>(app, o, o.exportar, formatos);
  const { select } = o;
  if (select)
    app.get(
      '/select',
      {
        config: { acesso, acao: 'L', ...(select.opcoesDe && { opcoesDe: select.opcoesDe }) },
        schema: { tags, ...(select.consulta && { querystring: select.consulta }), response: { 200: selectResposta } },
      },
      (req) => select.opcoes(req.ctx, req.query as z.output<S>) as never,
    );
}

/** `GET /exportar` (or `exportacao.caminho`) of `rotasDeLista`. */
function rotaDeExportacao<
  Q extends z.ZodType<Record<string, unknown>>,
  R extends z.ZodType,
  F extends FormatoExportacao,
>(app: App, o: OpcoesLista<Q, R, F>, e: NonNullable<OpcoesLista<Q, R, F>['exportar']>, formatos: readonly [F, ...F[]]) {
  const { acesso, tags, acao = 'L' } = o;
  const exportar: Exportar<Q, F> =
    typeof e === 'function'
      ? e
      : (ctx, q, formato, origem) =>
          exportarPelaLista<LinhaDe<R>>(
            app.deps,
            ctx,
            {
              acesso,
              planilha: e.planilha,
              colunas: e.colunas,
              pagina: async (pagina, quantidade) =>
                (await o.listar(ctx, { ...q, pagina, quantidade })) as Paged<LinhaDe<R>>,
            },
            formato,
            origem,
          );
  app.get(
    o.exportacao?.caminho ?? '/exportar',
    {
      config: { acesso, acao },
      schema: {
        tags,
        querystring: o.consulta.and(z.object({ formato: z.enum(formatos).default(formatos[0]) })),
        produces: formatos.map((f) => TIPO_EXPORTACAO[f]),
      },
    },
    async (req, reply) => {
      const { formato, ...q } = req.query as z.output<Q> & { formato: F };
      return enviarExportacao(reply, formato, await exportar(req.ctx, q as z.output<Q>, formato, origemDoPedido(req)));
    },
  );
}

/**
 * One record's routes of a hand-written module: `GET /:id` (`obter`, also the record a change is
 * checked against), and those of `POST /`, `PUT /:id`, `DELETE /:id` whose service is given.
 * `corpoBruto` is the body as sent, for the per-field write rules.
 */
export function rotasDeRegistro<I extends z.ZodType, E extends z.ZodType>(
  app: App,
  o: {
    acesso: AcessoId;
    tags: string[];
    item: I;
    entrada?: E;
    obter: (ctx: Contexto, id: number) => Promise<z.input<I>>;
    criar?: (ctx: Contexto, corpo: z.output<E>, corpoBruto: unknown) => Promise<z.input<I>>;
    atualizar?: (ctx: Contexto, id: number, corpo: z.output<E>, corpoBruto: unknown) => Promise<z.input<I>>;
    excluir?: (ctx: Contexto, id: number) => Promise<unknown>;
  },
) {
  const { acesso, tags, item, entrada, obter, criar, atualizar, excluir } = o;
  // The services' signatures check the answers against `item` at the caller; a generic route cannot.
  app.get(
    '/:id',
    { config: { acesso, acao: 'R' }, schema: { tags, params: idParams, response: { 200: item } } },
    (req) => obter(req.ctx, req.params.id) as never,
  );
  if (criar && entrada)
    app.post(
      '/',
      { config: { acesso, acao: 'C' }, schema: { tags, body: entrada, response: { 201: item } } },
      (req, reply) =>
        criar(req.ctx, req.body as z.output<E>, req.corpoBruto).then((criado) => {
          reply.code(201);
          return criado;
        }) as never,
    );
  if (atualizar && entrada)
    app.put(
      '/:id',
      {
        config: { acesso, acao: 'U', registroAtual: (req) => obter(req.ctx, idDaRota(req)) },
        schema: { tags, params: idParams, body: entrada, response: { 200: item } },
      },
      (req) => atualizar(req.ctx, req.params.id, req.body as z.output<E>, req.corpoBruto) as never,
    );
  if (excluir)
    app.delete(
      '/:id',
      { config: { acesso, acao: 'D' }, schema: { tags, params: idParams, response: { 200: okResposta } } },
      async (req) => {
        await excluir(req.ctx, req.params.id);
        return { sucesso: true };
      },
    );
}

/** A schema a route of `rotasDe` may leave out, and what its handler reads of it. */
type Opcional = z.ZodType | undefined;
type Lido<E extends Opcional> = E extends z.ZodType ? z.output<E> : undefined;

/**
 * One route of `rotasDe`: its access action, the schemas of its path, query and body, its answer;
 * `registroAtual` and `opcoesDe` go to the route's config as the guard reads them.
 */
type Declaracao<P extends Opcional, Q extends Opcional, C extends Opcional, R extends z.ZodType> = {
  acao: Acao;
  params?: P;
  consulta?: Q;
  corpo?: C;
  resposta: R;
  /** The answer's status when not 200: 201 created, 204 nothing (`resposta` z.null()). */
  status?: 201 | 204;
} & Pick<FastifyContextConfig, 'registroAtual' | 'opcoesDe'>;

type Executar<P extends Opcional, Q extends Opcional, C extends Opcional, R extends z.ZodType> = (
  req: FastifyRequest<{ Params: Lido<P>; Querystring: Lido<Q>; Body: Lido<C> }>,
) => Promise<z.output<R>> | z.output<R>;

/**
 * The routes of a screen's access that no list, record or batch helper declares (actions on the
 * collection, reads with a query, paths with other params): each declares its action and schemas
 * in one object, and its handler answers with the body of `status`. Routes with other needs
 * (public, rate limits, raw bodies, files) stay hand-written.
 */
export function rotasDe(app: App, o: { acesso: AcessoId; tags: string[] }) {
  const { acesso, tags } = o;
  const rota =
    (method: 'GET' | 'POST' | 'PUT' | 'DELETE') =>
    <
      P extends Opcional = undefined,
      Q extends Opcional = undefined,
      C extends Opcional = undefined,
      R extends z.ZodType = z.ZodType,
    >(
      url: string,
      d: Declaracao<P, Q, C, R>,
      executar: Executar<P, Q, C, R>,
    ) => {
      const { acao, params, consulta, corpo, resposta, status = 200, ...config } = d;
      // Typed loosely here: `executar`'s own signature checks the answer against `resposta` at the caller.
      const schema: FastifySchema = {
        tags,
        ...(params && { params }),
        ...(consulta && { querystring: consulta }),
        ...(corpo && { body: corpo }),
        response: { [status]: resposta },
      };
      app.route({
        method,
        url,
        config: { acesso, acao, ...config },
        schema,
        handler: async (req, reply) => {
          const saida = await executar(req as never);
          if (status !== 200) reply.code(status);
          return saida as never;
        },
      });
    };
  return { get: rota('GET'), post: rota('POST'), put: rota('PUT'), delete: rota('DELETE') };
}

/**
 * The actions on one record beside its own routes (`POST /:id/renovar`, `GET /:id/parcelas`),
 * each declared with its access action, body and answer; the record's id comes from the path.
 */
export function acoesDoRegistro(app: App, o: { acesso: AcessoId; tags: string[] }) {
  const rotas = rotasDe(app, o);
  return {
    /** `GET caminho`: what `ler` answers for the record, read with `acao` (default R). */
    ler<R extends z.ZodType>(
      caminho: `/:id/${string}`,
      resposta: R,
      ler: (ctx: Contexto, id: number) => Promise<z.input<R>>,
      acao: Acao = 'R',
    ) {
      rotas.get(caminho, { acao, params: idParams, resposta }, (req) => ler(req.ctx, req.params.id) as never);
    },
    /** `POST caminho` with `corpo` (`null`: none): what `fazer` answers, written with `acao`. */
    executar<C extends z.ZodType, R extends z.ZodType>(
      caminho: `/:id/${string}`,
      acao: Acao,
      corpo: C | null,
      resposta: R,
      fazer: (ctx: Contexto, id: number, corpo: z.output<C>) => Promise<z.input<R>>,
    ) {
      rotas.post(
        caminho,
        { acao, params: idParams, corpo: corpo ?? undefined, resposta },
        (req) => fazer(req.ctx, req.params.id, req.body as z.output<C>) as never,
      );
    },
  };
}

/** What a record's `GET /:id/historico` answers: its audit trail's changes, without whose record they are. */
export const historicoDoRegistro = z.array(historicoItem.omit({ entidade: true, entidadeId: true, usuarioId: true }));

type Lote = z.input<typeof processamentoLote>;

/**
 * A screen's own bulk batches: `POST /` starts one from `entrada` (201), `GET /:id` reads it and
 * `GET /:id/itens` its items, under the screen's access (`criar` with `acaoCriar`, the reads with
 * `acaoLer`), so the screen needs no other.
 */
export function rotasDoLote<E extends z.ZodType>(
  app: App,
  o: {
    acesso: AcessoId;
    tags: string[];
    acaoCriar: Acao;
    acaoLer: Acao;
    entrada: E;
    criar: (ctx: Contexto, corpo: z.output<E>) => Promise<Lote>;
    obter: (ctx: Contexto, id: number) => Promise<Lote>;
    itens: (ctx: Contexto, id: number, q: z.output<typeof itensLoteQuery>) => Promise<Paged<z.input<typeof itemLote>>>;
  },
) {
  const { acesso, tags } = o;
  app.post(
    '/',
    { config: { acesso, acao: o.acaoCriar }, schema: { tags, body: o.entrada, response: { 201: processamentoLote } } },
    async (req, reply) => reply.status(201).send(await o.criar(req.ctx, req.body as z.output<E>)),
  );
  app.get(
    '/:id',
    { config: { acesso, acao: o.acaoLer }, schema: { tags, params: idParams, response: { 200: processamentoLote } } },
    (req) => o.obter(req.ctx, req.params.id) as never,
  );
  app.get(
    '/:id/itens',
    {
      config: { acesso, acao: o.acaoLer },
      schema: { tags, params: idParams, querystring: itensLoteQuery, response: { 200: paged(itemLote) } },
    },
    (req) => o.itens(req.ctx, req.params.id, req.query) as never,
  );
}

/** Rows one export writes at most, as the lists with an export of their own. */
const LIMITE_EXPORTACAO = 100_000;

/**
 * The export of a list that has no query of its own for it: the list's paged query (its
 * filters, scope and field rules) read page after page, the columns labelled from `campos`;
 * the table, written in whichever format the route offers.
 */
export async function exportarPelaLista<L extends Record<string, unknown>>(
  deps: Deps,
  ctx: Contexto,
  o: {
    acesso: AcessoId;
    planilha: string;
    colunas: ColunasDaLista<L>;
    pagina: (pagina: number, quantidade: number) => Promise<Paged<L>>;
  },
  formato: FormatoExportacao,
  origem: OrigemPedido,
): Promise<Exportado> {
  deps.auditoria.exportacao(ctx, o.acesso, origem);
  const t = tradutor(ctx.idioma);
  // A field the profile may not see leaves the file, not only its values (spec §6 field rules).
  const ocultos = camposOcultos(ctx, o.acesso);
  const visiveis = o.colunas.filter((c) => !ocultos.has(c.campo));
  const colunas = visiveis.map(({ campo: _, rotulo, ...c }) => ({ ...c, titulo: t(`campos:${rotulo}`) }));
  // The first page is read before the answer starts: a refusal (a record named in the filter that
  // does not exist or is out of scope) is a clean 4xx, not a file cut off halfway.
  const primeira = await o.pagina(1, QUANTIDADE_MAXIMA);
  async function* lotes(): AsyncGenerator<unknown[][]> {
    for (let n = 1; (n - 1) * QUANTIDADE_MAXIMA < LIMITE_EXPORTACAO; n++) {
      const { itens } = n === 1 ? primeira : await o.pagina(n, QUANTIDADE_MAXIMA);
      if (itens.length) yield itens.map((l) => visiveis.map((c) => l[c.campo] ?? null));
      if (itens.length < QUANTIDADE_MAXIMA) return;
    }
  }
  return {
    nomeArquivo: `${o.planilha}-${hojeNoBrasil()}.${formato}`,
    documento: { titulo: t(`menu:acessos.${o.acesso}`), idioma: ctx.idioma, colunas, lotes: lotes() },
  };
}
