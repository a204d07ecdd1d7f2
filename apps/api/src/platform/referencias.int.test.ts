import { camposDoEsquema, hojeNoBrasil, referencia } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, ne, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usarAppTeste } from '../../test/app-teste.js';
import { registrarReferencias } from './referencias.js';

/**
 * "Every referenced id is in the writer's scope" (docs/ARCHITECTURE.md): the holes found with
 * foreign ids (issue 16, hole 5), the answer they get, and the walk over every write route that
 * keeps a new property naming an id from going unchecked.
 */

const t = usarAppTeste();
let admin: string;
let tesouraria: string;
let paroquia: string;
let atendimento: string;
let sinodoAtendimento: string;

const ids = {
  paroquia: 0,
  outroSinodo: 0,
  paroquiaOutroSinodo: 0,
  /** A person of a parish of another synod, with a CPF (a charge would bill it). */
  estrangeira: 0,
  /** A person of the treasurer's parish. */
  local: 0,
  usuarioTesouraria: 0,
  usuarioAtendimento: 0,
  /** A user linked only to a parish of another synod. */
  usuarioEstrangeiro: 0,
};
const NOME_ESTRANGEIRA = 'Estrangeira';
const NAO_EXISTE = 2_000_000_000;
const db = () => t.banco.db;

const enviar = (method: 'POST' | 'PUT', url: string, payload: object, token: string) =>
  t.req({ method, url, token, payload });
const campos = (r: { json: () => { campos?: { campo: string; mensagem: string }[] } }) => r.json().campos ?? [];

async function organizacaoAtual(token: string): Promise<number> {
  const r = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
  return r.json().organizacaoId as number;
}
async function usuarioDe(email: string): Promise<number> {
  const [u] = await db().select({ id: schema.usuario.id }).from(schema.usuario).where(eq(schema.usuario.email, email));
  return u!.id;
}
const pessoaNova = (extra: Record<string, unknown> = {}) => ({
  nome: 'Pessoa',
  sobrenome: 'De Teste',
  organizacaoId: ids.paroquia,
  ...extra,
});

beforeAll(async () => {
  [admin, tesouraria, paroquia, atendimento] = await t.logins('admin', 'tesouraria', 'paroquia', 'atendimento');
  ids.paroquia = await organizacaoAtual(tesouraria);
  sinodoAtendimento = String(await organizacaoAtual(atendimento));
  const o = schema.organizacao;
  const [igreja] = await db().select().from(o).where(eq(o.nivel, 0));
  const [outro] = await db()
    .select()
    .from(o)
    .where(and(eq(o.organizacaoPaiId, igreja!.id), ne(o.id, Number(sinodoAtendimento))));
  ids.outroSinodo = outro!.id;
  const [longe] = await db().select().from(o).where(eq(o.organizacaoPaiId, ids.outroSinodo));
  ids.paroquiaOutroSinodo = longe!.id;
  const estrangeira = await enviar(
    'POST',
    '/api/pessoa',
    {
      nome: NOME_ESTRANGEIRA,
      sobrenome: 'Longe',
      cpf: '86288366757',
      organizacaoId: ids.paroquiaOutroSinodo,
      usuario: { email: 'longe@sig.local', senha: 'Longe@2026', confirmacaoSenha: 'Longe@2026' },
    },
    admin,
  );
  expect(estrangeira.statusCode, estrangeira.body).toBe(201);
  ids.estrangeira = estrangeira.json().id;
  ids.usuarioEstrangeiro = estrangeira.json().usuario.id;
  const [local] = await db()
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.cpf, '39053344705'));
  ids.local = local!.id;
  ids.usuarioTesouraria = await usuarioDe('tesouraria@sig.local');
  ids.usuarioAtendimento = await usuarioDe('atendimento@sig.local');
});

const refusado = (campo: string, rotulo: string) => ({
  codigo: 'VALIDACAO',
  campos: [{ campo, mensagem: `O registro informado em ${rotulo} não existe.` }],
});

