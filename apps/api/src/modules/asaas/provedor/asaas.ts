import type {
  ClienteProvedor,
  CobrancaProvedor,
  FormaPagamento,
  PaymentProvider,
  SituacaoCobranca,
} from '../../../platform/provedor-pagamento.js';
import { HttpAsaas, type ListaAsaas, type OpcoesHttpAsaas } from './asaas-http.js';

/** Fields read from Asaas's answers; parsed leniently (new fields appear without notice). */
type ClienteAsaas = {
  id: string;
  name: string;
  cpfCnpj: string;
  email?: string | null;
  externalReference?: string | null;
  deleted?: boolean;
};
type WebhookAsaas = {
  id: string;
  name?: string;
  url?: string;
  enabled?: boolean;
  interrupted?: boolean;
  authToken?: string | null;
  events?: string[];
};
type CobrancaAsaas = {
  id: string;
  customer: string;
  installment?: string | null;
  installmentNumber?: number | null;
  value: number;
  netValue?: number | null;
  billingType: string;
  status: string;
  dueDate: string;
  paymentDate?: string | null;
  clientPaymentDate?: string | null;
  confirmedDate?: string | null;
  creditDate?: string | null;
  estimatedCreditDate?: string | null;
  description?: string | null;
  externalReference?: string | null;
  invoiceUrl?: string | null;
  bankSlipUrl?: string | null;
  nossoNumero?: string | null;
  deleted?: boolean;
};

const FORMA_ASAAS: Record<FormaPagamento, string> = {
  BOLETO: 'BOLETO',
  PIX: 'PIX',
  CARTAO: 'CREDIT_CARD',
  INDEFINIDA: 'UNDEFINED',
};
const FORMA_NOSSA: Record<string, FormaPagamento> = {
  BOLETO: 'BOLETO',
  PIX: 'PIX',
  CREDIT_CARD: 'CARTAO',
  UNDEFINED: 'INDEFINIDA',
};

/** Asaas statuses folded to ours; an unknown future status reads as under analysis, never as paid. */
export function situacaoDe(status: string, excluida = false): SituacaoCobranca {
  if (excluida) return 'excluida';
  switch (status) {
    case 'PENDING':
      return 'aberta';
    case 'OVERDUE':
      return 'vencida';
    case 'RECEIVED':
    case 'CONFIRMED':
    case 'RECEIVED_IN_CASH':
    case 'DUNNING_RECEIVED':
      return 'paga';
    case 'REFUNDED':
      return 'estornada';
    default:
      return 'em_analise';
  }
}

const dinheiro = (v: number | null | undefined) => (v === null || v === undefined ? null : v.toFixed(2));
/** Our decimal strings to the provider's JSON numbers (reais with cents). */
const numero = (v: string) => Math.round(Number(v) * 100) / 100;

const cliente = (c: ClienteAsaas): ClienteProvedor => ({
  id: c.id,
  nome: c.name,
  cpfCnpj: c.cpfCnpj,
  email: c.email ?? null,
  referenciaExterna: c.externalReference ?? null,
  excluido: c.deleted === true,
});

const cobranca = (p: CobrancaAsaas): CobrancaProvedor => ({
  id: p.id,
  clienteId: p.customer,
  parcelamentoId: p.installment ?? null,
  numeroParcela: p.installmentNumber ?? null,
  valor: p.value.toFixed(2),
  valorLiquido: dinheiro(p.netValue),
  forma: FORMA_NOSSA[p.billingType] ?? 'INDEFINIDA',
  situacao: situacaoDe(p.status, p.deleted === true),
  statusProvedor: p.status,
  vencimento: p.dueDate,
  dataPagamento: p.paymentDate ?? p.clientPaymentDate ?? p.confirmedDate ?? null,
  dataCredito: p.creditDate ?? p.estimatedCreditDate ?? null,
  descricao: p.description ?? null,
  referenciaExterna: p.externalReference ?? null,
  urlFatura: p.invoiceUrl ?? null,
  urlBoleto: p.bankSlipUrl ?? null,
  nossoNumero: p.nossoNumero ?? null,
  excluida: p.deleted === true,
});

const id = (s: string) => encodeURIComponent(s);

