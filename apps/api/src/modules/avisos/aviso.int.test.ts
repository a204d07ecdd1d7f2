import { schema } from '@sig/db';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';

const t = usarAppTeste();
const org = schema.organizacao;
/** The demo tree around a community: its parish, synod and the church above; a sibling; another synod. */
const ids = { igreja: 0, sinodo: 0, paroquia: 0, comunidade: 0, irma: 0, outroSinodo: 0 };
let membro: string;
let paroquia: string;

const VIGENTES = '/api/mural-de-avisos/vigentes';

/** A member registered through the public page at the community, signed in. */
async function membroDa(organizacaoId: number) {
  const r = await t.req({
    method: 'POST',
    url: '/api/Autenticacao/cadastrar',
    payload: {
      nome: 'Mara',
      sobrenome: 'Membro',
      cpf: '40693260653',
      email: 'mara@exemplo.com',
      organizacaoId,
      senha: 'MinhaSenha1',
      confirmacaoSenha: 'MinhaSenha1',
      aceiteTermos: true,
    },
  });
  expect(r.statusCode, r.body).toBe(201);
  return t.login('mara@exemplo.com', 'MinhaSenha1');
}

beforeAll(async () => {
  paroquia = await t.login('paroquia@sig.local');
  const [paula] = await t.banco.db
    .select({ organizacaoId: schema.pessoa.organizacaoId })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.email, 'paroquia@sig.local'));
  const [p] = await t.banco.db.select().from(org).where(eq(org.id, paula!.organizacaoId!));
  const [igreja, sinodo] = p!.caminho.split('/').filter(Boolean).map(Number);
  Object.assign(ids, { igreja, sinodo, paroquia: p!.id });
  const comunidades = await t.banco.db.select({ id: org.id }).from(org).where(eq(org.organizacaoPaiId, p!.id));
  ids.comunidade = comunidades[0]!.id;
  ids.irma = comunidades[1]!.id;
  const sinodos = await t.banco.db.select({ id: org.id }).from(org).where(eq(org.organizacaoPaiId, ids.igreja));
  ids.outroSinodo = sinodos.find((s) => s.id !== ids.sinodo)!.id;

  const aviso = (nome: string, organizacaoId: number, paraSubordinadas: boolean) => ({
    nome,
    mensagem: `Mensagem: ${nome}`,
    organizacaoId,
    paraSubordinadas,
  });
  await t.banco.db
    .insert(schema.aviso)
    .values([
      aviso('Igreja: para todas', ids.igreja, true),
      aviso('Igreja: interno', ids.igreja, false),
      aviso('Sínodo: para todas', ids.sinodo, true),
      aviso('Sínodo: interno', ids.sinodo, false),
      aviso('Paróquia: para todas', ids.paroquia, true),
      aviso('Paróquia: interno', ids.paroquia, false),
      aviso('Comunidade: própria', ids.comunidade, false),
      aviso('Irmã: para todas', ids.irma, true),
      aviso('Outro sínodo: para todas', ids.outroSinodo, true),
    ]);
  membro = await membroDa(ids.comunidade);
});

describe('hole 1: the notice board of a member', () => {
  it("shows its community's notices and those meant for subordinates from above, nothing else", async () => {
    const r = await t.req({ method: 'GET', url: VIGENTES, token: membro });
    expect(r.statusCode, r.body).toBe(200);
    expect(
      r
        .json()
        .map((a: { nome: string }) => a.nome)
        .sort(),
    ).toEqual(['Comunidade: própria', 'Igreja: para todas', 'Paróquia: para todas', 'Sínodo: para todas']);
  });

  it("reads no notice outside the board, and not the registry's list", async () => {
    expect((await t.req({ method: 'GET', url: '/api/mural-de-avisos/paginado', token: membro })).statusCode).toBe(403);
    const fora = await t.banco.db
      .select({ id: schema.aviso.id, nome: schema.aviso.nome })
      .from(schema.aviso)
      .where(inArray(schema.aviso.nome, ['Paróquia: interno', 'Irmã: para todas', 'Igreja: interno']));
    for (const a of fora) {
      const r = await t.req({ method: 'GET', url: `/api/mural-de-avisos/${a.id}`, token: membro });
      expect(r.statusCode, a.nome).toBe(404);
    }
  });

  it("the parish's board: its own notices and those from above meant for it", async () => {
    const r = await t.req({ method: 'GET', url: VIGENTES, token: paroquia });
    expect(
      r
        .json()
        .map((a: { nome: string }) => a.nome)
        .sort(),
    ).toEqual(['Igreja: para todas', 'Paróquia: interno', 'Paróquia: para todas', 'Sínodo: para todas']);
  });
});
