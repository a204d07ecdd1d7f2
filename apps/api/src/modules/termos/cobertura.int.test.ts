import { schema } from '@sig/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { criarOrganizacao, criarPessoa, organizacaoPorNome, outroSinodo, unico } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
const comunidades: { id: number; nome: string }[] = [];
let id: string;
let alheioId: string;

const req = reqCom(t, () => sinodo);
const termo = (organizacaoId: number) => ({
  organizacaoId,
  nome: unico('Consentimento'),
  categoriaTermo: 'CONSENTIMENTO_DADOS',
  remetente: 'Secretaria',
  assuntoEmail: 'Consentimento',
  corpoEmail: 'Responda: {{link}}',
  texto: 'Texto do termo.',
});

beforeAll(async () => {
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
  const sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
  for (const n of ['A', 'B']) {
    const nome = unico(`Comunidade ${n}`);
    comunidades.push({
      id: await criarOrganizacao(t.banco.db, { organizacaoPaiId: sinodoId, nomeFantasia: nome }),
      nome,
    });
  }
  const criado = await req('POST', '/api/termos', termo(sinodoId));
  id = criado.json().idCompartilhado;
  const publicado = await req('POST', `/api/termos/publicar/${id}`);
  expect(publicado.statusCode, publicado.body).toBe(200);
  // Requests in every state: community A 2 accepted, 1 pending; community B 1 declined.
  const estados: [number, string][] = [
    [0, 'ACEITO'],
    [0, 'ACEITO'],
    [0, 'PENDENTE'],
    [1, 'DESCONSIDERADO'],
  ];
  for (const [c, situacaoSolicitacao] of estados) {
    const p = await criarPessoa(t.banco.db, { organizacaoId: comunidades[c]!.id });
    await t.banco.db
      .insert(schema.termoSolicitacao)
      .values({ termoId: publicado.json().id, pessoaId: p.id, email: `${p.id}@exemplo.org`, situacaoSolicitacao });
  }
  const alheio = await req('POST', '/api/termos', termo(await outroSinodo(t.banco.db)), admin);
  alheioId = alheio.json().idCompartilhado;
  await req('POST', `/api/termos/publicar/${alheioId}`, undefined, admin);
});

describe('terms: coverage per community', () => {
  it('counts the published version’s requests by community and state', async () => {
    const r = await req('GET', `/api/termos/cobertura/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    /** A community's row: every state counted, zero unless told. */
    const linha = (c: number, contagens: Record<string, number>) => ({
      organizacaoId: comunidades[c]!.id,
      organizacaoNome: comunidades[c]!.nome,
      aceitos: 0,
      pendentes: 0,
      desconsiderados: 0,
      revogados: 0,
      substituidos: 0,
      ...contagens,
    });
    expect(r.json()).toEqual([
      linha(0, { aceitos: 2, pendentes: 1, total: 3 }),
      linha(1, { desconsiderados: 1, total: 1 }),
    ]);
  });

  it('refuses a malformed id, a profile without the screen, a term out of scope and one never published', async () => {
    expect((await req('GET', '/api/termos/cobertura/nao-e-uuid')).statusCode).toBe(400);
    expect((await req('GET', `/api/termos/cobertura/${id}`, undefined, paroquia)).statusCode).toBe(403);
    expect((await req('GET', `/api/termos/cobertura/${alheioId}`)).statusCode).toBe(404);
    const rascunho = await req('POST', '/api/termos', termo(comunidades[0]!.id));
    const nunca = await req('GET', `/api/termos/cobertura/${rascunho.json().idCompartilhado}`);
    expect(nunca.statusCode).toBe(422);
    expect(nunca.json().codigo).toBe('TERMO_NAO_PUBLICADO');
  });
});

describe('terms: the coverage screen’s list', () => {
  it('pages the communities with the filtered set’s totals, filters by name and exports', async () => {
    const r = await req('GET', `/api/termo-cobertura/paginado?idCompartilhado=${id}&quantidade=1`);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      total: 2,
      itens: [{ organizacaoId: comunidades[0]!.id, aceitos: 2, pendentes: 1 }],
      totais: { aceitos: 2, pendentes: 1, desconsiderados: 1, revogados: 0, substituidos: 0, total: 4 },
    });
    const b = await req(
      'GET',
      `/api/termo-cobertura/paginado?idCompartilhado=${id}&nome=${encodeURIComponent(comunidades[1]!.nome)}`,
    );
    expect(b.json()).toMatchObject({ total: 1, totais: { desconsiderados: 1, total: 1 } });
    const subarvore = await req(
      'GET',
      `/api/termo-cobertura/paginado?idCompartilhado=${id}&organizacaoId=${comunidades[0]!.id}`,
    );
    expect(subarvore.json().totais.total).toBe(3);
    const csv = await req('GET', `/api/termo-cobertura/exportar?idCompartilhado=${id}&formato=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(comunidades[1]!.nome);
    expect(csv.body).toContain('Revogados');
  });

  it('refuses a malformed id, a profile without the screen and a term out of scope', async () => {
    expect((await req('GET', '/api/termo-cobertura/paginado?idCompartilhado=x')).statusCode).toBe(400);
    expect(
      (await req('GET', `/api/termo-cobertura/paginado?idCompartilhado=${id}`, undefined, paroquia)).statusCode,
    ).toBe(403);
    expect((await req('GET', `/api/termo-cobertura/paginado?idCompartilhado=${alheioId}`)).statusCode).toBe(404);
    const fora = await req(
      'GET',
      `/api/termo-cobertura/paginado?idCompartilhado=${id}&organizacaoId=${await outroSinodo(t.banco.db)}`,
    );
    expect(fora.statusCode).toBe(404);
  });
});
