import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome, pessoaPorCpf, pessoasDe } from '../../../test/fabricas.js';
import { LIMITE_CONTAGEM_NOME } from './falecido.service.js';

/**
 * The name search of the deceased read from the names' words (`falecido_palavra`, migration
 * 0063) answers as `like '%term%'` on `nome_busca` did: the same matches, order, pages and
 * capped count, in the user's scope, and still after renames, moves and exclusions.
 */
const t = usarAppTeste();
let admin: string;
let paroquia: string;
let paroquiaId: number;
let jazigoProprio: number;
let jazigoAlheio: number;

const PRENOMES = ['Ana', 'Zélia', 'João', 'Maria-José', 'Heinrich', 'Irmã', 'Otto', 'Anneliese'];
const SOBRENOMES = ['Krüger', 'Böhm', 'Conceição', 'Zimmermann', 'Meyer', 'Silva', 'Ana', 'Hoffmann', 'Maria'];
const ESPECIAIS = ['Ana  Maria Silva', 'Krüger Krüger', 'Ana', 'Ana_Paula 100% Silva', 'Silva Silva Silva', 'X'];
const TERMOS = [
  'krüger',
  'KRUGER',
  'mer',
  'ana',
  'an',
  'a',
  'ana maria',
  'a m',
  'ia s',
  'ger krüger',
  'zélia böhm conceição',
  'zelia bohm conceicao',
  'silva silva',
  'ana  maria',
  'kruger ',
  ' kruger',
  'a_p',
  '100%',
  'o-jo',
  'nada consta',
  'x',
];

const req = (url: string, token: string) => t.req({ method: 'GET', url, token });

beforeAll(async () => {
  [admin, paroquia] = await t.logins('admin', 'paroquia');
  const outraId = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
  paroquiaId = (await pessoaPorCpf(t.banco.db, '11144477735')).organizacaoId!;
  const [pessoaId] = await pessoasDe(t.banco.db, paroquiaId, 1);
  const jazigo = async (organizacaoId: number) => {
    const c = await t.req({
      method: 'POST',
      url: '/api/cemiterio',
      token: admin,
      payload: { organizacaoId, nome: `Cemitério ${organizacaoId}` },
    });
    expect(c.statusCode, c.body).toBe(201);
    const [j] = await t.banco.db
      .insert(schema.jazigo)
      .values({
        cemiterioId: c.json().id,
        quadra: 'B',
        fileira: 1,
        numero: 1,
        tipoJazigo: 'SEPULTURA',
        capacidade: 999,
      })
      .returning({ id: schema.jazigo.id });
    const [a] = await t.banco.db
      .insert(schema.arrendatario)
      .values({ jazigoId: j!.id, pessoaId, tipoConcessao: 'PERPETUA', inicio: '2000-01-01', valor: '0' })
      .returning({ id: schema.arrendatario.id });
    return { jazigoId: j!.id, arrendatarioId: a!.id };
  };
  const proprio = await jazigo(paroquiaId);
  const alheio = await jazigo(outraId);
  jazigoProprio = proprio.jazigoId;
  jazigoAlheio = alheio.jazigoId;
  const nomes = [
    ...PRENOMES.flatMap((p, i) => SOBRENOMES.map((s, k) => `${p} ${s} ${SOBRENOMES[(i + k * 5) % SOBRENOMES.length]}`)),
    ...ESPECIAIS,
  ];
  // One statement, as a load would: the words are written per statement.
  await t.banco.db.insert(schema.falecido).values(
    nomes.map((nome, i) => ({
      ...(i % 3 ? proprio : alheio),
      nome,
      dataFalecimento: '2000-01-01',
      // Some burials share a date: the id breaks the tie.
      dataSepultamento: `20${String(10 + (i % 13)).padStart(2, '0')}-0${1 + (i % 9)}-1${i % 7}`,
    })),
  );
});

/** The matches in order, by a plain `like` over the burials: what the search must answer. */
async function esperado(termo: string, soParoquia: boolean, ordem: 'asc' | 'desc') {
  // The query's `nome` arrives trimmed (contracts' `busca`).
  const padrao = `%${termo
    .trim()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[%_\\]/g, '\\$&')}%`;
  const dir = ordem === 'desc' ? sql`desc` : sql`asc`;
  const r = (await t.banco.db.execute(sql`select f.id from falecido f join jazigo j on j.id = f.jazigo_id
    join cemiterio c on c.id = j.cemiterio_id
    where f.excluido_em is null and c.excluido_em is null and f.nome_busca like ${padrao}
      ${soParoquia ? sql`and c.organizacao_id = ${paroquiaId}` : sql``}
    order by f.data_sepultamento ${dir}, f.id ${dir}`)) as unknown as { rows: { id: number }[] };
  return r.rows.map((l) => l.id);
}

