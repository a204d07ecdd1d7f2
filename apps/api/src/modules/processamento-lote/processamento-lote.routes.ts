import {
  desfazerItensInput,
  idParams,
  itemLote,
  itensLoteQuery,
  paged,
  processamentoLote,
  processamentoLoteListQuery,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acoesDoRegistro, rotasDe, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as lotes from './processamento-lote.service.js';

const tags = ['processamento-lote'];

/** `/processamento-lote` (spec §2 /processamentos-em-lote, §4): batches, their items and actions. */
export const processamentoLoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = lotes.ACESSO_LOTE;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: processamentoLoteListQuery,
    pagina: paged(processamentoLote),
    listar: (ctx, q) => lotes.listarLotes(app.deps, ctx, q),
    exportar: {
      planilha: 'processamento-lote',
      colunas: [
        { campo: 'id', rotulo: 'id' },
        { campo: 'tipo', rotulo: 'tipo', tipo: 'opcao', rotulos: 'lotes:tipo' },
        { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
        { campo: 'criadoPorNome', rotulo: 'usuarioNome' },
        { campo: 'status', rotulo: 'status', tipo: 'opcao', rotulos: 'lotes:status' },
        { campo: 'total', rotulo: 'total', tipo: 'numero' },
        { campo: 'criadoEm', rotulo: 'criadoEm', tipo: 'dataHora' },
      ],
    },
  });
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: processamentoLote,
    obter: (ctx, id) => lotes.obterLote(app.deps.db, ctx, id),
  });
  rotasDe(app, { acesso, tags }).get(
    '/:id/itens',
    { acao: 'R', params: idParams, consulta: itensLoteQuery, resposta: paged(itemLote) },
    (req) => lotes.listarItens(app.deps, req.ctx, req.params.id, req.query),
  );
  const registro = acoesDoRegistro(app, { acesso, tags });
  registro.executar('/:id/cancelar', 'U', null, processamentoLote, (ctx, id) => lotes.cancelarLote(app.deps, ctx, id));
  registro.executar('/:id/reprocessar-erros', 'U', null, processamentoLote, (ctx, id) =>
    lotes.reprocessarErros(app.deps, ctx, id),
  );
  registro.executar('/:id/desfazer', 'D', desfazerItensInput, processamentoLote, (ctx, id, corpo) =>
    lotes.desfazerItens(app.deps, ctx, id, corpo),
  );
};
