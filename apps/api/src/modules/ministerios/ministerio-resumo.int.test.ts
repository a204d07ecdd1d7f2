import { hojeNoBrasil } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome, pessoaPorCpf } from '../../../test/fabricas.js';
import { conferirResumo } from '../../../test/resumos.js';

/**
 * The ministries indicator's roll-up (migration 0058: `ministerio_resumo`, `ministerio_resumo_ano`)
 * is kept by triggers in the writing transaction: after every kind of write it holds what counting
 * the ministries and their figures again from scratch gives.
 */
const t = usarAppTeste();
let admin: string;
let paroquiaId: number;
let outraId: number;
let pessoaId: number;
let tipos: number[];

const ano = Number(hojeNoBrasil().slice(0, 4));
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

type Linha = { tipo_grupo_id: number; subarvore: boolean; organizacao_id: number; ministerios: number };

/** Both tables' rows that count something, in one order. */
async function lerResumo(db: DbOuTx) {
  const ministerios = rows<Linha>(
    await db.execute(sql`select tipo_grupo_id, subarvore, organizacao_id, ministerios from ministerio_resumo
      where ministerios <> 0 order by 1, 2, 3`),
  );
  const anos = rows(
    await db.execute(sql`select * from ministerio_resumo_ano
      where (informaram, reuniram, nao_reuniram, reunioes_realizadas, media_presentes, participantes_masculinos,
        participantes_femininos) <> (0, 0, 0, 0, 0, 0, 0)
      order by ano, subarvore, organizacao_id`),
  );
  return { ministerios, anos };
}

/** The roll-up as kept, and as a rebuild from the detail gives it (rolled back). */
async function conferir() {
  return conferirResumo(t.banco, lerResumo, [sql`select ministerio_resumo_reconstruir()`]);
}

/** An organization's ministries (every kind) as the roll-up holds them: its own, or its subtree's. */
const total = (r: Awaited<ReturnType<typeof lerResumo>>, organizacaoId: number, subarvore = false) =>
  r.ministerios.find((x) => x.tipo_grupo_id === 0 && x.subarvore === subarvore && x.organizacao_id === organizacaoId)
    ?.ministerios ?? 0;

const estatistica = (a: number, situacao: 'REUNIU' | 'NAO_REUNIU', n = 10) => ({
  ano: a,
  situacao,
  reunioesRealizadas: n,
  mediaPresentes: n + 5,
  participantesMasculinos: n + 1,
  participantesFemininos: n + 2,
});
const corpo = (extra: Record<string, unknown> = {}) => ({
  organizacaoId: paroquiaId,
  nome: 'Grupo da soma',
  tipoGrupoId: tipos[0],
  coordenadorId: pessoaId,
  reunioesPorAno: 12,
  participantes: [{ pessoaId, funcao: 'COORDENACAO' }],
  estatisticas: [estatistica(ano - 1, 'REUNIU'), estatistica(ano, 'NAO_REUNIU', 0)],
  ...extra,
});
const req = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.req({ method, url, token: admin, payload });

beforeAll(async () => {
  [admin] = await t.logins('admin');
  const paula = await pessoaPorCpf(t.banco.db, '11144477735');
  pessoaId = paula.id;
  paroquiaId = paula.organizacaoId!;
  outraId = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
  tipos = (
    await t.banco.db.select({ id: schema.tipoGrupo.id }).from(schema.tipoGrupo).orderBy(schema.tipoGrupo.id)
  ).map((x) => x.id);
});

describe('the ministries roll-up', () => {
  it('holds the demo’s ministries as a rebuild counts them', async () => {
    const r = await conferir();
    expect(r.ministerios.length).toBeGreaterThan(0);
    expect(r.anos.length).toBeGreaterThan(0);
  });

  it('follows a ministry created, its figures changed, moved, changed in kind and deleted', async () => {
    const antes = total(await conferir(), paroquiaId);
    const criado = await req('POST', '/api/ministerio', corpo());
    expect(criado.statusCode, criado.body).toBe(201);
    const id = criado.json().id as number;
    expect(total(await conferir(), paroquiaId)).toBe(antes + 1);

    // A year's figures changed, one dropped, another added, and the kind changed.
    const alterado = await req(
      'PUT',
      `/api/ministerio/${id}`,
      corpo({
        tipoGrupoId: tipos[1],
        estatisticas: [estatistica(ano - 2, 'REUNIU', 4), estatistica(ano, 'REUNIU', 7)],
      }),
    );
    expect(alterado.statusCode, alterado.body).toBe(200);
    await conferir();

    // Attendance per meeting recomputes a year.
    const reuniao = await req('POST', `/api/ministerio/${id}/reunioes`, {
      data: `${ano - 1}-03-07`,
      presentes: [pessoaId],
    });
    expect(reuniao.statusCode, reuniao.body).toBe(200);
    await conferir();

    // Moved to an organization of another synod.
    await t.banco.db.update(schema.ministerio).set({ organizacaoId: outraId }).where(eq(schema.ministerio.id, id));
    const movido = await conferir();
    expect(total(movido, paroquiaId)).toBe(antes);
    await t.banco.db.update(schema.ministerio).set({ organizacaoId: paroquiaId }).where(eq(schema.ministerio.id, id));

    // A year removed outright, then the ministry deleted (logically).
    await t.banco.db
      .delete(schema.ministerioEstatistica)
      .where(
        sql`${schema.ministerioEstatistica.ministerioId} = ${id} and ${schema.ministerioEstatistica.ano} = ${ano}`,
      );
    await conferir();
    expect((await req('DELETE', `/api/ministerio/${id}`)).statusCode).toBe(200);
    expect(total(await conferir(), paroquiaId)).toBe(antes);
  });

  it('counts a parish for its new synod once it moves in the tree', async () => {
    const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
    const caminho = async (id: number) =>
      rows<{ caminho: string }>(await t.banco.db.execute(sql`select caminho from organizacao where id = ${id}`))[0]!
        .caminho;
    const [destino, atual] = [await caminho(outraId), await caminho(paroquiaId)];
    const antes = await conferir();
    const daParoquia = total(antes, paroquiaId, true);
    expect(daParoquia).toBeGreaterThan(0);
    // The parish and everything below it, as the organization service moves a subtree.
    await t.banco.db.execute(sql`update organizacao set caminho = ${`${destino}${paroquiaId}/`}
      || substr(caminho, ${atual.length + 1}::int) where caminho like ${`${atual}%`}`);
    const depois = await conferir();
    expect(total(depois, sinodoId, true)).toBe(total(antes, sinodoId, true) - daParoquia);
    expect(total(depois, outraId, true)).toBe(total(antes, outraId, true) + daParoquia);
  });
});
