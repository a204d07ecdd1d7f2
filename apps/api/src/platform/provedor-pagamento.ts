/**
 * The payment provider as the product sees it (our words, decimal-string money), so the
 * receivables, charges and sub-account screens never speak Asaas's dialect directly.
 */

/** Where a charge stands, folded from the provider's statuses (spec §4 receivable statuses). */
export type SituacaoCobranca = 'aberta' | 'vencida' | 'paga' | 'estornada' | 'excluida' | 'em_analise';
export type FormaPagamento = 'BOLETO' | 'PIX' | 'CARTAO' | 'INDEFINIDA';

export type ClienteProvedor = {
  id: string;
  nome: string;
  cpfCnpj: string;
  email: string | null;
  referenciaExterna: string | null;
  excluido: boolean;
};

export type NovoClienteProvedor = {
  nome: string;
  cpfCnpj: string;
  email?: string;
  celular?: string;
  cep?: string;
  endereco?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  /** Our id: the lookup key that keeps a retried create from making a duplicate. */
  referenciaExterna?: string;
  notificacoesDesativadas?: boolean;
};

/**
 * A change to a customer: absent fields keep their value, `null` clears one. The CPF/CNPJ is not
 * among them: the provider requires a valid one, and the charges issued under it are fiscal records.
 */
export type AlteracaoClienteProvedor = {
  nome?: string;
  email?: string | null;
  telefone?: string | null;
  celular?: string | null;
  cep?: string | null;
  endereco?: string | null;
  numero?: string | null;
  complemento?: string | null;
  bairro?: string | null;
  emailsAdicionais?: string | null;
  observacoes?: string | null;
  empresa?: string | null;
  notificacoesDesativadas?: boolean;
};

export type NovaCobranca = {
  clienteId: string;
  forma: FormaPagamento;
  /** Decimal string, `"99.90"`; with `parcelas`, the total split among them. */
  valor: string;
  vencimento: string;
  descricao?: string;
  referenciaExterna?: string;
  parcelas?: number;
  desconto?: { valor: string; tipo: 'FIXO' | 'PERCENTUAL'; diasAntesVencimento: number };
  jurosMensalPercentual?: string;
  multa?: { valor: string; tipo: 'FIXO' | 'PERCENTUAL' };
};

export type CobrancaProvedor = {
  id: string;
  clienteId: string;
  parcelamentoId: string | null;
  numeroParcela: number | null;
  valor: string;
  valorLiquido: string | null;
  forma: FormaPagamento;
  situacao: SituacaoCobranca;
  /** The provider's own status, kept for history and support. */
  statusProvedor: string;
  vencimento: string;
  dataPagamento: string | null;
  /** When the money is (or is expected to be) credited; absent when the provider did not say. */
  dataCredito?: string | null;
  descricao: string | null;
  referenciaExterna: string | null;
  urlFatura: string | null;
  urlBoleto: string | null;
  nossoNumero: string | null;
  excluida: boolean;
};

export type LinhaDigitavel = { linhaDigitavel: string; codigoBarras: string; nossoNumero: string };
export type QrCodePix = { imagemPngBase64: string; copiaECola: string; expiraEm: string | null };

export type NovaSubconta = {
  nome: string;
  email: string;
  cpfCnpj: string;
  celular: string;
  rendaMensal: string;
  endereco: string;
  numero: string;
  complemento?: string;
  bairro: string;
  cep: string;
  tipoEmpresa?: 'MEI' | 'LIMITED' | 'INDIVIDUAL' | 'ASSOCIATION';
  dataNascimento?: string;
};

/** Our webhook as an account at the provider should have it. */
export type WebhookDesejado = { nome: string; url: string; token: string; email: string; eventos: readonly string[] };

/** `chaveApi` comes only in this answer: the caller stores it encrypted at once. */
export type SubcontaCriada = { id: string; walletId: string; chaveApi: string };

export type PaymentProvider = {
  buscarClientes(filtro: { cpfCnpj?: string; referenciaExterna?: string }): Promise<ClienteProvedor[]>;
  criarCliente(dados: NovoClienteProvedor): Promise<ClienteProvedor>;
  atualizarCliente(id: string, dados: AlteracaoClienteProvedor): Promise<ClienteProvedor>;
  criarCobranca(dados: NovaCobranca): Promise<CobrancaProvedor>;
  obterCobranca(id: string): Promise<CobrancaProvedor>;
  /** Every charge matching the filter, page after page. */
  listarCobrancas(filtro: {
    clienteId?: string;
    parcelamentoId?: string;
    referenciaExterna?: string;
  }): AsyncIterable<CobrancaProvedor>;
  /**
   * One page (up to 100 from `offset`) of the account's charges in one provider status, and how
   * many there are in all: the reconciliation reads open charges a page at a time.
   */
  paginaPorStatus(status: string, offset: number): Promise<{ itens: CobrancaProvedor[]; total: number }>;
  /** Removes a charge still open or overdue (the provider refuses the others). */
  cancelarCobranca(id: string): Promise<void>;
  estornarCobranca(id: string, dados?: { valor?: string; descricao?: string }): Promise<CobrancaProvedor>;
  receberEmDinheiro(
    id: string,
    dados: { data: string; valor: string; notificarCliente: boolean },
  ): Promise<CobrancaProvedor>;
  desfazerRecebimentoEmDinheiro(id: string): Promise<CobrancaProvedor>;
  linhaDigitavel(id: string): Promise<LinhaDigitavel>;
  qrCodePix(id: string): Promise<QrCodePix>;
  criarSubconta(dados: NovaSubconta): Promise<SubcontaCriada>;
  /**
   * Makes this account's webhook named `nome` what is wanted (created, or repaired when it points
   * elsewhere, is disabled, paused or misses events); answers what it had to do.
   */
  garantirWebhook(w: WebhookDesejado): Promise<'ok' | 'criado' | 'reparado'>;
  /** The same provider acting for a sub-account (its own key). */
  comChave(chaveApi: string): PaymentProvider;
};

/**
 * The provider accepts duplicate customers: one found by our reference, else one found by
 * CPF/CNPJ, else a new one. Both look-ups go at once: a new customer (every first charge of a
 * person, the opening burst of an event's registrations) waits one round trip for them, not two.
 */
export async function garantirCliente(p: PaymentProvider, dados: NovoClienteProvedor): Promise<ClienteProvedor> {
  const [porReferencia, porDocumento] = await Promise.all([
    dados.referenciaExterna ? p.buscarClientes({ referenciaExterna: dados.referenciaExterna }) : [],
    p.buscarClientes({ cpfCnpj: dados.cpfCnpj }),
  ]);
  return porReferencia[0] ?? porDocumento[0] ?? p.criarCliente(dados);
}
