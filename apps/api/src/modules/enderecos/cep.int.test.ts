import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { criarAppTeste, usarAppTeste } from '../../../test/app-teste.js';
import { criarPerfil, criarUsuario, organizacaoPorNome } from '../../../test/fabricas.js';

/** A ViaCEP-shaped lookup on a free local port: one known CEP, `{"erro": true}` for the rest. */
async function viaCepFalso(): Promise<{ url: string; fechar: () => Promise<void> }> {
  const servidor: Server = createServer((req, res) => {
    const cep = /\/ws\/(\d{8})\/json/.exec(req.url ?? '')?.[1];
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify(
        cep === '96600000'
          ? {
              cep: '96600-000',
              logradouro: 'Rua General Osório',
              bairro: 'Centro',
              localidade: 'Canguçu',
              uf: 'RS',
              ibge: '4304507',
            }
          : { erro: true },
      ),
    );
  });
  await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
  const { port } = servidor.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ws/{cep}/json/`,
    fechar: () => new Promise((ok) => servidor.close(() => ok())),
  };
}

const t = usarAppTeste();
let admin: string;
let paroquia: string;
let ids: Record<string, number>;

/** The ids of the state and of the city named (the IBGE spelling). */
async function local(uf: string, cidade: string) {
  const r = (await t.banco.db.execute(sql`select e.id as estado, c.id as cidade, c.codigo_ibge
    from estado e join cidade c on c.estado_id = e.id where e.sigla = ${uf} and c.nome = ${cidade}`)) as unknown as {
    rows: { estado: number; cidade: number; codigo_ibge: string }[];
  };
  return r.rows[0]!;
}

beforeAll(async () => {
  [admin, paroquia] = await t.logins('admin', 'paroquia');
  const cangucu = await local('RS', 'Canguçu');
  const poa = await local('RS', 'Porto Alegre');
  const natal = await local('RN', 'Natal');
  ids = { rs: cangucu.estado, cangucu: cangucu.cidade, poa: poa.cidade, rn: natal.estado, natal: natal.cidade };
});

describe('the IBGE municipalities', () => {
  it('are all cities of their states, with their codes, the capitals kept', async () => {
    const r = (await t.banco.db.execute(sql`select count(*)::int as n, count(distinct codigo_ibge)::int as codigos
      from cidade where codigo_ibge is not null and excluido_em is null`)) as unknown as {
      rows: { n: number; codigos: number }[];
    };
    expect(r.rows[0]).toEqual({ n: 5571, codigos: 5571 });
    expect((await local('RS', 'Canguçu')).codigo_ibge).toBe('4304507');
    // The capital seeded first keeps its id (the lowest of the table) and gains its code.
    const [capital] = (
      (await t.banco.db.execute(sql`select nome, codigo_ibge from cidade order by id limit 1`)) as unknown as {
        rows: { nome: string; codigo_ibge: string }[];
      }
    ).rows;
    expect(capital!.codigo_ibge).toMatch(/^\d{7}$/);
  });

  it("the city lookup offers only the chosen state's cities", async () => {
    const r = await t.req({ method: 'GET', url: `/api/cidade/select?estadoId=${ids.rs}&busca=porto`, token: paroquia });
    expect(r.statusCode).toBe(200);
    const nomes = r.json().map((o: { label: string }) => o.label);
    expect(nomes).toContain('Porto Alegre');
    expect(nomes).not.toContain('Porto Velho');
  });
});

describe('GET /api/cep/:cep', () => {
  it("answers the state and city of a CEP from the Correios' ranges, offline", async () => {
    const r = await t.req({ method: 'GET', url: '/api/cep/96600-000', token: paroquia });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      cep: '96600000',
      estadoId: ids.rs,
      estadoSigla: 'RS',
      cidadeId: ids.cangucu,
      cidadeNome: 'Canguçu',
      logradouro: null,
      bairro: null,
      fonte: 'faixas',
    });
    // A CEP of the state's range that no municipality's range holds: the state alone.
    const s = await t.req({ method: 'GET', url: '/api/cep/93000000', token: paroquia });
    expect(s.json()).toMatchObject({ estadoSigla: 'RS', cidadeId: null, fonte: 'faixas' });
  });

  it('names any municipality, not only the capitals, by its IBGE code', async () => {
    const saoLeopoldo = await local('RS', 'São Leopoldo');
    const r = await t.req({ method: 'GET', url: '/api/cep/93010-000', token: paroquia });
    expect(r.json()).toMatchObject({ estadoId: ids.rs, cidadeId: saoLeopoldo.cidade, cidadeNome: 'São Leopoldo' });
    // The Correios write "D'Oeste", the IBGE "d'Oeste": the code decides, not the spelling.
    const s = await t.req({ method: 'GET', url: '/api/cep/13451000', token: paroquia });
    expect(s.json()).toMatchObject({ estadoSigla: 'SP', cidadeNome: "Santa Bárbara d'Oeste" });
    const sp = await t.req({ method: 'GET', url: '/api/cep/08000000', token: paroquia });
    expect(sp.json()).toMatchObject({ estadoSigla: 'SP', cidadeNome: 'São Paulo' });
  });

  it('says a CEP of no range is unknown, in the reader’s language', async () => {
    const pt = await t.req({ method: 'GET', url: '/api/cep/00000000', token: paroquia });
    expect(pt.statusCode).toBe(404);
    expect(pt.json()).toMatchObject({ codigo: 'CEP_DESCONHECIDO' });
    expect(pt.json().mensagem).toContain('CEP');
    const en = await t.req({ method: 'GET', url: '/api/cep/00000000', token: paroquia, idioma: 'en' });
    expect(en.json().mensagem).toContain('postcode');
  });

  it('refuses a malformed CEP with a localized 400', async () => {
    const r = await t.req({ method: 'GET', url: '/api/cep/123', token: paroquia });
    expect(r.statusCode).toBe(400);
    expect(r.json().codigo).toBe('VALIDACAO');
    expect(JSON.stringify(r.json())).toContain('CEP');
  });

  it('refuses a user who may neither list cities nor fill a form naming one', async () => {
    const org = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
    const perfil = await criarPerfil(t.banco.db, { permissoes: [{ acesso: 'MuralAvisos', criar: false }] });
    const { token } = await criarUsuario(t.banco.db, { organizacaoId: org, perfilId: perfil.id });
    const r = await t.req({ method: 'GET', url: '/api/cep/96600000', token });
    expect(r.statusCode).toBe(403);
  });
});

describe('GET /api/cep/:cep with SIG_CEP_URL', () => {
  it('fills the street and neighbourhood from the online lookup, and falls back on the ranges when it is down', async () => {
    const falso = await viaCepFalso();
    const online = await criarAppTeste({ SIG_CEP_URL: falso.url });
    try {
      const token = await online.login('paroquia@sig.local');
      const r = await online.req({ method: 'GET', url: '/api/cep/96600000', token });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({
        estadoSigla: 'RS',
        cidadeNome: 'Canguçu',
        logradouro: 'Rua General Osório',
        bairro: 'Centro',
        fonte: 'online',
      });
      // Unknown online but inside a range: the offline answer.
      const desconhecido = await online.req({ method: 'GET', url: '/api/cep/90010000', token });
      expect(desconhecido.json()).toMatchObject({ cidadeNome: 'Porto Alegre', logradouro: null, fonte: 'faixas' });
      await falso.fechar();
      const fora = await online.req({ method: 'GET', url: '/api/cep/96600000', token });
      expect(fora.statusCode).toBe(200);
      expect(fora.json()).toMatchObject({ cidadeNome: 'Canguçu', logradouro: null, fonte: 'faixas' });
    } finally {
      await online.fechar();
    }
    // A second app of its own: its database and start wait for a core on a busy machine.
  }, 120_000);
});

describe('a city outside the chosen state', () => {
  const erroDaCidade = (campo: string) => ({ campo, mensagem: 'A cidade escolhida não fica no estado informado.' });

  it("is refused on a person's address and birthplace, and accepted in its own state", async () => {
    const org = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
    const pessoa = (extra: object) => ({
      nome: 'Ana',
      sobrenome: 'Endereço',
      organizacaoId: org,
      status: 'ATIVO',
      ...extra,
    });
    const r = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token: admin,
      payload: pessoa({
        naturalidadeEstadoId: ids.rn,
        naturalidadeCidadeId: ids.poa,
        enderecos: [{ logradouro: 'Rua A', estadoId: ids.rn, cidadeId: ids.poa }],
      }),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual(
      expect.arrayContaining([erroDaCidade('naturalidadeCidadeId'), erroDaCidade('enderecos.0.cidadeId')]),
    );
    const en = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token: admin,
      idioma: 'en',
      payload: pessoa({ enderecos: [{ logradouro: 'Rua A', estadoId: ids.rn, cidadeId: ids.poa }] }),
    });
    expect(en.json().campos).toContainEqual({
      campo: 'enderecos.0.cidadeId',
      mensagem: 'The chosen city is not in the chosen state.',
    });
    const certo = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token: admin,
      payload: pessoa({ enderecos: [{ logradouro: 'Rua A', estadoId: ids.rs, cidadeId: ids.cangucu }] }),
    });
    expect(certo.statusCode, certo.body).toBe(201);
  });

  it("is refused on an organization's address", async () => {
    const org = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
    const atual = (await t.req({ method: 'GET', url: `/api/organizacao/${org}`, token: admin })).json();
    const {
      id: _id,
      tipoOrganizacaoNome: _t,
      organizacaoPaiNome: _p,
      tokenAsaasConfigurado: _c,
      ...formulario
    } = atual;
    const r = await t.req({
      method: 'PUT',
      url: `/api/organizacao/${org}`,
      token: admin,
      payload: {
        ...formulario,
        enderecos: [{ cep: '59000000', logradouro: 'Rua B', estadoId: ids.rn, cidadeId: ids.poa }],
      },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toContainEqual(erroDaCidade('enderecos.0.cidadeId'));
  });
});
