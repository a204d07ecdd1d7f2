import { randomUUID } from 'node:crypto';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { identificacaoBoleto } from './boleto.js';
import {
  type Corpo,
  centavos,
  consulta,
  conta,
  corpo,
  dataValida,
  hoje,
  idParam,
  invalido,
  listar,
  naoEncontrado,
  numero,
  reais,
  type Servicos,
  somarDias,
  somarMeses,
  texto,
} from './comum.js';
import {
  buscarPor,
  type Cobranca,
  type Conta,
  idAleatorio,
  indexar,
  type Parcelamento,
  TIPOS_COBRANCA,
  type TipoCobranca,
} from './loja.js';

export const VALOR_MINIMO = 5;
/** Installments the fake accepts (the contract leaves the provider's limit uncertain). */
export const MAX_PARCELAS = 60;
/** Card numbers the fake declines (any other number passing Luhn is approved). */
export const CARTOES_RECUSADOS = ['5184019740373151', '4916561358240741'];

type Desconto = Cobranca['discount'];

/** The payments list's answers per account's records and filter, valid while the store's version stays. */
const listasGuardadas = new WeakMap<object, { versao: number; porFiltro: Map<string, Cobranca[]> }>();

const luhn = (n: string) =>
  [...n].reverse().reduce((s, ch, i) => {
    const d = Number(ch) * (i % 2 ? 2 : 1);
    return s + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

function desconto(c: Corpo): Desconto {
  const d = (c.discount ?? {}) as Corpo;
  const tipo = d.type === 'PERCENTAGE' ? 'PERCENTAGE' : 'FIXED';
  return { value: numero(d, 'value') ?? 0, dueDateLimitDays: numero(d, 'dueDateLimitDays') ?? 0, type: tipo };
}

/** Value minus discount may not be below R$ 5,00: Asaas answers 400 `invalid_action`. */
function conferirMinimo(valor: number, d: Desconto) {
  const abatimento = d.type === 'PERCENTAGE' ? centavos((valor * d.value) / 100) : d.value;
  if (centavos(valor - abatimento) < VALOR_MINIMO)
    throw invalido(
      'invalid_action',
      `O valor da cobrança (${reais(valor)}) menos o valor do desconto (${reais(abatimento)}) não pode ser menor que ${reais(VALOR_MINIMO)}.`,
    );
}

function conferirCartao(c: Corpo) {
  if (texto(c, 'creditCardToken')) return;
  const cc = (c.creditCard ?? {}) as Corpo;
  const num = (texto(cc, 'number') ?? '').replace(/\D/g, '');
  const mes = numero(cc, 'expiryMonth');
  let ano = numero(cc, 'expiryYear') ?? 0;
  if (ano < 100) ano += 2000;
  const [aa, mm] = hoje().split('-').map(Number);
  const ok =
    !!texto(cc, 'holderName') &&
    num.length >= 13 &&
    num.length <= 19 &&
    luhn(num) &&
    mes !== null &&
    mes >= 1 &&
    mes <= 12 &&
    (ano > aa! || (ano === aa && mes >= mm!)) &&
    /^\d{3,4}$/.test(texto(cc, 'ccv') ?? '');
  if (!ok) throw invalido('invalid_creditCard', 'Cartão de crédito inválido.');
  if (CARTOES_RECUSADOS.includes(num))
    throw invalido(
      'invalid_creditCard',
      'Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.',
    );
}

/** Splits a total in cents; the last installment takes the remainder. */
function dividir(total: number, n: number): number[] {
  const cada = Math.floor(Math.round(total * 100) / n) / 100;
  return Array.from({ length: n }, (_, i) => (i < n - 1 ? cada : centavos(total - cada * (n - 1))));
}

const taxa = (valor: number, tipo: TipoCobranca) => (tipo === 'CREDIT_CARD' ? centavos(valor * 0.0299 + 0.49) : 1.99);

export function cobranca(c: Conta, id: string): Cobranca {
  const p = c.cobrancas[id];
  if (!p) throw naoEncontrado();
  return p;
}

const exigirStatus = (p: Cobranca, permitidos: readonly string[], mensagem: string) => {
  if (p.deleted || !permitidos.includes(p.status)) throw invalido('invalid_action', mensagem);
};

export function rotasCobrancas(app: FastifyInstance, s: Servicos) {
  const publicar = (c: Conta, evento: string, p: Cobranca) => s.entregador.publicar(c, evento, p);

  /** POST /payments and POST /installments: one payment per installment, the first one answered. */
  function criar(c: Conta, b: Corpo): Cobranca[] {
    const customer = texto(b, 'customer');
    if (!customer || !c.clientes[customer] || c.clientes[customer].deleted)
      throw invalido('invalid_customer', 'Cliente inválido ou não informado.');
    const billingType = texto(b, 'billingType') as TipoCobranca;
    if (!TIPOS_COBRANCA.includes(billingType))
      throw invalido('invalid_billingType', 'Informe uma forma de pagamento válida.');
    const dueDate = texto(b, 'dueDate');
    if (!dataValida(dueDate)) throw invalido('invalid_dueDate', 'Informe uma data de vencimento válida.');
    if (dueDate < hoje()) throw invalido('invalid_dueDate', 'A data de vencimento não pode ser anterior à data atual.');
    const description = texto(b, 'description');
    if (description && description.length > 500)
      throw invalido('invalid_value', 'A descrição não pode ter mais de 500 caracteres.');

    const parcelas = numero(b, 'installmentCount');
    const valor = numero(b, 'value');
    const valorParcela = numero(b, 'installmentValue');
    const valorTotal = numero(b, 'totalValue');
    let valores: number[];
    if (parcelas === null) {
      if (valor === null || !(valor > 0)) throw invalido('invalid_value', 'Informe o valor da cobrança.');
      valores = [centavos(valor)];
    } else {
      if (!Number.isInteger(parcelas) || parcelas < 1 || parcelas > MAX_PARCELAS)
        throw invalido('invalid_installmentCount', 'Quantidade de parcelas inválida.');
      // Lenient: installmentValue, else totalValue, else value taken as each installment's value.
      const cada = valorParcela ?? (valorTotal === null ? valor : null);
      if (cada !== null) {
        if (!(cada > 0)) throw invalido('invalid_value', 'Informe o valor da parcela.');
        valores = Array(parcelas).fill(centavos(cada));
      } else {
        if (!(valorTotal! > 0)) throw invalido('invalid_value', 'Informe o valor total do parcelamento.');
        valores = dividir(valorTotal!, parcelas);
      }
    }
    const d = desconto(b);
    conferirMinimo(centavos(valores.reduce((x, y) => x + y, 0)), d);

    const cartaoInformado = billingType === 'CREDIT_CARD' && (!!b.creditCard || !!texto(b, 'creditCardToken'));
    if (cartaoInformado) conferirCartao(b);

    const installment = parcelas === null ? null : randomUUID();
    const criadas = valores.map((v, i): Cobranca => {
      const id = idAleatorio('pay_', 16);
      const vencimento = somarMeses(dueDate, i);
      const boleto = billingType === 'BOLETO' || billingType === 'UNDEFINED';
      return {
        object: 'payment',
        id,
        dateCreated: hoje(),
        customer,
        installment,
        installmentNumber: installment ? i + 1 : null,
        value: v,
        netValue: centavos(v - taxa(v, billingType)),
        originalValue: null,
        billingType,
        status: cartaoInformado ? 'CONFIRMED' : 'PENDING',
        dueDate: vencimento,
        originalDueDate: vencimento,
        paymentDate: null,
        clientPaymentDate: cartaoInformado ? hoje() : null,
        confirmedDate: cartaoInformado ? hoje() : null,
        creditDate: null,
        estimatedCreditDate: cartaoInformado ? somarDias(hoje(), 30 * (i + 1)) : null,
        description,
        externalReference: texto(b, 'externalReference'),
        invoiceUrl: `${s.urlFaturas()}/i/${id.slice(4)}`,
        bankSlipUrl: boleto ? `${s.baseUrl()}/b/pdf/${id.slice(4)}` : null,
        invoiceNumber: String(c.proximaFatura++).padStart(8, '0'),
        nossoNumero: boleto ? String(c.proximoNossoNumero++) : null,
        discount: d,
        interest: { value: numero((b.interest ?? {}) as Corpo, 'value') ?? 0 },
        fine: {
          value: numero((b.fine ?? {}) as Corpo, 'value') ?? 0,
          type: (b.fine as Corpo | undefined)?.type === 'PERCENTAGE' ? 'PERCENTAGE' : 'FIXED',
        },
        postalService: b.postalService === true,
        deleted: false,
        refunds: null,
      };
    });
    if (installment) {
      const parc: Parcelamento = {
        object: 'installment',
        id: installment,
        dateCreated: hoje(),
        customer,
        value: centavos(valores.reduce((x, y) => x + y, 0)),
        installmentCount: valores.length,
        billingType,
        description,
        deleted: false,
      };
      c.parcelamentos[installment] = parc;
    }
    for (const p of criadas) {
      c.cobrancas[p.id] = p;
      indexar(c.cobrancas, p);
      publicar(c, 'PAYMENT_CREATED', p);
      if (p.status === 'CONFIRMED') publicar(c, 'PAYMENT_CONFIRMED', p);
    }
    return criadas;
  }

  app.post('/payments', async (req) => criar(conta(req), corpo(req))[0]);

  app.get('/payments', async (req) => {
    const q = consulta(req);
    const todas = conta(req).cobrancas;
    // A list read page after page (a reconciliation's 100,000 open charges) is filtered once, not
    // once per page: kept per account and filter until the next write.
    const { offset: _o, limit: _l, ...filtro } = q;
    const chave = JSON.stringify(filtro);
    let guardadas = listasGuardadas.get(todas);
    if (guardadas?.versao !== s.loja.versao) {
      guardadas = { versao: s.loja.versao, porFiltro: new Map() };
      listasGuardadas.set(todas, guardadas);
    }
    const guardada = guardadas.porFiltro.get(chave);
    if (guardada) return listar(guardada, q);
    const base = q.externalReference
      ? buscarPor(todas, 'externalReference', q.externalReference)
      : Object.values(todas);
    const itens = base.filter(
      (p) =>
        !p.deleted &&
        (!q.customer || p.customer === q.customer) &&
        (!q.status || p.status === q.status) &&
        (!q.billingType || p.billingType === q.billingType) &&
        (!q.externalReference || p.externalReference === q.externalReference) &&
        (!q.installment || p.installment === q.installment) &&
        (!q['dueDate[ge]'] || p.dueDate >= q['dueDate[ge]']) &&
        (!q['dueDate[le]'] || p.dueDate <= q['dueDate[le]']),
    );
    guardadas.porFiltro.set(chave, itens);
    return listar(itens, q);
  });

  app.get('/payments/:id', async (req) => cobranca(conta(req), idParam(req)));
  app.get('/payments/:id/status', async (req) => ({ status: cobranca(conta(req), idParam(req)).status }));

  app.put('/payments/:id', async (req) => {
    const c = conta(req);
    const p = cobranca(c, idParam(req));
    exigirStatus(p, ['PENDING', 'OVERDUE'], 'Somente cobranças pendentes ou vencidas podem ser alteradas.');
    const b = corpo(req);
    const valor = 'value' in b ? numero(b, 'value') : p.value;
    if (valor === null || !(valor > 0)) throw invalido('invalid_value', 'Informe o valor da cobrança.');
    const d = 'discount' in b ? desconto(b) : p.discount;
    conferirMinimo(valor, d);
    const dueDate = 'dueDate' in b ? texto(b, 'dueDate') : p.dueDate;
    if (!dataValida(dueDate)) throw invalido('invalid_dueDate', 'Informe uma data de vencimento válida.');
    if ('billingType' in b) {
      const tipo = texto(b, 'billingType') as TipoCobranca;
      if (!TIPOS_COBRANCA.includes(tipo) || tipo === 'CREDIT_CARD')
        throw invalido('invalid_billingType', 'Informe uma forma de pagamento válida.');
      p.billingType = tipo;
    }
    Object.assign(p, {
      value: centavos(valor),
      netValue: centavos(valor - taxa(valor, p.billingType)),
      discount: d,
      dueDate,
      status: p.status === 'OVERDUE' && dueDate >= hoje() ? 'PENDING' : p.status,
      ...('description' in b ? { description: texto(b, 'description') } : {}),
      ...('externalReference' in b ? { externalReference: texto(b, 'externalReference') } : {}),
    });
    indexar(c.cobrancas, p);
    publicar(c, 'PAYMENT_UPDATED', p);
    return p;
  });

  app.delete('/payments/:id', async (req) => {
    const c = conta(req);
    const p = cobranca(c, idParam(req));
    exigirStatus(p, ['PENDING', 'OVERDUE'], 'Somente cobranças pendentes ou vencidas podem ser removidas.');
    p.deleted = true;
    publicar(c, 'PAYMENT_DELETED', p);
    return { deleted: true, id: p.id };
  });

  app.post('/payments/:id/restore', async (req) => {
    const c = conta(req);
    const p = cobranca(c, idParam(req));
    if (!p.deleted) throw invalido('invalid_action', 'A cobrança não está removida.');
    p.deleted = false;
    publicar(c, 'PAYMENT_RESTORED', p);
    return p;
  });

  app.post('/payments/:id/refund', async (req) => {
    const c = conta(req);
    const p = cobranca(c, idParam(req));
    exigirStatus(p, ['RECEIVED', 'CONFIRMED'], 'Somente cobranças recebidas ou confirmadas podem ser estornadas.');
    const b = corpo(req);
    const jaEstornado = (p.refunds ?? []).reduce((x, r) => x + r.value, 0);
    const restante = centavos(p.value - jaEstornado);
    const valor = numero(b, 'value') ?? restante;
    if (!(valor > 0) || centavos(valor) > restante)
      throw invalido('invalid_value', `O valor do estorno deve estar entre ${reais(0.01)} e ${reais(restante)}.`);
    p.refunds = [
      ...(p.refunds ?? []),
      { dateCreated: hoje(), status: 'DONE', value: centavos(valor), description: texto(b, 'description') },
    ];
    const total = centavos(valor) === restante;
    if (total) p.status = 'REFUNDED';
    publicar(c, total ? 'PAYMENT_REFUNDED' : 'PAYMENT_PARTIALLY_REFUNDED', p);
    return p;
  });

  app.post('/payments/:id/receiveInCash', async (req) => {
    const c = conta(req);
    const p = cobranca(c, idParam(req));
    exigirStatus(p, ['PENDING', 'OVERDUE'], 'Somente cobranças pendentes ou vencidas podem ser recebidas em dinheiro.');
    const b = corpo(req);
    const data = texto(b, 'paymentDate');
    if (!dataValida(data)) throw invalido('invalid_value', 'Informe a data do pagamento.');
    const valor = numero(b, 'value');
    if (valor === null || !(valor > 0)) throw invalido('invalid_value', 'Informe o valor recebido.');
    Object.assign(p, {
      status: 'RECEIVED_IN_CASH',
      originalValue: p.value,
      value: centavos(valor),
      netValue: centavos(valor),
      paymentDate: data,
      clientPaymentDate: data,
      confirmedDate: data,
      creditDate: data,
    });
    publicar(c, 'PAYMENT_RECEIVED', p);
    return p;
  });

  app.post('/payments/:id/undoReceivedInCash', async (req) => {
    const c = conta(req);
    const p = cobranca(c, idParam(req));
    exigirStatus(p, ['RECEIVED_IN_CASH'], 'Somente cobranças recebidas em dinheiro podem ser desfeitas.');
    const valor = p.originalValue ?? p.value;
    Object.assign(p, {
      status: p.dueDate < hoje() ? 'OVERDUE' : 'PENDING',
      value: valor,
      netValue: centavos(valor - taxa(valor, p.billingType)),
      originalValue: null,
      paymentDate: null,
      clientPaymentDate: null,
      confirmedDate: null,
      creditDate: null,
    });
    publicar(c, 'PAYMENT_RECEIVED_IN_CASH_UNDONE', p);
    return p;
  });

  app.get('/payments/:id/identificationField', async (req) => {
    const p = cobranca(conta(req), idParam(req));
    if (!p.nossoNumero) throw invalido('invalid_action', 'Esta cobrança não possui boleto.');
    return identificacaoBoleto(p.value, p.dueDate, p.nossoNumero);
  });

  app.get('/payments/:id/pixQrCode', async (req) => {
    const c = conta(req);
    const p = cobranca(c, idParam(req));
    if (p.billingType === 'CREDIT_CARD') throw invalido('invalid_action', 'Esta cobrança não aceita Pix.');
    const payload = generatePixPayload({
      key: c.chavePix,
      merchantName: String(c.dados.name ?? 'Asaas Fake'),
      merchantCity: String(c.dados.city ?? 'Sao Paulo'),
      amount: p.value,
      txid: p.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 25),
    });
    if (!payload) throw invalido('invalid_action', 'Não foi possível gerar o QR Code Pix.');
    // One byte segment (as Pix codes are encoded) at 2 px a module, with a fixed mask (any of the eight
    // makes a valid code) and no PNG row filter (choosing one per row was most of the rest): a
    // scannable image at a fifth of the default's cost (0.6 against 2.3 ms), so that the fake's own
    // CPU is not what a bench of our side measures.
    const png = await QRCode.toBuffer([{ data: Buffer.from(payload), mode: 'byte' }], {
      type: 'png',
      errorCorrectionLevel: 'M',
      maskPattern: 0,
      scale: 2,
      // pngjs's own option, which qrcode passes through though its types leave it out.
      rendererOpts: { filterType: 0 } as QRCode.QRCodeToBufferOptions['rendererOpts'],
    });
    return { encodedImage: png.toString('base64'), payload, expirationDate: `${somarDias(p.dueDate, 365)} 23:59:59` };
  });

  app.post('/installments', async (req) => {
    const b = corpo(req);
    const c = conta(req);
    const [primeira] = criar(c, { ...b, installmentValue: b.value, value: undefined });
    return c.parcelamentos[primeira!.installment!];
  });

  const parcelamento = (c: Conta, id: string) => {
    const p = c.parcelamentos[id];
    if (!p) throw naoEncontrado();
    return p;
  };
  app.get('/installments/:id', async (req) => parcelamento(conta(req), idParam(req)));
  app.get('/installments/:id/payments', async (req) => {
    const id = parcelamento(conta(req), idParam(req)).id;
    return listar(
      Object.values(conta(req).cobrancas).filter((p) => p.installment === id && !p.deleted),
      consulta(req),
    );
  });
  app.delete('/installments/:id', async (req) => {
    const c = conta(req);
    const parc = parcelamento(c, idParam(req));
    for (const p of Object.values(c.cobrancas)) {
      if (p.installment !== parc.id || p.deleted || !['PENDING', 'OVERDUE'].includes(p.status)) continue;
      p.deleted = true;
      publicar(c, 'PAYMENT_DELETED', p);
    }
    parc.deleted = true;
    return { deleted: true, id: parc.id };
  });

  app.post('/sandbox/payment/:id/confirm', async (req) => confirmar(conta(req), idParam(req)));
  app.post('/sandbox/payment/:id/overdue', async (req) => vencer(conta(req), idParam(req)));

  /** Sandbox: a card charge becomes CONFIRMED; the others are paid (RECEIVED). */
  function confirmar(c: Conta, id: string) {
    const p = cobranca(c, id);
    exigirStatus(p, ['PENDING', 'OVERDUE'], 'Somente cobranças pendentes ou vencidas podem ser confirmadas.');
    const d = hoje();
    const cartao = p.billingType === 'CREDIT_CARD';
    Object.assign(p, {
      status: cartao ? 'CONFIRMED' : 'RECEIVED',
      paymentDate: cartao ? null : d,
      clientPaymentDate: d,
      confirmedDate: d,
      creditDate: cartao ? null : d,
      estimatedCreditDate: cartao ? somarDias(d, 30) : d,
    });
    publicar(c, cartao ? 'PAYMENT_CONFIRMED' : 'PAYMENT_RECEIVED', p);
    return p;
  }

  function vencer(c: Conta, id: string) {
    const p = cobranca(c, id);
    exigirStatus(p, ['PENDING'], 'Somente cobranças pendentes podem vencer.');
    p.status = 'OVERDUE';
    publicar(c, 'PAYMENT_OVERDUE', p);
    return p;
  }

  return { confirmar, vencer };
}
