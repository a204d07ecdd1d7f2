import { readFileSync } from 'node:fs';
import { schema } from '@sig/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarPerfil, criarUsuario, organizacaoDoUsuario, outroSinodo } from '../../../test/fabricas.js';
import { AMOSTRAS, fluxoDeMigracao } from '../../../test/migracao.js';

const csv = readFileSync(new URL('migracao-cultos.csv', AMOSTRAS));
const xlsx = readFileSync(new URL('migracao-cultos.xlsx', AMOSTRAS));

let t: AppTeste;
let tesouraria: string;
let organizacaoId: number;
const origem = 'livro-de-cultos';
const { culto: cu } = schema;

type Corpo = Record<string, unknown>;

const fluxo = fluxoDeMigracao(
  () => t,
  () => tesouraria,
);
const simular = (arquivo: Buffer, nome: string, o = origem) => fluxo.simular(arquivo, nome, 'CULTOS', o);
const { importar, post, get } = fluxo;

const daOrigem = (o = origem) =>
  t.banco.db
    .select()
    .from(cu)
    .where(and(eq(cu.origem, o), isNull(cu.excluidoEm)));
const porChave = async (chave: string) => (await daOrigem()).find((c) => c.chaveLegada === chave)!;
const linhasDe = async (id: number, idioma?: string) =>
  (await get(`/api/migracao/${id}/linhas?quantidade=50`, idioma)).json().itens as Corpo[];
const mensagens = (l: Corpo) => l.mensagens as { campo: string; mensagem: string }[];

beforeAll(async () => {
  t = await criarAppTeste();
  [tesouraria] = await t.logins('tesouraria');
  organizacaoId = await organizacaoDoUsuario(t.banco.db, 'tesouraria@sig.local');
});
afterAll(() => t.fechar());

