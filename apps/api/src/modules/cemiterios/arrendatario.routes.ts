import {
  ACESSO_ARRENDATARIO,
  arrendatario,
  arrendatarioInput,
  arrendatarioListQuery,
  arrendatarioPagina,
  conservacaoAtrasoPagina,
  conservacaoAtrasoQuery,
  conservacaoInput,
  conversaoInput,
  encerramentoInput,
  herdeiro,
  parcelaConcessao,
  renovacaoInput,
  sucessaoInput,
} from '@sig/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acoesDoRegistro, historicoDoRegistro, rotasDeLista, rotasDeRegistro } from '../../platform/rotas-lista.js';
import * as servico from './arrendatario.service.js';
import { conservacaoEmAtraso } from './relatorios.service.js';

const acesso = ACESSO_ARRENDATARIO;

/** `/arrendatario` (spec §2): the concessions of plots to people of the registry. */
export const arrendatarioRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['arrendatario'];
  rotasDeLista(app, {
    acesso,
    tags,
    consulta: arrendatarioListQuery,
    pagina: arrendatarioPagina,
    listar: (ctx, q) => servico.listar(app.deps, ctx, q),
    exportar: {
      planilha: 'arrendatario',
      colunas: [
        { campo: 'pessoaNome', rotulo: 'pessoaNome' },
        { campo: 'cemiterioNome', rotulo: 'cemiterioNome' },
        { campo: 'jazigoRotulo', rotulo: 'jazigoId' },
        { campo: 'tipoConcessao', rotulo: 'tipoConcessao', tipo: 'opcao', rotulos: 'campos:opcao.tipoConcessao' },
        { campo: 'inicio', rotulo: 'inicio', tipo: 'data' },
        { campo: 'renovadoAte', rotulo: 'renovadoAte', tipo: 'data' },
        {
          campo: 'estadoConcessao',
          rotulo: 'estadoConcessao',
          tipo: 'opcao',
          rotulos: 'cemiterios:estados',
        },
        { campo: 'valor', rotulo: 'valor', tipo: 'dinheiro' },
        { campo: 'parcelas', rotulo: 'parcelas', tipo: 'numero' },
        { campo: 'isento', rotulo: 'isento', tipo: 'simNao' },
      ],
    },
  });
  const registro = acoesDoRegistro(app, { acesso, tags });
  registro.executar('/:id/renovar', 'U', renovacaoInput, arrendatario, (ctx, id, corpo) =>
    servico.renovar(app.deps, ctx, id, corpo),
  );
  registro.executar('/:id/converter-perpetua', 'U', conversaoInput, arrendatario, (ctx, id, corpo) =>
    servico.converterPerpetua(app.deps, ctx, id, corpo),
  );
  registro.executar('/:id/encerrar', 'U', encerramentoInput, arrendatario, (ctx, id, corpo) =>
    servico.encerrar(app.deps, ctx, id, corpo),
  );
  registro.executar('/:id/conservacao', 'U', conservacaoInput, z.array(parcelaConcessao), (ctx, id, corpo) =>
    servico.lancarConservacao(app.deps, ctx, id, corpo),
  );
  registro.ler('/:id/herdeiros', z.array(herdeiro), (ctx, id) => servico.herdeiros(app.deps, ctx, id));
  registro.executar('/:id/suceder', 'U', sucessaoInput, arrendatario, (ctx, id, corpo) =>
    servico.suceder(app.deps, ctx, id, corpo),
  );
  registro.ler('/:id/parcelas', z.array(parcelaConcessao), (ctx, id) => servico.parcelas(app.deps, ctx, id));
  registro.ler('/:id/historico', historicoDoRegistro, (ctx, id) => servico.historico(app.deps, ctx, id));
  rotasDeRegistro(app, {
    acesso,
    tags,
    item: arrendatario,
    entrada: arrendatarioInput,
    obter: (ctx, id) => servico.obter(app.deps.db, ctx, id),
    criar: (ctx, corpo) => servico.criar(app.deps, ctx, corpo),
    atualizar: (ctx, id, corpo) => servico.atualizar(app.deps, ctx, id, corpo),
    excluir: (ctx, id) => servico.excluir(app.deps, ctx, id),
  });
};

/** `/conservacao-em-atraso` (issue 20): the concessions whose upkeep fees are in arrears, with totals and export. */
export const conservacaoAtrasoRoutes: FastifyPluginAsyncZod = async (app) => {
  rotasDeLista(app, {
    acesso,
    tags: ['arrendatario'],
    consulta: conservacaoAtrasoQuery,
    pagina: conservacaoAtrasoPagina,
    listar: (ctx, q) => conservacaoEmAtraso(app.deps, ctx, q),
    exportar: {
      planilha: 'conservacao-em-atraso',
      colunas: [
        { campo: 'pessoaNome', rotulo: 'pessoaNome' },
        { campo: 'cemiterioNome', rotulo: 'cemiterioNome' },
        { campo: 'jazigoRotulo', rotulo: 'jazigoId' },
        { campo: 'parcelasEmAtraso', rotulo: 'parcelasEmAtraso', tipo: 'numero' },
        { campo: 'valorEmAtraso', rotulo: 'valorEmAtraso', tipo: 'dinheiro' },
        { campo: 'vencimentoMaisAntigo', rotulo: 'vencimentoMaisAntigo', tipo: 'data' },
      ],
    },
  });
};
