import { readFileSync } from 'node:fs';
import { schema } from '@sig/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../../../test/app-teste.js';
import { criarPerfil, criarPessoa, criarUsuario, organizacaoDoUsuario, outroSinodo } from '../../../test/fabricas.js';
import { AMOSTRAS, fluxoDeMigracao } from '../../../test/migracao.js';

const csv = readFileSync(new URL('migracao-organizacoes.csv', AMOSTRAS));
const xlsx = readFileSync(new URL('migracao-organizacoes.xlsx', AMOSTRAS));

let t: AppTeste;
let secretaria: string;
let tesouraria: string;
let paroquiaId: number;
let perfilNome: string;
const origem = 'cadastro-antigo';
const { organizacao: org } = schema;

type Corpo = Record<string, unknown>;

const fluxo = fluxoDeMigracao(
  () => t,
  () => secretaria,
);
const simular = (arquivo: Buffer, nome: string, o = origem) => fluxo.simular(arquivo, nome, 'ORGANIZACOES', o);
const { importar, post, get } = fluxo;

const daOrigem = (o = origem) =>
  t.banco.db
    .select()
    .from(org)
    .where(and(eq(org.origem, o), isNull(org.excluidoEm)));
const porChave = async (chave: string) => (await daOrigem()).find((o) => o.chaveLegada === chave)!;
const linhasDe = async (id: number, idioma?: string) =>
  (await get(`/api/migracao/${id}/linhas?quantidade=50`, idioma)).json().itens as Corpo[];
const mensagem = (l: Corpo) => (l.mensagens as { mensagem: string }[]).map((x) => x.mensagem).join(' ');

beforeAll(async () => {
  t = await criarAppTeste();
  [tesouraria] = await t.logins('tesouraria');
  paroquiaId = await organizacaoDoUsuario(t.banco.db, 'tesouraria@sig.local');
  // The parish office that keeps the registry: it may migrate and create organizations.
  const perfil = await criarPerfil(t.banco.db, { permissoes: [{ acesso: 'Migracao' }, { acesso: 'Organizacao' }] });
  perfilNome = perfil.nome;
  ({ token: secretaria } = await criarUsuario(t.banco.db, { organizacaoId: paroquiaId, perfilId: perfil.id }));
});
afterAll(() => t.fechar());

