import {
  idParams,
  paged,
  questionarioDons,
  selectResposta,
  testeDonsInput,
  testeDonsListQuery,
  testeDonsResultado,
  testeDonsResumo,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './teste-dons.service.js';

const acesso = 'TesteDons' as const;

/**
 * Gifts tests (spec §2): list, result, take, delete. Taking a test needs only this screen's
 * permissions, so the active keys and their questionnaires are served here too (the answer-key
 * registry itself is another screen, which reveals the gift each question scores).
 */
export const testeDonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['teste-dons'];
  const deps = app.deps;

  rotasDeLista(app, {
    acesso,
    tags,
    consulta: testeDonsListQuery,
    pagina: paged(testeDonsResumo),
    listar: (ctx, q) => servico.listarPaginado(deps, ctx, q),
    exportar: {
      planilha: 'teste-dons',
      colunas: [
        { campo: 'pessoaNome', rotulo: 'pessoaNome' },
        { campo: 'gabaritoNome', rotulo: 'gabaritoId' },
        { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
        { campo: 'realizadoEm', rotulo: 'realizadoEm', tipo: 'dataHora' },
      ],
    },
  });

  const rotas = rotasDe(app, { acesso, tags });
  // The list filters by these too, so listing is enough to read them.
  rotas.get('/gabaritos', { acao: 'L', resposta: selectResposta }, () => servico.gabaritos(deps));
  rotas.get('/gabaritos/:id', { acao: 'C', params: idParams, resposta: questionarioDons }, (req) =>
    servico.questionario(deps, req.params.id),
  );

  rotasDeRegistro(app, {
    acesso,
    tags,
    item: testeDonsResultado,
    entrada: testeDonsInput,
    obter: (ctx, id) => servico.obter(deps, ctx, id),
    criar: (ctx, corpo) => servico.criar(deps, ctx, corpo),
    excluir: (ctx, id) => servico.excluir(deps, ctx, id),
  });
};
