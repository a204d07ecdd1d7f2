import {
  ACESSO_CADEIA_CONSENTIMENTOS,
  ACESSO_TERMOS,
  aceiteObrigatorioInput,
  coberturaListQuery,
  coberturaPagina,
  coberturaTermo,
  envioTermo,
  envioTermoInput,
  historicoTermo,
  idCompartilhadoParams,
  type LinhaCobertura,
  respostaTermo,
  respostaTermoInput,
  revogacaoPublica,
  solicitacaoIdParams,
  solicitacaoParams,
  solicitacaoTermo,
  solicitacaoTermoListQuery,
  solicitacaoTermoPagina,
  termo,
  termoInput,
  termoListQuery,
  termoPagina,
  termoPublico,
  termosObrigatoriosPendentes,
  tokenTermoParams,
  verificacaoCadeia,
} from '@sig/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/erros.js';
import { escopoSobRaiz } from '../../platform/escopo.js';
import { FORMATOS_ARQUIVO } from '../../platform/exportacao.js';
import type { RegraLimite } from '../../platform/limites.js';
import {
  enviarExportacao,
  exportarPelaLista,
  origemDoPedido,
  rotasDe,
  rotasDeLista,
  rotasDeRegistro,
} from '../../platform/rotas-lista.js';
import * as aceites from './aceite.service.js';
import { cobertura, listarCobertura } from './cobertura.service.js';
import * as solicitacoes from './solicitacao.service.js';
import * as servico from './termo.service.js';

const acesso = ACESSO_TERMOS;
const origem = (req: FastifyRequest): aceites.Origem => ({ ip: req.ip, navegador: req.headers['user-agent'] ?? null });

/**
 * The public page's limits (docs/adr/0008): the token is 32 random bytes, so the limit guards
 * the server, not the tokens; reading and answering share one counter per address.
 */
const LIMITES_PUBLICO: RegraLimite[] = [{ nome: 'termo-ip', max: 30, janela: '1 minute', por: 'ip' }];

/**
 * `/termos` (spec §2, issue 22): terms and their versions, the requests sent to people, the public
 * page's calls (`/publico/:token`, no sign-in) and the consent ledger's check.
 */
