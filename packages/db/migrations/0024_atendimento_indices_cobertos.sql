DROP INDEX "atendimento_solicitante_idx";--> statement-breakpoint
DROP INDEX "atendimento_time_idx";--> statement-breakpoint
CREATE INDEX "atendimento_solicitante_idx" ON "atendimento" USING btree ("solicitante_usuario_id","id" DESC NULLS LAST,"organizacao_origem_id","status") WHERE "atendimento"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "atendimento_time_idx" ON "atendimento" USING btree ("time_id","organizacao_destino_id") WHERE "atendimento"."excluido_em" is null;