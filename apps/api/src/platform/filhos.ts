import type { FilhoCadastro } from '@sig/contracts';
import type { DbOuTx } from '@sig/db';
import { and, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Deps } from './contexto.js';
import { erroDeCampo } from './erros.js';
import { DIALETO } from './sql.js';
import { linhaDeSaida, tiposIncompativeis } from './tipos-campo.js';

/** The table of one sub-record collection and its column pointing at the parent row. */
export type TabelaFilho = { tabela: PgTable & { id: PgColumn; excluidoEm: PgColumn }; pai: PgColumn };

export type Item = Record<string, unknown>;

/**
 * The sub-record collections of a record (options of a characteristic, addresses of a person),
 * read and saved with it: items with an id update theirs (an id of another record is refused),
 * items without one are added, missing ones are deleted logically (something may still name them).
 * Their references are checked with the record's body, before the write (platform/referencias.ts).
 */
export class Filhos {
  constructor(
    private readonly defs: readonly FilhoCadastro[],
    private readonly tabelas: Readonly<Record<string, TabelaFilho>>,
  ) {}

  /** What the declarations name that the tables lack (checked when the server starts). */
  faltando(): string[] {
    const faltam: string[] = [];
    for (const f of this.defs) {
      const t = this.tabelas[f.nome];
      if (!t) {
        faltam.push(`${f.nome}[]`);
        continue;
      }
      const cols = getTableColumns(t.tabela) as Record<string, PgColumn>;
      faltam.push(...f.campos.filter((c) => !cols[c.nome]).map((c) => `${f.nome}.${c.nome}`));
      faltam.push(...tiposIncompativeis(f.campos, cols, `${f.nome}.`));
    }
    return faltam;
  }

  get nomesTabelas(): Set<string> {
    return new Set(Object.values(this.tabelas).map((t) => getTableConfig(t.tabela).name));
  }

  /** The collection a unique-index violation is about, by the index's table name. */
  colecaoDaRestricao(restricao: string | undefined): string | undefined {
    if (!restricao) return undefined;
    return this.defs.find((f) => restricao.startsWith(getTableConfig(this.tabelas[f.nome]!.tabela).name))?.nome;
  }

  /**
   * The statement that reads every collection of one record, in each one's order (`ordem` when it
   * has one, then id): a JSON aggregate per collection, so a person's fifteen tabs are one round
   * trip. Numbers with decimals travel as text, as the driver gives them everywhere else.
   */
  private consulta(id: SQL): SQL {
    const colecoes = this.defs.map((f) => {
      const { tabela, pai } = this.tabelas[f.nome]!;
      const cols = getTableColumns(tabela) as Record<string, PgColumn>;
      // Keys are declared field names (letters only), written in the text: the only parameter is the id.
      const pares = [sql`'id', ${tabela.id}`];
      for (const c of f.campos) {
        const col = cols[c.nome]!;
        pares.push(sql`${sql.raw(`'${c.nome}'`)}, ${col.columnType === 'PgNumeric' ? sql`${col}::text` : col}`);
      }
      const ordem = cols.ordem ? sql`${cols.ordem}, ${tabela.id}` : sql`${tabela.id}`;
      return sql`(select coalesce(json_agg(json_build_object(${sql.join(pares, sql`, `)}) order by ${ordem}), '[]'::json)
        from ${tabela} where ${pai} = ${id} and ${tabela.excluidoEm} is null) as ${sql.identifier(f.nome)}`;
    });
    return sql`select ${sql.join(colecoes, sql`, `)}`;
  }

  /** A driver without a JSON parser for the type hands the text over. */
  private porColecao(linha: Record<string, Item[] | string> | undefined): Record<string, Item[]> {
    return Object.fromEntries(
      this.defs.map((f) => {
        const v = linha?.[f.nome];
        const itens = typeof v === 'string' ? (JSON.parse(v) as Item[]) : (v ?? []);
        return [f.nome, itens.map((i) => linhaDeSaida(f.campos, i))];
      }),
    );
  }

  async carregar(db: DbOuTx, id: number): Promise<Record<string, Item[]>> {
    const r = (await db.execute(this.consulta(sql`${id}`))) as unknown as { rows: Record<string, Item[] | string>[] };
    return this.porColecao(r.rows[0]);
  }

  private preparada?: { texto: string; parametros: number };
  /**
   * The same read as a prepared statement on the driver (`Deps.consultar`), for the hot path of
   * reading one record: the text is built once, not on every request (building and sending it was
   * a third of the time of `GET /api/pessoa/:id`).
   */
  async carregarPreparado(consultar: Deps['consultar'], nome: string, id: number): Promise<Record<string, Item[]>> {
    if (!this.preparada) {
      const q = DIALETO.sqlToQuery(this.consulta(sql`${sql.placeholder('id')}`));
      this.preparada = { texto: q.sql, parametros: q.params.length };
    }
    const linhas = await consultar<Record<string, Item[] | string>>(
      nome,
      this.preparada.texto,
      Array.from({ length: this.preparada.parametros }, () => id),
    );
    return this.porColecao(linhas[0]);
  }

  async salvar(tx: DbOuTx, id: number, dados: Item, criando: boolean): Promise<void> {
    const atuaisPorColecao = criando ? {} : await this.carregar(tx, id);
    for (const f of this.defs) {
      if (!criando && dados[f.nome] === undefined) continue;
      const itens = (dados[f.nome] ?? []) as Item[];
      const { tabela, pai } = this.tabelas[f.nome]!;
      const atuais = new Map((atuaisPorColecao[f.nome] ?? []).map((i) => [i.id as number, i]));
      // Removed items go first, so that an item added with a removed one's key does not collide.
      const enviados = new Set(itens.map((i) => i.id).filter((v): v is number => typeof v === 'number'));
      const removidos = [...atuais.keys()].filter((k) => !enviados.has(k));
      if (removidos.length)
        await tx
          .update(tabela)
          .set({ excluidoEm: new Date() } as never)
          .where(and(eq(pai, id), inArray(tabela.id, removidos)));
      const chavePai = this.chavePai(f);
      for (const [i, item] of itens.entries()) {
        const itemId = typeof item.id === 'number' ? item.id : null;
        if (itemId !== null && !atuais.has(itemId)) throw erroDeCampo(`${f.nome}.${i}`, 'itemInexistente');
        const valores = Object.fromEntries(f.campos.map((c) => [c.nome, item[c.nome] ?? c.padrao ?? null]));
        if (itemId === null) await tx.insert(tabela).values({ ...valores, [chavePai]: id } as never);
        else
          await tx
            .update(tabela)
            .set(valores as never)
            .where(eq(tabela.id, itemId));
      }
    }
  }

  /** Deleting the record deletes its sub-records with it (logically). */
  async excluirTodos(tx: DbOuTx, id: number): Promise<void> {
    for (const { tabela, pai } of Object.values(this.tabelas))
      await tx
        .update(tabela)
        .set({ excluidoEm: new Date() } as never)
        .where(and(eq(pai, id), isNull(tabela.excluidoEm)));
  }

  private chavePai(f: FilhoCadastro): string {
    const { tabela, pai } = this.tabelas[f.nome]!;
    const cols = getTableColumns(tabela) as Record<string, PgColumn>;
    return Object.keys(cols).find((k) => cols[k] === pai)!;
  }
}
