import { PERFIL_ADMINISTRADOR } from '@sig/contracts';
import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AppTeste, criarAppTeste } from '../test/app-teste.js';
import { ADMIN_SENHA, SENHA_DEMO } from '../test/constantes.js';
import { type Operacao, operacoes } from '../test/fuzz.js';
import {
  type Alvo,
  alvoDe,
  alvos,
  type Concessoes,
  chave,
  concede,
  criarMembro,
  criarRegistro,
  declaracoes,
  emLotes,
  ID_NENHUM,
  lerConcessoes,
  lerOrgs,
  noEscopo,
  type Org,
  RELACOES,
  type Relacao,
  textoNenhum,
  UUID_NENHUM,
  valorObrigatorio,
} from '../test/matriz.js';

/**
 * The authorization matrix (issue 16, "the class, not the instances"): every operation of the
 * OpenAPI document × the six demo profiles × four target organizations (the profile's own, a
 * sibling, its parent, a parish of another synod). Each cell's answer follows from the profile's
 * grant for the route's declared access id and action and from the target's place in the tree:
 * no grant → 403; granted, target outside the scope → 404 (what the scope service answers:
 * other organizations' records do not exist for the user); granted and in scope → neither.
 * A route that is neither declared nor in EXCECOES fails the test.
 */

/** Routes that declare no access id, and why they need none. Not requested by the matrix. */
const EXCECOES: Record<string, string> = {
  'GET /api/saude': 'public: health check for load balancers',
  'POST /api/Autenticacao/autenticar': 'public: sign-in',
  'GET /api/Autenticacao/token-valido': 'public: tells a client whether its token still holds',
  'GET /api/Autenticacao/organizacoes-cadastro': 'public: organizations that accept self-registration',
  'POST /api/Autenticacao/cadastrar': 'public: self-registration',
  'POST /api/Autenticacao/solicitar-redefinicao-senha': 'public: password reset request',
  'POST /api/Autenticacao/redefinir-senha': 'public: password reset with the e-mailed token',
  'POST /api/webhooks/asaas': "public: the payment provider's webhook, authenticated by its token",
  'GET /api/termos/publico/:token': "public: a consent term read by the request's personal token",
  'POST /api/termos/publico/:token/resposta': "public: the answer to a consent term, by the request's personal token",
  'GET /api/termos/publico/revogacao/:token': 'public: the consent a revocation link withdraws, by its token',
  'POST /api/termos/publico/revogacao/:token': "public: revoking a consent, by the revocation link's token",
  'GET /api/falecido/publico': 'public: "where is buried", in the cemeteries that opted in (name, dates, plot)',
  'GET /api/evento-publico/:codigo': "public: an event's registration page, by the event's code",
  'POST /api/evento-publico/:codigo/inscricao': 'public: a registration through the event page',
  'GET /api/evento-publico/inscricao/:token': "public: one's own registration, by its personal token",
  'POST /api/evento-publico/inscricao/:token/cobranca':
    "public: asking again for one's registration charge, by its token",
  'POST /api/evento-publico/inscricao/:token/cancelar': "public: cancelling one's own registration, by its token",
  'GET /api/oficio/verificar/:codigo': "public: an office letter's number, date, issuer and recipient, by its QR code",
  'POST /api/Autenticacao/autenticar-2FA': 'own session: the second factor of a sign-in',
  'POST /api/Autenticacao/enviar-codigo-2FA': 'own session: e-mails the second-factor code',
  'PUT /api/Autenticacao/invalidar-token': 'own session: sign-out',
  'PUT /api/Autenticacao/trocar-organizacao': "own session: switches among the user's own links",
  'PUT /api/Autenticacao/autorizacao': "own session: the signed-in user's menu and grants",
  'PUT /api/conta/senha': 'own account: change password',
  'POST /api/conta/2fa/iniciar': 'own account: 2FA set-up',
  'GET /api/conta/2fa': 'own account: 2FA state',
  'POST /api/conta/2fa/ativar': 'own account: 2FA set-up',
  'POST /api/conta/2fa/codigos-recuperacao': 'own account: 2FA recovery codes',
  'POST /api/conta/2fa/desativar': 'own account: 2FA',
  'GET /api/perfil/perfil-logada-id': "own session: the signed-in link's profile",
  'GET /api/perfil/:id/permissoes-acesso': "own session: a profile's grants, for the menu",
  'GET /api/filtro-salvo': "own account: the user's saved filters",
  'POST /api/filtro-salvo': "own account: the user's saved filters",
  'PUT /api/filtro-salvo/:id': "own account: the user's saved filters",
  'DELETE /api/filtro-salvo/:id': "own account: the user's saved filters",
  'POST /api/analitica/pagina': 'own session: page-view analytics',
  'GET /api/hub': "own session: the user's event stream",
  'GET /api/termos/obrigatorios-pendentes': "own session: the user's required terms of use (the sign-in gate)",
  'POST /api/termos/obrigatorios-pendentes/:solicitacaoId/aceite': "own session: accepting one's own required term",
};

