import { ACESSO_POR_ID, ACOES, isAcessoId } from '@sig/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../test/app-teste.js';
import { criarPerfil, criarUsuario, organizacaoDoUsuario } from '../../test/fabricas.js';
import { registrarGuarda } from './guarda.js';

/**
 * Every public route, reviewed. A new public route makes this test fail until someone
 * decides it really must answer without a sign-in and adds it here.
 */
const PUBLICAS = [
  'GET /api/saude',
  'POST /api/Autenticacao/autenticar',
  'GET /api/Autenticacao/token-valido',
  'GET /api/Autenticacao/organizacoes-cadastro',
  'POST /api/Autenticacao/cadastrar',
  'POST /api/Autenticacao/solicitar-redefinicao-senha',
  'POST /api/Autenticacao/redefinir-senha',
  'POST /api/webhooks/asaas',
  // The demo provider's invoice page and its simulated payment (404 outside the demo).
  'GET /api/provedor-demo/i/:codigo',
  'POST /api/provedor-demo/i/:codigo/pagar',
  // A consent term's public page, by the request's personal token (issue 22).
  'GET /api/termos/publico/:token',
  'POST /api/termos/publico/:token/resposta',
  // Its revocation page, by the revocation link every request e-mail carries.
  'GET /api/termos/publico/revogacao/:token',
  'POST /api/termos/publico/revogacao/:token',
  // "Where is buried", in the cemeteries that opted in (issue 20).
  'GET /api/falecido/publico',
  // An event's registration page and one's own registration by its token (issue 19).
  'GET /api/evento-publico/:codigo',
  'POST /api/evento-publico/:codigo/inscricao',
  'GET /api/evento-publico/inscricao/:token',
  'POST /api/evento-publico/inscricao/:token/cobranca',
  'POST /api/evento-publico/inscricao/:token/cancelar',
  // An office letter checked by the code its QR holds (issue 22).
  'GET /api/oficio/verificar/:codigo',
].sort();

/**
 * Public routes with no request limit, and why: health checks come every few seconds from load
 * balancers; the payment provider's webhook deliveries carry their token and a refused one is
 * retried (and too many pause the provider's queue).
 */
const PUBLICAS_SEM_LIMITE = ['GET /api/saude', 'POST /api/webhooks/asaas'];

const t = usarAppTeste();

const rotasApi = () => t.app.rotasRegistradas.filter((r) => r.url.startsWith('/api'));
const nome = (r: { metodo: string; url: string }) => `${r.metodo} ${r.url}`;

