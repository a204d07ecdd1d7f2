import { emailSaida, emailSaidaDetalhe, emailSaidaListQuery, paged } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acoesDoRegistro, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './caixa-de-saida.service.js';

const tags = ['sistema'];

/** `/caixa-de-saida`: the mail outbox, with each message's state and error; a failed one sent again. */
export const caixaDeSaidaRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = servico.ACESSO_CAIXA_SAIDA;
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
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: emailSaidaDetalhe,
    obter: (ctx, id) => servico.obterEmail(app.deps, ctx, id),
  });
  acoesDoRegistro(app, { acesso, tags }).executar('/:id/reenviar', 'U', null, emailSaidaDetalhe, (ctx, id) =>
    servico.reenviarEmail(app.deps, ctx, id),
  );
};
