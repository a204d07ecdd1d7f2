/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export type Opcoes = {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
  };
  export type Histograma = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  };
  export type Resultado = {
    requests: Histograma & { total: number };
    latency: Histograma;
    throughput: Histograma;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  };
  /** The run: a promise of the summary that also emits each response (response time in ms). */
  export type Execucao = Promise<Resultado> & {
    on(evento: 'response', ouvinte: (cliente: unknown, status: number, bytes: number, ms: number) => void): Execucao;
  };
  export default function autocannon(opcoes: Opcoes): Execucao;
}