describe('route guard', () => {
  it('sees the routes of the modules', () => {
    const nomes = rotasApi().map(nome);
    expect(nomes).toContain('POST /api/Autenticacao/autenticar');
    expect(nomes).toContain('GET /api/perfil/:id');
  });

  it('every /api route declares an access id and action from the catalogue, or publico, or autenticado', () => {
    const sem = rotasApi()
      .filter(({ declaracao: d }) => {
        if (d.publico === true || d.autenticado === true) return false;
        return !(d.acesso && isAcessoId(d.acesso) && d.acao && (ACOES as readonly string[]).includes(d.acao));
      })
      .map(nome);
    expect(sem).toEqual([]);
  });

  it("every route's action is one its screen offers", () => {
    const fora = rotasApi()
      .filter(({ declaracao: d }) => d.acesso && d.acao && !ACESSO_POR_ID.get(d.acesso)?.acoes.includes(d.acao))
      .map((r) => `${nome(r)} (${r.declaracao.acesso} ${r.declaracao.acao})`);
    expect(fora).toEqual([]);
  });

  it('the public routes are exactly the reviewed list (the API docs aside)', () => {
    const publicas = rotasApi()
      .filter((r) => r.declaracao.publico && !r.url.startsWith('/api/docs'))
      .map(nome);
    expect([...new Set(publicas)].sort()).toEqual(PUBLICAS);
  });

  it('every public route declares request limits (docs/adr/0008), or is exempt by name', () => {
    const sem = rotasApi()
      .filter((r) => r.declaracao.publico && !r.url.startsWith('/api/docs') && r.metodo !== 'OPTIONS')
      .filter((r) => !(r.declaracao as { limites?: unknown[] }).limites?.length)
      .map(nome);
    expect([...new Set(sem)].sort()).toEqual(PUBLICAS_SEM_LIMITE);
  });

  it('a route that is not public answers 401 without a token, before validating its input', async () => {
    const fechadas = rotasApi().filter((r) => !r.declaracao.publico && r.metodo !== 'OPTIONS');
    expect(fechadas.length).toBeGreaterThan(0);
    const abertas: string[] = [];
    for (const r of fechadas) {
      const url = r.url.replace(/:\w+/g, '1').replace(/\*$/, 'x');
      const resposta = await t.req({
        method: r.metodo as 'GET',
        url,
        ...(['POST', 'PUT', 'PATCH'].includes(r.metodo) ? { payload: {} } : {}),
      });
      if (resposta.statusCode !== 401) abertas.push(`${nome(r)} → ${resposta.statusCode}`);
    }
    expect(abertas).toEqual([]);
  });

  it('refuses to start when a route declares nothing', async () => {
    const app = Fastify({ logger: false });
    registrarGuarda(app, t.app.sessoes, t.app.deps.auditoria);
    const registrar = async () => {
      app.get('/api/esquecida', async () => ({}));
      await app.ready();
    };
    await expect(registrar()).rejects.toThrow(/GET \/api\/esquecida declares no access/);
    await app.close().catch(() => undefined);
  });

  it('refuses to start when the access id is not in the catalogue', async () => {
    const app = Fastify({ logger: false });
    registrarGuarda(app, t.app.sessoes, t.app.deps.auditoria);
    const registrar = async () => {
      app.get('/api/inventada', { config: { acesso: 'TelaInventada' as 'Perfil', acao: 'L' } }, async () => ({}));
      await app.ready();
    };
    await expect(registrar()).rejects.toThrow(/declares no access/);
    await app.close().catch(() => undefined);
  });
});

describe('lookups', () => {
  it('a lookup is readable to whoever may fill a form naming its kind, and to nobody else', async () => {
    const db = t.banco.db;
    const paroquia = await organizacaoDoUsuario(db, 'paroquia@sig.local');
    const formulario = await criarPerfil(db, { permissoes: [{ acesso: 'ContaAReceber' }] });
    const leitura = await criarPerfil(db, {
      permissoes: [{ acesso: 'ContaAReceber', criar: false, atualizar: false, excluir: false }],
    });
    const comFormulario = await criarUsuario(db, { organizacaoId: paroquia, perfilId: formulario.id });
    const soLeitura = await criarUsuario(db, { organizacaoId: paroquia, perfilId: leitura.id });
    expect(t.app.formulariosQueNomeiam('organizacao').has('ContaAReceber')).toBe(true);

    const organizacoes = await t.req({ method: 'GET', url: '/api/organizacao/select', token: comFormulario.token });
    expect(organizacoes.statusCode, organizacoes.body).toBe(200);
    expect(organizacoes.json().length).toBeGreaterThan(0);
    // The lookup, not the list: the screen's other reads stay refused.
    expect(
      (await t.req({ method: 'GET', url: '/api/organizacao/paginado', token: comFormulario.token })).statusCode,
    ).toBe(403);
    // Reading receivables only fills no form: the lookup stays refused.
    expect((await t.req({ method: 'GET', url: '/api/organizacao/select', token: soLeitura.token })).statusCode).toBe(
      403,
    );
    // People are no lookup: who may not list people reaches none but their own (platform/escopo.ts).
    expect((await t.req({ method: 'GET', url: '/api/pessoa/select', token: comFormulario.token })).statusCode).toBe(
      403,
    );
    // A kind no form of the profile names (profiles) stays refused too.
    expect((await t.req({ method: 'GET', url: '/api/perfil/select', token: comFormulario.token })).statusCode).toBe(
      403,
    );
  });
});