describe('a receivable names people and organizations of the scope only', () => {
  const conta = (extra: Record<string, unknown>) => ({
    tipo: 'CONTRIBUICAO',
    mesCompetencia: 5,
    anoCompetencia: 2099,
    vencimento: '2099-05-10',
    valorPrevisto: '30.00',
    ...extra,
  });
  const contasDa = async (pessoaId: number) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.contaAReceber)
        .where(eq(schema.contaAReceber.pessoaId, pessoaId))
    )[0]!.n;

  it('refuses a person of another synod without telling their name, and writes nothing', async () => {
    const r = await enviar('POST', '/api/conta-a-receber', conta({ pessoaId: ids.estrangeira }), tesouraria);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject(refusado('pessoaId', 'Pessoa'));
    expect(r.body).not.toContain(NOME_ESTRANGEIRA);
    expect(await contasDa(ids.estrangeira)).toBe(0);
    // A foreign id and one that does not exist get the same answer: it tells nothing.
    const inexistente = await enviar('POST', '/api/conta-a-receber', conta({ pessoaId: NAO_EXISTE }), tesouraria);
    expect(inexistente.body).toBe(r.body);
  });

  it('refuses an organization of another synod as the holder, and one as the owner', async () => {
    const titular = await enviar(
      'POST',
      '/api/conta-a-receber',
      conta({ organizacaoTitularId: ids.outroSinodo }),
      tesouraria,
    );
    expect(titular.statusCode, titular.body).toBe(400);
    expect(titular.json()).toMatchObject(refusado('organizacaoTitularId', 'Organização titular'));
    const [outro] = await db().select().from(schema.organizacao).where(eq(schema.organizacao.id, ids.outroSinodo));
    expect(titular.body).not.toContain(outro!.nomeFantasia);
    const dono = await enviar(
      'POST',
      '/api/conta-a-receber',
      conta({ pessoaId: ids.local, organizacaoId: ids.paroquiaOutroSinodo }),
      tesouraria,
    );
    expect(dono.statusCode, dono.body).toBe(400);
    expect(campos(dono).map((c) => c.campo)).toEqual(['organizacaoId']);
  });

  it('still takes a person of the scope, and an update that keeps what the receivable names', async () => {
    const r = await enviar('POST', '/api/conta-a-receber', conta({ pessoaId: ids.local }), tesouraria);
    expect(r.statusCode, r.body).toBe(201);
    const put = await enviar(
      'PUT',
      `/api/conta-a-receber/${r.json().id}`,
      conta({ pessoaId: ids.local, valorPrevisto: '31.00' }),
      tesouraria,
    );
    expect(put.statusCode, put.body).toBe(200);
    const outra = await enviar(
      'PUT',
      `/api/conta-a-receber/${r.json().id}`,
      conta({ pessoaId: ids.estrangeira }),
      tesouraria,
    );
    expect(outra.statusCode).toBe(400);
  });
});

describe('a cash ledger entry names people and organizations of the scope only', () => {
  const entrada = async (extra: Record<string, unknown>) => {
    const [conta] = await db()
      .select({ id: schema.contaCaixa.id })
      .from(schema.contaCaixa)
      .where(eq(schema.contaCaixa.organizacaoId, ids.paroquia));
    const [plano] = await db()
      .select({ id: schema.planoConta.id })
      .from(schema.planoConta)
      .where(and(eq(schema.planoConta.organizacaoId, ids.paroquia), eq(schema.planoConta.tipoPlanoConta, 'ANALITICA')));
    return {
      data: hojeNoBrasil(),
      tipo: 'ENTRADA',
      contaCaixaId: conta!.id,
      planoContaId: plano!.id,
      valor: '12.00',
      historico: 'Doação',
      ...extra,
    };
  };

  it('refuses a person of another synod', async () => {
    const r = await enviar('POST', '/api/lancamento-caixa', await entrada({ pessoaId: ids.estrangeira }), tesouraria);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject(refusado('pessoaId', 'Pessoa'));
  });

  it('refuses an organization of another synod', async () => {
    const r = await enviar(
      'POST',
      '/api/lancamento-caixa',
      await entrada({ organizacaoReferenciaId: ids.paroquiaOutroSinodo }),
      tesouraria,
    );
    expect(r.statusCode, r.body).toBe(400);
    expect(campos(r).map((c) => c.campo)).toEqual(['organizacaoReferenciaId']);
  });

  it('takes a person of the scope', async () => {
    const r = await enviar('POST', '/api/lancamento-caixa', await entrada({ pessoaId: ids.local }), tesouraria);
    expect(r.statusCode, r.body).toBe(201);
  });
});

