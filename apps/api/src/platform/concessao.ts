import type { PermissaoCampo, PermissaoTela } from '@sig/contracts';
import type { DbOuTx } from '@sig/db';
import type { Contexto } from './contexto.js';
import { AppError, type CampoErro } from './erros.js';
import type { ConjuntoPermissoes, Permissao, RegraCampo } from './permissoes.js';
import { camposPorTela, carregarPermissoes } from './permissoes.js';

/**
 * THE grant rule: nobody gives rights beyond their own at the organization where they are given.
 * Every path that gives rights goes through here: a user linked to a profile at an organization,
 * a person's account created with the members' profile, a profile's rules written. Rights are
 * screens × actions, how far each reaches (the organization and those below it, or that one
 * alone), and field rules; the administrator profile counts as every right.
 */

const FLAGS = ['listar', 'visualizar', 'criar', 'atualizar', 'excluir'] as const;
type Flag = (typeof FLAGS)[number];

/** What a profile gives, in the shape of a permission set (the administrator profile gives everything). */
export type Concessao = Pick<ConjuntoPermissoes, 'administrador' | 'telas' | 'campos'>;

/** One right a grant would give that the writer lacks there. */
export type Excesso =
  | { tipo: 'tela'; acesso: string; flag: Flag | 'somentePropriaOrganizacao' }
  | { tipo: 'campo'; acesso: string; campo: string; acao: 'visualizar' | 'atualizar' }
  | { tipo: 'administrador' };

/** A profile's rules as the profile screen writes them, as a grant. */
export function concessaoDe(
  permissoes: readonly (Pick<PermissaoTela, Flag | 'somentePropriaOrganizacao'> & { acesso: string })[],
  campos: readonly PermissaoCampo[],
): Concessao {
  return {
    administrador: false,
    telas: new Map(permissoes.map(({ acesso, ...t }) => [acesso, t])),
    campos: camposPorTela(campos),
  };
}

const temAlguma = (t: Permissao | undefined) => !!t && FLAGS.some((f) => t[f]);

/**
 * How far a flag of a grant reaches at the organization it is given at: 0 nothing, 1 that
 * organization alone, 2 it and every organization below.
 */
const alcanceConcedido = (t: Permissao | undefined, f: Flag) => (!t?.[f] ? 0 : t.somentePropriaOrganizacao ? 1 : 2);

/**
 * How far the writer's own flag reaches at that organization: their rights cover the organization
 * they act for and those below it (the organization is in that subtree, or it would not be found),
 * or, "own organization only", the one they act for alone.
 */
function alcanceProprio(ctx: Contexto, f: Flag, acesso: string, organizacaoId: number) {
  const t = ctx.permissoes.telas.get(acesso);
  if (!t?.[f]) return 0;
  if (!t.somentePropriaOrganizacao) return 2;
  return organizacaoId === ctx.organizacaoId ? 1 : 0;
}

/** Whether a set of rights ends up able to see / change a field of a screen (null inherits the screen). */
function efetivo(tela: Permissao | undefined, regra: RegraCampo | undefined, acao: 'visualizar' | 'atualizar') {
  if (!temAlguma(tela) || regra?.visualizar === false) return false;
  return acao === 'visualizar' || ((!!tela?.criar || !!tela?.atualizar) && regra?.atualizar !== false);
}

/**
 * What `concessao`, given at `organizacaoId`, gives beyond the writer's own rights there; what
 * `anterior` already gave (a profile being edited) is not given anew.
 */
export function excessosDaConcessao(
  ctx: Contexto,
  concessao: Concessao,
  organizacaoId: number,
  anterior: Concessao | null = null,
): Excesso[] {
  if (ctx.permissoes.administrador) return [];
  if (concessao.administrador) return anterior?.administrador ? [] : [{ tipo: 'administrador' }];
  const excessos: Excesso[] = [];
  for (const [acesso, t] of concessao.telas) {
    for (const f of FLAGS) {
      const pedido = alcanceConcedido(t, f);
      const meu = alcanceProprio(ctx, f, acesso, organizacaoId);
      if (pedido <= meu || pedido <= alcanceConcedido(anterior?.telas.get(acesso), f)) continue;
      // Holding the flag for one's own organization only, the excess is the reach.
      excessos.push({ tipo: 'tela', acesso, flag: meu > 0 ? 'somentePropriaOrganizacao' : f });
    }
  }
  for (const [acesso, regras] of ctx.permissoes.campos) {
    for (const [campo, minha] of regras) {
      for (const acao of ['visualizar', 'atualizar'] as const) {
        if (minha.visualizar !== false && (acao === 'visualizar' || minha.atualizar !== false)) continue;
        const ganha =
          efetivo(concessao.telas.get(acesso), concessao.campos.get(acesso)?.get(campo), acao) &&
          !efetivo(anterior?.telas.get(acesso), anterior?.campos.get(acesso)?.get(campo), acao);
        if (ganha) excessos.push({ tipo: 'campo', acesso, campo, acao });
      }
    }
  }
  return excessos;
}

/**
 * Refuses (403 PERMISSAO_ACIMA_DA_PROPRIA) giving the profile `perfilId` at `organizacaoId`
 * when it holds anything beyond the writer's rights there; `campo` names the field that chose it.
 */
export async function exigirConcessaoDoPerfil(
  db: DbOuTx,
  ctx: Contexto,
  perfilId: number,
  organizacaoId: number,
  campo = 'perfilId',
) {
  if (ctx.permissoes.administrador) return;
  const concessao = await carregarPermissoes(db, perfilId);
  if (excessosDaConcessao(ctx, concessao, organizacaoId).length)
    throw new AppError('PERMISSAO_ACIMA_DA_PROPRIA', {}, [{ campo, mensagem: 'erros:PERMISSAO_ACIMA_DA_PROPRIA' }]);
}

/** The same refusal for excesses already computed, each named by the field the caller says. */
export function exigirSemExcessos(excessos: readonly Excesso[], campoDe: (e: Excesso) => string) {
  if (!excessos.length) return;
  const campos: CampoErro[] = [...new Set(excessos.map(campoDe))].map((campo) => ({
    campo,
    mensagem: 'erros:PERMISSAO_ACIMA_DA_PROPRIA',
  }));
  throw new AppError('PERMISSAO_ACIMA_DA_PROPRIA', {}, campos);
}
