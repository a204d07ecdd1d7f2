ALTER TABLE "recibo" ADD COLUMN "justificativa_traduzivel" jsonb;--> statement-breakpoint
-- Receipts already cancelled by a refund at the provider carried the reason as Portuguese text only.
UPDATE "recibo" SET "justificativa_traduzivel" = '{"chave": "financeiro:textos.reembolsoRecibo"}'::jsonb
WHERE "estornado_por" IS NULL AND "justificativa_estorno" = 'Pagamento estornado no provedor (PAYMENT_REFUNDED)';
