import type { ConsultaCep } from '@sig/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { localDoCep } from './faixas-cep.js';

/** The online lookup answers within this or is ignored (the form is waiting). */
const ESPERA_ONLINE_MS = 3000;

/** The parts of a ViaCEP or BrasilAPI answer the address uses. */
type RespostaOnline = {
  erro?: unknown;
  uf?: string;
  state?: string;
  localidade?: string;
  city?: string;
  ibge?: string;
  logradouro?: string;
  street?: string;
  bairro?: string;
  neighborhood?: string;
};

type Online = { uf: string; cidade: string; ibge?: string; logradouro: string; bairro: string };

const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** `SIG_CEP_URL` with the CEP in it; null when it does not know the CEP, is down or answers nonsense. */
async function consultarOnline(modelo: string, cep: string, log: FastifyBaseLogger): Promise<Online | null> {
  try {
    const r = await fetch(modelo.replace('{cep}', cep), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(ESPERA_ONLINE_MS),
    });
    if (!r.ok) return null;
    const j = (await r.json()) as RespostaOnline;
    const uf = texto(j.uf ?? j.state);
    const cidade = texto(j.localidade ?? j.city);
    if (j.erro || !uf || !cidade) return null;
    return {
      uf: uf.toUpperCase(),
      cidade,
      ibge: texto(j.ibge),
      logradouro: texto(j.logradouro ?? j.street) ?? '',
      bairro: texto(j.bairro ?? j.neighborhood) ?? '',
    };
  } catch (e) {
    log.warn({ err: e }, 'CEP lookup failed; answering from the ranges');
    return null;
  }
}

/** The state's row and, when named, the city's (by IBGE code, else by name within the state). */
async function localNoBanco(deps: Deps, uf: string, cidade?: string, ibge?: string) {
  const r = (await deps.db.execute(sql`
    select e.id as estado_id, e.sigla, c.id as cidade_id, c.nome as cidade_nome
    from estado e
    left join lateral (
      select id, nome from cidade
      where estado_id = e.id and excluido_em is null
        and (codigo_ibge = ${ibge ?? null} or lower(nome) = lower(${cidade ?? null}))
      order by (codigo_ibge = ${ibge ?? null}) desc nulls last, id limit 1
    ) c on true
    where e.sigla = ${uf} and e.excluido_em is null
    limit 1`)) as unknown as {
    rows: { estado_id: number; sigla: string; cidade_id: number | null; cidade_nome: string | null }[];
  };
  return r.rows[0];
}

/**
 * A CEP's state and city from the Correios' ranges, offline; with `SIG_CEP_URL` the online
 * lookup also gives the street and neighbourhood (and the city where the ranges name none). A CEP
 * of no range and unknown online is not found; the lookup being down leaves the offline answer.
 */
export async function consultarCep(deps: Deps, log: FastifyBaseLogger, cep: string): Promise<ConsultaCep> {
  const faixa = localDoCep(cep);
  const online = deps.config.cepUrl ? await consultarOnline(deps.config.cepUrl, cep, log) : null;
  const uf = online?.uf ?? faixa?.uf;
  if (!uf) throw new AppError('CEP_DESCONHECIDO');
  const local = await localNoBanco(deps, uf, online?.cidade, online?.ibge ?? faixa?.ibge);
  if (!local) throw new AppError('CEP_DESCONHECIDO');
  return {
    cep,
    estadoId: local.estado_id,
    estadoSigla: local.sigla,
    cidadeId: local.cidade_id,
    cidadeNome: local.cidade_nome,
    logradouro: online?.logradouro || null,
    bairro: online?.bairro || null,
    fonte: online ? 'online' : 'faixas',
  };
}
