DROP INDEX "pessoa_organizacao_idx";--> statement-breakpoint
CREATE INDEX "pessoa_nome_busca_idx" ON "pessoa" USING btree ("nome_busca","id","organizacao_id") WHERE "pessoa"."excluido_em" is null and "pessoa"."id" > 0;--> statement-breakpoint
CREATE INDEX "pessoa_organizacao_idx" ON "pessoa" USING btree ("organizacao_id","nome_busca","id") WHERE "pessoa"."excluido_em" is null;