ALTER TABLE "lancamento_caixa" ADD COLUMN "historico_traduzivel" jsonb;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD COLUMN "justificativa_traduzivel" jsonb;--> statement-breakpoint
ALTER TABLE "lancamento_pendente" ADD COLUMN "historico_traduzivel" jsonb;