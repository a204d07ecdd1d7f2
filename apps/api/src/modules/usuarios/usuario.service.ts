import type { SelectOpcao, UsuarioResumo } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, eq, exists, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { contemSemAcento } from '../../platform/sql.js';

const acesso = 'Usuarios';
const LIMITE = 50;
const { usuario, pessoa, usuarioOrganizacao } = schema;

const nomeCompleto = sql<string>`trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome})`;

/** Users linked to some organization of the scope: the only ones a screen may pick or show. */
const noEscopo = (ctx: Contexto): SQL =>
  exists(
    sql`(select 1 from ${usuarioOrganizacao} where ${usuarioOrganizacao.usuarioId} = ${usuario.id} and ${filtroOrganizacao(
      ctx,
      acesso,
      usuarioOrganizacao.organizacaoId,
    )})`,
  );

export async function opcoes(deps: Deps, ctx: Contexto, busca?: string): Promise<SelectOpcao[]> {
  const linhas = await deps.db
    .select({ value: usuario.id, label: sql<string>`${nomeCompleto} || ' <' || ${usuario.email} || '>'` })
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(
      and(
        eq(usuario.ativo, true),
        noEscopo(ctx),
        busca ? sql`(${contemSemAcento(nomeCompleto, busca)} or ${contemSemAcento(usuario.email, busca)})` : undefined,
      ),
    )
    .orderBy(asc(pessoa.nome), asc(usuario.id))
    .limit(LIMITE);
  return linhas;
}

export async function obter(deps: Deps, ctx: Contexto, id: number): Promise<UsuarioResumo> {
  const [u] = await deps.db
    .select({ id: usuario.id, nome: nomeCompleto, email: usuario.email })
    .from(usuario)
    .innerJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .where(and(eq(usuario.id, id), noEscopo(ctx)));
  if (!u) throw naoEncontrado();
  return u;
}
