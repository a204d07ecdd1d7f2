ALTER TABLE "oficio" ADD COLUMN "lote_id" integer;--> statement-breakpoint
ALTER TABLE "oficio" ADD COLUMN "codigo_verificacao" text;--> statement-breakpoint
UPDATE "oficio" SET "codigo_verificacao" = upper(substr(md5(random()::text || "id"::text), 1, 12));--> statement-breakpoint
ALTER TABLE "oficio" ALTER COLUMN "codigo_verificacao" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ministro_chamado" ADD COLUMN "aviso_fim_mandato" date;--> statement-breakpoint
ALTER TABLE "oficio" ADD CONSTRAINT "oficio_lote_id_processamento_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."processamento_lote"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oficio_codigo_verificacao_uq" ON "oficio" USING btree ("codigo_verificacao");--> statement-breakpoint
CREATE UNIQUE INDEX "oficio_lote_pessoa_uq" ON "oficio" USING btree ("lote_id","pessoa_id");