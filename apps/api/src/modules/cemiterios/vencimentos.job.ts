import { hojeNoBrasil, MESES_AVISO_VENCIMENTO } from '@sig/contracts';
import { schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { dataTela } from '../../platform/exportacao.js';
import type { DefinicaoTarefa } from '../../platform/tarefas.js';
import { emailDaOrganizacao } from '../organizacoes/index.js';

type Vencimento = {
  organizacao_id: number;
  organizacao: string;
  pessoa: string;
  cemiterio: string;
  jazigo: string;
  renovado_ate: string;
};

/**
 * The monthly e-mail of issue 20: each parish with a cemetery gets the concessions whose term ends
 * in the next `MESES_AVISO_VENCIMENTO` months, at its organization's e-mail contact, through the
 * outbox. A parish without one is skipped; one already mailed this month is not mailed again (a
 * retried run), so the job is idempotent.
 */
export async function avisarVencimentos(deps: Pick<Deps, 'db' | 'correio' | 'config'>, hoje = hojeNoBrasil()) {
  const meses = MESES_AVISO_VENCIMENTO;
  const linhas = (
    (await deps.db.execute(sql`select c.organizacao_id, o.nome_fantasia as organizacao,
        trim(p.nome || ' ' || coalesce(p.sobrenome, '')) as pessoa, c.nome as cemiterio,
        j.quadra || '-' || j.fileira || '-' || j.numero as jazigo, a.renovado_ate::text as renovado_ate
      from arrendatario a join jazigo j on j.id = a.jazigo_id join cemiterio c on c.id = j.cemiterio_id
      join organizacao o on o.id = c.organizacao_id join pessoa p on p.id = a.pessoa_id
      where a.excluido_em is null and a.encerrada_em is null and c.excluido_em is null
        and a.tipo_concessao <> 'PERPETUA' and a.renovado_ate >= ${hoje}::date
        and a.renovado_ate <= (${hoje}::date + make_interval(months => ${meses}::int))::date
      order by c.organizacao_id, a.renovado_ate, c.nome, j.quadra, j.fileira, j.numero`)) as unknown as {
      rows: Vencimento[];
    }
  ).rows;
  const porOrganizacao = new Map<number, Vencimento[]>();
  for (const l of linhas) porOrganizacao.set(l.organizacao_id, [...(porOrganizacao.get(l.organizacao_id) ?? []), l]);
  // The church's language: a parish's own language is not stored.
  const t = tradutor('pt-BR');
  const inicioDoMes = new Date(`${hoje.slice(0, 8)}01T03:00:00Z`);
  let enviados = 0;
  let semEmail = 0;
  for (const [organizacaoId, vencimentos] of porOrganizacao) {
    const para = await emailDaOrganizacao(deps.db, organizacaoId);
    if (!para) {
      semEmail++;
      continue;
    }
    const assunto = t('email:vencimentosAssunto', { organizacao: vencimentos[0]!.organizacao, meses });
    const [jaEnviado] = await deps.db
      .select({ id: schema.caixaSaida.id })
      .from(schema.caixaSaida)
      .where(
        and(
          eq(schema.caixaSaida.para, para),
          eq(schema.caixaSaida.assunto, assunto),
          gte(schema.caixaSaida.criadoEm, inicioDoMes),
        ),
      )
      .limit(1);
    if (jaEnviado) continue;
    const lista = vencimentos
      .map((v) =>
        t('email:vencimentosLinha', {
          data: dataTela(v.renovado_ate, 'pt-BR'),
          pessoa: v.pessoa,
          cemiterio: v.cemiterio,
          jazigo: v.jazigo,
        }),
      )
      .join('\n');
    await deps.correio.enfileirar(deps.db, {
      para,
      assunto,
      texto: t('email:vencimentosTexto', {
        meses,
        n: vencimentos.length,
        lista,
        link: `${deps.config.publicUrl}/arrendatario?venceEmMeses=${meses}`,
      }),
    });
    enviados++;
  }
  return { enviados, semEmail };
}

/** The e-mail as a job: on the first day of each month, at 7 in Brazil, once across the workers. */
export const TAREFA_AVISAR_VENCIMENTOS: DefinicaoTarefa<Pick<Deps, 'db' | 'correio' | 'config'>> = {
  fila: 'cemiterios.avisar-vencimentos',
  unica: true,
  agenda: '0 7 1 * *',
  expiraSegundos: 600,
  executar: (ctx) => avisarVencimentos(ctx),
};
