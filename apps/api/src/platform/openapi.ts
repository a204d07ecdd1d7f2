/**
 * Every operation of the OpenAPI document gets its `operationId` here, from its route declaration
 * (method and path), so clients can be generated with stable names and no route writes one by hand:
 * the verb says what is done (`listar` a collection, `obter` one item, `criar`, `atualizar`,
 * `excluir`), the path's fixed segments say on what, in camelCase, and trailing parameters follow
 * `Por`: `GET /api/conta-a-receber/paginado` → `listarContaAReceberPaginado`, `PUT /api/pessoa/:id`
 * → `atualizarPessoaPorId`, `PUT /api/pessoa` (the id in the body) → `atualizarPessoa`.
 */
const VERBOS: Record<string, string> = {
  POST: 'criar',
  PUT: 'atualizar',
  PATCH: 'alterar',
  DELETE: 'excluir',
};

const ehParametro = (segmento: string) => segmento.startsWith(':') || segmento.startsWith('{');
const nomeDoParametro = (segmento: string) => segmento.replace(/^:|^\{|\}$/g, '');
const maiuscula = (segmento: string) =>
  segmento
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');

export function idDaOperacao(metodo: string, url: string): string {
  const segmentos = url
    .replace(/^\/api(\/|$)/, '')
    .split('/')
    .filter(Boolean);
  let fim = segmentos.length;
  while (fim > 0 && ehParametro(segmentos[fim - 1]!)) fim--;
  const finais = segmentos.slice(fim).map(nomeDoParametro);
  const verbo = metodo === 'GET' ? (finais.length ? 'obter' : 'listar') : (VERBOS[metodo] ?? metodo.toLowerCase());
  const sobre = segmentos
    .slice(0, fim)
    .filter((s) => !ehParametro(s))
    .map(maiuscula)
    .join('');
  return `${verbo}${sobre}${finais.length ? `Por${finais.map(maiuscula).join('')}` : ''}`;
}
