import { cliente, clienteInput, clienteListQuery, paged } from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
import * as clientes from './clientes.service.js';

const tags = ['cobrancas'];

/** `/clientes` (spec §2): people as customers at the payment provider. */
export const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = clientes.ACESSO_CLIENTES;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: clienteListQuery,
    pagina: paged(cliente),
    listar: (ctx, q) => clientes.listarClientes(app.deps, ctx, q),
    exportar: {
      planilha: 'clientes',
      colunas: [
        { campo: 'pessoaNome', rotulo: 'nome' },
        { campo: 'cpf', rotulo: 'cpf' },
        { campo: 'contaOrganizacaoNome', rotulo: 'organizacaoNome' },
        { campo: 'provedorClienteId', rotulo: 'provedorId' },
        { campo: 'atualizadoEm', rotulo: 'atualizadoEm', tipo: 'dataHora' },
      ],
    },
  });
  rotasDe(app, { acesso, tags }).post('/', { acao: 'C', corpo: clienteInput, resposta: cliente, status: 201 }, (req) =>
    clientes.sincronizar(app.deps, req.ctx, req.body),
  );
};
