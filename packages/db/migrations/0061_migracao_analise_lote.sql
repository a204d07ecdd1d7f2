ALTER TABLE "migracao" ADD COLUMN "analise_lote_id" integer;--> statement-breakpoint
ALTER TABLE "migracao" ADD COLUMN "analisadas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "migracao" ADD COLUMN "progresso_analise" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "migracao" ADD COLUMN "erro_analise" text;--> statement-breakpoint
ALTER TABLE "migracao" ADD CONSTRAINT "migracao_analise_lote_id_processamento_lote_id_fk" FOREIGN KEY ("analise_lote_id") REFERENCES "public"."processamento_lote"("id") ON DELETE no action ON UPDATE no action;