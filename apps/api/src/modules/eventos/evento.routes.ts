import {
  ACESSO_EVENTO,
  ACESSO_EVENTO_COM_INSCRICAO,
  type EventoListQuery,
  evento,
  eventoComInscricao,
  eventoComInscricaoInput,
  eventoInput,
  eventoListQuery,
  eventoPagina,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './evento.service.js';

const colunas = [
  { campo: 'codigo', rotulo: 'codigo' },
  { campo: 'nome', rotulo: 'nome' },
  { campo: 'organizacaoNome', rotulo: 'organizacaoNome' },
  { campo: 'local', rotulo: 'local' },
] as const;

/** What both event lists declare alike; the service tells the two kinds apart by the screen's access. */
const listaDeEventos = (
  app: { deps: Deps },
  acesso: typeof ACESSO_EVENTO | typeof ACESSO_EVENTO_COM_INSCRICAO,
  tags: string[],
) => ({
  acesso,
  tags,
  consulta: eventoListQuery,
  pagina: eventoPagina,
  listar: (ctx: Contexto, q: EventoListQuery) => servico.listar(app.deps, ctx, acesso, q),
});

/** `/evento` (spec §2): events without registration, calendar entries. */
export const eventoRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_EVENTO;
  const tags = ['evento'];
  rotasDeLista(app, {
    ...listaDeEventos(app, acesso, tags),
    exportar: { planilha: 'evento', colunas },
  });
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: evento,
    entrada: eventoInput,
    obter: (ctx, id) => servico.obterEvento(app.deps.db, ctx, acesso, id),
    criar: (ctx, corpo) => servico.criarEvento(app.deps, ctx, acesso, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizarEvento(app.deps, ctx, acesso, id, corpo),
    excluir: (ctx, id) => servico.excluirEvento(app.deps, ctx, acesso, id),
  });
};

/** `/evento-com-inscricao` (spec §2, §6 EventoComInscricao): events with lots, workshops and a form. */
export const eventoComInscricaoRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = ACESSO_EVENTO_COM_INSCRICAO;
  const tags = ['evento-com-inscricao'];
  rotasDeLista(app, {
    ...listaDeEventos(app, acesso, tags),
    exportar: { planilha: 'eventoComInscricao', colunas },
    select: {
      consulta: z.object({ busca: z.string().trim().max(150).optional() }),
      opcoesDe: 'evento',
      opcoes: (ctx, q) => servico.selecionar(app.deps, ctx, acesso, q.busca),
    },
  });
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: eventoComInscricao,
    entrada: eventoComInscricaoInput,
    obter: (ctx, id) => servico.obterComInscricao(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criarComInscricao(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizarComInscricao(app.deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluirEvento(app.deps, ctx, acesso, id),
  });
};
