import { type DbOuTx, schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarOrganizacao, organizacaoPorNome, outroSinodo } from '../../../test/fabricas.js';
import { conferirResumo } from '../../../test/resumos.js';

/**
 * The registry indicator's roll-ups are kept by triggers in the writing transaction: after every
 * kind of write, `pessoa_movimento_perfil` (migration 0066) and `pessoa_resumo` (0038) hold what
 * counting the records and the people again from scratch gives.
 */
let t: AppTeste;
let admin: string;
let paroquiaId: number;
let outroSinodoId: number;
let comunidadeId: number;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
type Movimento = {
  organizacao_id: number;
  subarvore: boolean;
  grao: number;
  inicio: string;
  movimento: string;
  tipo_pessoa_id: number;
  status: string;
  titular: boolean;
  completo: boolean;
  ativa: boolean;
  quantidade: number;
};

async function lerResumos(db: DbOuTx) {
  const movimentos = rows<Movimento>(
    await db.execute(sql`select organizacao_id, subarvore, grao, to_char(inicio, 'YYYY-MM-DD') as inicio, movimento,
        tipo_pessoa_id, status, titular, completo, ativa, quantidade
      from pessoa_movimento_perfil where quantidade <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10`),
  );
  const pessoas = rows(
    await db.execute(sql`select * from pessoa_resumo where pessoas <> 0
      order by organizacao_id, subarvore, tipo_pessoa_id, status, sexo, ano_nascimento, titular, completo`),
  );
  return { movimentos, pessoas };
}

/** The roll-ups as kept, and as a rebuild from the detail gives them (rolled back). */
async function conferir() {
  const mantido = await conferirResumo(t.banco, lerResumos, [
    sql`select pessoa_movimento_perfil_reconstruir()`,
    sql`select pessoa_resumo_reconstruir()`,
  ]);
  // The months' and the years' rows hold what the days' rows add up to in them.
  const somados = (grao: number, corte: number) => {
    const somas = new Map<string, number>();
    for (const l of mantido.movimentos.filter((l) => l.grao === grao)) {
      const chave = JSON.stringify({ ...l, grao: 0, quantidade: 0, inicio: l.inicio.slice(0, corte) });
      somas.set(chave, (somas.get(chave) ?? 0) + l.quantidade);
    }
    return somas;
  };
  expect(somados(1, 7)).toEqual(somados(0, 7));
  expect(somados(2, 4)).toEqual(somados(0, 4));
  return mantido.movimentos;
}

/**
 * An organization's movements of one kind, as the roll-up holds them per day: its own, or its
 * subtree's; only those of people the filter accepts, when given.
 */
const soma = (
  linhas: Movimento[],
  organizacaoId: number,
  movimento: string,
  subarvore = true,
  filtro: (l: Movimento) => boolean = () => true,
) =>
  linhas
    .filter(
      (l) =>
        l.grao === 0 &&
        l.organizacao_id === organizacaoId &&
        l.subarvore === subarvore &&
        l.movimento === movimento &&
        filtro(l),
    )
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

  it('moves a person’s records when their type, holder, status, completeness or deletion changes', async () => {
    const { pessoa: p } = schema;
    const dora = await pessoa('Dora', comunidadeId);
    const elias = await pessoa('Elias', paroquiaId);
    await registro({ pessoaId: dora, tipo: 'INTEGRACAO', data: '2026-06-07', forma: 'BATISMO' });
    await registro({ pessoaId: elias, tipo: 'INTEGRACAO', data: '2025-12-31', forma: 'CONFIRMACAO' });
    // A withdrawal through the API marks the person withdrawn: her records follow her status.
    await registro({ pessoaId: dora, tipo: 'DESLIGAMENTO', data: '2026-07-01', forma: 'A_PEDIDO', motivo: 'Mudança' });
    let linhas = await conferir();
    const deDora = (l: Movimento) => l.status === 'DESLIGADO';
    expect(soma(linhas, comunidadeId, 'admissoes', false, deDora)).toBe(1);
    expect(soma(linhas, comunidadeId, 'desligamentos', false, deDora)).toBe(1);

    const [tipo] = rows<{ id: number }>(await t.banco.db.execute(sql`select min(id)::int as id from tipo_pessoa`));
    // One attribute at a time, then several people in one statement.
    await t.banco.db.update(p).set({ tipoPessoaId: tipo!.id }).where(eq(p.id, dora));
    await conferir();
    await t.banco.db.update(p).set({ titular: false }).where(eq(p.id, dora));
    await conferir();
    await t.banco.db.update(p).set({ status: 'FALECIDO' }).where(eq(p.id, dora));
    await conferir();
    await t.banco.db.update(p).set({ sexo: 'F', dataNascimento: '1980-02-03' }).where(eq(p.id, dora));
    linhas = await conferir();
    const completa = (l: Movimento) =>
      l.completo && l.status === 'FALECIDO' && !l.titular && l.tipo_pessoa_id === tipo!.id && l.ativa;
    expect(soma(linhas, comunidadeId, 'admissoes', false, completa)).toBe(1);
    expect(soma(linhas, comunidadeId, 'admissoes', false, (l) => l.status === 'DESLIGADO' && l.titular)).toBe(0);
    await t.banco.db.update(p).set({ preCadastro: true, status: 'ATIVO' }).where(sql`${p.id} in (${dora}, ${elias})`);
    await conferir();
    // A name edit counts nothing; a deleted person's records stay, apart from the filtered answers.
    await t.banco.db.update(p).set({ nome: 'Dorothea' }).where(eq(p.id, dora));
    await t.banco.db.update(p).set({ excluidoEm: new Date() }).where(eq(p.id, dora));
    linhas = await conferir();
    expect(soma(linhas, comunidadeId, 'admissoes', false, (l) => !l.ativa)).toBe(1);
    await t.banco.db.update(p).set({ excluidoEm: null, sobrenome: '' }).where(eq(p.id, dora));
    await conferir();
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
