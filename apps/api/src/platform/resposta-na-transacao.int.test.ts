import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';
import { pessoaPorCpf } from '../../test/fabricas.js';

/**
 * A failed save leaves nothing (issue 16 hole 14): a numeric column answered as text to a number
 * schema made every save with "Desconto (%)" a 500 over a person that was created anyway.
 */
const t = usarAppTeste();
let admin: string;
let organizacaoId: number;

beforeAll(async () => {
  admin = await t.loginAdmin();
  const p = await pessoaPorCpf(t.banco.db, '39053344705');
  organizacaoId = p!.organizacaoId;
});

const pessoas = async (nome: string) =>
  (await t.banco.db.select({ id: schema.pessoa.id }).from(schema.pessoa).where(eq(schema.pessoa.nome, nome))).length;

/**
 * Runs `fn` while the database itself writes a value the number schema refuses (numeric NaN) into
 * `coluna` of every row inserted in `tabela`.
 */
async function comNaN(tabela: string, coluna: string, fn: () => Promise<void>) {
  const gatilho = sql.identifier(`${coluna}_nan`);
  await t.banco.db.execute(sql`create function ${gatilho}() returns trigger language plpgsql as $$
    begin new.${sql.identifier(coluna)} := 'NaN'; return new; end $$`);
  await t.banco.db.execute(
    sql`create trigger ${gatilho} before insert on ${sql.identifier(tabela)} for each row execute function ${gatilho}()`,
  );
  try {
    await fn();
  } finally {
    await t.banco.db.execute(sql`drop trigger ${gatilho} on ${sql.identifier(tabela)}`);
    await t.banco.db.execute(sql`drop function ${gatilho}()`);
  }
}

const comDesconto = (nome: string, percentualDesconto: number) => ({
  nome,
  sobrenome: 'Desconto',
  organizacaoId,
  status: 'ATIVO',
  contribuicao: [{ valor: '50.00', percentualDesconto }],
});

describe('the income and contribution tab', () => {
  it.each([0, 10, 12.5, 100])('saves a discount of %s per cent and reads it back as a number', async (percentual) => {
    const nome = `Marta${String(percentual).replace('.', 'x')}`;
    const r = await t.req({ method: 'POST', url: '/api/pessoa', token: admin, payload: comDesconto(nome, percentual) });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().contribuicao[0]).toMatchObject({ valor: '50.00', percentualDesconto: percentual });
    const lida = await t.req({ method: 'GET', url: `/api/pessoa/${r.json().id}`, token: admin });
    expect(lida.statusCode, lida.body).toBe(200);
    expect(lida.json().contribuicao[0].percentualDesconto).toBe(percentual);
    const alterada = await t.req({
      method: 'PUT',
      url: `/api/pessoa/${r.json().id}`,
      token: admin,
      payload: { ...comDesconto(nome, 5), contribuicao: [{ id: r.json().contribuicao[0].id, percentualDesconto: 5 }] },
    });
    expect(alterada.statusCode, alterada.body).toBe(200);
    expect(alterada.json().contribuicao[0].percentualDesconto).toBe(5);
    expect(await pessoas(nome)).toBe(1);
  });

  it('refuses a discount over 100 % with the field message', async () => {
    const r = await t.req({ method: 'POST', url: '/api/pessoa', token: admin, payload: comDesconto('Acima', 150) });
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['contribuicao.0.percentualDesconto']);
  });
});

describe('an answer that does not fit its schema', () => {
  it('rolls the person back: no record, no duplicate on a retry', async () => {
    await comNaN('pessoa_contribuicao', 'percentual_desconto', async () => {
      for (let i = 0; i < 2; i++) {
        const r = await t.req({
          method: 'POST',
          url: '/api/pessoa',
          token: admin,
          payload: comDesconto('Quebrada', 10),
        });
        expect(r.statusCode).toBe(500);
      }
      expect(await pessoas('Quebrada')).toBe(0);
    });
  });

  it('rolls a registry record back (the CRUD engine)', async () => {
    await comNaN('configuracao_etiqueta', 'margem_superior', async () => {
      const r = await t.req({
        method: 'POST',
        url: '/api/configuracao-etiquetas',
        token: admin,
        payload: {
          nome: 'Folha quebrada',
          tamanhoPapel: 'A4',
          linhas: 2,
          colunas: 2,
          quantidade: 4,
          larguraEtiqueta: 80,
          alturaEtiqueta: 30,
        },
      });
      expect(r.statusCode).toBe(500);
      const linhas = await t.banco.db
        .select({ id: schema.configuracaoEtiqueta.id })
        .from(schema.configuracaoEtiqueta)
        .where(eq(schema.configuracaoEtiqueta.nome, 'Folha quebrada'));
      expect(linhas).toEqual([]);
    });
  });
});
