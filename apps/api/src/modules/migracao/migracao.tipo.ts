import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { naoEncontrado } from '../../platform/erros.js';
import type { DefinicaoTipoLote, ItemEmTrabalho } from '../processamento-lote/index.js';
import { type AnterioresFamilia, type DadosFamilia, desfazerFamilia, escreverFamilia } from './familias.js';
import { type Anteriores, type DadosPessoa, dadosParaVincular, desfazerPessoa, escreverPessoa } from './pessoas.js';
import { type AnterioresConta, type DadosConta, desfazerConta, escreverConta } from './receber.js';

const { migracao: mig, migracaoLinha: linha } = schema;

/** A row left for review is written as the user decided: as new, or as an update of the suggested record. */
const acaoEfetiva = (l: { acao: string; decisao: string | null }) =>
  l.acao === 'REVISAR' ? (l.decisao === 'VINCULAR' ? 'ATUALIZAR' : (l.decisao ?? 'IGNORAR')) : l.acao;

const autor = (item: ItemEmTrabalho) => ({ usuarioId: item.criadoPor, organizacaoId: item.organizacaoId });

/**
 * MIGRACAO: one row of a confirmed run per item. The row is locked and marked written in the
 * same transaction as the write, so an item taken again after a kill -9 finds it written and
 * writes nothing twice; undo restores what the row's write recorded.
 */
export const TIPO_MIGRACAO: DefinicaoTipoLote = {
  async processar(deps: Deps, item) {
    return deps.db.transaction(async (tx) => {
      const [l] = await tx.select().from(linha).where(eq(linha.id, item.referenciaId)).for('update');
      if (!l) throw naoEncontrado();
      if (l.aplicadaEm && !l.desfeitaEm) return String(l.alvoId);
      const [m] = await tx
        .select({ organizacaoId: mig.organizacaoId, origem: mig.origem, tipo: mig.tipo })
        .from(mig)
        .where(eq(mig.id, l.migracaoId));
      const acao = acaoEfetiva(l);
      const linhaDoTipo = { acao, alvoId: l.alvoId };
      // Linked by the user to the suggested person: what it changes is read now, as for a match.
      const dados =
        m!.tipo === 'PESSOAS' && l.acao === 'REVISAR' && acao === 'ATUALIZAR'
          ? await dadosParaVincular(tx, l.alvoId!, l.dados as DadosPessoa)
          : l.dados;
      const r =
        m!.tipo === 'CONTAS_A_RECEBER'
          ? await escreverConta(tx, autor(item), m!, { ...linhaDoTipo, dados: l.dados as DadosConta })
          : m!.tipo === 'FAMILIAS'
            ? await escreverFamilia(tx, autor(item), l.dados as DadosFamilia)
            : await escreverPessoa(tx, autor(item), m!, { ...linhaDoTipo, dados: dados as DadosPessoa });
      await tx
        .update(linha)
        .set({ alvoId: r.alvoId, anteriores: r.anteriores, aplicadaEm: sql`now()`, desfeitaEm: null })
        .where(eq(linha.id, l.id));
      return String(r.alvoId);
    });
  },
  async desfazer(deps: Deps, item) {
    await deps.db.transaction(async (tx) => {
      const [l] = await tx.select().from(linha).where(eq(linha.id, item.referenciaId)).for('update');
      if (!l?.aplicadaEm || l.desfeitaEm || !l.alvoId) return;
      const [m] = await tx.select({ tipo: mig.tipo }).from(mig).where(eq(mig.id, l.migracaoId));
      if (m!.tipo === 'FAMILIAS') await desfazerFamilia(tx, autor(item), l.anteriores as AnterioresFamilia);
      else if (m!.tipo === 'CONTAS_A_RECEBER')
        await desfazerConta(tx, autor(item), {
          acao: acaoEfetiva(l),
          alvoId: l.alvoId,
          anteriores: l.anteriores as AnterioresConta,
        });
      else
        await desfazerPessoa(tx, autor(item), {
          acao: acaoEfetiva(l),
          alvoId: l.alvoId,
          anteriores: l.anteriores as Anteriores,
        });
      await tx.update(linha).set({ desfeitaEm: sql`now()` }).where(eq(linha.id, l.id));
    });
  },
};
