import fc from 'fast-check';

/**
 * Hostile requests generated from the OpenAPI document: each value follows its schema most of
 * the time (so the request reaches the service and the database), with edge values the schema
 * admits (NUL, lone surrogates, the longest string, the largest number, ids of nobody's records)
 * and, now and then, one that it does not (wrong type, impossible date, `__proto__`).
 */

export type Esquema = {
  type?: string;
  properties?: Record<string, Esquema>;
  required?: string[];
  items?: Esquema;
  enum?: unknown[];
  anyOf?: Esquema[];
  oneOf?: Esquema[];
  allOf?: Esquema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export type Parametro = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Esquema;
};
export type Operacao = {
  metodo: string;
  caminho: string;
  parametros: Parametro[];
  corpo?: Esquema;
};
export type Pedido = { method: string; url: string; payload?: unknown; headers?: Record<string, string> };

/** Strings that broke (or could break) a layer below the schema. */
export const TEXTOS_HOSTIS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '__proto__',
  'constructor',
  'prototype',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31',
  '99999-01-01',
  '-infinity',
  'infinity',
  'abc',
  '1e309',
  'NaN',
  '-1',
  '2147483648',
  '99999999999999999999999',
  '',
  ' ',
  "'; select pg_sleep(1); --",
  '%_\\',
  '\u202e\u0301',
  '😀'.repeat(30),
];
export const NUMEROS_HOSTIS = [
  -1,
  0,
  0.5,
  -0.0001,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  2 ** 53,
  1e308,
  -1e308,
];
/** Query-string spellings a client can send that JSON cannot carry. */
export const CONSULTAS_HOSTIS = [
  '%00',
  '%ED%A0%80',
  'abc',
  '1e309',
  '-1',
  '2147483648',
  '__proto__',
  '2026-02-30',
  '0000-01-01',
  '',
  '%FF',
];

const ehId = (nome: string) => nome === 'id' || /Id$/.test(nome) || /Ids$/.test(nome);

const DATAS_VALIDAS = ['2026-01-15', '2025-12-31', '2024-02-29', '1990-07-04', '2030-06-01'];

function stringValida(s: Esquema): fc.Arbitrary<string> {
  const max = Math.min(s.maxLength ?? 60, 60);
  const min = Math.min(s.minLength ?? 0, max);
  if (s.format === 'email' || s.pattern?.includes('@'))
    return fc.constantFrom('fuzz@sig.local', 'a@b.co', `${'x'.repeat(60)}@sig.local`);
  if (s.format === 'uri') return fc.constantFrom('https://sig.local/x', 'http://a.b');
  if (s.pattern === '^\\d{6}$') return fc.constantFrom('000000', '123456');
  if (s.pattern === '^\\d{4}-(0[1-9]|1[0-2])$') return fc.constantFrom('2026-01', '2025-12', '0000-01', '9999-12');
  if (s.pattern?.startsWith('^([01]\\d|2[0-3])')) return fc.constantFrom('08:30', '23:59', '00:00');
  if (s.pattern?.startsWith('^\\d{4}-'))
    return fc.constantFrom(...DATAS_VALIDAS, '2026-02-30', '0000-01-01', '9999-12-31', '2026-02-29');
  if (s.pattern === '^[A-Za-z][A-Za-z0-9_]*$')
    return fc.constantFrom('abc', '__proto__'.replace(/^_+/, 'x'), 'constructor');
  const comuns = fc.string({ minLength: min, maxLength: max });
  const binarios = fc.string({ unit: 'binary', minLength: Math.max(min, 1), maxLength: Math.max(max, 1) });
  const hostis = fc.constantFrom(...TEXTOS_HOSTIS.filter((t) => t.length >= min && t.length <= (s.maxLength ?? 1e9)));
  const longo = fc.constant('ç'.repeat(Math.min(s.maxLength ?? 100_000, 100_000)));
  return fc.oneof(
    { weight: 4, arbitrary: comuns },
    { weight: 2, arbitrary: binarios },
    { weight: 2, arbitrary: hostis },
    { weight: 1, arbitrary: longo },
  );
}

function numeroValido(s: Esquema, nome: string): fc.Arbitrary<number> {
  const inteiro = s.type === 'integer';
  const exclMin = s.exclusiveMinimum === true;
  const min = s.minimum ?? -1e12;
  const max = s.maximum ?? 1e12;
  const limites = [min + (exclMin ? (inteiro ? 1 : 0.01) : 0), max].filter((n) => Number.isFinite(n));
  const ids = ehId(nome) ? [fc.integer({ min: 1, max: 40 })] : [];
  const faixa = inteiro
    ? fc.integer({
        min: Math.max(Math.ceil(limites[0]!), -2_147_483_648),
        max: Math.min(Math.floor(max), 2_147_483_647),
      })
    : fc.double({ min: limites[0]!, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    ...ids.map((a) => ({ weight: 6, arbitrary: a })),
    { weight: 3, arbitrary: faixa },
    { weight: 1, arbitrary: fc.constantFrom(...limites) },
  );
}

/** A value the schema admits, leaning towards edge cases. */
export function valido(s: Esquema, nome = '', profundidade = 0): fc.Arbitrary<unknown> {
  const base = validoSemNulo(s, nome, profundidade);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function validoSemNulo(s: Esquema, nome: string, profundidade: number): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf ?? s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((x) => valido(x, nome, profundidade)));
  if (s.allOf) return objeto(juntar(s.allOf), profundidade);
  switch (s.type) {
    case 'string':
      return stringValida(s);
    case 'integer':
    case 'number':
      return numeroValido(s, nome);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = s.items ? valido(s.items, nome, profundidade + 1) : fc.anything();
      const min = s.minItems ?? 0;
      return fc.array(item, {
        minLength: min,
        maxLength: Math.max(min, Math.min(s.maxItems ?? 3, profundidade > 1 ? 1 : 3)),
      });
    }
    case 'object':
      return objeto(s, profundidade);
    default:
      return fc.oneof(fc.string(), fc.integer(), fc.boolean());
  }
}

