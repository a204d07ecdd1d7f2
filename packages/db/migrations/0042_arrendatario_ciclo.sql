DROP INDEX "arrendatario_jazigo_vigente_uq";--> statement-breakpoint
ALTER TABLE "arrendatario" ADD COLUMN "convertida_em" date;--> statement-breakpoint
ALTER TABLE "arrendatario" ADD COLUMN "diferenca_conversao" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "arrendatario" ADD COLUMN "encerrada_em" date;--> statement-breakpoint
CREATE UNIQUE INDEX "arrendatario_jazigo_vigente_uq" ON "arrendatario" USING btree ("jazigo_id") WHERE "arrendatario"."excluido_em" is null and "arrendatario"."encerrada_em" is null;