import { schema } from '@sig/db';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste, usarAppTeste } from '../../../test/app-teste.js';

const t = usarAppTeste();
const org = schema.organizacao;
/** Ids of the demo tree: the parish of paroquia@sig.local and one of its communities. */
const ids = { igreja: 0, paroquia: 0, comunidade: 0 };

const cadastrar = (extra: object = {}, opcoes: { idioma?: string; remoteAddress?: string } = {}) =>
  t.req({
    method: 'POST',
    url: '/api/Autenticacao/cadastrar',
    payload: {
      nome: 'Marta',
      sobrenome: 'Schmidt',
      cpf: '935.411.347-80',
      email: 'marta@exemplo.com',
      organizacaoId: ids.comunidade,
      senha: 'MinhaSenha1',
      confirmacaoSenha: 'MinhaSenha1',
      aceiteTermos: true,
      ...extra,
    },
    ...opcoes,
  });

const emails = (para: string) =>
  t.banco.db
    .select()
    .from(schema.caixaSaida)
    .where(eq(schema.caixaSaida.para, para))
    .orderBy(desc(schema.caixaSaida.id));

const pessoasComCpf = async (cpf: string) =>
  (await t.banco.db.select({ n: sql<number>`count(*)::int` }).from(schema.pessoa).where(eq(schema.pessoa.cpf, cpf)))[0]!
    .n;

beforeAll(async () => {
  const [igreja] = await t.banco.db.select({ id: org.id }).from(org).where(eq(org.nivel, 0));
  ids.igreja = igreja!.id;
  const [paula] = await t.banco.db
    .select({ organizacaoId: schema.pessoa.organizacaoId })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.email, 'paroquia@sig.local'));
  ids.paroquia = paula!.organizacaoId!;
  const [comunidade] = await t.banco.db
    .select({ id: org.id })
    .from(org)
    .where(eq(org.organizacaoPaiId, ids.paroquia))
    .orderBy(org.id)
    .limit(1);
  ids.comunidade = comunidade!.id;
});