/** PaymentProvider over the Asaas v3 API (shared/docs/asaas-contract.md). */
export function provedorAsaas(opcoes: OpcoesHttpAsaas | HttpAsaas): PaymentProvider {
  const http = opcoes instanceof HttpAsaas ? opcoes : new HttpAsaas(opcoes);
  const acao = async (caminho: string, corpo: unknown = {}) =>
    cobranca(await http.pedir<CobrancaAsaas>('POST', caminho, { corpo }));

  return {
    async buscarClientes(filtro) {
      const achados: ClienteProvedor[] = [];
      const consulta = { cpfCnpj: filtro.cpfCnpj, externalReference: filtro.referenciaExterna };
      for await (const c of http.paginar<ClienteAsaas>('/customers', consulta)) achados.push(cliente(c));
      return achados;
    },

    async criarCliente(d) {
      const corpo = {
        name: d.nome,
        cpfCnpj: d.cpfCnpj,
        email: d.email,
        mobilePhone: d.celular,
        postalCode: d.cep,
        address: d.endereco,
        addressNumber: d.numero,
        complement: d.complemento,
        province: d.bairro,
        externalReference: d.referenciaExterna,
        notificationDisabled: d.notificacoesDesativadas,
      };
      return cliente(await http.pedir<ClienteAsaas>('POST', '/customers', { corpo }));
    },

    async atualizarCliente(cid, d) {
      // Asaas reads an empty text as "clear it"; an absent field keeps its value.
      const limpo = (v: string | null | undefined) => (v === null ? '' : v);
      const corpo = {
        name: d.nome,
        email: limpo(d.email),
        phone: limpo(d.telefone),
        mobilePhone: limpo(d.celular),
        postalCode: limpo(d.cep),
        address: limpo(d.endereco),
        addressNumber: limpo(d.numero),
        complement: limpo(d.complemento),
        province: limpo(d.bairro),
        additionalEmails: limpo(d.emailsAdicionais),
        observations: limpo(d.observacoes),
        company: limpo(d.empresa),
        notificationDisabled: d.notificacoesDesativadas,
      };
      return cliente(await http.pedir<ClienteAsaas>('PUT', `/customers/${id(cid)}`, { corpo }));
    },

    async criarCobranca(d) {
      const corpo = {
        customer: d.clienteId,
        billingType: FORMA_ASAAS[d.forma],
        dueDate: d.vencimento,
        description: d.descricao,
        externalReference: d.referenciaExterna,
        ...(d.parcelas && d.parcelas > 1
          ? { installmentCount: d.parcelas, totalValue: numero(d.valor) }
          : { value: numero(d.valor) }),
        ...(d.desconto
          ? {
              discount: {
                value: numero(d.desconto.valor),
                type: d.desconto.tipo === 'PERCENTUAL' ? 'PERCENTAGE' : 'FIXED',
                dueDateLimitDays: d.desconto.diasAntesVencimento,
              },
            }
          : {}),
        ...(d.jurosMensalPercentual ? { interest: { value: numero(d.jurosMensalPercentual) } } : {}),
        ...(d.multa
          ? { fine: { value: numero(d.multa.valor), type: d.multa.tipo === 'PERCENTUAL' ? 'PERCENTAGE' : 'FIXED' } }
          : {}),
      };
      return cobranca(await http.pedir<CobrancaAsaas>('POST', '/payments', { corpo }));
    },

    obterCobranca: async (pid) => cobranca(await http.pedir<CobrancaAsaas>('GET', `/payments/${id(pid)}`)),

    async *listarCobrancas(filtro) {
      const consulta = {
        customer: filtro.clienteId,
        installment: filtro.parcelamentoId,
        externalReference: filtro.referenciaExterna,
      };
      for await (const p of http.paginar<CobrancaAsaas>('/payments', consulta)) yield cobranca(p);
    },

    async paginaPorStatus(status, offset) {
      const p = await http.pedir<ListaAsaas<CobrancaAsaas>>('GET', '/payments', {
        consulta: { status, offset, limit: 100 },
      });
      return { itens: p.data.map(cobranca), total: p.totalCount };
    },

    async cancelarCobranca(pid) {
      await http.pedir('DELETE', `/payments/${id(pid)}`);
    },

    estornarCobranca: (pid, d = {}) =>
      acao(`/payments/${id(pid)}/refund`, {
        ...(d.valor ? { value: numero(d.valor) } : {}),
        ...(d.descricao ? { description: d.descricao } : {}),
      }),

    receberEmDinheiro: (pid, d) =>
      acao(`/payments/${id(pid)}/receiveInCash`, {
        paymentDate: d.data,
        value: numero(d.valor),
        notifyCustomer: d.notificarCliente,
      }),

    desfazerRecebimentoEmDinheiro: (pid) => acao(`/payments/${id(pid)}/undoReceivedInCash`),

    async linhaDigitavel(pid) {
      const r = await http.pedir<{ identificationField: string; barCode: string; nossoNumero: string }>(
        'GET',
        `/payments/${id(pid)}/identificationField`,
      );
      return { linhaDigitavel: r.identificationField, codigoBarras: r.barCode, nossoNumero: r.nossoNumero };
    },

    async qrCodePix(pid) {
      const r = await http.pedir<{ encodedImage: string; payload: string; expirationDate?: string | null }>(
        'GET',
        `/payments/${id(pid)}/pixQrCode`,
      );
      return { imagemPngBase64: r.encodedImage, copiaECola: r.payload, expiraEm: r.expirationDate ?? null };
    },

    async criarSubconta(d) {
      const corpo = {
        name: d.nome,
        email: d.email,
        cpfCnpj: d.cpfCnpj,
        mobilePhone: d.celular,
        incomeValue: numero(d.rendaMensal),
        address: d.endereco,
        addressNumber: d.numero,
        complement: d.complemento,
        province: d.bairro,
        postalCode: d.cep,
        companyType: d.tipoEmpresa,
        birthDate: d.dataNascimento,
      };
      const r = await http.pedir<{ id: string; walletId: string; apiKey: string }>('POST', '/accounts', { corpo });
      return { id: r.id, walletId: r.walletId, chaveApi: r.apiKey };
    },

    async garantirWebhook(w) {
      const corpo = {
        name: w.nome,
        url: w.url,
        email: w.email,
        enabled: true,
        interrupted: false,
        authToken: w.token,
        sendType: 'SEQUENTIALLY',
        events: w.eventos,
      };
      let existente: WebhookAsaas | undefined;
      for await (const h of http.paginar<WebhookAsaas>('/webhooks', {}))
        if (h.name === w.nome) {
          existente = h;
          break;
        }
      if (!existente) {
        await http.pedir('POST', '/webhooks', { corpo });
        return 'criado';
      }
      // Asaas may not echo the token back: a missing one is not taken as wrong.
      const certo =
        existente.url === w.url &&
        existente.enabled !== false &&
        existente.interrupted !== true &&
        (existente.authToken == null || existente.authToken === w.token) &&
        w.eventos.every((e) => existente.events?.includes(e));
      if (certo) return 'ok';
      await http.pedir('PUT', `/webhooks/${id(existente.id)}`, { corpo });
      return 'reparado';
    },

    comChave: (chaveApi) => provedorAsaas(http.comChave(chaveApi)),
  };
}
