import { type DbOuTx, schema } from '@sig/db';
import { and, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { erroPg } from '../../platform/sql.js';
import type { DefinicaoTipoLote, ItemEmTrabalho } from '../processamento-lote/index.js';
import { type AnterioresCulto, type DadosCulto, desfazerCulto, escreverCulto } from './cultos.js';
import { type AnterioresFamilia, type DadosFamilia, desfazerFamilia, escreverFamilia } from './familias.js';
import {
  type AnterioresOrganizacao,
  type DadosOrganizacao,
  desfazerOrganizacao,
  escreverOrganizacao,
} from './organizacoes.js';
import {
  type Anteriores,
  criarPessoas,
  type DadosPessoa,
  dadosParaVincular,
  desfazerPessoa,
  escreverPessoa,
  issue,
} from './pessoas.js';
import { type AnterioresConta, type DadosConta, desfazerConta, escreverConta } from './receber.js';

const { migracao: mig, migracaoLinha: linha } = schema;

/**
 * A work unit of the import: the rows to write whose number in the file falls in
 * [referenciaId, referenciaId + LINHAS_POR_UNIDADE), written in one transaction.
 */
export const LINHAS_POR_UNIDADE = 500;

/** A row left for review is written as the user decided: as new, or as an update of the suggested record. */
const acaoEfetiva = (l: { acao: string; decisao: string | null }) =>
  l.acao === 'REVISAR' ? (l.decisao === 'VINCULAR' ? 'ATUALIZAR' : (l.decisao ?? 'IGNORAR')) : l.acao;

const autor = (item: ItemEmTrabalho) => ({ usuarioId: item.criadoPor, organizacaoId: item.organizacaoId });

/** What writing or undoing a row reads of it: not the file's cells, diff or messages (the dry run's). */
const colunasDaLinha = {
  id: linha.id,
  acao: linha.acao,
  decisao: linha.decisao,
  alvoId: linha.alvoId,
  dados: linha.dados,
  anteriores: linha.anteriores,
};
type Run = { id: number; organizacaoId: number; origem: string; tipo: string };
type Escrita = { alvoId: number; anteriores: unknown };

/** The unit's rows of the run, locked: those to write, or (undo) those written and not undone. */
async function linhasDaUnidade(tx: DbOuTx, item: ItemEmTrabalho, migracaoId: number, escritas: boolean) {
  const faixa = and(
    eq(linha.migracaoId, migracaoId),
    gte(linha.numero, item.referenciaId),
    lt(linha.numero, item.referenciaId + LINHAS_POR_UNIDADE),
  );
  const estado = escritas
    ? and(isNotNull(linha.aplicadaEm), isNull(linha.desfeitaEm))
    : and(
        or(isNull(linha.aplicadaEm), isNotNull(linha.desfeitaEm)),
        sql`(${linha.acao} in ('CRIAR', 'ATUALIZAR') or (${linha.acao} = 'REVISAR' and ${linha.decisao} in ('CRIAR', 'VINCULAR')))`,
      );
  return tx.select(colunasDaLinha).from(linha).where(and(faixa, estado)).orderBy(linha.numero).for('update');
}

type Linha = Awaited<ReturnType<typeof linhasDaUnidade>>[number];

/** One row written as its kind writes it. */
async function escreverLinha(tx: DbOuTx, item: ItemEmTrabalho, m: Run, l: Linha): Promise<Escrita> {
  const acao = acaoEfetiva(l);
  const linhaDoTipo = { acao, alvoId: l.alvoId };
  if (m.tipo === 'CONTAS_A_RECEBER')
    return escreverConta(tx, autor(item), m, { ...linhaDoTipo, dados: l.dados as DadosConta });
  if (m.tipo === 'FAMILIAS') return escreverFamilia(tx, autor(item), l.dados as DadosFamilia);
  if (m.tipo === 'ORGANIZACOES')
    return escreverOrganizacao(tx, autor(item), m, { ...linhaDoTipo, dados: l.dados as DadosOrganizacao });
  if (m.tipo === 'CULTOS') return escreverCulto(tx, autor(item), m, { ...linhaDoTipo, dados: l.dados as DadosCulto });
  // Linked by the user to the suggested person: what it changes is read now, as for a match.
  const dados =
    l.acao === 'REVISAR' && acao === 'ATUALIZAR'
      ? await dadosParaVincular(tx, l.alvoId!, l.dados as DadosPessoa)
      : (l.dados as DadosPessoa);
  return escreverPessoa(tx, autor(item), m, { ...linhaDoTipo, dados });
}

/**
 * New people of a unit in a few multi-row statements (a savepoint around them); when that fails
 * (a CPF taken since the dry run) they go one at a time, so only the culprit fails.
 */
async function criarEmLote(tx: DbOuTx, item: ItemEmTrabalho, m: Run, linhas: Linha[]) {
  try {
    return await tx.transaction((sp) =>
      criarPessoas(
        sp,
        autor(item),
        m,
        linhas.map((l) => ({ id: l.id, dados: l.dados as DadosPessoa })),
      ),
    );
  } catch (err) {
    if (!erroPg(err).code) throw err;
    return null;
  }
}

/**
 * MIGRACAO: a work unit of up to LINHAS_POR_UNIDADE rows of a confirmed run per item. Its rows are
 * locked, written (new people with multi-row inserts, the rest row by row, each in a savepoint so
 * a failing row fails alone, turned ERRO with its reason) and marked written, with the run's
 * progress, in one transaction: a unit taken again after a kill -9 finds them written and writes
 * nothing twice; undo restores what each row's write recorded.
 */
export const TIPO_MIGRACAO: DefinicaoTipoLote = {
  async processar(deps: Deps, item) {
    const { migracaoId } = item.parametros as { migracaoId: number };
    return deps.db.transaction(async (tx) => {
      const [m] = await tx
        .select({ id: mig.id, organizacaoId: mig.organizacaoId, origem: mig.origem, tipo: mig.tipo })
        .from(mig)
        .where(eq(mig.id, migracaoId));
      if (!m) throw new AppError('NAO_ENCONTRADO');
      const linhas = await linhasDaUnidade(tx, item, migracaoId, false);
      const feitas = new Map<number, Escrita | AppError>();
      const novas = m.tipo === 'PESSOAS' ? linhas.filter((l) => acaoEfetiva(l) === 'CRIAR') : [];
      if (novas.length > 1) for (const [id, r] of (await criarEmLote(tx, item, m, novas)) ?? []) feitas.set(id, r);
      for (const l of linhas) {
        if (feitas.has(l.id)) continue;
        try {
          feitas.set(l.id, await tx.transaction((sp) => escreverLinha(sp, item, m, l)));
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          feitas.set(l.id, err);
        }
      }
      const escritas = linhas.flatMap((l) => {
        const r = feitas.get(l.id)!;
        return r instanceof AppError ? [] : [{ id: l.id, alvo: r.alvoId, anteriores: r.anteriores }];
      });
      const falhas = linhas.flatMap((l) => {
        const r = feitas.get(l.id)!;
        return r instanceof AppError ? [{ id: l.id, mensagens: [issue('linha', `erros:${r.codigo}`)] }] : [];
      });
      if (escritas.length)
        await tx.execute(sql`update ${linha} set alvo_id = v.alvo, anteriores = v.anteriores,
          aplicada_em = now(), desfeita_em = null
          from jsonb_to_recordset(${JSON.stringify(escritas)}::jsonb) as v(id int, alvo int, anteriores jsonb)
          where ${linha.id} = v.id`);
      if (falhas.length)
        await tx.execute(sql`update ${linha} set acao = 'ERRO', mensagens = ${linha.mensagens} || v.mensagens
          from jsonb_to_recordset(${JSON.stringify(falhas)}::jsonb) as v(id int, mensagens jsonb)
          where ${linha.id} = v.id`);
      await tx
        .update(mig)
        .set({
          importadas: sql`${mig.importadas} + ${linhas.length}`,
          falhasImportacao: sql`${mig.falhasImportacao} + ${falhas.length}`,
        })
        .where(eq(mig.id, migracaoId));
      return String(escritas.length);
    });
  },
  async desfazer(deps: Deps, item) {
    const { migracaoId } = item.parametros as { migracaoId: number };
    const mantidas = await deps.db.transaction(async (tx) => {
      const [m] = await tx.select({ tipo: mig.tipo }).from(mig).where(eq(mig.id, migracaoId));
      const linhas = await linhasDaUnidade(tx, item, migracaoId, true);
      const mantidas = new Set<number>();
      for (const l of linhas) {
        if (!l.alvoId) continue;
        const desfeita = { acao: acaoEfetiva(l), alvoId: l.alvoId };
        if (m!.tipo === 'FAMILIAS') await desfazerFamilia(tx, autor(item), l.anteriores as AnterioresFamilia);
        else if (m!.tipo === 'ORGANIZACOES') {
          const anteriores = l.anteriores as AnterioresOrganizacao;
          if (!(await desfazerOrganizacao(tx, autor(item), { ...desfeita, anteriores }))) mantidas.add(l.id);
        } else if (m!.tipo === 'CULTOS')
          await desfazerCulto(tx, autor(item), { ...desfeita, anteriores: l.anteriores as AnterioresCulto });
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
      }
      const desfeitas = linhas.filter((l) => !mantidas.has(l.id)).map((l) => l.id);
      if (desfeitas.length)
        await tx.execute(sql`update ${linha} set desfeita_em = now()
          where ${linha.id} in (select (jsonb_array_elements_text(${JSON.stringify(desfeitas)}::jsonb))::int)`);
      return mantidas.size;
    });
    // The rest is undone; the item says what was left, as other kinds do, and undoing it again
    // retries only those rows (they are still written, not undone).
    if (mantidas) throw new AppError('MIGRACAO_ORGANIZACOES_EM_USO', { n: mantidas });
  },
};
