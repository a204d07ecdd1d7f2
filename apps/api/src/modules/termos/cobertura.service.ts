import { ACESSO_TERMOS, type CoberturaTermo } from '@sig/contracts';
import { sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { historico, publicada } from './termo.service.js';

/**
 * A term's consent coverage per community (issue 22 item 4): the requests of its published
 * version by the organization of the person asked — accepted, pending, declined —, those of the
 * user's scope only. A term outside the scope answers 404, one never published 422.
 */
export async function cobertura(deps: Deps, ctx: Contexto, idCompartilhado: string): Promise<CoberturaTermo> {
  const v = await publicada(deps.db, ctx, idCompartilhado);
  if (!v) {
    await historico(deps, ctx, idCompartilhado);
    throw new AppError('TERMO_NAO_PUBLICADO');
  }
  const r = (await deps.db.execute(sql`select o.id as "organizacaoId", o.nome_fantasia as "organizacaoNome",
      count(*) filter (where s.situacao_solicitacao = 'ACEITO')::int as aceitos,
      count(*) filter (where s.situacao_solicitacao = 'PENDENTE')::int as pendentes,
      count(*) filter (where s.situacao_solicitacao = 'DESCONSIDERADO')::int as desconsiderados,
      count(*)::int as total
    from termo_solicitacao s
    join pessoa p on p.id = s.pessoa_id
    join organizacao o on o.id = p.organizacao_id
    where s.termo_id = ${v.id} and ${filtroOrganizacao(ctx, ACESSO_TERMOS, sql`p.organizacao_id`)}
    group by o.id, o.nome_fantasia
    order by o.nome_fantasia, o.id`)) as unknown as { rows: CoberturaTermo };
  return r.rows;
}