describe('organizations', () => {
  let id: number;

  it('maps the usual headers and checks every row with the form’s schema', async () => {
    const m = await simular(csv, 'organizacoes.csv');
    id = m.id;
    expect(m.mapeamento).toMatchObject({
      chaveLegada: 'Código',
      nomeFantasia: 'Nome',
      razaoSocial: 'Razão social',
      tipo: 'Tipo',
      organizacaoPai: 'Organização superior',
      cnpj: 'CNPJ',
      dataCriacao: 'Fundação',
      logradouro: 'Endereço',
      email: 'E-mail',
    });
    expect(m).toMatchObject({ status: 'ANALISADA', linhas: 8, criados: 3, atualizados: 0, falhas: 5 });
    expect(await daOrigem()).toHaveLength(0);
    const linhas = await linhasDe(id);
    const n = (x: number) => linhas.find((l) => l.numero === x)!;
    expect(n(2)).toMatchObject({ acao: 'CRIAR', chaveLegada: 'O-01', descricao: 'Comunidade São Paulo' });
    // Its parent is the row above, not yet written.
    expect(n(4).acao).toBe('CRIAR');
    expect(mensagem(n(5))).toMatch(/CNPJ inválido/);
    expect(n(5).mensagens).toMatchObject([{ campo: 'cnpj' }]);
    expect(mensagem(n(6))).toMatch(/Tipo.*não existe/);
    expect(mensagem(n(7))).toMatch(/Organização superior.*não existe/);
    expect(mensagem(n(8))).toMatch(/Data inválida/);
    expect(mensagem(n(9))).toMatch(/outra linha/);
    expect(mensagem((await linhasDe(id, 'en')).find((l) => l.numero === 6)!)).toMatch(/does not exist/);
  });

  it('imports them under their parents, with address and contacts', async () => {
    expect(await importar(id)).toMatchObject({ status: 'CONCLUIDA', lotePendentes: 0 });
    const orgs = await daOrigem();
    expect(orgs).toHaveLength(3);
    const [paroquia] = await t.banco.db.select().from(org).where(eq(org.id, paroquiaId));
    const o1 = await porChave('O-01');
    expect(o1).toMatchObject({
      nomeFantasia: 'Comunidade São Paulo',
      razaoSocial: 'Comunidade Evangélica São Paulo',
      cnpj: '11222333000181',
      situacao: 'ATIVA',
      dataCriacao: '1952-03-15',
      organizacaoPaiId: paroquiaId,
      nivel: paroquia!.nivel + 1,
      caminho: `${paroquia!.caminho}${o1.id}/`,
      // A community accepts self-registration, as the registry's form makes it.
      aceitaCadastro: true,
    });
    const o3 = await porChave('O-03');
    expect(o3).toMatchObject({ organizacaoPaiId: o1.id, caminho: `${o1.caminho}${o3.id}/`, situacao: 'EM_FORMACAO' });
    const [endereco] = await t.banco.db
      .select()
      .from(schema.organizacaoEndereco)
      .where(eq(schema.organizacaoEndereco.organizacaoId, o1.id));
    expect(endereco).toMatchObject({ cep: '90010000', logradouro: 'Rua da Independência', numero: '120' });
    expect(endereco!.cidadeId).not.toBeNull();
    const contatos = await t.banco.db
      .select()
      .from(schema.organizacaoContato)
      .where(eq(schema.organizacaoContato.organizacaoId, o1.id));
    expect(contatos.map((c) => c.valor).sort()).toEqual(['(51) 3592-1000', 'saopaulo@exemplo.org']);
    // In the registry as any organization: the screen finds it.
    const r = await t.req({ method: 'GET', url: `/api/organizacao/${o3.id}`, token: secretaria });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ organizacaoPaiNome: 'Comunidade São Paulo' });
  });

  it('a rerun of the same file, as XLSX, changes nothing: 0 created, 0 updated', async () => {
    const m = await simular(xlsx, 'organizacoes.xlsx');
    expect(m).toMatchObject({ formato: 'XLSX', criados: 0, atualizados: 0, ignorados: 3, falhas: 5 });
    expect(await importar(m.id)).toMatchObject({ status: 'CONCLUIDA', loteId: null });
    expect(await daOrigem()).toHaveLength(3);
  });

  it('a corrected file renames, adds a contact and moves a subtree; its undo restores them', async () => {
    const o1 = await porChave('O-01');
    const corrigido = Buffer.from(
      csv
        .toString('utf8')
        .replace(
          'O-02;Comunidade Cristo Rei;;Comunidade;;;;;;;;;;;;',
          'O-02;Comunidade Cristo Rei da Vila;;Comunidade;;;;;;;;;;;(51) 3333-4444;',
        )
        .replace(';Organização;O-01;', ';Organização;O-02;'),
    );
    const m = await simular(corrigido, 'organizacoes-corrigido.csv');
    expect(m).toMatchObject({ criados: 0, atualizados: 2, ignorados: 1 });
    const linhas = (await get(`/api/migracao/${m.id}/linhas?acao=ATUALIZAR`)).json().itens as Corpo[];
    expect(linhas.find((l) => l.chaveLegada === 'O-02')!.diferencas).toEqual([
      { campo: 'nomeFantasia', antes: 'Comunidade Cristo Rei', depois: 'Comunidade Cristo Rei da Vila' },
      { campo: 'contatos', antes: null, depois: ['(51) 3333-4444'] },
    ]);
    await importar(m.id);
    const o2 = await porChave('O-02');
    // The sheet has no razão social for it: the one stored stays.
    expect(o2).toMatchObject({ nomeFantasia: 'Comunidade Cristo Rei da Vila', razaoSocial: 'Comunidade Cristo Rei' });
    let o3 = await porChave('O-03');
    expect(o3).toMatchObject({ organizacaoPaiId: o2.id, caminho: `${o2.caminho}${o3.id}/` });

    expect((await post(`/api/migracao/${m.id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect((await porChave('O-02')).nomeFantasia).toBe('Comunidade Cristo Rei');
    o3 = await porChave('O-03');
    expect(o3).toMatchObject({ organizacaoPaiId: o1.id, caminho: `${o1.caminho}${o3.id}/` });
    const contatos = await t.banco.db
      .select()
      .from(schema.organizacaoContato)
      .where(eq(schema.organizacaoContato.organizacaoId, o2.id));
    expect(contatos).toHaveLength(0);
  });

  it('refuses per row a parent outside the scope, and to whoever may not create organizations (403)', async () => {
    const sinodo = await outroSinodo(t.banco.db);
    const [fora] = await t.banco.db.select({ nome: org.nomeFantasia }).from(org).where(eq(org.id, sinodo));
    const [paroquia] = await t.banco.db.select({ nome: org.nomeFantasia }).from(org).where(eq(org.id, paroquiaId));
    const arquivo = Buffer.from(
      [
        'Código;Nome;Tipo;Organização superior',
        `E-1;Comunidade Alheia;Comunidade;${fora!.nome}`,
        `E-2;Comunidade Nossa;Comunidade;${paroquia!.nome}`,
      ].join('\n'),
    );
    const m = await simular(arquivo, 'escopo.csv', 'escopo');
    expect(m).toMatchObject({ criados: 1, falhas: 1 });
    const linhas = await linhasDe(m.id);
    expect(mensagem(linhas.find((l) => l.numero === 2)!)).toMatch(/fora do seu escopo/);
    expect(mensagem((await linhasDe(m.id, 'en')).find((l) => l.numero === 2)!)).toMatch(/outside your scope/);
    await importar(m.id);
    expect((await daOrigem('escopo')).map((o) => [o.chaveLegada, o.organizacaoPaiId])).toEqual([['E-2', paroquiaId]]);

    const envio = await fluxo.enviar(csv, 'x.csv', 'ORGANIZACOES', origem, tesouraria);
    expect(envio.statusCode).toBe(403);
  });

  it('keeps the registry’s field rules: a profile that may not write the CNPJ gets that row refused', async () => {
    const desfazerRegra = await t.regrasCampo(perfilNome, [
      { acesso: 'Organizacao', campo: 'cnpj', visualizar: null, atualizar: false },
    ]);
    try {
      const arquivo = Buffer.from(
        [
          'Código;Nome;Tipo;CNPJ',
          'R-1;Comunidade Regra;Comunidade;45.321.187/0001-63',
          'R-2;Comunidade Livre;Comunidade;',
        ].join('\n'),
      );
      const m = await simular(arquivo, 'regras.csv', 'regras');
      expect(m).toMatchObject({ criados: 1, falhas: 1 });
      const l = (await linhasDe(m.id)).find((x) => x.numero === 2)!;
      expect(l.mensagens).toEqual([{ campo: 'cnpj', mensagem: 'Seu perfil não pode alterar o campo CNPJ.' }]);
    } finally {
      await desfazerRegra();
    }
  });

  it('undo leaves an imported organization that people or users joined since, and says so on its item', async () => {
    const [paroquia] = await t.banco.db.select({ nome: org.nomeFantasia }).from(org).where(eq(org.id, paroquiaId));
    const arquivo = Buffer.from(
      [
        'Código;Nome;Tipo;Organização superior',
        ...['U-1', 'U-2', 'U-3'].map((c) => `${c};Comunidade ${c};Comunidade;${paroquia!.nome}`),
      ].join('\n'),
    );
    const m = await simular(arquivo, 'em-uso.csv', 'em-uso');
    const { loteId } = await importar(m.id);
    const chaves = async () => (await daOrigem('em-uso')).map((o) => o.chaveLegada).sort();
    const porChaveEmUso = async (c: string) => (await daOrigem('em-uso')).find((o) => o.chaveLegada === c)!;
    // A member registered in one, a user given access to another, after the import.
    await criarPessoa(t.banco.db, { organizacaoId: (await porChaveEmUso('U-1')).id });
    const perfil = await criarPerfil(t.banco.db, { permissoes: [{ acesso: 'Pessoa' }] });
    const { usuario } = await criarUsuario(t.banco.db, { organizacaoId: paroquiaId, perfilId: perfil.id });
    await t.banco.db
      .insert(schema.usuarioOrganizacao)
      .values({ usuarioId: usuario.id, organizacaoId: (await porChaveEmUso('U-2')).id, perfilId: perfil.id });

    expect((await post(`/api/migracao/${m.id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await chaves()).toEqual(['U-1', 'U-2']);
    const [item] = await t.banco.db
      .select()
      .from(schema.processamentoLoteItem)
      .where(eq(schema.processamentoLoteItem.loteId, loteId));
    expect(item).toMatchObject({
      status: 'ERRO',
      erroCodigo: 'MIGRACAO_ORGANIZACOES_EM_USO',
      erroParametros: { n: 2 },
    });
    expect((await fluxo.obter(m.id)).loteStatus).toBe('CONCLUIDO_COM_ERROS');
    const linhas = await linhasDe(m.id);
    expect(linhas.filter((l) => l.desfeita).map((l) => l.chaveLegada)).toEqual(['U-3']);

    // Once the user leaves, undoing the item again removes that organization.
    const u = schema.usuarioOrganizacao;
    await t.banco.db.delete(u).where(eq(u.organizacaoId, (await porChaveEmUso('U-2')).id));
    const r = await t.req({
      method: 'POST',
      url: `/api/processamento-lote/${loteId}/reprocessar-erros`,
      token: tesouraria,
    });
    expect(r.statusCode, r.body).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await chaves()).toEqual(['U-1']);
  });

  // Two work units of rows: seconds alone, more on a busy machine.
  it('undo of a cancelled run leaves one in use too, and removes it when undone again once free', async () => {
    const [paroquia] = await t.banco.db.select({ nome: org.nomeFantasia }).from(org).where(eq(org.id, paroquiaId));
    // Rows 2–501: a first work unit of rows 2–499, a second of 500–501.
    const chaves = Array.from({ length: 500 }, (_, i) => `K-${i + 1}`);
    const arquivo = Buffer.from(
      [
        'Código;Nome;Tipo;Organização superior',
        ...chaves.map((c) => `${c};Comunidade ${c};Comunidade;${paroquia!.nome}`),
      ].join('\n'),
    );
    const m = await simular(arquivo, 'cancelada.csv', 'cancelada');
    await post(`/api/migracao/${m.id}/confirmacao`);
    expect(await t.app.lotes.processarProximo()).toBe(true);
    expect((await post(`/api/migracao/${m.id}/cancelamento`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    const k1 = (await daOrigem('cancelada')).find((o) => o.chaveLegada === 'K-1')!;
    const membro = await criarPessoa(t.banco.db, { organizacaoId: k1.id });

    const desfazer = async () => {
      const r = await post(`/api/migracao/${m.id}/desfazer`);
      expect(r.statusCode, r.body).toBe(200);
      await t.app.lotes.processarTudo();
      return (await daOrigem('cancelada')).map((o) => o.chaveLegada);
    };
    expect(await desfazer()).toEqual(['K-1']);
    const { loteId } = await fluxo.obter(m.id);
    const item = async () =>
      (
        await t.banco.db
          .select()
          .from(schema.processamentoLoteItem)
          .where(eq(schema.processamentoLoteItem.loteId, loteId))
          .orderBy(schema.processamentoLoteItem.id)
      )[0]!;
    expect(await item()).toMatchObject({
      status: 'ERRO',
      acao: 'DESFAZER',
      erroCodigo: 'MIGRACAO_ORGANIZACOES_EM_USO',
    });

    await t.banco.db.update(schema.pessoa).set({ excluidoEm: new Date() }).where(eq(schema.pessoa.id, membro.id));
    expect(await desfazer()).toEqual([]);
    expect(await item()).toMatchObject({ status: 'DESFEITO' });
  }, 120_000);

  it('undo of the first run removes the organizations; imported again, they come back once', async () => {
    expect((await post(`/api/migracao/${id}/desfazer`)).statusCode).toBe(200);
    await t.app.lotes.processarTudo();
    expect(await daOrigem()).toHaveLength(0);
    const m = await simular(csv, 'organizacoes.csv');
    expect(m).toMatchObject({ criados: 3 });
  });

  it('the database holds one organization per source key while it stands', async () => {
    const [o] = await t.banco.db.select().from(org).where(eq(org.id, paroquiaId));
    const nova = {
      razaoSocial: 'X',
      nomeFantasia: 'X',
      tipoOrganizacaoId: o!.tipoOrganizacaoId,
      origem: 'corrida',
      chaveLegada: 'K',
    };
    const [a] = await t.banco.db.insert(org).values(nova).returning();
    await expect(t.banco.db.insert(org).values(nova)).rejects.toMatchObject({ cause: { code: '23505' } });
    await t.banco.db
      .update(org)
      .set({ excluidoEm: new Date() })
      .where(inArray(org.id, [a!.id]));
    await t.banco.db.insert(org).values(nova);
  });
});
