import { emailSaida, emailSaidaDetalhe, emailSaidaListQuery, idParams, paged } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDeLista } from '../../platform/rotas-lista.js';
import * as servico from './caixa-de-saida.service.js';

const tags = ['sistema'];

/** `/caixa-de-saida`: the mail outbox, with each message's state and error; a failed one sent again. */
export const caixaDeSaidaRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = servico.ACESSO_CAIXA_SAIDA;
  const porId = { tags, params: idParams, response: { 200: emailSaidaDetalhe } };
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: emailSaidaListQuery,
    pagina: paged(emailSaida),
    listar: (ctx, q) => servico.listarEmails(app.deps, ctx, q),
    exportar: {
      planilha: 'caixa-de-saida',
      colunas: [
        { campo: 'para', rotulo: 'para' },
        { campo: 'assunto', rotulo: 'assunto' },
        { campo: 'situacao', rotulo: 'situacao', tipo: 'opcao', rotulos: 'sistema:caixaSaida.situacoes' },
        { campo: 'tentativas', rotulo: 'tentativas', tipo: 'numero' },
        { campo: 'erro', rotulo: 'erro' },
        { campo: 'criadoEm', rotulo: 'criadoEm', tipo: 'dataHora' },
        { campo: 'enviadoEm', rotulo: 'enviadoEm', tipo: 'dataHora' },
      ],
    },
  });
  app.get('/:id', { config: { acesso, acao: 'R' }, schema: porId }, (req) =>
    servico.obterEmail(app.deps, req.ctx, req.params.id),
  );
  app.post('/:id/reenviar', { config: { acesso, acao: 'U' }, schema: porId }, (req) =>
    servico.reenviarEmail(app.deps, req.ctx, req.params.id),
  );
};
