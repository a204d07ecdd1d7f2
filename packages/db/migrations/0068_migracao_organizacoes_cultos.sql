ALTER TABLE "culto" ADD COLUMN "origem" text;--> statement-breakpoint
ALTER TABLE "culto" ADD COLUMN "chave_legada" text;--> statement-breakpoint
ALTER TABLE "organizacao" ADD COLUMN "origem" text;--> statement-breakpoint
ALTER TABLE "organizacao" ADD COLUMN "chave_legada" text;--> statement-breakpoint
CREATE UNIQUE INDEX "culto_chave_legada_uq" ON "culto" USING btree ("organizacao_id","origem","chave_legada") WHERE "culto"."chave_legada" is not null and "culto"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "organizacao_chave_legada_uq" ON "organizacao" USING btree ("origem","chave_legada") WHERE "organizacao"."chave_legada" is not null and "organizacao"."excluido_em" is null;