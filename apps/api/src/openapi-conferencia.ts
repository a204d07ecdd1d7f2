import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv from 'ajv-draft-04';

/**
 * What `npm run openapi` (and `--conferir`) refuses in the OpenAPI document: whatever the
 * maintained validator (swagger-parser: the OpenAPI 3.0 schema and its references) finds, an
 * operation without an `operationId` or with one another operation has, and a `default` or
 * `example` that its own schema refuses (`participantes` defaulting to `[]` under `minItems: 1`).
 * OpenAPI 3.0 schemas are JSON Schema draft 4 (a boolean `exclusiveMinimum`), so ajv's draft-04.
 */
type No = Record<string, unknown>;

const METODOS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export async function problemasDoDocumento(documento: object): Promise<string[]> {
  const problemas: string[] = [];
  let api: { paths?: Record<string, No> };
  try {
    api = (await SwaggerParser.validate(structuredClone(documento) as never)) as typeof api;
  } catch (e) {
    return [(e as Error).message];
  }
  const donos = new Map<string, string>();
  for (const [caminho, operacoes] of Object.entries(api.paths ?? {}))
    for (const metodo of METODOS) {
      const op = operacoes[metodo] as No | undefined;
      if (!op) continue;
      const onde = `${metodo.toUpperCase()} ${caminho}`;
      const id = op.operationId;
      if (typeof id !== 'string' || !id) problemas.push(`${onde}: no operationId`);
      else if (donos.has(id)) problemas.push(`${onde}: operationId ${id} is also ${donos.get(id)}'s`);
      else donos.set(id, onde);
    }
  const ajv = new Ajv({ strict: false, allErrors: true });
  // The validator resolves references in place: a recursive schema (the letters' rich body) is a cycle.
  const vistos = new WeakSet<object>();
  const visitar = (no: unknown, onde: string) => {
    if (!no || typeof no !== 'object' || vistos.has(no)) return;
    vistos.add(no);
    if (Array.isArray(no)) {
      for (const [i, x] of no.entries()) visitar(x, `${onde}/${i}`);
      return;
    }
    const objeto = no as No;
    const { default: padrao, example: exemplo, ...esquema } = objeto;
    const ehEsquema = ['type', 'anyOf', 'oneOf', 'allOf', 'enum'].some((k) => k in objeto);
    for (const [chave, valor] of [
      ['default', padrao],
      ['example', exemplo],
    ] as const) {
      if (!ehEsquema || !(chave in objeto)) continue;
      const valida = ajv.compile(esquema);
      if (!valida(valor))
        problemas.push(`${onde}: ${chave} ${JSON.stringify(valor)}: ${ajv.errorsText(valida.errors)}`);
    }
    for (const [k, v] of Object.entries(objeto)) visitar(v, `${onde}/${k}`);
  };
  visitar(api.paths, '#/paths');
  return problemas;
}
