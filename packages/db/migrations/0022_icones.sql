CREATE TABLE "icone" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "icone_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"simbolo" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categoria_atendimento" ADD COLUMN "icone_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "icone_nome_uq" ON "icone" USING btree (lower("nome")) WHERE "icone"."excluido_em" is null;--> statement-breakpoint
ALTER TABLE "categoria_atendimento" ADD CONSTRAINT "categoria_atendimento_icone_id_icone_id_fk" FOREIGN KEY ("icone_id") REFERENCES "public"."icone"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categoria_atendimento_icone_idx" ON "categoria_atendimento" USING btree ("icone_id");--> statement-breakpoint
INSERT INTO "icone" ("nome", "simbolo") VALUES ('Dúvida', 'duvida'), ('Documento', 'documento'), ('Financeiro', 'financeiro'), ('Pessoa', 'pessoa'), ('Igreja', 'igreja'), ('Evento', 'evento'), ('Ferramenta', 'ferramenta'), ('Mensagem', 'mensagem');--> statement-breakpoint
UPDATE "categoria_atendimento" c SET "icone_id" = i."id" FROM "icone" i WHERE i."simbolo" = c."icone";
