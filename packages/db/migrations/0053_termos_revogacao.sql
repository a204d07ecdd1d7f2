DROP INDEX "termo_aceite_solicitacao_uq";--> statement-breakpoint
ALTER TABLE "termo" ADD COLUMN "obrigatorio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "termo_aceite" ADD COLUMN "responsavel_nome" text;--> statement-breakpoint
ALTER TABLE "termo_aceite" ADD COLUMN "responsavel_relacao" text;--> statement-breakpoint
ALTER TABLE "termo_solicitacao" ADD COLUMN "token_revogacao_hash" text;--> statement-breakpoint
ALTER TABLE "termo_solicitacao" ADD COLUMN "anterior_id" integer;--> statement-breakpoint
ALTER TABLE "termo_solicitacao" ADD COLUMN "revogado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "termo_solicitacao" ADD CONSTRAINT "termo_solicitacao_anterior_id_termo_solicitacao_id_fk" FOREIGN KEY ("anterior_id") REFERENCES "public"."termo_solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "termo_aceite_solicitacao_decisao_uq" ON "termo_aceite" USING btree ("solicitacao_id","decisao");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_solicitacao_revogacao_uq" ON "termo_solicitacao" USING btree ("token_revogacao_hash");--> statement-breakpoint
CREATE INDEX "termo_solicitacao_pessoa_pendente_idx" ON "termo_solicitacao" USING btree ("pessoa_id") WHERE "termo_solicitacao"."situacao_solicitacao" = 'PENDENTE';