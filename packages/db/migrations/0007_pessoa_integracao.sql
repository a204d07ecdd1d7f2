CREATE TABLE "pessoa_integracao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_integracao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"data" date NOT NULL,
	"forma" text NOT NULL,
	"organizacao_id" integer NOT NULL,
	"outra_organizacao" text,
	"motivo" text,
	"observacao" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "pessoa_integracao" ADD CONSTRAINT "pessoa_integracao_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_integracao" ADD CONSTRAINT "pessoa_integracao_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pessoa_integracao_pessoa_idx" ON "pessoa_integracao" USING btree ("pessoa_id","data");