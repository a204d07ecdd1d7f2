import {
  ACESSO_FALECIDO,
  buscaSepultadosQuery,
  exumacaoInput,
  falecido,
  falecidoInput,
  falecidoListQuery,
  falecidoPagina,
  sepultadosPublicos,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RegraLimite } from '../../platform/limites.js';
import { acoesDoRegistro, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './falecido.service.js';

const acesso = ACESSO_FALECIDO;
/** The public search is open to anyone: a person looks up a few names, not the whole cemetery. */
const LIMITES_PUBLICO: RegraLimite[] = [{ nome: 'sepultados-ip', max: 30, janela: '1 minute', por: 'ip' }];

/** `/falecido` (spec §2): the deceased buried in the plots. */
export const falecidoRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['falecido'];
  app.get(
    '/publico',
    {
      config: { publico: true, limites: LIMITES_PUBLICO },
      schema: { tags, querystring: buscaSepultadosQuery, response: { 200: sepultadosPublicos } },
    },
    (req) => servico.buscarPublico(app.deps, req.query.nome),
  );
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: falecidoListQuery,
    pagina: falecidoPagina,
    listar: (ctx, q) => servico.listar(app.deps, ctx, q),
    exportar: {
      planilha: 'falecido',
      colunas: [
        { campo: 'nome', rotulo: 'nome' },
        { campo: 'dataNascimento', rotulo: 'dataNascimento', tipo: 'data' },
        { campo: 'dataFalecimento', rotulo: 'dataFalecimento', tipo: 'data' },
        { campo: 'dataSepultamento', rotulo: 'dataSepultamento', tipo: 'data' },
        { campo: 'cemiterioNome', rotulo: 'cemiterioNome' },
        { campo: 'jazigoRotulo', rotulo: 'jazigoId' },
        { campo: 'gaveta', rotulo: 'gaveta' },
      ],
    },
  });
  acoesDoRegistro(app, { acesso, tags }).executar('/:id/exumacao', 'U', exumacaoInput, falecido, (ctx, id, corpo) =>
    servico.exumar(app.deps, ctx, id, corpo),
  );
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: falecido,
    entrada: falecidoInput,
    obter: (ctx, id) => servico.obter(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criar(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(app.deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluir(app.deps, ctx, id),
  });
};
