/**
 * The payment provider (Asaas): its client, the account an organization charges through, the
 * status mapping, webhooks, provider customers and sub-accounts. Other modules use only this file.
 */
export { clientesRoutes } from './clientes.routes.js';
export { anonimizarClientesDaPessoa, temClienteNoProvedor } from './clientes.service.js';
export { clientesLoteRoutes } from './clientes-lote.routes.js';
export { TIPO_CLIENTES_ASAAS } from './clientes-lote.tipo.js';
export { sincronizarCobranca, TAREFA_CONCILIAR } from './conciliacao.js';
export { contaDaChave, provedorDa } from './conta-provedor.js';
export { CAMINHO_FATURAS_DEMO, faturaDemoRoutes } from './fatura-demo.routes.js';
export { cobrancasDoSeed } from './fatura-demo.service.js';
export { provedorAsaas } from './provedor/asaas.js';
export { ErroProvedor } from './provedor/asaas-http.js';
export { iniciarProvedor, type ProvedorIniciado, provedorDemo } from './provedor/iniciar.js';
export { statusDaConta, statusDoEvento } from './status-provedor.js';
export { subcontaRoutes } from './subconta.routes.js';
export { webhookAsaasRoutes } from './webhook.routes.js';
export {
  JUSTIFICATIVA_RECIBO_REEMBOLSO,
  PAGAMENTO_SEM_COBRANCA,
  processarEvento,
  retomarPagamentoCancelado,
  TAREFA_APLICAR_EVENTO,
} from './webhook.service.js';
export { conferirWebhookDaSubconta } from './webhook-conta.js';
