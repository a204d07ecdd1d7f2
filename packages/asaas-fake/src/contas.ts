import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  type Corpo,
  consulta,
  conta,
  corpo,
  documentoValido,
  idParam,
  invalido,
  listar,
  naoEncontrado,
  numero,
  type Servicos,
  somenteDigitos,
  texto,
} from './comum.js';
import { type Conta, novaChaveApi, novaConta, type Webhook } from './loja.js';

const OBRIGATORIOS = ['name', 'email', 'cpfCnpj', 'mobilePhone', 'address', 'addressNumber', 'province', 'postalCode'];
const OPCIONAIS = ['companyType', 'birthDate', 'phone', 'site', 'complement'];
const TIPOS_EMPRESA = ['MEI', 'LIMITED', 'INDIVIDUAL', 'ASSOCIATION'];

/** The account as GET answers it: never the key (it comes only in the create answer). */
const publica = (c: Conta) => ({
  object: 'account',
  id: c.id,
  walletId: c.walletId,
  ...c.dados,
  personType: String(c.dados.cpfCnpj ?? '').length === 11 ? 'FISICA' : 'JURIDICA',
});

function webhook(b: Corpo, atual?: Webhook): Webhook {
  const url = 'url' in b || !atual ? texto(b, 'url') : atual.url;
  if (!url || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw invalido('invalid_url', 'Informe uma URL válida.');
  const eventos = 'events' in b || !atual ? b.events : atual.events;
  if (!Array.isArray(eventos) || !eventos.length || eventos.some((e) => typeof e !== 'string'))
    throw invalido('invalid_events', 'Informe ao menos um evento.');
  const sim = (k: keyof Webhook, padrao: boolean) => (k in b ? b[k] === true : ((atual?.[k] as boolean) ?? padrao));
  return {
    object: 'webhook',
    id: atual?.id ?? randomUUID(),
    name: ('name' in b || !atual ? texto(b, 'name') : atual.name) ?? 'webhook',
    url,
    email: 'email' in b || !atual ? texto(b, 'email') : atual.email,
    enabled: sim('enabled', true),
    interrupted: sim('interrupted', false),
    apiVersion: 3,
    authToken: 'authToken' in b || !atual ? texto(b, 'authToken') : atual.authToken,
    sendType: (b.sendType ?? atual?.sendType) === 'NON_SEQUENTIALLY' ? 'NON_SEQUENTIALLY' : 'SEQUENTIALLY',
    events: eventos as string[],
  };
}

/** `/accounts` (sub-accounts, each with its own key) and `/webhooks` (per account). */
export function rotasContas(app: FastifyInstance, s: Servicos) {
  app.post('/accounts', async (req) => {
    const b = corpo(req);
    const dados: Record<string, unknown> = {};
    for (const k of [...OBRIGATORIOS, ...OPCIONAIS]) {
      const v = texto(b, k);
      if (!v && OBRIGATORIOS.includes(k)) throw invalido(`invalid_${k}`, `O campo ${k} deve ser informado.`);
      dados[k] = v;
    }
    dados.cpfCnpj = somenteDigitos(dados.cpfCnpj as string);
    if (!documentoValido(dados.cpfCnpj as string))
      throw invalido('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.');
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(dados.email as string))
      throw invalido('invalid_email', 'O email informado é inválido.');
    if (dados.companyType && !TIPOS_EMPRESA.includes(dados.companyType as string))
      throw invalido('invalid_companyType', 'Tipo de empresa inválido.');
    const renda = numero(b, 'incomeValue');
    if (renda === null || !(renda > 0)) throw invalido('invalid_incomeValue', 'Informe o faturamento/renda mensal.');
    dados.incomeValue = renda;
    dados.loginEmail = dados.email;
    dados.contaPrincipalId = conta(req).id;
    const nova = novaConta(novaChaveApi(), dados);
    const webhooks = Array.isArray(b.webhooks) ? (b.webhooks as Corpo[]) : [];
    for (const w of webhooks) {
      const wh = webhook(w);
      nova.webhooks[wh.id] = wh;
    }
    s.loja.adicionar(nova);
    return { ...publica(nova), apiKey: nova.apiKey };
  });

  app.get('/accounts', async (req) => {
    const q = consulta(req);
    const doc = somenteDigitos(q.cpfCnpj ?? null);
    const nome = q.name?.toLocaleLowerCase('pt-BR');
    const minhas = s.loja
      .contas()
      .filter(
        (c) =>
          c.dados.contaPrincipalId === conta(req).id &&
          (!doc || c.dados.cpfCnpj === doc) &&
          (!q.email || c.dados.email === q.email) &&
          (!q.walletId || c.walletId === q.walletId) &&
          (!nome || String(c.dados.name).toLocaleLowerCase('pt-BR').includes(nome)),
      );
    return listar(minhas.map(publica), q);
  });

  app.get('/accounts/:id', async (req) => {
    const c = s.loja.contas().find((x) => x.id === idParam(req) && x.dados.contaPrincipalId === conta(req).id);
    if (!c) throw naoEncontrado();
    return publica(c);
  });

  const doWebhook = (c: Conta, id: string) => {
    const w = c.webhooks[id];
    if (!w) throw naoEncontrado();
    return w;
  };
  app.post('/webhooks', async (req) => {
    const wh = webhook(corpo(req));
    conta(req).webhooks[wh.id] = wh;
    return wh;
  });
  app.get('/webhooks', async (req) => listar(Object.values(conta(req).webhooks), consulta(req)));
  app.get('/webhooks/:id', async (req) => doWebhook(conta(req), idParam(req)));
  app.put('/webhooks/:id', async (req) => {
    const c = conta(req);
    const atual = doWebhook(c, idParam(req));
    Object.assign(atual, webhook(corpo(req), atual));
    // Taking `interrupted` back to false resumes the paused queue.
    s.entregador.retomar(atual);
    return atual;
  });
  app.delete('/webhooks/:id', async (req) => {
    const c = conta(req);
    const w = doWebhook(c, idParam(req));
    delete c.webhooks[w.id];
    return { deleted: true, id: w.id };
  });
}