describe('hole 1: people register themselves only where members are accepted', () => {
  it('the registration page is offered only the organizations that accept members', async () => {
    const opcoes = async (busca: string) =>
      (
        await t.req({
          method: 'GET',
          url: `/api/Autenticacao/organizacoes-cadastro?busca=${encodeURIComponent(busca)}`,
        })
      ).json() as { value: number; label: string }[];
    expect(await opcoes('Igreja Nacional')).toEqual([]);
    expect(await opcoes('Sínodo Rio dos Sinos')).toEqual([]);
    expect(await opcoes('Paróquia')).toEqual([]);
    const comunidades = await opcoes('Comunidade');
    expect(comunidades.length).toBeGreaterThan(0);
    const aceitam = await t.banco.db
      .select({ id: org.id, aceita: org.aceitaCadastro })
      .from(org)
      .where(
        sql`${org.id} in (${sql.join(
          comunidades.map((c) => sql`${c.value}`),
          sql`, `,
        )})`,
      );
    expect(aceitam.every((o) => o.aceita)).toBe(true);
  });

  it('refuses the national church and a parish on the organization field, localized, creating nothing', async () => {
    for (const organizacaoId of [ids.igreja, ids.paroquia]) {
      const r = await cadastrar({ organizacaoId, cpf: '71428793860', email: 'raiz@exemplo.com' });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({
        codigo: 'VALIDACAO',
        campos: [{ campo: 'organizacaoId', mensagem: 'Esta organização não aceita cadastro de membros pelo site.' }],
      });
    }
    const en = await cadastrar(
      { organizacaoId: ids.igreja, cpf: '71428793860', email: 'raiz@exemplo.com' },
      { idioma: 'en' },
    );
    expect(en.json().campos[0].mensagem).toBe('This organization does not accept members registering online.');
    expect(await pessoasComCpf('71428793860')).toBe(0);
    expect(await emails('raiz@exemplo.com')).toEqual([]);
  });

  it('registers at a community: a pre-registered person whose user acts there as a member', async () => {
    const r = await cadastrar();
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toEqual({ sucesso: true });
    const [p] = await t.banco.db.select().from(schema.pessoa).where(eq(schema.pessoa.cpf, '93541134780'));
    // Found by name like anyone else (the search name is written with the person).
    expect(p).toMatchObject({
      nome: 'Marta',
      preCadastro: true,
      nomeBusca: 'marta schmidt',
      organizacaoId: ids.comunidade,
    });
    const login = await t.req({
      method: 'POST',
      url: '/api/Autenticacao/autenticar',
      payload: { login: 'marta@exemplo.com', senha: 'MinhaSenha1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().organizacaoId).toBe(ids.comunidade);
    const aut = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: login.json().accessToken });
    expect(aut.json()).toMatchObject({ perfilNome: 'Membro', administrador: false });
    expect((await emails('marta@exemplo.com'))[0]?.assunto).toBe('SIG - Cadastro recebido');
  });

  it('an organization that opens registration in its settings is offered and accepted', async () => {
    const admin = await t.loginAdmin();
    const abrir = await t.req({
      method: 'PUT',
      url: '/api/organizacao/configuracoes',
      token: admin,
      payload: { aceitaCadastro: true },
    });
    expect(abrir.statusCode, abrir.body).toBe(200);
    expect(abrir.json().aceitaCadastro).toBe(true);
    const opcoes = await t.req({ method: 'GET', url: '/api/Autenticacao/organizacoes-cadastro?busca=Igreja Nacional' });
    expect(opcoes.json()).toEqual([{ value: ids.igreja, label: 'Igreja Nacional' }]);
    const r = await cadastrar({ organizacaoId: ids.igreja, cpf: '40693260653', email: 'raiz.aberta@exemplo.com' });
    expect(r.statusCode, r.body).toBe(201);
    const fechar = await t.req({
      method: 'PUT',
      url: '/api/organizacao/configuracoes',
      token: admin,
      payload: { aceitaCadastro: false },
    });
    expect(fechar.json().aceitaCadastro).toBe(false);
  });

  it('rejects a bad CPF, unaccepted terms and mismatched passwords on their fields', async () => {
    const ruim = await cadastrar({ cpf: '123.456.789-00', aceiteTermos: false, confirmacaoSenha: 'outra' });
    expect(ruim.statusCode).toBe(400);
    const campos = Object.fromEntries(
      ruim.json().campos.map((c: { campo: string; mensagem: string }) => [c.campo, c.mensagem]),
    );
    expect(campos.cpf).toBe('CPF inválido.');
    expect(campos.aceiteTermos).toBe('É necessário aceitar os termos e condições.');
    expect(await pessoasComCpf('12345678900')).toBe(0);
  });
});

describe('hole 6: registration tells nothing about existing accounts and people', () => {
  it('an e-mail or CPF already known gets the answer of a new one, and its owner an e-mail instead', async () => {
    const nova = await cadastrar({ cpf: '65458380835', email: 'nova@exemplo.com' });
    const emailUsado = await cadastrar({ cpf: '35824793662', email: 'Tesouraria@SIG.local' });
    // Paula's CPF with someone else's address: she is told, the address typed learns nothing.
    const cpfUsado = await cadastrar({ cpf: '111.444.777-35', email: 'outra.pessoa@exemplo.com' });
    for (const r of [emailUsado, cpfUsado]) {
      expect(r.statusCode).toBe(nova.statusCode);
      expect(r.body).toBe(nova.body);
      expect(r.headers['content-type']).toBe(nova.headers['content-type']);
    }
    expect(nova.statusCode, nova.body).toBe(201);
    // Nobody new: the existing account and person stay as they were.
    expect(await pessoasComCpf('35824793662')).toBe(0);
    expect(await pessoasComCpf('11144477735')).toBe(1);
    const [aviso] = await emails('tesouraria@sig.local');
    expect(aviso?.assunto).toBe('SIG - Você já tem uma conta');
    expect(aviso?.texto).toContain('http://localhost:3000/reset-senha');
    expect(aviso?.texto).toContain('Olá, Tiago.');
    const [doCpf] = await emails('paroquia@sig.local');
    expect(doCpf?.assunto).toBe('SIG - Você já tem uma conta');
    expect(await emails('outra.pessoa@exemplo.com')).toEqual([]);
    expect((await emails('nova@exemplo.com'))[0]?.assunto).toBe('SIG - Cadastro recebido');
  });

  it('the e-mail is written in the language of the request', async () => {
    await cadastrar({ cpf: '13863833686', email: 'sinodo@sig.local' }, { idioma: 'en' });
    const [m] = await emails('sinodo@sig.local');
    expect(m?.assunto).toBe('SIG - You already have an account');
  });

  it('both answers take about as long (the password is hashed either way)', async () => {
    const tempo = async (extra: object) => {
      const inicio = performance.now();
      const r = await cadastrar(extra);
      expect(r.statusCode).toBe(201);
      return performance.now() - inicio;
    };
    // The fastest of each kind: a busy machine only ever adds time, so minima compare the work done.
    const minimos = { nova: Number.POSITIVE_INFINITY, existente: Number.POSITIVE_INFINITY };
    // Eight of each, interleaved: on a loaded machine four once left one kind without a quiet sample.
    const cpfs = [
      '45913241681',
      '44552140892',
      '37086617610',
      '89659756895',
      '31840211733',
      '52730196480',
      '64091825389',
      '71526438062',
    ];
    for (const [i, cpf] of cpfs.entries()) {
      minimos.nova = Math.min(minimos.nova, await tempo({ cpf, email: `tempo${i}@exemplo.com` }));
      minimos.existente = Math.min(
        minimos.existente,
        await tempo({ cpf: '51885900856', email: 'tesouraria@sig.local' }),
      );
    }
    const razao = Math.max(minimos.nova, minimos.existente) / Math.min(minimos.nova, minimos.existente);
    expect(razao).toBeLessThan(2);
  });

  it('two registrations of one new e-mail racing each other make one account, both answered alike', async () => {
    const [a, b] = await Promise.all([
      cadastrar({ cpf: '77711692870', email: 'corrida@exemplo.com' }),
      cadastrar({ cpf: '58789094484', email: 'corrida@exemplo.com' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    const contas = await t.banco.db
      .select({ id: schema.usuario.id })
      .from(schema.usuario)
      .where(eq(schema.usuario.email, 'corrida@exemplo.com'));
    expect(contas).toHaveLength(1);
  });
});

describe('hole 7: registration limited per target, whatever the spelling', () => {
  let limitado: AppTeste;
  beforeAll(async () => {
    limitado = await criarAppTeste({ SIG_RATE_LIMIT: 'on' });
  });
  afterAll(() => limitado.fechar());

  const pedir = (i: number, extra: object) =>
    limitado.req({
      method: 'POST',
      url: '/api/Autenticacao/cadastrar',
      remoteAddress: `10.31.0.${i + 1}`,
      payload: {
        nome: 'Visitante',
        sobrenome: `Número ${i}`,
        cpf: '37086617610',
        email: `visitante${i}@exemplo.com`,
        organizacaoId: ids.comunidade,
        senha: 'MinhaSenha1',
        confirmacaoSenha: 'MinhaSenha1',
        aceiteTermos: true,
        ...extra,
      },
    });

  it("an owner's e-mail in other cases and spaces is one target: at most 3 'already' e-mails an hour", async () => {
    const grafias = [
      'Sinodo@SIG.local',
      ' sinodo@sig.local',
      'SINODO@sig.LOCAL',
      'sinodo@Sig.Local',
      'sinodo@sig.local',
    ];
    const cpfs = ['45913241681', '44552140892', '89659756895', '51885900856', '77711692870'];
    const status = [];
    for (const [i, email] of grafias.entries()) status.push((await pedir(i, { email, cpf: cpfs[i] })).statusCode);
    expect(status).toEqual([201, 201, 201, 429, 429]);
    const avisos = await limitado.banco.db
      .select()
      .from(schema.caixaSaida)
      .where(eq(schema.caixaSaida.para, 'sinodo@sig.local'));
    expect(avisos).toHaveLength(3);
  });

  it("a person's CPF, masked or not, is one target", async () => {
    const grafias = ['111.444.777-35', '11144477735', '111 444 777 35', '111.444.77735'];
    const status = [];
    for (const [i, cpf] of grafias.entries()) status.push((await pedir(10 + i, { cpf })).statusCode);
    expect(status).toEqual([201, 201, 201, 429]);
  });
});