export const termoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['termos'];
  const deps = app.deps;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: termoListQuery,
    pagina: termoPagina,
    listar: (ctx, q) => servico.listar(deps, ctx, q),
  });
  const rotas = rotasDe(app, { acesso, tags });
  const porTermo = { params: idCompartilhadoParams };
  rotas.get('/historico/:idCompartilhado', { ...porTermo, acao: 'R', resposta: historicoTermo }, (req) =>
    servico.historico(deps, req.ctx, req.params.idCompartilhado),
  );
  rotas.post('/rascunho/:idCompartilhado', { ...porTermo, acao: 'U', resposta: termo }, (req) =>
    servico.rascunho(deps, req.ctx, req.params.idCompartilhado),
  );
  rotas.post('/publicar/:idCompartilhado', { ...porTermo, acao: 'U', resposta: termo }, (req) =>
    servico.publicar(deps, req.ctx, req.params.idCompartilhado, (tx, v) =>
      solicitacoes.substituirAceites(deps, tx, req.ctx, v, origem(req)),
    ),
  );

  rotas.get('/cobertura/:idCompartilhado', { ...porTermo, acao: 'R', resposta: coberturaTermo }, (req) =>
    cobertura(deps, req.ctx, req.params.idCompartilhado),
  );

  // The ledger holds every organization's answers: only a whole-tree scope proves it.
  rotasDe(app, { acesso: ACESSO_CADEIA_CONSENTIMENTOS, tags }).get(
    '/verificar-cadeia',
    { acao: 'R', resposta: verificacaoCadeia },
    (req) => {
      if (!escopoSobRaiz(req.ctx, ACESSO_CADEIA_CONSENTIMENTOS)) throw new AppError('SEM_PERMISSAO_ORGANIZACAO');
      return aceites.verificarCadeia(deps.db);
    },
  );

  rotas.post(
    '/solicitacoes/:idCompartilhado/envio',
    { ...porTermo, acao: 'C', corpo: envioTermoInput, resposta: envioTermo },
    (req) => solicitacoes.enviar(deps, req.ctx, req.params.idCompartilhado, req.body),
  );
  rotas.get(
    '/solicitacoes/:idCompartilhado/envio',
    { ...porTermo, acao: 'R', resposta: envioTermo.nullable() },
    (req) => solicitacoes.ultimoEnvio(deps, req.ctx, req.params.idCompartilhado),
  );
  rotas.get(
    '/solicitacoes/:idCompartilhado/paginado',
    { ...porTermo, acao: 'L', consulta: solicitacaoTermoListQuery, resposta: solicitacaoTermoPagina },
    (req) => solicitacoes.listar(deps, req.ctx, req.params.idCompartilhado, req.query),
  );
  app.get(
    '/solicitacoes/:idCompartilhado/exportar',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        ...porTermo,
        querystring: solicitacaoTermoListQuery.and(z.object({ formato: z.enum(FORMATOS_ARQUIVO).default('xlsx') })),
      },
    },
    async (req, reply) => {
      const { formato, ...q } = req.query;
      const id = req.params.idCompartilhado;
      await servico.historico(deps, req.ctx, id);
      const exportado = await exportarPelaLista<solicitacoes.LinhaExportada>(
        deps,
        req.ctx,
        {
          acesso,
          planilha: 'termo-solicitacoes',
          colunas: [
            { campo: 'pessoaNome', rotulo: 'pessoaNome' },
            { campo: 'email', rotulo: 'email' },
            { campo: 'versao', rotulo: 'versao', tipo: 'numero' },
            {
              campo: 'situacaoSolicitacao',
              rotulo: 'situacaoSolicitacao',
              tipo: 'opcao',
              rotulos: 'campos:opcao.situacaoSolicitacao',
            },
            { campo: 'enviadoEm', rotulo: 'enviadoEm', tipo: 'dataHora' },
            { campo: 'respondidoEm', rotulo: 'respondidoEm', tipo: 'dataHora' },
            { campo: 'ip', rotulo: 'ip' },
            { campo: 'navegador', rotulo: 'navegador' },
          ],
          pagina: (pagina, quantidade) => solicitacoes.listar(deps, req.ctx, id, { ...q, pagina, quantidade }) as never,
        },
        formato,
        origemDoPedido(req),
      );
      return enviarExportacao(reply, formato, exportado);
    },
  );
  rotas.post(
    '/solicitacoes/:idCompartilhado/:id/reenviar',
    { acao: 'U', params: solicitacaoParams, resposta: solicitacaoTermo },
    (req) => solicitacoes.reenviar(deps, req.ctx, req.params.idCompartilhado, req.params.id),
  );

  app.get(
    '/publico/:token',
    {
      config: { publico: true, limites: LIMITES_PUBLICO },
      schema: { tags, params: tokenTermoParams, response: { 200: termoPublico } },
    },
    (req) => aceites.ler(deps, req.params.token),
  );
  app.post(
    '/publico/:token/resposta',
    {
      config: { publico: true, limites: LIMITES_PUBLICO },
      schema: { tags, params: tokenTermoParams, body: respostaTermoInput, response: { 200: respostaTermo } },
    },
    (req) => aceites.responder(deps, req.params.token, req.body, origem(req)),
  );
  app.get(
    '/publico/revogacao/:token',
    {
      config: { publico: true, limites: LIMITES_PUBLICO },
      schema: { tags, params: tokenTermoParams, response: { 200: revogacaoPublica } },
    },
    (req) => aceites.lerRevogacao(deps, req.params.token),
  );
  app.post(
    '/publico/revogacao/:token',
    {
      config: { publico: true, limites: LIMITES_PUBLICO },
      schema: { tags, params: tokenTermoParams, response: { 200: revogacaoPublica } },
    },
    (req) => aceites.revogar(deps, req.params.token, origem(req)),
  );

  // The sign-in gate (issue 22 item 5): the user's own required terms, open while they are pending.
  app.get(
    '/obrigatorios-pendentes',
    {
      config: { autenticado: true, permiteTermoPendente: true },
      schema: { tags, response: { 200: termosObrigatoriosPendentes } },
    },
    (req) => aceites.obrigatoriosPendentes(deps, req.ctx),
  );
  app.post(
    '/obrigatorios-pendentes/:solicitacaoId/aceite',
    {
      config: { autenticado: true, permiteTermoPendente: true },
      schema: { tags, params: solicitacaoIdParams, body: aceiteObrigatorioInput, response: { 200: respostaTermo } },
    },
    (req) => aceites.aceitarObrigatorio(deps, req.ctx, req.params.solicitacaoId, req.body.hashTexto, origem(req)),
  );

  rotasDeRegistro(app, {
    acesso,
    tags,
    item: termo,
    entrada: termoInput,
    obter: (ctx, id) => servico.obter(deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criar(deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluir(deps, ctx, id),
  });
};

/**
 * `/termo-cobertura` (issue 22 item 4): the coverage screen's list of a term (`idCompartilhado` in
 * the query) — a resource of its own, as the platform's list hook names one.
 */
export const termoCoberturaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['termos'];
  const deps = app.deps;
  app.get(
    '/paginado',
    {
      config: { acesso, acao: 'L' },
      schema: { tags, querystring: coberturaListQuery, response: { 200: coberturaPagina } },
    },
    (req) => listarCobertura(deps, req.ctx, req.query),
  );
  app.get(
    '/exportar',
    {
      config: { acesso, acao: 'L' },
      schema: {
        tags,
        querystring: coberturaListQuery.and(z.object({ formato: z.enum(FORMATOS_ARQUIVO).default('xlsx') })),
      },
    },
    async (req, reply) => {
      const { formato, ...q } = req.query;
      const contagem = <C extends Exclude<keyof LinhaCobertura, 'organizacaoId' | 'organizacaoNome'>>(campo: C) => ({
        campo,
        rotulo: campo,
        tipo: 'numero' as const,
      });
      const exportado = await exportarPelaLista<LinhaCobertura>(
        deps,
        req.ctx,
        {
          acesso,
          planilha: 'termo-cobertura',
          colunas: [
            { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
            ...(['aceitos', 'pendentes', 'desconsiderados', 'revogados', 'substituidos', 'total'] as const).map(
              contagem,
            ),
          ],
          pagina: (pagina, quantidade) => listarCobertura(deps, req.ctx, { ...q, pagina, quantidade }) as never,
        },
        formato,
        origemDoPedido(req),
      );
      return enviarExportacao(reply, formato, exportado);
    },
  );
};