async function conferir(termos = TERMOS) {
  for (const termo of termos)
    for (const [token, soParoquia] of [
      [admin, false],
      [paroquia, true],
    ] as const)
      for (const ordem of ['desc', 'asc'] as const) {
        const todos = await esperado(termo, soParoquia, ordem);
        for (const pagina of [1, 2, 3]) {
          const r = await req(
            `/api/falecido/paginado?nome=${encodeURIComponent(termo)}&quantidade=10&pagina=${pagina}&ordem=${ordem}`,
            token,
          );
          expect(r.statusCode, r.body).toBe(200);
          const corpo = r.json();
          const onde = `${JSON.stringify(termo)} ${soParoquia ? 'parish' : 'admin'} ${ordem} page ${pagina}`;
          expect(
            corpo.itens.map((f: { id: number }) => f.id),
            onde,
          ).toEqual(todos.slice((pagina - 1) * 10, pagina * 10));
          if (corpo.itens.length === 10 || pagina === 1) {
            expect(corpo.total, onde).toBe(Math.min(todos.length, LIMITE_CONTAGEM_NOME));
            expect(corpo.totalExato, onde).toBe(todos.length <= LIMITE_CONTAGEM_NOME);
          }
        }
      }
}

/** `falecido_palavra` holds exactly the words of the burials not excluded (both ways). */
async function palavrasExatas() {
  const r = (await t.banco.db.execute(sql`with atual as (
      select w.palavra, w.resto, w.primeira, f.id as falecido_id, j.cemiterio_id, f.data_sepultamento, f.nome_busca
      from falecido f join jazigo j on j.id = f.jazigo_id cross join lateral falecido_palavras_do_nome(f.nome_busca) w
      where f.excluido_em is null)
    select (select count(*) from (select * from atual except all
        select palavra, resto, primeira, falecido_id, cemiterio_id, data_sepultamento, nome_busca from falecido_palavra) a)::int as faltam,
      (select count(*) from (select palavra, resto, primeira, falecido_id, cemiterio_id, data_sepultamento, nome_busca
        from falecido_palavra except all select * from atual) b)::int as sobram,
      (select count(*) from falecido_palavra)::int as n`)) as unknown as {
    rows: { faltam: number; sobram: number; n: number }[];
  };
  expect(r.rows[0]!.n).toBeGreaterThan(0);
  expect(r.rows[0]).toMatchObject({ faltam: 0, sobram: 0 });
}

describe('/falecido/paginado: the name search by words', () => {
  it('answers as a plain like: matches, order, pages, capped count, scope', async () => {
    expect((await esperado('a', false, 'desc')).length).toBeGreaterThan(LIMITE_CONTAGEM_NOME);
    await palavrasExatas();
    await conferir();
  });

  it('keeps the words through renames, moves out of the scope, exhumations and exclusions', async () => {
    const [a, b, c, d] = await t.banco.db
      .select({ id: schema.falecido.id })
      .from(schema.falecido)
      .where(eq(schema.falecido.jazigoId, jazigoProprio))
      .orderBy(schema.falecido.id)
      .limit(4);
    const f = schema.falecido;
    await t.banco.db.update(f).set({ nome: 'Wolfgang Novonome Krüger' }).where(eq(f.id, a!.id));
    await t.banco.db.update(f).set({ jazigoId: jazigoAlheio }).where(eq(f.id, b!.id));
    await t.banco.db
      .update(f)
      .set({ dataExumacao: '2030-01-01', dataSepultamento: '1999-01-01' })
      .where(eq(f.id, c!.id));
    await t.banco.db.update(f).set({ excluidoEm: new Date() }).where(eq(f.id, d!.id));
    // A new word is found by the next search.
    const novo = await req('/api/falecido/paginado?nome=novonome&quantidade=10', paroquia);
    expect(novo.json()).toMatchObject({ total: 1, itens: [{ id: a!.id }] });
    await palavrasExatas();
    await conferir(['krüger', 'novonome kr', 'ana', 'a', 'ia s', 'silva']);
    await t.banco.db.delete(f).where(eq(f.id, d!.id));
    await palavrasExatas();
  });
});
