import { MSG, textoBemFormado } from '@sig/contracts';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { AppError } from './erros.js';

/** Deeper JSON than any form sends: refused before parsing, so no recursive reader overflows its stack. */
export const PROFUNDIDADE_MAXIMA_JSON = 64;

/** Whether a JSON text nests arrays/objects deeper than `maximo` (one pass, strings skipped). */
export function jsonProfundoDemais(texto: string, maximo = PROFUNDIDADE_MAXIMA_JSON): boolean {
  let nivel = 0;
  let emTexto = false;
  for (let i = 0; i < texto.length; i++) {
    const c = texto.charCodeAt(i);
    if (emTexto) {
      if (c === 92) i++;
      else if (c === 34) emTexto = false;
    } else if (c === 34) emTexto = true;
    else if (c === 91 || c === 123) {
      if (++nivel > maximo) return true;
    } else if (c === 93 || c === 125) nivel--;
  }
  return false;
}

/** Where in the input a string (value or key) holds NUL or a lone surrogate; at most 20 places. */
function textosMalFormados(v: unknown, caminho: PropertyKey[] = [], achados: PropertyKey[][] = []): PropertyKey[][] {
  if (achados.length >= 20) return achados;
  if (typeof v === 'string') {
    if (!textoBemFormado(v)) achados.push(caminho);
  } else if (Array.isArray(v)) {
    for (const [i, x] of v.entries()) textosMalFormados(x, [...caminho, i], achados);
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (!textoBemFormado(k)) achados.push([...caminho, k]);
      else textosMalFormados(x, [...caminho, k], achados);
    }
  }
  return achados;
}

/**
 * The validator of every route: zod (the contracts schemas), after one check that holds for any
 * string of any route (body, query, path), whatever its schema says — no text with NUL or a lone
 * surrogate reaches a service (PostgreSQL refuses NUL; neither is text a person typed).
 */
export const validadorDeEntrada: FastifySchemaCompiler<ZodType> = (rota) => {
  const zod = validatorCompiler(rota);
  return (dados) => {
    const ruins = textosMalFormados(dados);
    if (!ruins.length) return zod(dados);
    const campos = ruins.map((c) => ({ campo: c.map(String).join('.'), mensagem: MSG.caractereInvalido }));
    return { error: new AppError('VALIDACAO', {}, campos) };
  };
};

/** JSON bodies: fastify's parser (prototype poisoning refused) behind the depth limit. */
export function registrarLeitorJson(app: FastifyInstance) {
  const padrao = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, corpo, feito) => {
    if (typeof corpo === 'string' && jsonProfundoDemais(corpo)) return feito(new AppError('JSON_PROFUNDO'), undefined);
    return padrao(req, corpo as string, feito);
  });
}
