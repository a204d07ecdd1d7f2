import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarOrganizacao, organizacaoPorNome, outroSinodo } from '../../../test/fabricas.js';

/**
 * The registry indicator's roll-ups are kept by triggers in the writing transaction: after every
 * kind of write, `pessoa_movimento_resumo` (migration 0064) and `pessoa_resumo` (0038) hold what
 * counting the records and the people again from scratch gives.
 */
let t: AppTeste;
let admin: string;
let paroquiaId: number;
let outroSinodoId: number;
let comunidadeId: number;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
type Movimento = { organizacao_id: number; subarvore: boolean; data: string; movimento: string; quantidade: number };

async function lerResumos(db: AppTeste['banco']['db']) {
  const movimentos = rows<Movimento>(
    await db.execute(sql`select organizacao_id, subarvore, to_char(data, 'YYYY-MM-DD') as data, movimento, quantidade
      from pessoa_movimento_resumo where quantidade <> 0 order by 1, 2, 3, 4`),
  );
  const pessoas = rows(
    await db.execute(sql`select * from pessoa_resumo where pessoas <> 0
      order by organizacao_id, subarvore, tipo_pessoa_id, status, sexo, ano_nascimento, titular, completo`),
  );
  return { movimentos, pessoas };
}

class Desfazer extends Error {}

/** The roll-ups as kept, and as a rebuild from the detail gives them (rolled back). */
async function conferir() {
  const mantido = await lerResumos(t.banco.db);
  let recontado: Awaited<ReturnType<typeof lerResumos>> | undefined;
  await t.banco.db
    .transaction(async (tx) => {
      await tx.execute(sql`select pessoa_movimento_resumo_reconstruir()`);
      await tx.execute(sql`select pessoa_resumo_reconstruir()`);
      recontado = await lerResumos(tx as unknown as AppTeste['banco']['db']);
      throw new Desfazer();
    })
    .catch((e) => {
      if (!(e instanceof Desfazer)) throw e;
    });
  expect(mantido).toEqual(recontado);
  return mantido.movimentos;
}

/** An organization's movements of one kind, as the roll-up holds them: its own, or its subtree's. */
const soma = (linhas: Movimento[], organizacaoId: number, movimento: string, subarvore = true) =>
  linhas
    .filter((l) => l.organizacao_id === organizacaoId && l.subarvore === subarvore && l.movimento === movimento)
    .reduce((s, l) => s + l.quantidade, 0);

const req = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.req({ method, url, token: admin, payload });

async function pessoa(nome: string, organizacaoId: number) {
  const r = await req('POST', '/api/pessoa', { nome, sobrenome: 'Resumida', organizacaoId, titular: true });
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id as number;
}

async function registro(corpo: Record<string, unknown>) {
  const r = await req('POST', '/api/pessoa-integracao-desligamento', corpo);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { id: number; organizacaoId: number };
}

beforeAll(async () => {
  t = await criarAppTeste();
  [admin] = await t.logins('admin');
  paroquiaId = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
  outroSinodoId = await outroSinodo(t.banco.db);
  comunidadeId = await criarOrganizacao(t.banco.db, { organizacaoPaiId: paroquiaId });
}, 600_000);
afterAll(() => t?.fechar());

