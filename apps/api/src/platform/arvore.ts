import type { Db } from '@sig/db';
import { sql } from 'drizzle-orm';

/** An organization as the tree in memory holds it: what scope and subtree answers read. */
type NoArvore = { id: number; caminho: string; excluida: boolean };

/**
 * The organization tree as of one version (`organizacao_versao`): every organization by id, and
 * all of them in path order, so a subtree is one range of the array as it is one range of the
 * path index. Paths are ids and slashes only, so JavaScript's order is PostgreSQL's bytewise one.
 */
export class Arvore {
  readonly porId: ReadonlyMap<number, NoArvore>;
  private readonly ordem: NoArvore[];

  constructor(
    readonly versao: number,
    nos: NoArvore[],
  ) {
    this.porId = new Map(nos.map((n) => [n.id, n]));
    this.ordem = [...nos].sort((a, b) => (a.caminho < b.caminho ? -1 : a.caminho > b.caminho ? 1 : a.id - b.id));
  }

  /** Ids of the organizations whose path lies in [inicio, fim), deleted ones too (as the path index reads them). */
  entreCaminhos(inicio: string, fim: string): number[] {
    let baixo = 0;
    let alto = this.ordem.length;
    while (baixo < alto) {
      const meio = (baixo + alto) >>> 1;
      if (this.ordem[meio]!.caminho < inicio) baixo = meio + 1;
      else alto = meio;
    }
    const ids: number[] = [];
    for (let i = baixo; i < this.ordem.length && this.ordem[i]!.caminho < fim; i++) ids.push(this.ordem[i]!.id);
    return ids;
  }
}

/**
 * The tree kept in memory while its version is the database's. The version is bumped by a
 * trigger in the transaction of every write to `organizacao` (migration 0067) and read with the
 * request's session, so a request never answers from a tree older than what it could read itself;
 * a change made by another process shows at its next request. Loaded in one statement (the
 * version and the rows in one snapshot), once per change of the tree; concurrent requests share
 * one load.
 */
export class CacheArvore {
  private atual: Arvore | undefined;
  private carregando: Promise<Arvore> | undefined;

  constructor(private readonly db: Db) {}

  /** The tree at `versao` or later; the version is read first when the caller has none (a job's context). */
  async obter(versao?: number): Promise<Arvore> {
    const pedida = versao ?? (await this.versaoAtual());
    if (this.atual?.versao === pedida) return this.atual;
    const arvore = await this.carregar();
    // A load begun before the version asked for was committed may not hold it: load again.
    return arvore.versao >= pedida ? arvore : this.carregar(true);
  }

  private async versaoAtual(): Promise<number> {
    const r = (await this.db.execute(sql`select versao from organizacao_versao where id = 1`)) as unknown as {
      rows: { versao: string | number }[];
    };
    return Number(r.rows[0]?.versao ?? 0);
  }

  private carregar(denovo = false): Promise<Arvore> {
    if (!this.carregando || denovo) {
      const p = this.ler().finally(() => {
        if (this.carregando === p) this.carregando = undefined;
      });
      this.carregando = p;
    }
    return this.carregando;
  }

  private async ler(): Promise<Arvore> {
    const r = (await this.db.execute(sql`select v.versao, o.id, o.caminho, o.excluido_em is not null as excluida
      from organizacao_versao v left join organizacao o on true where v.id = 1`)) as unknown as {
      rows: { versao: string | number; id: number | null; caminho: string; excluida: boolean }[];
    };
    const nos = r.rows.flatMap((l) => (l.id === null ? [] : [{ id: l.id, caminho: l.caminho, excluida: l.excluida }]));
    const arvore = new Arvore(Number(r.rows[0]?.versao ?? 0), nos);
    if (!this.atual || this.atual.versao !== arvore.versao) this.atual = arvore;
    return arvore;
  }
}

/** The tree as the request's session saw its version (or as it is now, for a job's context). */
export const arvoreDe = (deps: { arvore: CacheArvore }, ctx: { organizacoesVersao?: number }) =>
  deps.arvore.obter(ctx.organizacoesVersao);
