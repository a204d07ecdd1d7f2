import {
  FAIXAS_ATRASO,
  type FaixaAtraso,
  hojeNoBrasil,
  INICIO_FAIXA,
  type InadimplenciaLinha,
  type InadimplenciaListQuery,
  type InadimplenciaPagina,
  STATUS_EDITAVEIS,
} from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';

/**
 * `/relatorio-inadimplencia`: the aging report. Receivables still open (ABERTO, VENCIDO) whose due
 * date is before the base date, of an organization and those below it, summed per holder in
 * buckets of days overdue (1–30, 31–60, 61–90, over 90); the page and the whole set's totals.
 */
export const ACESSO_INADIMPLENCIA = 'RelatorioInadimplencia';
const { contaAReceber: car, pessoa, organizacao } = schema;
const titular = alias(organizacao, 'titular');

type Filtros = Omit<InadimplenciaListQuery, 'pagina' | 'quantidade' | 'ordem' | 'ordenarPor'>;

const dinheiro = (s: SQL) => sql<string>`coalesce(${s}, 0)::numeric(14,2)::text`;

function somas(dataBase: string) {
  const dias = sql`(${dataBase}::date - ${car.vencimento})`;
  const faixa = (f: FaixaAtraso, i: number) => {
    const proxima = FAIXAS_ATRASO[i + 1];
    const ate = proxima ? sql` and ${dias} < ${INICIO_FAIXA[proxima]}` : sql``;
    return dinheiro(sql`sum(${car.valorPrevisto}) filter (where ${dias} >= ${INICIO_FAIXA[f]}${ate})`);
  };
  const [ate30, ate60, ate90, acima90] = FAIXAS_ATRASO.map(faixa) as [
    SQL<string>,
    SQL<string>,
    SQL<string>,
    SQL<string>,
  ];
  return {
    quantidade: sql<number>`count(*)::int`,
    ate30,
    ate60,
    ate90,
    acima90,
    total: dinheiro(sql`sum(${car.valorPrevisto})`),
  };
}

async function condicoes(deps: Deps, ctx: Contexto, q: Filtros) {
  const alvo = q.organizacaoId ?? ctx.organizacaoId;
  await exigirNoEscopo(deps.db, ctx, ACESSO_INADIMPLENCIA, alvo);
  const [org] = await deps.db
    .select({ nomeFantasia: organizacao.nomeFantasia, caminho: organizacao.caminho })
    .from(organizacao)
    .where(eq(organizacao.id, alvo));
  const dataBase = q.dataBase ?? hojeNoBrasil();
  const onde = and(
    filtroOrganizacao(ctx, ACESSO_INADIMPLENCIA, car.organizacaoId),
    sql`${car.organizacaoId} in (select o.id from ${organizacao} o where o.caminho like ${`${org!.caminho}%`})`,
    inArray(car.status, [...STATUS_EDITAVEIS]),
    sql`${car.vencimento} < ${dataBase}::date`,
    q.pessoaId ? eq(car.pessoaId, q.pessoaId) : undefined,
  );
  return { onde, dataBase, organizacao: org!.nomeFantasia };
}

const ORDEM: Record<string, SQL> = {
  titular: sql`3`,
  total: sql`sum(${car.valorPrevisto})`,
  vencimentoMaisAntigo: sql`min(${car.vencimento})`,
  quantidade: sql`count(*)`,
};

function porTitular(deps: Deps, onde: SQL | undefined, dataBase: string) {
  return deps.db
    .select({
      pessoaId: car.pessoaId,
      organizacaoTitularId: car.organizacaoTitularId,
      titularNome: sql<string>`coalesce(min(${nomeCompletoPessoa}), min(${titular.nomeFantasia}), '')`,
      titularDocumento: sql<string | null>`coalesce(min(${pessoa.cpf}), min(${titular.cnpj}))`,
      vencimentoMaisAntigo: sql<string>`min(${car.vencimento})::text`,
      ...somas(dataBase),
    })
    .from(car)
    .leftJoin(pessoa, eq(pessoa.id, car.pessoaId))
    .leftJoin(titular, eq(titular.id, car.organizacaoTitularId))
    .where(onde)
    .groupBy(car.pessoaId, car.organizacaoTitularId)
    .$dynamic();
}

export async function listarInadimplencia(
  deps: Deps,
  ctx: Contexto,
  q: InadimplenciaListQuery,
): Promise<InadimplenciaPagina> {
  const { onde, dataBase } = await condicoes(deps, ctx, q);
  const dir = sql.raw(q.ordem === 'desc' ? 'desc' : 'asc');
  const chave = ORDEM[q.ordenarPor ?? 'titular']!;
  const [itens, [grupos], [totais]] = await Promise.all([
    porTitular(deps, onde, dataBase)
      .orderBy(sql`${chave} ${dir}`, sql`1`, sql`2`)
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db
      .select({
        n: sql<number>`count(distinct coalesce('p' || ${car.pessoaId}, 'o' || ${car.organizacaoTitularId}))::int`,
      })
      .from(car)
      .where(onde),
    deps.db.select(somas(dataBase)).from(car).where(onde),
  ]);
  return { itens, total: grupos!.n, pagina: q.pagina, quantidade: q.quantidade, totais: totais! };
}

const LOTE = 1000;

/** The whole report in batches of holders (the export and the PDF), with what its heading says. */
export async function inadimplenciaParaArquivo(deps: Deps, ctx: Contexto, q: Filtros) {
  const { onde, dataBase, organizacao: nome } = await condicoes(deps, ctx, q);
  async function* lotes(): AsyncGenerator<InadimplenciaLinha[]> {
    for (let pagina = 0; ; pagina++) {
      const linhas = await porTitular(deps, onde, dataBase)
        .orderBy(sql`3`, sql`1`, sql`2`)
        .limit(LOTE)
        .offset(pagina * LOTE);
      if (linhas.length) yield linhas;
      if (linhas.length < LOTE) return;
    }
  }
  const [totais] = await deps.db.select(somas(dataBase)).from(car).where(onde);
  return { lotes, totais: totais!, dataBase, organizacao: nome };
}