describe('a worship service names celebrants of the scope only', () => {
  const culto = (celebrantes: number[]) => ({
    organizacaoId: ids.paroquia,
    data: '2026-03-01',
    hora: '10:00',
    presentes: 40,
    celebrantes,
  });

  it('refuses a celebrant of another synod, naming the item', async () => {
    const r = await enviar('POST', '/api/culto', culto([ids.local, ids.estrangeira]), tesouraria);
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject(refusado('celebrantes.1', 'Celebrantes'));
  });

  it('keeps a celebrant the service names already when it is saved again', async () => {
    const r = await enviar('POST', '/api/culto', culto([ids.local, ids.estrangeira]), admin);
    expect(r.statusCode, r.body).toBe(201);
    const mesmo = await enviar(
      'PUT',
      `/api/culto/${r.json().id}`,
      { ...culto([ids.local, ids.estrangeira]), presentes: 41 },
      tesouraria,
    );
    expect(mesmo.statusCode, mesmo.body).toBe(200);
    const [outra] = await db()
      .select({ id: schema.pessoa.id })
      .from(schema.pessoa)
      .where(ne(schema.pessoa.organizacaoId, ids.paroquia))
      .orderBy(schema.pessoa.id)
      .limit(1);
    const novo = await enviar('PUT', `/api/culto/${r.json().id}`, culto([ids.local, outra!.id]), tesouraria);
    expect(novo.statusCode, novo.body).toBe(400);
  });
});

describe('a ticket names the users its form offers only', () => {
  const chamado = async (extra: Record<string, unknown>) => {
    const [categoria] = await db().select({ id: schema.categoriaAtendimento.id }).from(schema.categoriaAtendimento);
    return {
      assunto: 'Certidão de batismo',
      descricao: 'Preciso de uma segunda via.',
      categoriaAtendimentoId: categoria!.id,
      organizacaoDestinoId: Number(sinodoAtendimento),
      responsavelUsuarioId: ids.usuarioAtendimento,
      ...extra,
    };
  };
  const url = '/api/atendimento-meus-atendimentos';

  it('refuses participants and observers outside the choosable users (the team members and the user)', async () => {
    const r = await enviar(
      'POST',
      url,
      await chamado({
        participantes: [ids.usuarioAtendimento, ids.usuarioTesouraria],
        observadores: [ids.usuarioEstrangeiro],
      }),
      atendimento,
    );
    expect(r.statusCode, r.body).toBe(400);
    expect(campos(r).map((c) => c.campo)).toEqual(['participantes.1', 'observadores.0']);
  });

  it('refuses a responsible and a destination outside what the form offers', async () => {
    const r = await enviar(
      'POST',
      url,
      await chamado({ responsavelUsuarioId: ids.usuarioTesouraria, organizacaoDestinoId: ids.outroSinodo }),
      atendimento,
    );
    expect(r.statusCode, r.body).toBe(400);
    expect(
      campos(r)
        .map((c) => c.campo)
        .sort(),
    ).toEqual(['organizacaoDestinoId', 'responsavelUsuarioId']);
  });

  it('takes the choosable users', async () => {
    const r = await enviar('POST', url, await chamado({ participantes: [ids.usuarioAtendimento] }), atendimento);
    expect(r.statusCode, r.body).toBe(201);
  });
});