describe('worship services with their offerings', () => {
  let id: number;

  it('maps the usual headers and checks every row with the form’s schema and offering rule', async () => {
    const m = await simular(csv, 'cultos.csv');
    id = m.id;
    expect(m.mapeamento).toMatchObject({
      chaveLegada: 'Código',
      organizacao: 'Comunidade',
      data: 'Data',
      hora: 'Horário',
      santaCeia: 'Santa Ceia',
      presentes: 'Presentes',
      ofertas: 'Ofertas',
      dataCredito: 'Data de crédito',
      abrangencia: 'Abrangência',
      destino: 'Destino',
      planoConta: 'Plano de conta',
      sermao: 'Sermão',
    });
    expect(m).toMatchObject({ status: 'ANALISADA', linhas: 8, criados: 3, atualizados: 0, falhas: 5 });
    expect(await daOrigem()).toHaveLength(0);
    const linhas = await linhasDe(id);
    const n = (x: number) => linhas.find((l) => l.numero === x)!;
    expect(n(2)).toMatchObject({ acao: 'CRIAR', chaveLegada: 'C-001', descricao: '2024-01-07 · 19:30 · 1250.00' });
    expect(n(4).acao).toBe('CRIAR');
    // `1,250.00` is not a pt-BR amount: refused, never read as 1.25 or 1250.
    expect(mensagens(n(5))).toEqual([{ campo: 'ofertas', mensagem: 'Valor inválido.' }]);
    expect(mensagens(n(6))).toEqual([{ campo: 'data', mensagem: 'Data inválida.' }]);
    // No offering plan for the date: the row must give scope, destination and account, as the form must.
    expect(mensagens(n(7)).map((x) => x.campo)).toEqual(['abrangencia', 'destino', 'planoConta']);
    expect(mensagens(n(8))[0]!.mensagem).toMatch(/Organização.*não existe/);
    expect(mensagens(n(9))[0]!.mensagem).toMatch(/outra linha/);
    const en = await linhasDe(id, 'en');
    expect(mensagens(en.find((l) => l.numero === 5)!)[0]!.mensagem).toBe('Invalid amount.');
  });

  it('imports them as history: exact amounts, no cash-ledger entry', async () => {
    expect(await importar(id)).toMatchObject({ status: 'CONCLUIDA', lotePendentes: 0 });
    const cultos = await daOrigem();
    expect(cultos).toHaveLength(3);
    const [of] = await t.banco.db
      .select({ id: schema.planoConta.id })
      .from(schema.planoConta)
      .where(and(eq(schema.planoConta.organizacaoId, organizacaoId), eq(schema.planoConta.codigoInterno, 'OF')));
    expect(await porChave('C-001')).toMatchObject({
      organizacaoId,
      data: '2024-01-07',
      hora: '19:30',
      santaCeia: true,
      presentes: 85,
      ofertas: '1250.00',
      dataCredito: '2024-01-08',
      abrangencia: 'PAROQUIAL',
      destino: 'Manutenção do templo',
      planoContaId: of!.id,
      sermao: 'Lucas 2.41-52',
    });
    expect(await porChave('C-002')).toMatchObject({
      presentes: 1020,
      ofertas: '35.50',
      abrangencia: 'COMUNITARIA',
      planoContaId: of!.id,
      santaCeia: false,
    });
    expect(await porChave('C-003')).toMatchObject({ ofertas: '0.00', abrangencia: null });
    const lancamentos = await t.banco.db
      .select()
      .from(schema.lancamentoCaixa)
      .where(
        and(
          eq(schema.lancamentoCaixa.origem, 'CULTO'),
          inArray(
            schema.lancamentoCaixa.origemId,
            cultos.map((c) => c.id),
          ),
        ),
      );
    expect(lancamentos).toHaveLength(0);
    // In the services' list as any other.
    const r = await get(`/api/culto/${cultos[0]!.id}`);
    expect(r.statusCode, r.body).toBe(200);
  });

  it('a rerun of the same file, as XLSX, changes nothing: 0 created, 0 updated', async () => {
    const m = await simular(xlsx, 'cultos.xlsx');
    expect(m).toMatchObject({ formato: 'XLSX', criados: 0, atualizados: 0, ignorados: 3, falhas: 5 });
    expect(await importar(m.id)).toMatchObject({ status: 'CONCLUIDA', loteId: null });
    expect(await daOrigem()).toHaveLength(3);
  });

  it('a corrected file updates attendance and offering; its undo restores them', async () => {
    const corrigido = Buffer.from(csv.toString('utf8').replace(';Não;1.020;35,50;', ';Não;1.100;1.035,50;'));
    const m = await simular(corrigido, 'cultos-corrigido.csv');
    expect(m).toMatchObject({ criados: 0, atualizados: 1, ignorados: 2 });
    const linhas = (await get(`/api/migracao/${m.id}/linhas?acao=ATUALIZAR`)).json().itens as Corpo[];
    expect(linhas[0]!.diferencas).toEqual([
      { campo: 'presentes', antes: 1020, depois: 1100 },
      { campo: 'ofertas', antes: '35.50', depois: '1035.50' },
    ]);
    await importar(m.id);
    expect(await porChave('C-002')).toMatchObject({ presentes: 1100, ofertas: '1035.50' });
    expect((await post(`/api/migracao/${m.id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await porChave('C-002')).toMatchObject({ presentes: 1020, ofertas: '35.50' });
  });

  it('refuses per row an organization outside the scope, and to whoever may not record services (403)', async () => {
    const sinodo = await outroSinodo(t.banco.db);
    const [fora] = await t.banco.db
      .select({ nome: schema.organizacao.nomeFantasia })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.id, sinodo));
    const arquivo = Buffer.from(
      ['Código;Comunidade;Data;Hora', `F-1;${fora!.nome};07/01/2024;10:00`, 'F-2;;07/01/2024;10h'].join('\n'),
    );
    const m = await simular(arquivo, 'escopo.csv', 'escopo');
    expect(m).toMatchObject({ criados: 1, falhas: 1 });
    const linha = (await linhasDe(m.id)).find((l) => l.numero === 2)!;
    expect(mensagens(linha)[0]).toMatchObject({
      campo: 'organizacao',
      mensagem: expect.stringMatching(/fora do seu escopo/),
    });
    const en = (await linhasDe(m.id, 'en')).find((l) => l.numero === 2)!;
    expect(mensagens(en)[0]!.mensagem).toMatch(/outside your scope/);

    const perfil = await criarPerfil(t.banco.db, { permissoes: [{ acesso: 'Migracao' }] });
    const { token } = await criarUsuario(t.banco.db, { organizacaoId, perfilId: perfil.id });
    expect((await fluxo.enviar(csv, 'x.csv', 'CULTOS', origem, token)).statusCode).toBe(403);
  });

  it('undo of the first run removes the services; imported again, they come back once', async () => {
    expect((await post(`/api/migracao/${id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await daOrigem()).toHaveLength(0);
    const m = await simular(csv, 'cultos.csv');
    expect(m).toMatchObject({ criados: 3 });
  });
});
