import type { FastifyInstance } from 'fastify';
import type { Cobranca, Conta, Loja, StatusCobranca } from './loja.js';

/** What the payer reads for each status (Asaas's invoice page is in Portuguese). */
const SITUACAO: Partial<Record<StatusCobranca, string>> = {
  PENDING: 'Aguardando pagamento',
  OVERDUE: 'Vencida',
  RECEIVED: 'Paga',
  CONFIRMED: 'Pagamento confirmado',
  RECEIVED_IN_CASH: 'Recebida em dinheiro',
  REFUNDED: 'Estornada',
};
const FORMA: Record<string, string> = {
  BOLETO: 'Boleto bancário',
  PIX: 'Pix',
  CREDIT_CARD: 'Cartão de crédito',
  UNDEFINED: 'Boleto ou Pix',
};

const escapar = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const data = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '—');
const reais = (v: number) => v.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

/** The charge behind an invoice code (the payment id without `pay_`), in whichever account holds it. */
export function acharFatura(loja: Loja, codigo: string): { conta: Conta; cobranca: Cobranca } | undefined {
  const id = `pay_${codigo}`;
  for (const conta of loja.contas()) {
    const cobranca = conta.cobrancas[id];
    if (cobranca && !cobranca.deleted) return { conta, cobranca };
  }
  return undefined;
}

function pagina(titulo: string, corpo: string) {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapar(titulo)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f6f9;margin:0;color:#1f2933}
main{max-width:460px;margin:32px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px #0002}
h1{font-size:20px;margin:0 0 4px}p.aviso{color:#8a5a00;background:#fff7e0;padding:8px;border-radius:4px;font-size:13px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#52606d}dd{margin:0;font-weight:600}
button{background:#0b5cff;color:#fff;border:0;border-radius:4px;padding:10px 16px;font-size:15px;cursor:pointer}
</style></head><body><main>${corpo}</main></body></html>`;
}

/** The invoice page of a charge, as the payer opens it from the invoice link. */
export function paginaFatura(loja: Loja, codigo: string): { status: number; html: string } {
  const achada = acharFatura(loja, codigo);
  if (!achada)
    return {
      status: 404,
      html: pagina('Fatura não encontrada', '<h1>Fatura não encontrada</h1><p>Confira o link recebido.</p>'),
    };
  const { conta, cobranca: p } = achada;
  const cliente = conta.clientes[p.customer];
  const aberta = p.status === 'PENDING' || p.status === 'OVERDUE';
  const corpo = `<h1>Fatura nº ${escapar(p.invoiceNumber)}</h1>
<p class="aviso">Ambiente de demonstração: nenhum valor é cobrado de verdade.</p>
<dl>
<dt>Cliente</dt><dd>${escapar(cliente?.name ?? '—')}</dd>
<dt>Descrição</dt><dd>${escapar(p.description ?? '—')}</dd>
<dt>Valor</dt><dd>${reais(p.value)}</dd>
<dt>Vencimento</dt><dd>${data(p.dueDate)}</dd>
<dt>Forma</dt><dd>${FORMA[p.billingType] ?? p.billingType}</dd>
<dt>Situação</dt><dd>${SITUACAO[p.status] ?? p.status}</dd>
${p.paymentDate ? `<dt>Pago em</dt><dd>${data(p.paymentDate)}</dd>` : ''}
</dl>
${aberta ? `<form method="post" action="${escapar(codigo)}/pagar"><button type="submit">Pagar (simulação)</button></form>` : ''}`;
  return { status: 200, html: pagina(`Fatura nº ${p.invoiceNumber}`, corpo) };
}

/**
 * The public invoice pages (no API key, like Asaas's `/i/{id}`): the page, and a demo payment
 * from it (the sandbox's confirmation, so the webhook brings the charge back paid).
 */
export function rotasFatura(
  app: FastifyInstance,
  loja: Loja,
  confirmar: (c: Conta, id: string) => Cobranca,
  urlFaturas: () => string,
) {
  // The page's "pay" button posts an empty form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _corpo, feito) =>
    feito(null, {}),
  );
  app.get('/i/:codigo', async (req, reply) => {
    const { status, html } = paginaFatura(loja, (req.params as { codigo: string }).codigo);
    return reply.status(status).type('text/html; charset=utf-8').send(html);
  });
  app.post('/i/:codigo/pagar', async (req, reply) => {
    const codigo = (req.params as { codigo: string }).codigo;
    const achada = acharFatura(loja, codigo);
    if (achada && (achada.cobranca.status === 'PENDING' || achada.cobranca.status === 'OVERDUE')) {
      confirmar(achada.conta, achada.cobranca.id);
      loja.salvar();
    }
    return reply.redirect(`${urlFaturas()}/i/${codigo}`, 303);
  });
}