const MEMBRO_EMAIL = 'membro.matriz@sig.local';
const PERFIS = [
  { nome: PERFIL_ADMINISTRADOR, email: 'admin@sig.local' },
  { nome: 'Secretaria Sinodal', email: 'sinodo@sig.local' },
  { nome: 'Secretaria Paroquial', email: 'paroquia@sig.local' },
  { nome: 'Tesouraria', email: 'tesouraria@sig.local' },
  { nome: 'Atendimento', email: 'atendimento@sig.local' },
  { nome: 'Membro', email: MEMBRO_EMAIL },
];

type Perfil = {
  nome: string;
  token: string;
  concessoes: Concessoes;
  propria: Org;
  alvos: Partial<Record<Relacao, Org>>;
};
type Celula = {
  op: string;
  perfil: string;
  relacao: Relacao | '—';
  esperado: 'negado' | 'foraDoEscopo' | 'noEscopo' | 'concedido';
  pedido: { method: string; url: string; payload?: unknown };
  /** Validation comes before the scope: a write with a body may answer 400 outside it too. */
  comCorpo: boolean;
  /** Another id on the path is a placeholder: in scope, 404 for it is fine. */
  outrosIds: boolean;
};

let t: AppTeste;
const perfis: Perfil[] = [];
let orgs: Map<number, Org>;

beforeAll(async () => {
  t = await criarAppTeste();
  orgs = await lerOrgs(t.banco);
  // The member (the profile self-registration gives) at a community of the demo parish.
  const [paroquia] = await t.banco.db
    .select({ organizacaoId: schema.usuarioOrganizacao.organizacaoId })
    .from(schema.usuarioOrganizacao)
    .innerJoin(schema.usuario, eq(schema.usuario.id, schema.usuarioOrganizacao.usuarioId))
    .where(eq(schema.usuario.email, 'tesouraria@sig.local'));
  const comunidade = [...orgs.values()].find((o) => o.paiId === paroquia!.organizacaoId)!;
  await criarMembro(t.banco, comunidade.id, MEMBRO_EMAIL);
  for (const p of PERFIS) {
    const senha = p.nome === PERFIL_ADMINISTRADOR ? ADMIN_SENHA : SENHA_DEMO;
    const r = await t.req({ method: 'POST', url: '/api/Autenticacao/autenticar', payload: { login: p.email, senha } });
    const { accessToken: token, organizacaoId } = r.json() as { accessToken: string; organizacaoId: number };
    const [perfil] = await t.banco.db.select().from(schema.perfil).where(eq(schema.perfil.nome, p.nome));
    const propria = orgs.get(organizacaoId)!;
    perfis.push({
      nome: p.nome,
      token,
      concessoes: await lerConcessoes(t.banco, perfil!.id, p.nome === PERFIL_ADMINISTRADOR),
      propria,
      alvos: alvos(orgs, propria),
    });
  }
}, 120_000);
afterAll(() => t?.fechar());

