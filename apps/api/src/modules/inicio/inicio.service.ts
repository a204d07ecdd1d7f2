import {
  ACESSO_CULTO,
  atendimentoListQuery,
  contaAReceberListQuery,
  cultoListQuery,
  hojeNoBrasil,
  pessoaListQuery,
  type ResumoInicio,
  type SelectOpcao,
  type StatusContaAReceber,
} from '@sig/contracts';
import { schema } from '@sig/db';
import { and, asc, eq, ilike, isNull, like, ne, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { exigirNoEscopo, prefixoSubarvore } from '../../platform/escopo.js';
import { pode, somentePropria } from '../../platform/permissoes.js';
import { listarAtendimentos } from '../atendimentos/index.js';
import { avisosVigentes } from '../avisos/index.js';
import { listarCultos } from '../cultos/index.js';
import { ACESSO_PENDENCIAS, contarPendencias } from '../pendencias/index.js';
import { listarPessoas } from '../pessoas/index.js';
import { listarContas } from '../receber/index.js';

export const ACESSO_INICIO = 'Dashboard';
export const ACESSO_INICIO_FILHO = 'DashboardFilho';
const ACESSO_PESSOA = 'Pessoa';
const ACESSO_CONTA = 'ContaAReceber';
const ACESSO_MURAL = 'MuralAvisos';
const FILAS_ABERTAS = [
  ['atendimento-caixa-entrada', 'AtendimentoCaixaEntrada'],
  ['atendimento-triagem', 'AtendimentoTriagem'],
] as const;

/** The current month in Brazil, first and last day. */
export function mesAtual(hoje = hojeNoBrasil()) {
  const [ano, mes] = hoje.split('-').map(Number) as [number, number];
  const ultimo = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  return { de: `${hoje.slice(0, 8)}01`, ate: `${hoje.slice(0, 8)}${String(ultimo).padStart(2, '0')}` };
}

/**
 * The home figures. Each is the total the list behind it answers with the same filters (the lists'
 * own services are called, so scope, field rules and counting are theirs). `filhoId`: the child
 * organization's figures (/dashboard/filho), filtered by organization as its lists are; the parts
 * no list filters by organization (tickets, notices, exceptions) stay on the user's own home.
 */
export async function resumo(deps: Deps, ctx: Contexto, filhoId?: number): Promise<ResumoInicio> {
  const mes = mesAtual();
  const pagina = { pagina: 1, quantidade: 1 };
  const organizacaoId = filhoId;
  // On a child, a screen limited to the user's own organization has nothing to show of it.
  const mostra = (acesso: string) => pode(ctx, acesso, 'L') && !(filhoId && somentePropria(ctx, acesso));
  const [nome] = await deps.db
    .select({ nome: schema.organizacao.nomeFantasia })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.id, filhoId ?? ctx.organizacaoId));

  const contas = (status: StatusContaAReceber) =>
    listarContas(
      deps,
      ctx,
      contaAReceberListQuery.parse({
        ...pagina,
        organizacaoId,
        status: [status],
        vencimentoDe: mes.de,
        vencimentoAte: mes.ate,
      }),
    );
  const [pessoas, cultos, receber, filas, avisos, pendencias] = await Promise.all([
    mostra(ACESSO_PESSOA) ? listarPessoas(deps, ctx, pessoaListQuery.parse({ ...pagina, organizacaoId })) : null,
    mostra(ACESSO_CULTO)
      ? listarCultos(
          deps,
          ctx,
          cultoListQuery.parse({ ...pagina, organizacaoId, periodoDe: mes.de, periodoAte: mes.ate }),
        )
      : null,
    mostra(ACESSO_CONTA) ? Promise.all([contas('ABERTO'), contas('VENCIDO'), contas('PAGO')]) : null,
    Promise.all(
      FILAS_ABERTAS.map(([fila, acesso]) =>
        !filhoId && mostra(acesso)
          ? listarAtendimentos(deps, ctx, fila, atendimentoListQuery.parse({ ...pagina, status: 'ABERTO' }))
          : null,
      ),
    ),
    !filhoId && pode(ctx, ACESSO_MURAL, 'R') ? avisosVigentes(deps, ctx, hojeNoBrasil()) : null,
    !filhoId && mostra(ACESSO_PENDENCIAS) ? contarPendencias(deps, ctx) : null,
  ]);
  const [caixaEntrada, triagem] = filas;
  return {
    organizacaoId: filhoId ?? ctx.organizacaoId,
    organizacaoNome: nome?.nome ?? '',
    mesDe: mes.de,
    mesAte: mes.ate,
    pessoas: pessoas ? { total: pessoas.total, exato: pessoas.totalExato } : undefined,
    ofertasMes: cultos ? { cultos: cultos.total, valor: cultos.totais.ofertas } : undefined,
    receberMes: receber
      ? {
          abertas: { quantidade: receber[0].total, valor: receber[0].totais.valorPrevisto },
          vencidas: { quantidade: receber[1].total, valor: receber[1].totais.valorPrevisto },
          pagas: { quantidade: receber[2].total, valor: receber[2].totais.valorPago },
        }
      : undefined,
    atendimentosCaixaEntrada: caixaEntrada?.total,
    atendimentosTriagem: triagem?.total,
    avisos: avisos?.length,
    pendencias: pendencias?.total,
  };
}

/**
 * A chosen organization's figures, in the scope of /dashboard/filho (404 otherwise): one below the
 * user's, or the user's own (the home's figures, as any organization of the scope may be named).
 */
export async function resumoFilho(deps: Deps, ctx: Contexto, organizacaoId: number): Promise<ResumoInicio> {
  await exigirNoEscopo(deps.db, ctx, ACESSO_INICIO_FILHO, organizacaoId);
  return resumo(deps, ctx, organizacaoId);
}

/** The organizations below the user's one that /dashboard/filho may show, by name. */
export async function filhos(deps: Deps, ctx: Contexto, busca: string): Promise<SelectOpcao[]> {
  if (somentePropria(ctx, ACESSO_INICIO_FILHO)) return [];
  const o = schema.organizacao;
  return (
    deps.db
      .select({ value: o.id, label: o.nomeFantasia })
      .from(o)
      .where(
        and(
          like(o.caminho, prefixoSubarvore(ctx)),
          ne(o.id, ctx.organizacaoId),
          isNull(o.excluidoEm),
          busca ? ilike(o.nomeFantasia, `%${busca.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
        ),
      )
      // Nearest first: a synod's parishes before their communities.
      .orderBy(sql`length(${o.caminho})`, asc(o.nomeFantasia))
      .limit(50)
  );
}