describe('the registry movements roll-up', () => {
  it('holds the records as a rebuild counts them', async () => {
    await conferir();
  });

  it('follows records inserted, changed, deleted and a person moved', async () => {
    const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
    const antes = await conferir();
    const ana = await pessoa('Ana', comunidadeId);
    const bruno = await pessoa('Bruno', paroquiaId);
    const batismo = await registro({ pessoaId: ana, tipo: 'INTEGRACAO', data: '2026-03-10', forma: 'BATISMO' });
    await registro({ pessoaId: bruno, tipo: 'INTEGRACAO', data: '2026-03-10', forma: 'TRANSFERENCIA' });
    const depois = await conferir();
    expect(soma(depois, sinodoId, 'admissoes')).toBe(soma(antes, sinodoId, 'admissoes') + 1);
    expect(soma(depois, batismo.organizacaoId, 'admissoes', false)).toBe(
      soma(antes, batismo.organizacaoId, 'admissoes', false) + 1,
    );

    // Several records in one statement, one of them already deleted.
    await t.banco.db.insert(schema.pessoaIntegracao).values([
      { pessoaId: ana, tipo: 'DESLIGAMENTO', data: '2026-04-01', forma: 'FALECIMENTO', organizacaoId: comunidadeId },
      { pessoaId: bruno, tipo: 'DESLIGAMENTO', data: '2026-04-01', forma: 'TRANSFERENCIA', organizacaoId: paroquiaId },
      { pessoaId: bruno, tipo: 'DESLIGAMENTO', data: '2026-04-02', forma: 'A_PEDIDO', organizacaoId: paroquiaId },
      {
        pessoaId: bruno,
        tipo: 'DESLIGAMENTO',
        data: '2026-04-03',
        forma: 'EXCLUSAO',
        organizacaoId: paroquiaId,
        excluidoEm: new Date(),
      },
    ]);
    await conferir();

    // Changed through the API (date and form), then in the database (the organization that recorded it).
    const alterado = await req('PUT', `/api/pessoa-integracao-desligamento/${batismo.id}`, {
      pessoaId: ana,
      tipo: 'INTEGRACAO',
      data: '2026-02-11',
      forma: 'CONFIRMACAO',
    });
    expect(alterado.statusCode, alterado.body).toBe(200);
    await conferir();
    await t.banco.db
      .update(schema.pessoaIntegracao)
      .set({ organizacaoId: outroSinodoId })
      .where(eq(schema.pessoaIntegracao.id, batismo.id));
    const movido = await conferir();
    expect(soma(movido, sinodoId, 'admissoes')).toBe(soma(antes, sinodoId, 'admissoes'));
    // An edit that changes nothing counted, and an update of no row.
    await t.banco.db
      .update(schema.pessoaIntegracao)
      .set({ observacao: 'revisto' })
      .where(eq(schema.pessoaIntegracao.pessoaId, bruno));
    await t.banco.db.update(schema.pessoaIntegracao).set({ observacao: 'x' }).where(sql`false`);
    await conferir();

    // The person moved (the people's roll-up follows; the records stay with who recorded them).
    await t.banco.db.update(schema.pessoa).set({ organizacaoId: outroSinodoId }).where(eq(schema.pessoa.id, bruno));
    await conferir();

    // Back to where it was recorded, deleted logically, then outright.
    await t.banco.db
      .update(schema.pessoaIntegracao)
      .set({ organizacaoId: comunidadeId })
      .where(eq(schema.pessoaIntegracao.id, batismo.id));
    await conferir();
    await t.banco.db
      .update(schema.pessoaIntegracao)
      .set({ excluidoEm: new Date() })
      .where(eq(schema.pessoaIntegracao.id, batismo.id));
    await conferir();
    await t.banco.db.delete(schema.pessoaIntegracao).where(eq(schema.pessoaIntegracao.pessoaId, bruno));
    const fim = await conferir();
    expect(soma(fim, sinodoId, 'admissoes')).toBe(soma(antes, sinodoId, 'admissoes'));
  });

  it('counts a parish’s records for its new synod once it moves in the tree', async () => {
    const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
    const ana = await pessoa('Carla', comunidadeId);
    await registro({ pessoaId: ana, tipo: 'INTEGRACAO', data: '2026-05-05', forma: 'PROFISSAO_FE' });
    const caminho = async (id: number) =>
      rows<{ caminho: string }>(await t.banco.db.execute(sql`select caminho from organizacao where id = ${id}`))[0]!
        .caminho;
    const [destino, atual] = [await caminho(outroSinodoId), await caminho(paroquiaId)];
    const antes = await conferir();
    const daParoquia = soma(antes, paroquiaId, 'admissoes');
    expect(daParoquia).toBeGreaterThan(0);
    // The parish and everything below it, as the organization service moves a subtree.
    await t.banco.db.execute(sql`update organizacao set caminho = ${`${destino}${paroquiaId}/`}
      || substr(caminho, ${atual.length + 1}::int) where caminho like ${`${atual}%`}`);
    const depois = await conferir();
    expect(soma(depois, sinodoId, 'admissoes')).toBe(soma(antes, sinodoId, 'admissoes') - daParoquia);
    expect(soma(depois, outroSinodoId, 'admissoes')).toBe(soma(antes, outroSinodoId, 'admissoes') + daParoquia);
    expect(soma(depois, paroquiaId, 'admissoes')).toBe(daParoquia);
  });
});
