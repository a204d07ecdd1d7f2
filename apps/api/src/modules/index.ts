import { FILAS_ATENDIMENTO, FILAS_TAREFA, type FilaAtendimento } from '@sig/contracts';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Deps } from '../platform/contexto.js';
import { TAREFAS_CORREIO } from '../platform/correio.js';
import { hubRoutes } from '../platform/hub.js';
import { registrarRegrasReferencia } from '../platform/referencias.js';
import { analiticaRoutes } from './analitica/analitica.routes.js';
import {
  clientesLoteRoutes,
  clientesRoutes,
  faturaDemoRoutes,
  subcontaRoutes,
  TAREFA_APLICAR_EVENTO,
  TAREFA_CONCILIAR,
  TIPO_CLIENTES_ASAAS,
  webhookAsaasRoutes,
} from './asaas/index.js';
import {
  atendimentoRoutes,
  indicadorAtendimentosRoutes,
  REGRAS_ATENDIMENTO,
  timeAtendimentosRoutes,
} from './atendimentos/index.js';
import { auditoriaRoutes } from './auditoria/auditoria.routes.js';
import { autenticacaoRoutes } from './autenticacao/autenticacao.routes.js';
import { contaRoutes } from './autenticacao/conta.routes.js';
import { avisoRoutes } from './avisos/aviso.routes.js';
import { cadastrosRoutes } from './cadastros/cadastros.routes.js';
import { carnesRoutes, TIPO_CARNES } from './carnes/index.js';
import {
  arrendatarioRoutes,
  cemiterioRoutes,
  conservacaoAtrasoRoutes,
  falecidoRoutes,
  jazigoRoutes,
  REGRA_CEMITERIO,
  REGRA_JAZIGO,
  TAREFA_AVISAR_VENCIMENTOS,
} from './cemiterios/index.js';
import { cobrancaRoutes, cobrancasLoteRoutes, TIPO_COBRANCAS } from './cobrancas/index.js';
import { cultoRoutes, indicadorCultosRoutes } from './cultos/culto.routes.js';
import { testeDonsRoutes } from './dons/teste-dons.routes.js';
import { cepRoutes } from './enderecos/cep.routes.js';
import { etiquetasRoutes } from './etiquetas/etiquetas.routes.js';
import {
  eventoComInscricaoRoutes,
  eventoPublicoRoutes,
  eventoRoutes,
  indicadorInscricoesRoutes,
  inscricaoEquipeRoutes,
  inscricaoRoutes,
  inscricoesEmailRoutes,
  REGRA_EVENTO,
  relatorioInscricoesRoutes,
  TAREFA_COBRAR_INSCRICAO,
  TAREFA_PROCESSAR_INSCRICOES,
  TIPO_EMAIL_INSCRICOES,
} from './eventos/index.js';
import { filtroSalvoRoutes } from './filtros-salvos/filtro-salvo.routes.js';
import { lancamentoCaixaRoutes } from './financeiro/lancamento-caixa.routes.js';
import {
  exportacaoContabilRoutes,
  indicadorFinanceirosRoutes,
  relatorioFinanceiroRoutes,
  relatorioGerencialRoutes,
} from './financeiro/livros.routes.js';
import { periodoContabilRoutes } from './financeiro/periodo-contabil.routes.js';
import { inicioRoutes } from './inicio/index.js';
import { integracaoRoutes } from './integracao/integracao.routes.js';
import { migracaoRoutes, TIPO_MIGRACAO, TIPO_MIGRACAO_ANALISE } from './migracao/index.js';
import {
  indicadorMinisteriosRoutes,
  ministerioRoutes,
  REGRA_TIPO_GRUPO,
  tipoGrupoRoutes,
} from './ministerios/index.js';
import { oficioEmitidoRoutes, oficioRoutes, REGRA_TEMPLATE_OFICIO, TIPO_OFICIOS } from './oficios/index.js';
import { organizacaoRoutes } from './organizacoes/organizacao.routes.js';
import { pendenciasRoutes } from './pendencias/index.js';
import { perfilRoutes } from './perfis/perfil.routes.js';
import { dadosPessoaisRoutes } from './pessoas/dados-pessoais.routes.js';
import { TAREFA_AVISAR_FIM_MANDATO } from './pessoas/fim-mandato.job.js';
import { indicadorCadastrosRoutes } from './pessoas/indicador-cadastros.routes.js';
import { ministroRoutes } from './pessoas/ministro.routes.js';
import { movimentoRoutes } from './pessoas/movimento.routes.js';
import { pessoaRoutes } from './pessoas/pessoa.routes.js';
import { registrarTiposLote, TrabalhadorLote } from './processamento-lote/index.js';
import { processamentoLoteRoutes } from './processamento-lote/processamento-lote.routes.js';
import {
  contaAReceberRoutes,
  contasAReceberLoteRoutes,
  inadimplenciaRoutes,
  REGRA_CONTA_A_RECEBER,
  relatorioContasReceberRoutes,
  TAREFA_MARCAR_VENCIDAS,
  TIPO_CONTAS_A_RECEBER,
} from './receber/index.js';
import { pagamentoRoutes, reciboRoutes } from './recibos/index.js';
import { relatorioPessoasRoutes } from './relatorios/relatorio-pessoas.routes.js';
import { caixaDeSaidaRoutes } from './sistema/caixa-de-saida.routes.js';
import { tarefaCopia } from './sistema/copia.job.js';
import { saudeRoutes } from './sistema/saude.routes.js';
import { tarefasRoutes } from './sistema/tarefas.routes.js';
import { TAREFA_ENVIAR_TERMO, termoCoberturaRoutes, termoRoutes } from './termos/index.js';
import { usuarioRoutes } from './usuarios/usuario.routes.js';

