import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';

/**
 * The organization tree in memory (platform/arvore.ts): a list filtered by an organization and the
 * reference check answer from it, and every write to the tree — by this process or straight to the
 * database, as another process would — shows at the next request, never later.
 */

const t = usarAppTeste();
let admin: string;
/** A parish that owns receivables (the organization the lists name), and a synod other than its own. */
let paroquia: { id: number; caminho: string; outroSinodo: string };

const linhas = async <T>(q: ReturnType<typeof sql>) => ((await t.banco.db.execute(q)) as unknown as { rows: T[] }).rows;
const versao = async () => {
  const [v] = await linhas<{ versao: string }>(sql`select versao from organizacao_versao`);
  return Number(v!.versao);
};

/** The receivables list of an organization's subtree, as the admin asks it: its status and the owners in it. */
async function lista(organizacaoId: number) {
  const r = await t.req({
    method: 'GET',
    url: `/api/conta-a-receber/paginado?organizacaoId=${organizacaoId}&quantidade=500`,
    token: admin,
  });
  const itens: { organizacaoId: number }[] = r.json().itens ?? [];
  return { status: r.statusCode, donos: new Set(itens.map((c) => c.organizacaoId)) };
}

beforeAll(async () => {
  [admin] = await t.logins('admin');
  const [p] = await linhas<{ id: number; caminho: string; outroSinodo: string }>(sql`
    select p.id, p.caminho,
           (select s.caminho from organizacao s where s.nivel = 1 and p.caminho not like s.caminho || '%'
             order by s.id limit 1) as "outroSinodo"
      from organizacao p
     where p.nivel = 2 and exists (select 1 from conta_a_receber r where r.organizacao_id = p.id and r.status <> 'EXCLUIDO')
     order by p.id limit 1`);
  paroquia = p!;
});

const excluir = (excluida: boolean) =>
  t.banco.db.execute(
    sql`update organizacao set excluido_em = ${excluida ? sql`now()` : sql`null`} where id = ${paroquia.id}`,
  );

describe('the organization tree in memory', () => {
  it('a deletion straight in the database answers 404 at the next request, and its undoing 200', async () => {
    expect((await lista(paroquia.id)).status).toBe(200);
    await excluir(true);
    try {
      expect((await lista(paroquia.id)).status).toBe(404);
    } finally {
      await excluir(false);
    }
    expect((await lista(paroquia.id)).status).toBe(200);
  });

  it('a subtree moved under another synod leaves the old one and joins the new one', async () => {
    const idDe = async (caminho: string) =>
      (await linhas<{ id: number }>(sql`select id from organizacao where caminho = ${caminho}`))[0]!.id;
    const antigo = await idDe(`/${paroquia.caminho.split('/').slice(1, 3).join('/')}/`);
    const novo = await idDe(paroquia.outroSinodo);
    expect((await lista(antigo)).donos.has(paroquia.id)).toBe(true);
    expect((await lista(novo)).donos.has(paroquia.id)).toBe(false);
    const mover = (de: string, para: string) =>
      t.banco.db.execute(
        sql`update organizacao set caminho = ${para} || substr(caminho, ${de.length + 1}::int) where caminho like ${`${de}%`}`,
      );
    const destino = `${paroquia.outroSinodo}${paroquia.id}/`;
    await mover(paroquia.caminho, destino);
    try {
      expect((await lista(antigo)).donos.has(paroquia.id)).toBe(false);
      expect((await lista(novo)).donos.has(paroquia.id)).toBe(true);
    } finally {
      await mover(destino, paroquia.caminho);
    }
    expect((await lista(antigo)).donos.has(paroquia.id)).toBe(true);
  });

  it('the version moves with committed writes only, in their transaction', async () => {
    const antes = await versao();
    await t.banco.db
      .transaction(async (tx) => {
        await tx.execute(sql`update organizacao set nome_fantasia = nome_fantasia where id = ${paroquia.id}`);
        throw new Error('desfeita');
      })
      .catch(() => undefined);
    expect(await versao()).toBe(antes);
    await t.banco.db.execute(sql`update organizacao set nome_fantasia = nome_fantasia where id = ${paroquia.id}`);
    expect(await versao()).toBe(antes + 1);
  });

  it('another list naming the organization reads the same tree', async () => {
    const url = `/api/cobranca/paginado?organizacaoId=${paroquia.id}`;
    expect((await t.req({ method: 'GET', url, token: admin })).statusCode).toBe(200);
    await excluir(true);
    try {
      expect((await t.req({ method: 'GET', url, token: admin })).statusCode).toBe(404);
    } finally {
      await excluir(false);
    }
  });
});
