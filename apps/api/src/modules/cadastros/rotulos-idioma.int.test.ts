import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { criarPessoa, organizacaoDoUsuario, unico } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;

beforeAll(async () => {
  [admin] = await t.logins('admin');
});

const rotulos = async (url: string, idioma: string) => {
  const r = await t.req({ method: 'GET', url, token: admin, idioma });
  expect(r.statusCode).toBe(200);
  return r.json();
};

describe('seeded reference data in the reader language (issue 18)', () => {
  it('answers every seeded registry select in English to an English reader, in Portuguese otherwise', async () => {
    const en = (await rotulos('/api/situacao/select', 'en')).map((o: { label: string }) => o.label);
    expect(en).toEqual(expect.arrayContaining(['Active', 'Inactive', 'Deceased', 'Transferred']));
    expect(en).not.toContain('Ativo');
    const pt = (await rotulos('/api/situacao/select', 'pt-BR')).map((o: { label: string }) => o.label);
    expect(pt).toContain('Ativo');
    for (const [recurso, ingles] of [
      ['tipo-pessoa', 'Member'],
      ['grau-parentesco', 'Spouse'],
      ['tipo-celebracao-oficio', 'Baptism'],
      ['tipo-moradia', 'Rented'],
      ['cargo', 'Treasurer'],
      ['profissao', 'Teacher'],
      ['setor', 'Treasury'],
      ['tipo-endereco', 'Mailing'],
      ['tipo-contato', 'Mobile phone'],
      ['tipo-campo-trabalho', 'Youth'],
      ['tipo-organizacao', 'Parish'],
      ['pais', 'Brazil'],
    ] as const) {
      const labels = (await rotulos(`/api/${recurso}/select`, 'en')).map((o: { label: string }) => o.label);
      expect(labels, recurso).toContain(ingles);
    }
  });

  it("lists a reference's label, and people's types, in the reader's language", async () => {
    const graus = await rotulos('/api/grau-parentesco/paginado?quantidade=50', 'en');
    const filho = graus.itens.find((g: { nome: string }) => g.nome === 'Filho(a)');
    expect(filho).toMatchObject({ nomeEn: 'Child', reciprocoIdRotulo: 'Parent' });
    const db = t.banco.db;
    const [membro] = await db.select().from(schema.tipoPessoa).where(eq(schema.tipoPessoa.nome, 'Membro'));
    const [ativo] = await db.select().from(schema.situacao).where(eq(schema.situacao.nome, 'Ativo'));
    const sobrenome = unico('Bilingue');
    await criarPessoa(db, {
      organizacaoId: await organizacaoDoUsuario(db, 'admin@sig.local'),
      sobrenome,
      tipoPessoaId: membro!.id,
      situacaoId: ativo!.id,
    });
    const filtro = `nome=${encodeURIComponent(sobrenome)}`;
    const en = await rotulos(`/api/pessoa/paginado?${filtro}`, 'en');
    expect(en.itens.map((p: { tipoPessoaNome: string }) => p.tipoPessoaNome)).toEqual(['Member']);
    const pt = await rotulos(`/api/pessoa/paginado?${filtro}`, 'pt-BR');
    expect(pt.itens.map((p: { tipoPessoaNome: string }) => p.tipoPessoaNome)).toEqual(['Membro']);
    const csv = await t.req({
      method: 'GET',
      url: `/api/pessoa/exportar?${filtro}&formato=csv`,
      token: admin,
      idioma: 'en',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Member');
    expect(csv.body).not.toContain('Membro');
    const orgs = await rotulos('/api/organizacao/paginado?quantidade=20', 'en');
    for (const o of orgs.itens) expect(['Church', 'Synod', 'Parish', 'Community']).toContain(o.tipoOrganizacaoNome);
  });

  it('keeps a registry row without an English name on its own name', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/situacao',
      token: admin,
      payload: { nome: 'Em trânsito', ativo: true },
    });
    expect(r.statusCode).toBe(201);
    const en = (await rotulos('/api/situacao/select', 'en')).map((o: { label: string }) => o.label);
    expect(en).toContain('Em trânsito');
  });
});