/**
 * An otherwise-minimal request for `op`: `id` (an organization's or a record's) where the target
 * goes, placeholders for other ids, valid values for other required query parameters, `{}` as
 * the body. `outrosIds`: some other id on it names no record.
 */
function pedido(op: Operacao, alvo: Alvo, org: Org | undefined, id: number | undefined) {
  let url = op.caminho;
  let outrosIds = false;
  const noCaminho = id !== undefined && (alvo.tipo === 'organizacao' || (alvo.tipo === 'registro' && !alvo.naConsulta));
  for (const [i, p] of op.parametros.filter((x) => x.in === 'path').entries()) {
    const valor = i === 0 && noCaminho ? String(id) : p.schema.type === 'string' ? textoNenhum(p) : String(ID_NENHUM);
    if (valor === String(ID_NENHUM) || valor === UUID_NENHUM) outrosIds = true;
    url = url.replace(`{${p.name}}`, valor);
  }
  const consulta: string[] = [];
  for (const p of op.parametros.filter((x) => x.in === 'query')) {
    if (alvo.tipo === 'consulta' && org && p.name === 'organizacaoId') consulta.push(`organizacaoId=${org.id}`);
    else if (alvo.tipo === 'registro' && alvo.naConsulta && p.name === 'pessoaId') consulta.push(`pessoaId=${id}`);
    else if (p.required) {
      const valor = valorObrigatorio(p);
      if (valor === String(ID_NENHUM) || valor === UUID_NENHUM) outrosIds = true;
      consulta.push(`${p.name}=${valor}`);
    }
  }
  if (consulta.length) url += `?${consulta.join('&')}`;
  return { pedido: { method: op.metodo.toUpperCase(), url, ...(op.corpo ? { payload: {} } : {}) }, outrosIds };
}

/**
 * The matrix's cells. Each cell that names a record by id gets a record of its own at its target
 * organization (a delete in one cell leaves the others' records alone).
 */
async function celulas(ops: Operacao[], decl: ReturnType<typeof declaracoes>): Promise<Celula[]> {
  const r: Celula[] = [];
  let n = 0;
  for (const op of ops) {
    const nome = chave(op.metodo, op.caminho);
    if (EXCECOES[nome]) continue;
    const d = decl.get(nome)!;
    const alvo = alvoDe(op);
    for (const perfil of perfis) {
      // A lookup is also readable to whoever may fill a form that names its kind (guarda.ts, opcoesDe).
      const concedido =
        concede(perfil.concessoes, d.acesso!, d.acao!) ||
        (!!d.opcoesDe &&
          [...t.app.formulariosQueNomeiam(d.opcoesDe)].some(
            (a) => concede(perfil.concessoes, a, 'C') || concede(perfil.concessoes, a, 'U'),
          ));
      const base = { op: nome, perfil: perfil.nome, comCorpo: !!op.corpo };
      if (alvo.tipo === 'nenhum') {
        r.push({
          ...base,
          relacao: '—',
          esperado: concedido ? 'concedido' : 'negado',
          ...pedido(op, alvo, undefined, undefined),
        });
        continue;
      }
      for (const relacao of RELACOES) {
        const org = perfil.alvos[relacao];
        if (!org) continue;
        const dentro = noEscopo(perfil.concessoes, d.acesso!, perfil.propria, org);
        const id =
          alvo.tipo === 'organizacao'
            ? org.id
            : alvo.tipo === 'registro'
              ? await criarRegistro(t.banco, alvo.recurso, org.id, ++n)
              : undefined;
        r.push({
          ...base,
          relacao,
          esperado: !concedido ? 'negado' : dentro ? 'noEscopo' : 'foraDoEscopo',
          ...pedido(op, alvo, org, id),
        });
      }
    }
  }
  return r;
}

