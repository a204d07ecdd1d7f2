import {
  cobranca,
  cobrancaCancelamentoQuery,
  cobrancaInput,
  cobrancaListQuery,
  cobrancaResumo,
  idParams,
  linhaDigitavel,
  paged,
  qrCodePix,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acoesDoRegistro, rotasDe, rotasDeLista } from '../../platform/rotas-lista.js';
import * as cobrancas from './cobranca.service.js';
import * as lista from './cobranca-lista.service.js';

const tags = ['cobrancas'];

/** `/cobranca` (spec §2): charges of receivables at the payment provider. */
export const cobrancaRoutes: FastifyPluginAsyncZod = async (app) => {
  const acesso = cobrancas.ACESSO_COBRANCA;
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: cobrancaListQuery,
    pagina: paged(cobrancaResumo),
    listar: (ctx, q) => lista.listarCobrancas(app.deps, ctx, q),
    exportar: (ctx, { pagina: _p, quantidade: _q, ordem: _o, ordenarPor: _ob, ...filtros }, formato, origem) =>
      lista.exportarCobrancas(app.deps, ctx, filtros, formato, origem),
  });
  const rotas = rotasDe(app, { acesso, tags });
  rotas.get(
    '/',
    { acao: 'L', consulta: z.object({ contaAReceberId: idParams.shape.id }), resposta: z.array(cobranca) },
    (req) => cobrancas.listarCobrancasDaConta(app.deps.db, req.ctx, req.query.contaAReceberId),
  );
  rotas.get('/:id', { acao: 'R', params: idParams, resposta: cobranca }, (req) =>
    cobrancas.obterCobranca(app.deps.db, req.ctx, req.params.id),
  );
  rotas.post('/', { acao: 'C', corpo: cobrancaInput, resposta: z.array(cobranca), status: 201 }, (req) =>
    cobrancas.criarCobranca(app.deps, req.ctx, req.body),
  );
  rotas.delete(
    '/:id',
    { acao: 'D', params: idParams, consulta: cobrancaCancelamentoQuery, resposta: cobranca },
    (req) => cobrancas.cancelarCobranca(app.deps, req.ctx, req.params.id, req.query.cancelarConta === 'true'),
  );
  const registro = acoesDoRegistro(app, { acesso, tags });
  registro.executar('/:id/sincronizar', 'U', null, cobranca, (ctx, id) => cobrancas.sincronizar(app.deps, ctx, id));
  registro.ler('/:id/linha-digitavel', linhaDigitavel, (ctx, id) => cobrancas.linhaDigitavel(app.deps, ctx, id));
  registro.ler('/:id/pix', qrCodePix, (ctx, id) => cobrancas.qrCodePix(app.deps, ctx, id));
};
