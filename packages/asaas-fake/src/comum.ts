import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import type { FastifyRequest } from 'fastify';
import type { Conta, Loja } from './loja.js';
import type { Entregador } from './webhooks.js';

/** An error answered in Asaas's shape: `{"errors":[{code, description}]}`. */
export class ErroAsaas extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const invalido = (code: string, description: string) => new ErroAsaas(400, code, description);
export const naoEncontrado = () => new ErroAsaas(404, 'not_found', 'Recurso não encontrado.');

export type Corpo = Record<string, unknown>;
/** `urlFaturas`: where the invoice pages are reached (this server's origin unless told otherwise). */
export type Servicos = { loja: Loja; entregador: Entregador; baseUrl: () => string; urlFaturas: () => string };

declare module 'fastify' {
  interface FastifyRequest {
    conta: Conta;
  }
}

export const conta = (req: FastifyRequest) => req.conta;
export const corpo = (req: FastifyRequest): Corpo =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Corpo) : {};
export const consulta = (req: FastifyRequest) => (req.query ?? {}) as Record<string, string | undefined>;
export const idParam = (req: FastifyRequest) => (req.params as { id: string }).id;

export const texto = (c: Corpo, campo: string): string | null => {
  const v = c[campo];
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

export const numero = (c: Corpo, campo: string): number | null => {
  const v = c[campo];
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : Number.NaN;
};

export const centavos = (v: number) => Math.round(v * 100) / 100;
export const reais = (v: number) => `R$ ${v.toFixed(2).replace('.', ',')}`;

/** Today in Brasília, `YYYY-MM-DD` (Asaas's dates are local to Brazil). */
export const hoje = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

export const dataValida = (s: string | null): s is string => {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [a, m, d] = s.split('-').map(Number);
  const dt = new Date(Date.UTC(a!, m! - 1, d!));
  return dt.getUTCFullYear() === a && dt.getUTCMonth() === m! - 1 && dt.getUTCDate() === d;
};

/** Adds months keeping the day, clamped to the month's last day (Jan 31 + 1 → Feb 28/29). */
export function somarMeses(data: string, meses: number): string {
  const [a, m, d] = data.split('-').map(Number);
  const ultimo = new Date(Date.UTC(a!, m! - 1 + meses + 1, 0)).getUTCDate();
  return new Date(Date.UTC(a!, m! - 1 + meses, Math.min(d!, ultimo))).toISOString().slice(0, 10);
}

export const somarDias = (data: string, dias: number) =>
  new Date(Date.parse(`${data}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

export function documentoValido(cpfCnpj: string): boolean {
  return cpfCnpj.length === 11 ? isValidCpf(cpfCnpj) : cpfCnpj.length === 14 && isValidCnpj(cpfCnpj);
}

export const somenteDigitos = (s: string | null) => (s ? s.replace(/\D/g, '') : null);

/** `offset` from 0 and `limit` 1..100 (default 10), answered as Asaas's list object. */
export function listar<T>(itens: T[], q: Record<string, string | undefined>) {
  const offset = q.offset === undefined ? 0 : Number(q.offset);
  const limit = q.limit === undefined ? 10 : Number(q.limit);
  if (!Number.isInteger(offset) || offset < 0) throw invalido('invalid_value', 'O offset deve ser maior ou igual a 0.');
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalido('invalid_value', 'O limit deve estar entre 1 e 100.');
  const data = itens.slice(offset, offset + limit);
  return {
    object: 'list',
    hasMore: offset + data.length < itens.length,
    totalCount: itens.length,
    limit,
    offset,
    data,
  };
}