function confere(c: Celula, status: number): boolean {
  if (status >= 500 || status === 401) return false;
  switch (c.esperado) {
    case 'negado':
      return status === 403;
    case 'foraDoEscopo':
      return status === 404 || (c.comCorpo && status === 400);
    case 'noEscopo':
      return status !== 403 && (status !== 404 || c.outrosIds);
    case 'concedido':
      return status !== 403;
  }
}

it('every operation × profile × organization answers as the grants and the scope say', {
  timeout: 300_000,
}, async () => {
  const inicio = Date.now();
  const doc = t.app.swagger() as unknown as Parameters<typeof operacoes>[0];
  const ops = operacoes(doc);
  const decl = declaracoes(t.app.rotasRegistradas);

  // A route with no place in the matrix: no declared access id and no reviewed exception.
  const semLugar = ops
    .map((o) => chave(o.metodo, o.caminho))
    .filter((nome) => !EXCECOES[nome] && !decl.get(nome)?.acesso);
  expect(semLugar, 'operations with no access id and no exception').toEqual([]);
  const excecoesVelhas = Object.keys(EXCECOES).filter((nome) => !ops.some((o) => chave(o.metodo, o.caminho) === nome));
  expect(excecoesVelhas, 'exceptions for operations that no longer exist').toEqual([]);

  const todas = await celulas(ops, decl);
  const token = new Map(perfis.map((p) => [p.nome, p.token]));
  // Deletes last: an organization deleted early would change later cells' answers.
  const fases = [todas.filter((c) => c.pedido.method !== 'DELETE'), todas.filter((c) => c.pedido.method === 'DELETE')];
  /** Failed cells, one line per operation, profile and answer (the organizations listed). */
  const falhas = new Map<string, { relacoes: string[]; exemplo: string }>();
  const respostas = new Map<string, number>();
  for (const fase of fases)
    await emLotes(
      fase.map((c) => async () => {
        const r = await t.req({
          method: c.pedido.method as 'GET',
          url: c.pedido.url,
          token: token.get(c.perfil),
          ...(c.pedido.payload !== undefined ? { payload: c.pedido.payload as object } : {}),
        });
        const resposta = `${c.esperado} ${r.statusCode}`;
        respostas.set(resposta, (respostas.get(resposta) ?? 0) + 1);
        if (confere(c, r.statusCode)) return;
        const nome = `${c.op} as ${c.perfil}: expected ${c.esperado}, got ${r.statusCode}`;
        const f = falhas.get(nome) ?? {
          relacoes: [],
          exemplo: `${c.pedido.method} ${c.pedido.url} → ${r.body.slice(0, 120)}`,
        };
        f.relacoes.push(c.relacao);
        falhas.set(nome, f);
      }),
      8,
    );

  const segundos = ((Date.now() - inicio) / 1000).toFixed(1);
  const comAlvo = todas.filter((c) => c.relacao !== '—');
  const organizacoes = new Set(perfis.flatMap((p) => Object.values(p.alvos).map((o) => o.id))).size;
  console.info(
    `authorization matrix: ${ops.length} operations (${Object.keys(EXCECOES).length} exceptions, ${new Set(todas.map((c) => c.op)).size} in the matrix, ${new Set(comAlvo.map((c) => c.op)).size} aimed at an organization), ${perfis.length} profiles, ${organizacoes} organizations; ${todas.length} requests (${comAlvo.length} aimed) in ${segundos} s; answers ${JSON.stringify(Object.fromEntries([...respostas].sort()))}`,
  );
  const relato = [...falhas].map(([nome, f]) => `${nome} at ${f.relacoes.join(', ')}: ${f.exemplo}`).sort();
  expect(relato, `${[...falhas.values()].reduce((n, f) => n + f.relacoes.length, 0)} of ${todas.length} cells`).toEqual(
    [],
  );
});
