CREATE TABLE "ministro_chamado" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ministro_chamado_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ministro_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_fim_mandato" date,
	"data_instalacao" date,
	"situacao" text DEFAULT 'ATIVO' NOT NULL,
	"observacao" text,
	"excluido_em" timestamp with time zone,
	CONSTRAINT "ministro_chamado_periodo" CHECK ("ministro_chamado"."data_fim_mandato" is null or "ministro_chamado"."data_fim_mandato" >= "ministro_chamado"."data_inicio")
);
--> statement-breakpoint
ALTER TABLE "ministro_chamado" ADD CONSTRAINT "ministro_chamado_ministro_id_ministro_id_fk" FOREIGN KEY ("ministro_id") REFERENCES "public"."ministro"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministro_chamado" ADD CONSTRAINT "ministro_chamado_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ministro_chamado_ministro_idx" ON "ministro_chamado" USING btree ("ministro_id");--> statement-breakpoint
CREATE INDEX "ministro_chamado_organizacao_idx" ON "ministro_chamado" USING btree ("organizacao_id");--> statement-breakpoint
CREATE INDEX "ministro_chamado_fim_idx" ON "ministro_chamado" USING btree ("data_fim_mandato") WHERE "ministro_chamado"."situacao" <> 'ENCERRADO' and "ministro_chamado"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ministro_chamado_ativo_uq" ON "ministro_chamado" USING btree ("ministro_id","organizacao_id") WHERE "ministro_chamado"."situacao" = 'ATIVO' and "ministro_chamado"."excluido_em" is null;