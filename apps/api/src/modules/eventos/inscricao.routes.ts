import {
  ACESSO_INSCRICOES_EVENTOS,
  checkInInput,
  codigoEventoParams,
  eventoPublico,
  inscricao,
  inscricaoInput,
  inscricaoListQuery,
  inscricaoPagina,
  inscricaoPublica,
  inscricaoPublicaInput,
  tokenInscricaoParams,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegraLimite } from '../../platform/limites.js';
import { acoesDoRegistro, rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './inscricao.service.js';

/** `/inscricoes-de-eventos` (spec §2): the registrations, staff registration, courtesy, check-in. */
export const inscricaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_INSCRICOES_EVENTOS;
  const tags = ['inscricoes-de-eventos'];
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: inscricaoListQuery,
    pagina: inscricaoPagina,
    listar: (ctx, q) => servico.listarInscricoes(app.deps, ctx, q),
    exportar: {
      planilha: 'inscricoesDeEventos',
      colunas: [
        { campo: 'codigo', rotulo: 'codigo' },
        { campo: 'eventoNome', rotulo: 'eventoNome' },
        { campo: 'nome', rotulo: 'nome' },
        { campo: 'email', rotulo: 'email' },
        { campo: 'loteNumero', rotulo: 'loteNumero', tipo: 'numero' },
        { campo: 'status', rotulo: 'status' },
        { campo: 'valor', rotulo: 'valor', tipo: 'dinheiro' },
        { campo: 'comunidadeNome', rotulo: 'comunidadeNome' },
      ],
    },
  });
  rotasDe(app, { acesso, tags }).post('/check-in', { acao: 'U', corpo: checkInInput, resposta: inscricao }, (req) =>
    servico.checkIn(app.deps, req.ctx, req.body.codigo),
  );
  acoesDoRegistro(app, { acesso, tags }).executar('/:id/cancelar', 'U', null, inscricao, (ctx, id) =>
    servico.cancelarInscricao(app.deps, ctx, id),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: inscricao,
    entrada: inscricaoInput,
    obter: (ctx, id) => servico.obterInscricao(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.inscrever(app.deps, ctx, corpo),
  });
};

/**
 * The public page's limits (docs/adr/0008): reading is cheap, registering creates a charge, so
 * each address registers at most a few times a minute.
 */
const LIMITE_LEITURA: RegraLimite[] = [{ nome: 'evento-publico-ip', max: 120, janela: '1 minute', por: 'ip' }];
const LIMITE_INSCRICAO: RegraLimite[] = [
  ...LIMITE_LEITURA,
  { nome: 'evento-inscricao-ip', max: 20, janela: '1 minute', por: 'ip' },
];

/** `/evento-publico` (no sign-in): the registration page's calls and the registrant's own link. */
export const eventoPublicoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['evento-publico'];
  app.get(
    '/:codigo',
    {
      config: { publico: true, limites: LIMITE_LEITURA },
      schema: { tags, params: codigoEventoParams, response: { 200: eventoPublico } },
    },
    (req) => servico.eventoPublico(app.deps, req.params.codigo),
  );
  app.post(
    '/:codigo/inscricao',
    {
      config: { publico: true, limites: LIMITE_INSCRICAO },
      schema: { tags, params: codigoEventoParams, body: inscricaoPublicaInput, response: { 201: inscricaoPublica } },
    },
    async (req, reply) => {
      const r = await servico.inscreverPublico(app.deps, req.params.codigo, req.body, req.idioma);
      reply.code(201);
      return r;
    },
  );
  app.get(
    '/inscricao/:token',
    {
      config: { publico: true, limites: LIMITE_LEITURA },
      schema: { tags, params: tokenInscricaoParams, response: { 200: inscricaoPublica } },
    },
    (req) => servico.inscricaoPorToken(app.deps, req.params.token),
  );
  app.post(
    '/inscricao/:token/cobranca',
    {
      config: { publico: true, limites: LIMITE_INSCRICAO },
      schema: { tags, params: tokenInscricaoParams, response: { 200: inscricaoPublica } },
    },
    (req) => servico.cobrarPorToken(app.deps, req.params.token),
  );
  app.post(
    '/inscricao/:token/cancelar',
    {
      config: { publico: true, limites: LIMITE_INSCRICAO },
      schema: { tags, params: tokenInscricaoParams, response: { 200: inscricaoPublica } },
    },
    (req) => servico.cancelarPorToken(app.deps, req.params.token),
  );
};
