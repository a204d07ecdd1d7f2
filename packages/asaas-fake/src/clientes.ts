import type { FastifyInstance } from 'fastify';
import {
  type Corpo,
  consulta,
  conta,
  corpo,
  documentoValido,
  hoje,
  idParam,
  invalido,
  listar,
  naoEncontrado,
  somenteDigitos,
  texto,
} from './comum.js';
import { buscarPor, type Cliente, type Conta, idAleatorio, indexar } from './loja.js';

const CAMPOS_TEXTO = [
  'email',
  'phone',
  'mobilePhone',
  'address',
  'addressNumber',
  'complement',
  'province',
  'postalCode',
  'externalReference',
  'additionalEmails',
  'groupName',
  'observations',
  'company',
] as const;

function validar(dados: Partial<Cliente>) {
  if (!dados.name) throw invalido('invalid_name', 'O nome do cliente deve ser informado.');
  if (!dados.cpfCnpj || !documentoValido(dados.cpfCnpj))
    throw invalido('invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.');
  if (dados.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(dados.email))
    throw invalido('invalid_email', 'O email informado é inválido.');
}

/** The fields a create or update may carry; absent ones keep their value. */
function campos(c: Corpo, atual?: Cliente): Partial<Cliente> {
  const r: Partial<Cliente> = { ...atual };
  if ('name' in c || !atual) r.name = texto(c, 'name') ?? '';
  if ('cpfCnpj' in c || !atual) r.cpfCnpj = somenteDigitos(texto(c, 'cpfCnpj')) ?? '';
  for (const k of CAMPOS_TEXTO) if (k in c || !atual) r[k] = texto(c, k);
  if ('notificationDisabled' in c || !atual) r.notificationDisabled = c.notificationDisabled === true;
  return r;
}

const cliente = (conta: Conta, id: string) => {
  const c = conta.clientes[id];
  if (!c) throw naoEncontrado();
  return c;
};

/** `/customers`: duplicates of a CPF/CNPJ are accepted, as in Asaas. */
export function rotasClientes(app: FastifyInstance) {
  app.post('/customers', async (req) => {
    const dados = campos(corpo(req));
    validar(dados);
    const novo: Cliente = {
      ...(dados as Cliente),
      object: 'customer',
      id: idAleatorio('cus_'),
      dateCreated: hoje(),
      personType: dados.cpfCnpj!.length === 11 ? 'FISICA' : 'JURIDICA',
      deleted: false,
    };
    conta(req).clientes[novo.id] = novo;
    indexar(conta(req).clientes, novo);
    return novo;
  });

  app.get('/customers', async (req) => {
    const q = consulta(req);
    const doc = somenteDigitos(q.cpfCnpj ?? null);
    const nome = q.name?.toLocaleLowerCase('pt-BR');
    const todos = conta(req).clientes;
    const base = doc
      ? buscarPor(todos, 'cpfCnpj', doc)
      : q.externalReference
        ? buscarPor(todos, 'externalReference', q.externalReference)
        : Object.values(todos);
    const itens = base.filter(
      (c) =>
        !c.deleted &&
        (!doc || c.cpfCnpj === doc) &&
        (!nome || c.name.toLocaleLowerCase('pt-BR').includes(nome)) &&
        (!q.email || c.email === q.email) &&
        (!q.externalReference || c.externalReference === q.externalReference) &&
        (!q.groupName || c.groupName === q.groupName),
    );
    return listar(itens, q);
  });

  app.get('/customers/:id', async (req) => cliente(conta(req), idParam(req)));

  app.put('/customers/:id', async (req) => {
    const atual = cliente(conta(req), idParam(req));
    if (atual.deleted) throw invalido('invalid_action', 'Não é possível alterar um cliente removido.');
    const dados = campos(corpo(req), atual);
    validar(dados);
    Object.assign(atual, dados, { personType: dados.cpfCnpj!.length === 11 ? 'FISICA' : 'JURIDICA' });
    indexar(conta(req).clientes, atual);
    return atual;
  });

  app.delete('/customers/:id', async (req) => {
    const c = cliente(conta(req), idParam(req));
    c.deleted = true;
    return { deleted: true, id: c.id };
  });

  app.post('/customers/:id/restore', async (req) => {
    const c = cliente(conta(req), idParam(req));
    if (!c.deleted) throw invalido('invalid_action', 'O cliente não está removido.');
    c.deleted = false;
    return c;
  });
}
