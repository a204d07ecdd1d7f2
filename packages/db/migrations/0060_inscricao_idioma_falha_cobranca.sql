ALTER TABLE "inscricao_evento" ADD COLUMN "idioma" text;--> statement-breakpoint
ALTER TABLE "inscricao_evento" ADD COLUMN "falha_cobranca" text;