describe("a person's sub-records name organizations and people of the scope only", () => {
  it('refuses a church activity at an organization of another synod', async () => {
    const r = await enviar(
      'POST',
      '/api/pessoa',
      pessoaNova({ atividadesIgreja: [{ organizacaoId: ids.paroquiaOutroSinodo, dataInicio: '2020-01-01' }] }),
      paroquia,
    );
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject(refusado('atividadesIgreja.0.organizacaoId', 'Organização'));
  });

  it('refuses a relative of another synod', async () => {
    const [grau] = await db().select({ id: schema.grauParentesco.id }).from(schema.grauParentesco).limit(1);
    const r = await enviar(
      'POST',
      '/api/pessoa',
      pessoaNova({ familia: [{ parenteId: ids.estrangeira, grauParentescoId: grau!.id }] }),
      paroquia,
    );
    expect(r.statusCode, r.body).toBe(400);
    expect(campos(r).map((c) => c.campo)).toEqual(['familia.0.parenteId']);
  });

  it('saves a person again with the foreign activity they already had, but takes no new one', async () => {
    const criada = await enviar(
      'POST',
      '/api/pessoa',
      pessoaNova({ atividadesIgreja: [{ organizacaoId: ids.paroquiaOutroSinodo, dataInicio: '2020-01-01' }] }),
      admin,
    );
    expect(criada.statusCode, criada.body).toBe(201);
    const lida = (await t.req({ method: 'GET', url: `/api/pessoa/${criada.json().id}`, token: paroquia })).json();
    const mesma = await enviar('PUT', `/api/pessoa/${lida.id}`, { ...lida, observacao: 'Mudou-se' }, paroquia);
    expect(mesma.statusCode, mesma.body).toBe(200);
    const nova = await enviar(
      'PUT',
      `/api/pessoa/${lida.id}`,
      {
        ...lida,
        atividadesIgreja: [...lida.atividadesIgreja, { organizacaoId: ids.outroSinodo, dataInicio: '2021-01-01' }],
      },
      paroquia,
    );
    expect(nova.statusCode, nova.body).toBe(400);
    expect(campos(nova).map((c) => c.campo)).toEqual(['atividadesIgreja.1.organizacaoId']);
  });
});

describe('registries name what the writer sees', () => {
  it("an offering plan takes the ledger accounts shared from above, not another organization's own", async () => {
    const plano = async (acessivelHierarquia: boolean) => {
      const r = await enviar(
        'POST',
        '/api/plano-de-conta',
        {
          codigoInterno: `N${Number(acessivelHierarquia)}`,
          nome: 'Ofertas nacionais',
          tipoPlanoConta: 'ANALITICA',
          naturezaPlanoConta: 'RECEITA',
          acessivelHierarquia,
        },
        admin,
      );
      expect(r.statusCode, r.body).toBe(201);
      return r.json().id as number;
    };
    const oferta = (planoContaId: number) =>
      enviar(
        'POST',
        '/api/plano-de-ofertas',
        { data: '2099-12-27', nome: 'Missão', abrangencia: 'PAROQUIAL', destino: 'Missão', planoContaId },
        tesouraria,
      );
    const proprio = await oferta(await plano(false));
    expect(proprio.statusCode, proprio.body).toBe(400);
    expect(campos(proprio).map((c) => c.campo)).toEqual(['planoContaId']);
    const compartilhado = await oferta(await plano(true));
    expect(compartilhado.statusCode, compartilhado.body).toBe(201);
  });

  it('a team takes only users linked within the scope', async () => {
    const r = await enviar(
      'POST',
      '/api/time',
      {
        nome: 'Equipe de fora',
        participantes: [{ usuarioId: ids.usuarioAtendimento }, { usuarioId: ids.usuarioEstrangeiro }],
      },
      atendimento,
    );
    expect(r.statusCode, r.body).toBe(400);
    expect(r.json()).toMatchObject(refusado('participantes.1.usuarioId', 'Usuário'));
  });
});