/**
 * Every module's background work on the app's job layer: the jobs each declares and the
 * bulk-batch worker with the bulk kinds each defines. Answers the worker (tests drive it).
 */
export function registrarTarefas(deps: Deps, log: FastifyBaseLogger): TrabalhadorLote {
  registrarTiposLote({
    CLIENTES_ASAAS: TIPO_CLIENTES_ASAAS,
    CARNES: TIPO_CARNES,
    CONTAS_A_RECEBER: TIPO_CONTAS_A_RECEBER,
    COBRANCAS: TIPO_COBRANCAS,
    MIGRACAO: TIPO_MIGRACAO,
    MIGRACAO_ANALISE: TIPO_MIGRACAO_ANALISE,
    OFICIOS: TIPO_OFICIOS,
    EMAIL_INSCRICOES: TIPO_EMAIL_INSCRICOES,
  });
  deps.tarefas.declarar(
    TAREFA_APLICAR_EVENTO,
    TAREFA_CONCILIAR,
    TAREFA_MARCAR_VENCIDAS,
    TAREFA_AVISAR_VENCIMENTOS,
    ...TAREFAS_CORREIO,
    tarefaCopia(deps.banco, deps.config),
    TAREFA_ENVIAR_TERMO,
    TAREFA_PROCESSAR_INSCRICOES,
    TAREFA_COBRAR_INSCRICAO,
    TAREFA_AVISAR_FIM_MANDATO,
  );
  // The administrator's screen filters and names the queues from the contracts' list.
  const declaradas = deps.tarefas.filas().sort().join();
  if (declaradas !== [...FILAS_TAREFA].sort().join())
    throw new Error(`job queues declared (${declaradas}) differ from FILAS_TAREFA in the contracts`);
  const lotes = new TrabalhadorLote(deps, log);
  deps.tarefas.registrarTrabalhador('processamento-lote', lotes);
  return lotes;
}

/**
 * Every module's routes, under /api, and the reference kinds modules own (the registries give theirs
 * as the engine registers them).
 */