function juntar(partes: Esquema[]): Esquema {
  const r: Esquema = { type: 'object', properties: {}, required: [] };
  for (const p of partes) {
    Object.assign(r.properties!, p.properties ?? {});
    r.required!.push(...(p.required ?? []));
  }
  return r;
}

function objeto(s: Esquema, profundidade: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const obrig = new Set(s.required ?? []);
  const forma: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) forma[k] = campo(v, k, profundidade + 1);
  return fc.record(forma, { requiredKeys: Object.keys(props).filter((k) => obrig.has(k)) });
}

/** A field: mostly admitted, sometimes hostile. */
function campo(s: Esquema, nome: string, profundidade: number): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 12, arbitrary: valido(s, nome, profundidade) }, { weight: 1, arbitrary: hostil(s) });
}

/** A value the schema refuses (or one type off). */
export function hostil(s: Esquema): fc.Arbitrary<unknown> {
  const tipo = s.type ?? (s.enum ? typeof s.enum[0] : undefined);
  const errados = fc.constantFrom<unknown>(null, true, {}, [], JSON.parse('{"__proto__":{"x":1}}'), [[[]]]);
  if (tipo === 'string')
    return fc.oneof(fc.constantFrom(...TEXTOS_HOSTIS), fc.constantFrom(...NUMEROS_HOSTIS), errados);
  if (tipo === 'integer' || tipo === 'number')
    return fc.oneof(fc.constantFrom(...NUMEROS_HOSTIS), fc.constantFrom('1e309', 'abc', '__proto__'), errados);
  return fc.oneof(fc.constantFrom(...TEXTOS_HOSTIS), fc.constantFrom(...NUMEROS_HOSTIS), errados);
}

const valorDeConsulta = (v: unknown): string =>
  typeof v === 'string' ? encodeURIComponentSeguro(v) : Array.isArray(v) ? v.map(valorDeConsulta).join(',') : String(v);

/** encodeURIComponent throws on a lone surrogate: send its bytes as a client that does not check would. */
function encodeURIComponentSeguro(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return Array.from(v, (ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80';
      }
    }).join('');
  }
}

/** One parameter's value as it goes on the wire (already encoded). */
function parametro(p: Parametro): fc.Arbitrary<string | undefined> {
  const admitido = valido(p.schema, p.name).map(valorDeConsulta);
  const hostis = fc.constantFrom(...CONSULTAS_HOSTIS);
  const arb = fc.oneof({ weight: 6, arbitrary: admitido }, { weight: 1, arbitrary: hostis });
  if (p.in === 'path') return arb;
  return fc.option(arb, { nil: undefined, freq: 2 });
}

/** Arbitrary requests for one operation (path and query parameters, JSON body). */
export function pedidos(op: Operacao): fc.Arbitrary<Pedido> {
  const params = op.parametros.filter((p) => p.in === 'path' || p.in === 'query');
  const valores = fc.tuple(...params.map(parametro));
  const corpo = op.corpo
    ? fc.oneof({ weight: 10, arbitrary: valido(op.corpo) }, { weight: 1, arbitrary: hostil(op.corpo) })
    : fc.constant(undefined);
  return fc.tuple(valores, corpo).map(([vs, payload]) => {
    let url = op.caminho;
    const consulta: string[] = [];
    params.forEach((p, i) => {
      const v = vs[i];
      if (p.in === 'path') url = url.replace(`{${p.name}}`, v ?? '1');
      else if (v !== undefined) consulta.push(`${p.name}=${v}`);
    });
    const pedido: Pedido = {
      method: op.metodo.toUpperCase(),
      url: consulta.length ? `${url}?${consulta.join('&')}` : url,
    };
    if (payload !== undefined) pedido.payload = payload;
    return pedido;
  });
}

/** A JSON text nested `n` levels deep (a parser that recurses overflows its stack). */
export const corpoProfundo = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

/** The operations of an OpenAPI 3 document. */
export function operacoes(doc: { paths: Record<string, Record<string, unknown>> }): Operacao[] {
  const r: Operacao[] = [];
  for (const [caminho, item] of Object.entries(doc.paths))
    for (const [metodo, o] of Object.entries(item)) {
      const op = o as {
        parameters?: Parametro[];
        requestBody?: { content?: Record<string, { schema?: Esquema }> };
      };
      r.push({
        metodo,
        caminho,
        parametros: op.parameters ?? [],
        corpo: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  return r;
}
