import { DIAS_ALERTA_CHAMADO, hojeNoBrasil } from '@sig/contracts';
import { schema } from '@sig/db';
import { tradutor } from '@sig/i18n';
import { and, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { dataTela } from '../../platform/exportacao.js';
import type { DefinicaoTarefa } from '../../platform/tarefas.js';
import { emailDaOrganizacao } from '../organizacoes/index.js';

type Chamado = {
  id: number;
  data_fim_mandato: string;
  pessoa: string;
  organizacao: string;
  sinodo_id: number;
  sinodo: string;
};

/**
 * Issue 21's alert: a minister's call whose term ends within `DIAS_ALERTA_CHAMADO` days is
 * e-mailed to the synod above the calling organization (at its e-mail contact), through the
 * outbox, once per term: the term's end date mailed is kept on the call, in the same transaction
 * as the mail, so a retried run sends nothing twice and a term extended later is mailed again.
 * A synod without an e-mail is skipped and tried again on the next run.
 */
export async function avisarFimMandato(deps: Pick<Deps, 'db' | 'correio' | 'config'>, hoje = hojeNoBrasil()) {
  const chamados = (
    (await deps.db.execute(sql`select c.id, c.data_fim_mandato::text as data_fim_mandato,
        trim(p.nome || ' ' || coalesce(p.sobrenome, '')) as pessoa, o.nome_fantasia as organizacao,
        s.id as sinodo_id, s.nome_fantasia as sinodo
      from ministro_chamado c join ministro m on m.id = c.ministro_id join pessoa p on p.id = m.pessoa_id
      join organizacao o on o.id = c.organizacao_id
      join organizacao s on s.nivel = 1 and o.caminho like s.caminho || '%'
      where c.excluido_em is null and m.excluido_em is null and c.situacao <> 'ENCERRADO'
        and c.data_fim_mandato between ${hoje}::date and ${hoje}::date + ${DIAS_ALERTA_CHAMADO}::int
        and c.aviso_fim_mandato is distinct from c.data_fim_mandato
      order by s.id, c.data_fim_mandato, c.id`)) as unknown as { rows: Chamado[] }
  ).rows;
  const porSinodo = new Map<number, Chamado[]>();
  for (const c of chamados) porSinodo.set(c.sinodo_id, [...(porSinodo.get(c.sinodo_id) ?? []), c]);
  // The church's language: a synod's own language is not stored.
  const t = tradutor('pt-BR');
  let enviados = 0;
  let semEmail = 0;
  for (const [sinodoId, doSinodo] of porSinodo) {
    const para = await emailDaOrganizacao(deps.db, sinodoId);
    if (!para) {
      semEmail++;
      continue;
    }
    await deps.db.transaction(async (tx) => {
      // Marked first, only where still unmarked: a run alongside this one finds nothing left to send.
      const marcados = await tx
        .update(schema.ministroChamado)
        .set({ avisoFimMandato: sql`${schema.ministroChamado.dataFimMandato}` })
        .where(
          and(
            inArray(
              schema.ministroChamado.id,
              doSinodo.map((x) => x.id),
            ),
            sql`${schema.ministroChamado.avisoFimMandato} is distinct from ${schema.ministroChamado.dataFimMandato}`,
          ),
        )
        .returning({ id: schema.ministroChamado.id });
      const ids = new Set(marcados.map((m) => m.id));
      const lista = doSinodo.filter((x) => ids.has(x.id));
      if (!lista.length) return;
      await deps.correio.enfileirar(tx, {
        para,
        assunto: t('email:fimMandatoAssunto', { sinodo: lista[0]!.sinodo, n: lista.length }),
        texto: t('email:fimMandatoTexto', {
          dias: DIAS_ALERTA_CHAMADO,
          lista: lista
            .map((x) =>
              t('email:fimMandatoLinha', {
                data: dataTela(x.data_fim_mandato, 'pt-BR'),
                pessoa: x.pessoa,
                organizacao: x.organizacao,
              }),
            )
            .join('\n'),
          link: `${deps.config.publicUrl}/pessoa-ministro`,
        }),
      });
      enviados += lista.length;
    });
  }
  return { enviados, semEmail };
}

/** The alert as a job: every day at 7 in Brazil, once across the workers. */
export const TAREFA_AVISAR_FIM_MANDATO: DefinicaoTarefa<Pick<Deps, 'db' | 'correio' | 'config'>> = {
  fila: 'pessoas.avisar-fim-mandato',
  unica: true,
  agenda: '0 7 * * *',
  expiraSegundos: 600,
  executar: (ctx) => avisarFimMandato(ctx),
};
