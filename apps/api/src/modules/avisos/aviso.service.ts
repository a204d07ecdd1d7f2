import type { AvisoVigente } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { organizacoesAcima } from '../../platform/escopo.js';

const { aviso, organizacao } = schema;
const LIMITE = 100;

/**
 * The board of the organization the user acts for: its own active notices and those of the
 * organizations above it that are shown to the ones below, not yet expired; newest first.
 */
export async function vigentes(deps: Deps, ctx: Contexto, hoje: string): Promise<AvisoVigente[]> {
  const acima = organizacoesAcima(ctx);
  const linhas = await deps.db
    .select({
      id: aviso.id,
      nome: aviso.nome,
      mensagem: aviso.mensagem,
      validoAte: aviso.validoAte,
      organizacaoId: aviso.organizacaoId,
      organizacaoNome: organizacao.nomeFantasia,
      criadoEm: sql<string>`${aviso.criadoEm}`,
    })
    .from(aviso)
    .innerJoin(organizacao, eq(organizacao.id, aviso.organizacaoId))
    .where(
      and(
        isNull(aviso.excluidoEm),
        eq(aviso.ativo, true),
        or(isNull(aviso.validoAte), gte(aviso.validoAte, hoje)),
        or(
          eq(aviso.organizacaoId, ctx.organizacaoId),
          acima.length ? and(eq(aviso.paraSubordinadas, true), inArray(aviso.organizacaoId, acima)) : undefined,
        ),
      ),
    )
    .orderBy(desc(aviso.criadoEm), desc(aviso.id))
    .limit(LIMITE);
  return linhas.map((l) => ({ ...l, criadoEm: new Date(l.criadoEm).toISOString() }));
}
