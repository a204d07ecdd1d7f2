import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Records as Asaas answers them (the fields the contract names; new ones may appear). */
export type Cliente = {
  object: 'customer';
  id: string;
  dateCreated: string;
  name: string;
  cpfCnpj: string;
  personType: 'FISICA' | 'JURIDICA';
  email: string | null;
  phone: string | null;
  mobilePhone: string | null;
  address: string | null;
  addressNumber: string | null;
  complement: string | null;
  province: string | null;
  postalCode: string | null;
  externalReference: string | null;
  notificationDisabled: boolean;
  additionalEmails: string | null;
  groupName: string | null;
  observations: string | null;
  company: string | null;
  deleted: boolean;
};

export const STATUS_COBRANCA = [
  'PENDING',
  'RECEIVED',
  'CONFIRMED',
  'OVERDUE',
  'REFUNDED',
  'RECEIVED_IN_CASH',
  'REFUND_REQUESTED',
  'REFUND_IN_PROGRESS',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
  'DUNNING_REQUESTED',
  'DUNNING_RECEIVED',
  'AWAITING_RISK_ANALYSIS',
] as const;
export type StatusCobranca = (typeof STATUS_COBRANCA)[number];
export const TIPOS_COBRANCA = ['BOLETO', 'CREDIT_CARD', 'PIX', 'UNDEFINED'] as const;
export type TipoCobranca = (typeof TIPOS_COBRANCA)[number];

export type Estorno = { dateCreated: string; status: 'DONE'; value: number; description: string | null };

export type Cobranca = {
  object: 'payment';
  id: string;
  dateCreated: string;
  customer: string;
  installment: string | null;
  installmentNumber: number | null;
  value: number;
  netValue: number;
  originalValue: number | null;
  billingType: TipoCobranca;
  status: StatusCobranca;
  dueDate: string;
  originalDueDate: string;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  creditDate: string | null;
  estimatedCreditDate: string | null;
  description: string | null;
  externalReference: string | null;
  invoiceUrl: string;
  bankSlipUrl: string | null;
  invoiceNumber: string;
  nossoNumero: string | null;
  discount: { value: number; dueDateLimitDays: number; type: 'FIXED' | 'PERCENTAGE' };
  interest: { value: number };
  fine: { value: number; type: 'FIXED' | 'PERCENTAGE' };
  postalService: boolean;
  deleted: boolean;
  refunds: Estorno[] | null;
};

export type Parcelamento = {
  object: 'installment';
  id: string;
  dateCreated: string;
  customer: string;
  value: number;
  installmentCount: number;
  billingType: TipoCobranca;
  description: string | null;
  deleted: boolean;
};

export type Webhook = {
  object: 'webhook';
  id: string;
  name: string;
  url: string;
  email: string | null;
  enabled: boolean;
  interrupted: boolean;
  apiVersion: number;
  authToken: string | null;
  sendType: 'SEQUENTIALLY' | 'NON_SEQUENTIALLY';
  events: string[];
};

/** An account (the main one or a sub-account): its key and everything it owns. */
export type Conta = {
  object: 'account';
  id: string;
  walletId: string;
  apiKey: string;
  /** The account's own Pix key (random, EVP) used in the QR payloads. */
  chavePix: string;
  dados: Record<string, unknown>;
  clientes: Record<string, Cliente>;
  cobrancas: Record<string, Cobranca>;
  parcelamentos: Record<string, Parcelamento>;
  webhooks: Record<string, Webhook>;
  proximoNossoNumero: number;
  proximaFatura: number;
};

type Estado = { contas: Record<string, Conta> };

const ALFANUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const idAleatorio = (prefixo: string, tamanho = 12) =>
  prefixo + Array.from(randomBytes(tamanho), (b) => ALFANUM[b % ALFANUM.length]).join('');
export const novaChaveApi = () => `$aact_hmlg_${randomBytes(36).toString('base64url')}`;

export function novaConta(apiKey: string, dados: Record<string, unknown>): Conta {
  return {
    object: 'account',
    id: randomUUID(),
    walletId: randomUUID(),
    apiKey,
    chavePix: randomUUID(),
    dados,
    clientes: {},
    cobrancas: {},
    parcelamentos: {},
    webhooks: {},
    proximoNossoNumero: 1,
    proximaFatura: 1,
  };
}

/**
 * In-memory state, optionally mirrored to `<dir>/asaas-fake.json` after each change so a
 * demo keeps its charges across restarts.
 */
export class Loja {
  private readonly estado: Estado;
  private readonly arquivo?: string;
  /** Changes with every write: answers computed from the records are kept while it stays. */
  versao = 0;

  constructor(chavePrincipal: string, dir?: string) {
    this.arquivo = dir ? path.join(dir, 'asaas-fake.json') : undefined;
    this.estado =
      this.arquivo && existsSync(this.arquivo)
        ? (JSON.parse(readFileSync(this.arquivo, 'utf8')) as Estado)
        : { contas: {} };
    if (!this.porChave(chavePrincipal)) this.adicionar(novaConta(chavePrincipal, { name: 'Conta principal' }));
  }

  porChave(chave: string): Conta | undefined {
    return Object.values(this.estado.contas).find((c) => c.apiKey === chave);
  }

  contas(): Conta[] {
    return Object.values(this.estado.contas);
  }

  adicionar(conta: Conta) {
    this.estado.contas[conta.id] = conta;
  }

  salvar() {
    this.versao++;
    if (!this.arquivo) return;
    mkdirSync(path.dirname(this.arquivo), { recursive: true });
    const temp = `${this.arquivo}.tmp`;
    writeFileSync(temp, JSON.stringify(this.estado));
    renameSync(temp, this.arquivo);
  }
}

type Registro = { id: string };
/** Per record collection (an account's charges or customers): field → value → ids. Never persisted. */
const indices = new WeakMap<object, Map<string, Map<string, Set<string>>>>();

function anotar(indice: Map<string, Set<string>>, valor: unknown, id: string) {
  if (typeof valor !== 'string') return;
  const ids = indice.get(valor);
  if (ids) ids.add(id);
  else indice.set(valor, new Set([id]));
}

/**
 * The records whose `campo` equals `valor`, without scanning them all: a bench's 100,000 charges
 * are each looked up by externalReference. The index is built on the first lookup of a field and
 * kept by `indexar` on every write; an entry whose record no longer matches is skipped.
 */
export function buscarPor<T extends Registro>(
  registros: Record<string, T>,
  campo: keyof T & string,
  valor: string,
): T[] {
  let porCampo = indices.get(registros);
  if (!porCampo) {
    porCampo = new Map();
    indices.set(registros, porCampo);
  }
  let indice = porCampo.get(campo);
  if (!indice) {
    indice = new Map();
    for (const r of Object.values(registros)) anotar(indice, r[campo], r.id);
    porCampo.set(campo, indice);
  }
  return [...(indice.get(valor) ?? [])].map((id) => registros[id]!).filter((r) => r && r[campo] === valor);
}

/** Call after a record is added or its indexed fields change. */
export function indexar<T extends Registro>(registros: Record<string, T>, r: T) {
  for (const [campo, indice] of indices.get(registros) ?? []) anotar(indice, r[campo as keyof T], r.id);
}