describe('the walk over every write', () => {
  const ESCRITAS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
  /** A property that looks like it names a row: `…Id`, `…Ids`, or a list of whole numbers. */
  const pareceReferencia = (c: { nome: string; tipoValor: string; emLista: boolean }) =>
    /Ids?$/.test(c.nome) || (c.emLista && c.tipoValor === 'number');
  /**
   * Public routes have no writer whose scope an id could be checked against: each one's ids are
   * its service's to check, reviewed here.
   */
  const PUBLICAS_COM_IDS = [
    // Only organizations that take members' registrations (autenticacao.service).
    'POST /api/Autenticacao/cadastrar organizacaoId',
  ];

  const escritas = () =>
    t.app.rotasRegistradas.filter((r) => r.url.startsWith('/api') && ESCRITAS.has(r.metodo) && r.corpo);
  const semDeclaracao = (corpo: unknown) =>
    camposDoEsquema(corpo as z.ZodType).filter((c) => pareceReferencia(c) && !c.declaracao);

  it('walks the bodies of the writes', () => {
    expect(escritas().length).toBeGreaterThan(100);
  });

  it('every id a body takes is declared a reference, or not one with a reason', () => {
    const faltam = escritas()
      .filter((r) => !r.declaracao.publico)
      .flatMap((r) => semDeclaracao(r.corpo).map((c) => `${r.metodo} ${r.url} ${c.caminho}`));
    expect(faltam).toEqual([]);
  });

  it("the public routes' ids are the reviewed ones", () => {
    const publicas = escritas()
      .filter((r) => r.declaracao.publico)
      .flatMap((r) => semDeclaracao(r.corpo).map((c) => `${r.metodo} ${r.url} ${c.caminho}`));
    expect(publicas.sort()).toEqual(PUBLICAS_COM_IDS);
  });
});

describe('a list names, in its query, what a write may name', () => {
  const ler = (url: string) => t.req({ method: 'GET', url, token: tesouraria });

  it('answers a person of another synod as it answers an id that does not exist, list and export alike', async () => {
    for (const rota of ['/api/conta-a-receber/paginado', '/api/conta-a-receber/exportar'])
      for (const pessoaId of [ids.estrangeira, NAO_EXISTE]) {
        const r = await ler(`${rota}?pessoaId=${pessoaId}`);
        expect(r.statusCode, `${rota} ${pessoaId}`).toBe(404);
        expect(r.body).not.toContain(NOME_ESTRANGEIRA);
      }
    expect((await ler(`/api/conta-a-receber/paginado?pessoaId=${ids.local}`)).statusCode).toBe(200);
  });

  it('checks every id its query declares, not only the organization and person filters', async () => {
    expect((await ler(`/api/relatorio-inadimplencia/exportar?organizacaoId=${ids.outroSinodo}`)).statusCode).toBe(404);
    expect((await ler(`/api/recibo/paginado?organizacaoTitularId=${ids.paroquiaOutroSinodo}`)).statusCode).toBe(404);
    // A registry's filter by a reference is declared by the registry itself (platform/crud.ts).
    const [estado] = await db().select({ id: schema.estado.id }).from(schema.estado).limit(1);
    const cidades = (estadoId: number) =>
      t.req({ method: 'GET', url: `/api/cidade/paginado?estadoId=${estadoId}`, token: admin });
    expect((await cidades(NAO_EXISTE)).statusCode).toBe(404);
    expect((await cidades(estado!.id)).statusCode).toBe(200);
  });
});

describe('the walk over every query', () => {
  /** The ids that carry scope: organizations and people, by whatever name a filter gives them. */
  const nomeiaEscopo = (nome: string) => /^(organizacao|pessoa)\w*Ids?$/.test(nome);

  it('every organization or person a query of a screen names is declared a reference', () => {
    const faltam = t.app.rotasRegistradas
      .filter((r) => r.url.startsWith('/api') && r.consulta && r.declaracao.acesso)
      .flatMap((r) =>
        camposDoEsquema(r.consulta as z.ZodType)
          .filter((c) => nomeiaEscopo(c.nome) && !c.declaracao)
          .map((c) => `${r.metodo} ${r.url} ${c.caminho}`),
      );
    expect(faltam).toEqual([]);
  });
});

describe('the start refuses what could not be checked', () => {
  const appCom = async (publico: boolean, tipo: Parameters<typeof referencia>[0]) => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    registrarReferencias(app);
    app.post(
      '/api/x',
      {
        config: publico ? { publico: true } : { autenticado: true },
        schema: { body: z.object({ xId: referencia(tipo) }) },
      },
      async () => ({}),
    );
    try {
      await app.ready();
    } finally {
      await app.close().catch(() => undefined);
    }
  };

  it('a kind nobody gave a rule', async () => {
    await expect(appCom(false, 'pessoa-ministro')).rejects.toThrow(/no rule for the reference kinds pessoa-ministro/);
  });

  it('a public route declaring references', async () => {
    await expect(appCom(true, 'pessoa')).rejects.toThrow(/a public route declares references/);
  });
});
