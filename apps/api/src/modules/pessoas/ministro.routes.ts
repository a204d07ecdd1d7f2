import {
  alertasMinistroPagina,
  alertasMinistroQuery,
  carreiraMinistro,
  DEFINICAO_MINISTRO,
  ministroInput,
  ministroQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { esquemaItem } from '../../platform/crud.js';
import { acoesDoRegistro, rotasDe, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as carreira from './carreira.service.js';
import * as servico from './ministro.service.js';

const acesso = 'PessoaMinistro' as const;
const ministroSaida = esquemaItem(DEFINICAO_MINISTRO).extend({
  pessoaNome: z.string(),
  organizacaoNome: z.string(),
});

/** `/pessoa-ministro`: a person's minister data with exams and activity terms. */
export const ministroRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pessoa'];
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get('/', { acao: 'R', consulta: ministroQuery, resposta: ministroSaida.nullable() }, (req) =>
    servico.daPessoa(app.deps, req.ctx, req.query.pessoaId),
  );
  // Issue 21: what needs attention in the careers of the ministers in scope (the screen has no list action).
  rotas.get('/alertas', { acao: 'R', consulta: alertasMinistroQuery, resposta: alertasMinistroPagina }, (req) =>
    carreira.alertas(app.deps, req.ctx, req.query),
  );
  acoesDoRegistro(app, { acesso, tags }).ler('/:id/carreira', carreiraMinistro, (ctx, id) =>
    carreira.carreira(app.deps, ctx, id),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: ministroSaida,
    entrada: ministroInput,
    obter: (ctx, id) => servico.obter(app.deps, ctx, id),
    criar: (ctx, corpo) => servico.criar(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(app.deps, ctx, id, corpo),
  });
};
