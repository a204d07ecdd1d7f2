import type { CobrancaImportada } from '@sig/asaas-fake';
import type { Db } from '@sig/db';
import { sql } from 'drizzle-orm';

/** Our payment forms as the provider names them. */
const FORMA_PROVEDOR: Record<string, CobrancaImportada['forma']> = {
  BOLETO: 'BOLETO',
  PIX: 'PIX',
  CARTAO: 'CREDIT_CARD',
};

/**
 * The charges of the main account as the demo's seed wrote them, in the shape the embedded fake
 * imports: without them there, their invoice links would open nothing and the reconciliation
 * would find them missing at the provider.
 */
export async function cobrancasDoSeed(db: Db): Promise<CobrancaImportada[]> {
  const r =
    (await db.execute(sql`select b.provedor_id as id, b.cliente_provedor_id as cliente, trim(p.nome || ' ' || p.sobrenome) as nome,
      p.cpf, b.valor::float8 as valor, b.vencimento::text, b.forma, b.status_provedor as status, b.data_pagamento::text as pago,
      b.data_credito::text as credito, c.mes_competencia || '/' || c.ano_competencia as referencia, b.criado_em::date::text as criada
    from cobranca b join conta_a_receber c on c.id = b.conta_a_receber_id join pessoa p on p.id = c.pessoa_id
    where b.cancelada_em is null and p.cpf is not null`)) as unknown as {
      rows: {
        id: string;
        cliente: string;
        nome: string;
        cpf: string;
        valor: number;
        vencimento: string;
        forma: string;
        status: CobrancaImportada['status'];
        pago: string | null;
        credito: string | null;
        referencia: string;
        criada: string;
      }[];
    };
  return r.rows.map((x) => ({
    id: x.id,
    cliente: { id: x.cliente, nome: x.nome, cpfCnpj: x.cpf },
    valor: x.valor,
    vencimento: x.vencimento,
    forma: FORMA_PROVEDOR[x.forma] ?? 'UNDEFINED',
    status: x.status,
    dataPagamento: x.pago,
    dataCredito: x.credito,
    descricao: `Contribuição ${x.referencia}`,
    criadaEm: x.criada,
  }));
}
