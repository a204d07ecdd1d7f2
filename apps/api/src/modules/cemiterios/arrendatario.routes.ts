import {
  ACESSO_ARRENDATARIO,
  arrendatario,
  arrendatarioInput,
  arrendatarioListQuery,
  arrendatarioPagina,
  conservacaoAtrasoPagina,
  conservacaoAtrasoQuery,
  conservacaoInput,
  conversaoInput,
  encerramentoInput,
  herdeiro,
  idParams,
  parcelaConcessao,
  renovacaoInput,
  sucessaoInput,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './arrendatario.service.js';
import { conservacaoEmAtraso } from './relatorios.service.js';

const acesso = ACESSO_ARRENDATARIO;

/** `/arrendatario` (spec §2): the concessions of plots to people of the registry. */
export const arrendatarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['arrendatario'];
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: arrendatarioListQuery,
    pagina: arrendatarioPagina,
    listar: (ctx, q) => servico.listar(app.deps, ctx, q),
    exportar: {
      planilha: 'arrendatario',
      colunas: [
        { campo: 'pessoaNome', rotulo: 'pessoaNome' },
        { campo: 'cemiterioNome', rotulo: 'cemiterioNome' },
        { campo: 'jazigoRotulo', rotulo: 'jazigoId' },
        { campo: 'tipoConcessao', rotulo: 'tipoConcessao', tipo: 'opcao', rotulos: 'campos:opcao.tipoConcessao' },
        { campo: 'inicio', rotulo: 'inicio', tipo: 'data' },
        { campo: 'renovadoAte', rotulo: 'renovadoAte', tipo: 'data' },
        {
          campo: 'estadoConcessao',
          rotulo: 'estadoConcessao',
          tipo: 'opcao',
          rotulos: 'cemiterios:estados',
        },
        { campo: 'valor', rotulo: 'valor', tipo: 'dinheiro' },
        { campo: 'parcelas', rotulo: 'parcelas', tipo: 'numero' },
        { campo: 'isento', rotulo: 'isento', tipo: 'simNao' },
      ],
    },
  });
  app.post(
    '/:id/renovar',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: renovacaoInput, response: { 200: arrendatario } },
    },
    (req) => servico.renovar(app.deps, req.ctx, req.params.id, req.body),
  );
  app.post(
    '/:id/converter-perpetua',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: conversaoInput, response: { 200: arrendatario } },
    },
    (req) => servico.converterPerpetua(app.deps, req.ctx, req.params.id, req.body),
  );
  app.post(
    '/:id/encerrar',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: encerramentoInput, response: { 200: arrendatario } },
    },
    (req) => servico.encerrar(app.deps, req.ctx, req.params.id, req.body),
  );
  app.post(
    '/:id/conservacao',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: conservacaoInput, response: { 200: z.array(parcelaConcessao) } },
    },
    (req) => servico.lancarConservacao(app.deps, req.ctx, req.params.id, req.body),
  );
  app.get(
    '/:id/herdeiros',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, params: idParams, response: { 200: z.array(herdeiro) } },
    },
    (req) => servico.herdeiros(app.deps, req.ctx, req.params.id),
  );
  app.post(
    '/:id/suceder',
    {
      config: { acesso, acao: 'U' },
      schema: { tags, params: idParams, body: sucessaoInput, response: { 200: arrendatario } },
    },
    (req) => servico.suceder(app.deps, req.ctx, req.params.id, req.body),
  );
  app.get(
    '/:id/parcelas',
    {
      config: { acesso, acao: 'R' },
      schema: { tags, params: idParams, response: { 200: z.array(parcelaConcessao) } },
    },
    (req) => servico.parcelas(app.deps, req.ctx, req.params.id),
  );
  app.get(
    '/:id/historico',
    {
      config: { acesso, acao: 'R' },
      schema: {
        tags,
        params: idParams,
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              operacao: z.string(),
              campo: z.string().nullable(),
              valorAnterior: z.unknown(),
              valorNovo: z.unknown(),
              usuarioNome: z.string().nullable(),
              criadoEm: z.string(),
            }),
          ),
        },
      },
    },
    (req) => servico.historico(app.deps, req.ctx, req.params.id),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: arrendatario,
    entrada: arrendatarioInput,
    obter: (ctx, id) => servico.obter(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criar(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(app.deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluir(app.deps, ctx, id),
  });
};

/** `/conservacao-em-atraso` (issue 20): the concessions whose upkeep fees are in arrears, with totals and export. */
export const conservacaoAtrasoRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDeLista(app, {
    acesso,
    tags: ['arrendatario'],
    consulta: conservacaoAtrasoQuery,
    pagina: conservacaoAtrasoPagina,
    listar: (ctx, q) => conservacaoEmAtraso(app.deps, ctx, q),
    exportar: {
      planilha: 'conservacao-em-atraso',
      colunas: [
        { campo: 'pessoaNome', rotulo: 'pessoaNome' },
        { campo: 'cemiterioNome', rotulo: 'cemiterioNome' },
        { campo: 'jazigoRotulo', rotulo: 'jazigoId' },
        { campo: 'parcelasEmAtraso', rotulo: 'parcelasEmAtraso', tipo: 'numero' },
        { campo: 'valorEmAtraso', rotulo: 'valorEmAtraso', tipo: 'dinheiro' },
        { campo: 'vencimentoMaisAntigo', rotulo: 'vencimentoMaisAntigo', tipo: 'data' },
      ],
    },
  });
};
