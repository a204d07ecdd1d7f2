import { ACESSO_TERMOS, type CoberturaPagina, type CoberturaTermo } from '@sig/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { entreOrganizacoes, filtroOrganizacao, organizacoesEscolhidas } from '../../platform/escopo.js';
import { contemSemAcento } from '../../platform/sql.js';
import { historico, publicada } from './termo.service.js';

/**
 * A term's consent coverage per community (issue 22 item 4): the requests of its published
 * version by the organization of the person asked — accepted, pending, declined, revoked, and
 * superseded (accepted an older version, asked again, not answered yet) —, those of the user's
 * scope only. A term outside the scope answers 404, one never published 422.
 */
async function versaoPublicada(deps: Deps, ctx: Contexto, idCompartilhado: string) {
  const v = await publicada(deps.db, ctx, idCompartilhado);
  if (v) return v;
  await historico(deps, ctx, idCompartilhado);
  throw new AppError('TERMO_NAO_PUBLICADO');
}

const contagens = sql`count(*) filter (where s.situacao_solicitacao = 'ACEITO')::int as aceitos,
  count(*) filter (where s.situacao_solicitacao = 'PENDENTE' and s.anterior_id is null)::int as pendentes,
  count(*) filter (where s.situacao_solicitacao = 'DESCONSIDERADO')::int as desconsiderados,
  count(*) filter (where s.situacao_solicitacao = 'REVOGADO')::int as revogados,
  count(*) filter (where s.situacao_solicitacao = 'PENDENTE' and s.anterior_id is not null)::int as substituidos,
  count(*)::int as total`;

const origem = (termoId: number, onde: SQL) => sql`from termo_solicitacao s
  join pessoa p on p.id = s.pessoa_id
  join organizacao o on o.id = p.organizacao_id
  where s.termo_id = ${termoId} and ${onde}`;

export async function cobertura(deps: Deps, ctx: Contexto, idCompartilhado: string): Promise<CoberturaTermo> {
  const v = await versaoPublicada(deps, ctx, idCompartilhado);
  const r =
    (await deps.db.execute(sql`select o.id as "organizacaoId", o.nome_fantasia as "organizacaoNome", ${contagens}
    ${origem(v.id, filtroOrganizacao(ctx, ACESSO_TERMOS, sql`p.organizacao_id`))}
    group by o.id, o.nome_fantasia
    order by o.nome_fantasia, o.id`)) as unknown as { rows: CoberturaTermo };
  return r.rows;
}

/** The coverage screen's page: communities of a subtree, by name, with the filtered set's totals. */
export async function listarCobertura(
  deps: Deps,
  ctx: Contexto,
  q: {
    idCompartilhado: string;
    organizacaoId?: number;
    nome?: string;
    pagina: number;
    quantidade: number;
    ordem: 'asc' | 'desc';
  },
): Promise<CoberturaPagina> {
  const v = await versaoPublicada(deps, ctx, q.idCompartilhado);
  const escolhidas = q.organizacaoId ? await organizacoesEscolhidas(deps, ctx, ACESSO_TERMOS, q.organizacaoId) : null;
  const onde = sql.join(
    [
      filtroOrganizacao(ctx, ACESSO_TERMOS, sql`p.organizacao_id`),
      escolhidas ? entreOrganizacoes(sql`p.organizacao_id`, escolhidas) : undefined,
      q.nome ? contemSemAcento(sql`o.nome_fantasia`, q.nome) : undefined,
    ].filter((c): c is SQL => !!c),
    sql` and `,
  );
  const direcao = q.ordem === 'desc' ? sql`desc` : sql`asc`;
  const [linhas, totais] = await Promise.all([
    deps.db.execute(sql`select o.id as "organizacaoId", o.nome_fantasia as "organizacaoNome", ${contagens}
      ${origem(v.id, onde)}
      group by o.id, o.nome_fantasia
      order by o.nome_fantasia ${direcao}, o.id ${direcao}
      limit ${q.quantidade} offset ${(q.pagina - 1) * q.quantidade}`),
    deps.db.execute(sql`select ${contagens}, count(distinct o.id)::int as comunidades ${origem(v.id, onde)}`),
  ]);
  const itens = (linhas as unknown as { rows: CoberturaTermo }).rows;
  const { comunidades, ...soma } = (
    totais as unknown as { rows: (CoberturaPagina['totais'] & { comunidades: number })[] }
  ).rows[0]!;
  return {
    itens,
    total: comunidades,
    pagina: q.pagina,
    quantidade: q.quantidade,
    totais: soma,
  };
}
