import {
  culto,
  cultoInput,
  cultoListQuery,
  cultoPagina,
  idParams,
  indicadorCultos,
  indicadorQuery,
  planoDoCulto,
  planoDoCultoQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './culto.service.js';
import * as servicoIndicador from './indicador-cultos.service.js';

const acesso = 'Culto' as const;

/** `/culto` (spec §2): worship services, the offering plan of a date, the export. */
export const cultoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['culto'];
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: cultoListQuery,
    pagina: cultoPagina,
    listar: (ctx, q) => servico.listar(app.deps, ctx, q),
    exportar: (ctx, { pagina: _p, quantidade: _q, ordem: _o, ...filtros }, formato, origem) =>
      servico.exportar(app.deps, ctx, filtros, formato, origem),
  });
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get('/plano-de-ofertas', { acao: 'R', consulta: planoDoCultoQuery, resposta: planoDoCulto }, (req) =>
    servico.planoDoCulto(app.deps, req.ctx, req.query),
  );
  rotas.get('/oferta/:id', { acao: 'R', params: idParams, resposta: culto }, (req) =>
    servico.cultoDaOferta(app.deps, req.ctx, req.params.id),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: culto,
    entrada: cultoInput,
    obter: (ctx, id) => servico.obter(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criar(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(app.deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluir(app.deps, ctx, id),
  });
};

/** Spec §2 /indicadores/cultos. */
export const indicadorCultosRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDe(app, { acesso: 'IndicadoresCultos', tags: ['culto'] }).get(
    '/',
    { acao: 'L', consulta: indicadorQuery, resposta: indicadorCultos },
    (req) => servicoIndicador.indicador(app.deps, req.ctx, req.query),
  );
};
