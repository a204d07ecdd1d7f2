import { readFileSync } from 'node:fs';
import { schema } from '@sig/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarPessoa, outroSinodo } from '../../../test/fabricas.js';
import { AMOSTRAS, fluxoDeMigracao } from '../../../test/migracao.js';

const pessoasCsv = readFileSync(new URL('migracao-pessoas.csv', AMOSTRAS));
const csv = readFileSync(new URL('migracao-familias.csv', AMOSTRAS));
const xlsx = readFileSync(new URL('migracao-familias.xlsx', AMOSTRAS));

let t: AppTeste;
let tesouraria: string;
const origem = 'sistema-familias';

type Corpo = Record<string, unknown>;

const fluxo = fluxoDeMigracao(
  () => t,
  () => tesouraria,
);
const simular = (arquivo: Buffer, nome: string, tipo = 'FAMILIAS') => fluxo.simular(arquivo, nome, tipo, origem);
const { importar, post, get } = fluxo;

const ids = new Map<string, number>();
const vinculos = async () =>
  t.banco.db
    .select({ pessoaId: schema.pessoaFamilia.pessoaId, parenteId: schema.pessoaFamilia.parenteId })
    .from(schema.pessoaFamilia)
    .where(and(inArray(schema.pessoaFamilia.pessoaId, [...ids.values()]), isNull(schema.pessoaFamilia.excluidoEm)));

beforeAll(async () => {
  t = await criarAppTeste();
  [tesouraria] = await t.logins('tesouraria');
  const p = await simular(pessoasCsv, 'membros.csv', 'PESSOAS');
  await importar(p.id);
  const pessoas = await t.banco.db
    .select({ id: schema.pessoa.id, chave: schema.pessoa.chaveLegada })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.origem, origem));
  for (const x of pessoas) ids.set(x.chave!, x.id);
  expect(ids.size).toBe(5);
});
afterAll(() => t.fechar());

describe('families', () => {
  let id: number;

  it('groups the members by the family key and links each to the head, after the dry run only', async () => {
    const m = await simular(csv, 'familias.csv');
    id = m.id;
    expect(m.mapeamento).toMatchObject({
      chaveFamilia: 'Família',
      pessoaChave: 'Código do membro',
      parentesco: 'Parentesco',
    });
    expect(m).toMatchObject({ linhas: 8, criados: 2, ignorados: 2, falhas: 4 });
    expect(await vinculos()).toHaveLength(0);
    const linhas = (await get(`/api/migracao/${id}/linhas?quantidade=20`)).json().itens as Corpo[];
    const porNumero = (n: number) => linhas.find((l) => l.numero === n)!;
    expect(porNumero(3)).toMatchObject({ acao: 'CRIAR', descricao: 'Elisa Hoffmann → Carlos Eduardo Weber' });
    const mensagem = (n: number) => JSON.stringify(porNumero(n).mensagens);
    expect(mensagem(6)).toMatch(/não existe/);
    expect(mensagem(7)).toMatch(/não existe/);
    expect(mensagem(8)).toMatch(/outra linha/);
    expect(mensagem(9)).toMatch(/Parentesco/);

    const feito = await importar(id);
    expect(feito.status).toBe('CONCLUIDA');
    const v = await vinculos();
    const carlos = ids.get('M-002')!;
    // Both directions: the head's link to the member and the member's back.
    expect(v).toEqual(
      expect.arrayContaining([
        { pessoaId: carlos, parenteId: ids.get('M-010') },
        { pessoaId: ids.get('M-010'), parenteId: carlos },
        { pessoaId: carlos, parenteId: ids.get('M-004') },
        { pessoaId: ids.get('M-004'), parenteId: carlos },
      ]),
    );
    expect(v).toHaveLength(4);
  });

  it('a rerun (XLSX) changes nothing', async () => {
    const m = await simular(xlsx, 'familias.xlsx');
    expect(m).toMatchObject({ criados: 0, atualizados: 0, ignorados: 4, falhas: 4 });
  });

  it('without a family key, a household by address and surname is proposed for review, never linked', async () => {
    const otto = await criarPessoa(t.banco.db, {
      organizacaoId: (
        await t.banco.db
          .select()
          .from(schema.pessoa)
          .where(eq(schema.pessoa.id, ids.get('M-003')!))
      )[0]!.organizacaoId,
      nome: 'Otto',
      sobrenome: 'Brandt',
      origem,
      chaveLegada: 'M-011',
    });
    ids.set('M-011', otto.id);
    const arquivo = Buffer.from(
      [
        'Código do membro;Parentesco;Endereço;Número;CEP',
        'M-003;Titular;Av. Independência;300;95880-000',
        'M-011;Filho;Av. Independência;300;95.880-000',
      ].join('\n'),
    );
    const m = await simular(arquivo, 'sem-chave.csv');
    expect(m).toMatchObject({ criados: 0, revisar: 1 });
    const [, l] = (await get(`/api/migracao/${m.id}/linhas`)).json().itens as Corpo[];
    expect(l).toMatchObject({ acao: 'REVISAR', descricao: 'Otto Brandt → Helga Brandt' });
    expect(JSON.stringify(l!.mensagens)).toMatch(/endereço e sobrenome/);
    await importar(m.id);
    expect((await vinculos()).filter((x) => x.pessoaId === otto.id)).toHaveLength(0);

    // Confirmed by the user on the row, the next run links them.
    const deNovo = await simular(arquivo, 'sem-chave.csv');
    const [, revisar] = (await get(`/api/migracao/${deNovo.id}/linhas`)).json().itens as Corpo[];
    const r = await t.req({
      method: 'PUT',
      url: `/api/migracao/${deNovo.id}/linhas/${revisar!.id}/decisao`,
      token: tesouraria,
      payload: { decisao: 'VINCULAR' },
    });
    expect(r.statusCode, r.body).toBe(200);
    await importar(deNovo.id);
    expect((await vinculos()).filter((x) => x.pessoaId === otto.id)).toEqual([
      { pessoaId: otto.id, parenteId: ids.get('M-003') },
    ]);
  });

  it('refuses a member outside the scope', async () => {
    await criarPessoa(t.banco.db, { organizacaoId: await outroSinodo(t.banco.db), nome: 'Fora', cpf: '73160485226' });
    const arquivo = Buffer.from(['Família;CPF;Parentesco', 'F-9;731.604.852-26;Titular'].join('\n'));
    const m = await simular(arquivo, 'fora.csv');
    expect(m).toMatchObject({ falhas: 1 });
    const [l] = (await get(`/api/migracao/${m.id}/linhas`)).json().itens as Corpo[];
    expect(JSON.stringify(l!.mensagens)).toMatch(/fora do seu escopo/);
  });

  it('undo removes the links it made', async () => {
    expect((await post(`/api/migracao/${id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect((await vinculos()).filter((x) => [x.pessoaId, x.parenteId].includes(ids.get('M-002')!))).toHaveLength(0);
  });
});
