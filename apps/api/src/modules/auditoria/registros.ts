import { CADASTRO_POR_RECURSO } from '@sig/contracts';
import { schema } from '@sig/db';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ENTIDADES_HISTORICO } from '../../platform/historico.js';
import { tabelaDe } from '../cadastros/index.js';

/**
 * Where each kind of record lives now: a statement answering one row per organization the record
 * belongs to (a ticket to two: where it comes from and where it goes), with a null organization for
 * church-wide records, and no row when the record does not exist. The change history of a record
 * is read in the record's scope, whoever wrote it; deleted records keep theirs (logical deletes).
 */
type Localizador = (id: number) => SQL;

const {
  pessoa,
  ministro,
  ministerio,
  pessoaIntegracao,
  organizacao,
  perfil,
  testeDons,
  contaAReceber,
  pagamento,
  recibo,
  culto,
  lancamentoCaixa,
  periodoContabil,
  contaCaixa,
  atendimento,
  atendimentoTarefa,
  atendimentoAnexo,
  arrendatario,
  jazigo,
  cemiterio,
} = schema;

/** The organizations of a ticket whose row `onde` picks. */
const doAtendimento = (onde: SQL) =>
  sql`select ${atendimento.organizacaoOrigemId} from ${atendimento} where ${onde}
      union all select ${atendimento.organizacaoDestinoId} from ${atendimento} where ${onde}`;

const LOCALIZADORES: Record<(typeof ENTIDADES_HISTORICO)[number], Localizador> = {
  pessoa: (id) => sql`select ${pessoa.organizacaoId} from ${pessoa} where ${eq(pessoa.id, id)}`,
  // A person's minister data and integration records are where the person is now.
  ministro: (id) =>
    sql`select ${pessoa.organizacaoId} from ${ministro} join ${pessoa} on ${eq(pessoa.id, ministro.pessoaId)}
        where ${eq(ministro.id, id)}`,
  pessoa_integracao: (id) =>
    sql`select ${pessoa.organizacaoId} from ${pessoaIntegracao} join ${pessoa} on ${eq(pessoa.id, pessoaIntegracao.pessoaId)}
        where ${eq(pessoaIntegracao.id, id)}`,
  organizacao: (id) => sql`select ${organizacao.id} from ${organizacao} where ${eq(organizacao.id, id)}`,
  // Profiles are the church's, as the registries without an organization are.
  perfil: (id) => sql`select null::integer from ${perfil} where ${eq(perfil.id, id)}`,
  'teste-dons': (id) => sql`select ${testeDons.organizacaoId} from ${testeDons} where ${eq(testeDons.id, id)}`,
  conta_a_receber: (id) =>
    sql`select ${contaAReceber.organizacaoId} from ${contaAReceber} where ${eq(contaAReceber.id, id)}`,
  pagamento: (id) =>
    sql`select ${contaAReceber.organizacaoId} from ${pagamento} join ${contaAReceber} on ${eq(contaAReceber.id, pagamento.contaAReceberId)}
        where ${eq(pagamento.id, id)}`,
  recibo: (id) => sql`select ${recibo.organizacaoId} from ${recibo} where ${eq(recibo.id, id)}`,
  culto: (id) => sql`select ${culto.organizacaoId} from ${culto} where ${eq(culto.id, id)}`,
  lancamento_caixa: (id) =>
    sql`select ${lancamentoCaixa.organizacaoId} from ${lancamentoCaixa} where ${eq(lancamentoCaixa.id, id)}`,
  periodo_contabil: (id) =>
    sql`select ${contaCaixa.organizacaoId} from ${periodoContabil} join ${contaCaixa} on ${eq(contaCaixa.id, periodoContabil.contaCaixaId)}
        where ${eq(periodoContabil.id, id)}`,
  atendimento: (id) => doAtendimento(eq(atendimento.id, id)),
  atendimentoTarefa: (id) =>
    doAtendimento(
      sql`${atendimento.id} = (select ${atendimentoTarefa.atendimentoId} from ${atendimentoTarefa} where ${eq(atendimentoTarefa.id, id)})`,
    ),
  atendimentoAnexo: (id) =>
    doAtendimento(
      sql`${atendimento.id} = (select ${atendimentoAnexo.atendimentoId} from ${atendimentoAnexo} where ${eq(atendimentoAnexo.id, id)})`,
    ),
  // A concession lives where its plot's cemetery does.
  arrendatario: (id) =>
    sql`select ${cemiterio.organizacaoId} from ${arrendatario} join ${jazigo} on ${eq(jazigo.id, arrendatario.jazigoId)}
        join ${cemiterio} on ${eq(cemiterio.id, jazigo.cemiterioId)} where ${eq(arrendatario.id, id)}`,
  ministerio: (id) => sql`select ${ministerio.organizacaoId} from ${ministerio} where ${eq(ministerio.id, id)}`,
};

/** A registry row (CADASTROS): in its organization when the registry is kept per organization, else church-wide. */
function doCadastro(entidade: string): Localizador | undefined {
  const def = CADASTRO_POR_RECURSO.get(entidade);
  const tabela = def && tabelaDe(def.recurso);
  if (!tabela) return undefined;
  const coluna = def.porOrganizacao ? (getTableColumns(tabela) as Record<string, PgColumn>).organizacaoId : undefined;
  return (id) => sql`select ${coluna ?? sql`null::integer`} from ${tabela} where ${eq(tabela.id, id)}`;
}

/** How to find where a record of this kind lives; undefined for a kind whose changes are not kept. */
export const localizador = (entidade: string): Localizador | undefined =>
  Object.hasOwn(LOCALIZADORES, entidade) ? LOCALIZADORES[entidade as keyof typeof LOCALIZADORES] : doCadastro(entidade);