export const registrarModulos: FastifyPluginAsync = async (app) => {
  registrarRegrasReferencia({
    'conta-a-receber': REGRA_CONTA_A_RECEBER,
    ...REGRAS_ATENDIMENTO,
    cemiterio: REGRA_CEMITERIO,
    jazigo: REGRA_JAZIGO,
    'tipo-grupo': REGRA_TIPO_GRUPO,
    'template-oficio': REGRA_TEMPLATE_OFICIO,
    evento: REGRA_EVENTO,
  });
  await app.register(saudeRoutes);
  await app.register(autenticacaoRoutes, { prefix: '/Autenticacao' });
  await app.register(contaRoutes, { prefix: '/conta' });
  await app.register(perfilRoutes, { prefix: '/perfil' });
  await app.register(organizacaoRoutes, { prefix: '/organizacao' });
  await app.register(pessoaRoutes, { prefix: '/pessoa' });
  await app.register(dadosPessoaisRoutes, { prefix: '/pessoa' });
  await app.register(integracaoRoutes, { prefix: '/pessoa-integracao-desligamento' });
  await app.register(movimentoRoutes, { prefix: '/pessoa-integracao-desligamento' });
  await app.register(ministroRoutes, { prefix: '/pessoa-ministro' });
  await app.register(etiquetasRoutes, { prefix: '/emissao-etiquetas' });
  await app.register(carnesRoutes, { prefix: '/emissao-carnes' });
  await app.register(relatorioPessoasRoutes, { prefix: '/relatorios' });
  await app.register(auditoriaRoutes, { prefix: '/auditoria-acesso' });
  await app.register(cadastrosRoutes);
  await app.register(cepRoutes, { prefix: '/cep' });
  await app.register(avisoRoutes, { prefix: '/mural-de-avisos' });
  await app.register(inicioRoutes, { prefix: '/inicio' });
  await app.register(usuarioRoutes, { prefix: '/usuarios' });
  await app.register(filtroSalvoRoutes, { prefix: '/filtro-salvo' });
  await app.register(analiticaRoutes, { prefix: '/analitica' });
  await app.register(testeDonsRoutes, { prefix: '/teste-dons' });
  await app.register(periodoContabilRoutes, { prefix: '/periodo-contabil' });
  await app.register(lancamentoCaixaRoutes, { prefix: '/lancamento-caixa' });
  await app.register(exportacaoContabilRoutes, { prefix: '/lancamento-caixa/exportar' });
  await app.register(relatorioFinanceiroRoutes, { prefix: '/relatorio-financeiro' });
  await app.register(relatorioGerencialRoutes, { prefix: '/relatorio-gerencial' });
  await app.register(indicadorFinanceirosRoutes, { prefix: '/indicadores/financeiros' });
  await app.register(contaAReceberRoutes, { prefix: '/conta-a-receber' });
  await app.register(cobrancaRoutes, { prefix: '/cobranca' });
  await app.register(webhookAsaasRoutes, { prefix: '/webhooks' });
  await app.register(faturaDemoRoutes, { prefix: '/provedor-demo' });
  await app.register(pagamentoRoutes, { prefix: '/pagamento' });
  await app.register(reciboRoutes, { prefix: '/recibo' });
  await app.register(relatorioContasReceberRoutes, { prefix: '/relatorio-contas-receber' });
  await app.register(inadimplenciaRoutes, { prefix: '/relatorio-inadimplencia' });
  await app.register(processamentoLoteRoutes, { prefix: '/processamento-lote' });
  await app.register(clientesLoteRoutes, { prefix: '/clientes-asaas-lote' });
  await app.register(clientesRoutes, { prefix: '/clientes' });
  await app.register(contasAReceberLoteRoutes, { prefix: '/contas-a-receber-lote' });
  await app.register(cobrancasLoteRoutes, { prefix: '/cobrancas-em-lote' });
  await app.register(subcontaRoutes, { prefix: '/subconta' });
  await app.register(pendenciasRoutes, { prefix: '/pendencias-financeiras' });
  for (const fila of Object.keys(FILAS_ATENDIMENTO) as FilaAtendimento[])
    await app.register(atendimentoRoutes(fila), { prefix: `/${fila}` });
  await app.register(indicadorAtendimentosRoutes, { prefix: '/indicadores/atendimentos' });
  await app.register(timeAtendimentosRoutes, { prefix: '/time' });
  await app.register(cultoRoutes, { prefix: '/culto' });
  await app.register(indicadorCultosRoutes, { prefix: '/indicadores/cultos' });
  await app.register(indicadorMinisteriosRoutes, { prefix: '/indicadores/ministerios' });
  await app.register(cemiterioRoutes, { prefix: '/cemiterio' });
  await app.register(jazigoRoutes, { prefix: '/jazigo' });
  await app.register(arrendatarioRoutes, { prefix: '/arrendatario' });
  await app.register(conservacaoAtrasoRoutes, { prefix: '/conservacao-em-atraso' });
  await app.register(falecidoRoutes, { prefix: '/falecido' });
  await app.register(ministerioRoutes, { prefix: '/ministerio' });
  await app.register(tipoGrupoRoutes, { prefix: '/tipo-grupo' });
  await app.register(termoRoutes, { prefix: '/termos' });
  await app.register(termoCoberturaRoutes, { prefix: '/termo-cobertura' });
  await app.register(oficioRoutes, { prefix: '/template-oficio' });
  await app.register(oficioEmitidoRoutes, { prefix: '/oficio' });
  await app.register(eventoRoutes, { prefix: '/evento' });
  await app.register(eventoComInscricaoRoutes, { prefix: '/evento-com-inscricao' });
  await app.register(inscricaoRoutes, { prefix: '/inscricoes-de-eventos' });
  await app.register(inscricaoEquipeRoutes, { prefix: '/inscricoes-de-eventos' });
  await app.register(inscricoesEmailRoutes, { prefix: '/inscricoes-de-eventos/email' });
  await app.register(relatorioInscricoesRoutes, { prefix: '/relatorio-inscricoes-congrenaje' });
  await app.register(indicadorInscricoesRoutes, { prefix: '/indicadores/inscricoes' });
  await app.register(eventoPublicoRoutes, { prefix: '/evento-publico' });
  await app.register(migracaoRoutes, { prefix: '/migracao' });
  await app.register(indicadorCadastrosRoutes, { prefix: '/indicadores/cadastros' });
  await app.register(tarefasRoutes, { prefix: '/tarefas' });
  await app.register(caixaDeSaidaRoutes, { prefix: '/caixa-de-saida' });
  await app.register(hubRoutes, { prefix: '/hub' });
};
