DROP INDEX "atendimento_time_idx";--> statement-breakpoint
CREATE INDEX "atendimento_time_idx" ON "atendimento" USING btree ("time_id","organizacao_destino_id","id" DESC NULLS LAST);