CREATE TABLE "gabarito_dom" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gabarito_dom_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gabarito_id" integer NOT NULL,
	"chave" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gabarito_dons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gabarito_dons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"descricao" text,
	"escala_maxima" integer DEFAULT 3 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gabarito_pergunta" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gabarito_pergunta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gabarito_id" integer NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"texto" text NOT NULL,
	"dom" text NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "teste_dons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "teste_dons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"gabarito_id" integer NOT NULL,
	"pessoa_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL,
	"respostas" jsonb NOT NULL,
	"pontuacao" jsonb NOT NULL,
	"realizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gabarito_dom" ADD CONSTRAINT "gabarito_dom_gabarito_id_gabarito_dons_id_fk" FOREIGN KEY ("gabarito_id") REFERENCES "public"."gabarito_dons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gabarito_pergunta" ADD CONSTRAINT "gabarito_pergunta_gabarito_id_gabarito_dons_id_fk" FOREIGN KEY ("gabarito_id") REFERENCES "public"."gabarito_dons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teste_dons" ADD CONSTRAINT "teste_dons_gabarito_id_gabarito_dons_id_fk" FOREIGN KEY ("gabarito_id") REFERENCES "public"."gabarito_dons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teste_dons" ADD CONSTRAINT "teste_dons_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teste_dons" ADD CONSTRAINT "teste_dons_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gabarito_dom_chave_uq" ON "gabarito_dom" USING btree ("gabarito_id",lower("chave")) WHERE "gabarito_dom"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "gabarito_pergunta_gabarito_idx" ON "gabarito_pergunta" USING btree ("gabarito_id");--> statement-breakpoint
CREATE INDEX "teste_dons_pessoa_idx" ON "teste_dons" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "teste_dons_organizacao_idx" ON "teste_dons" USING btree ("organizacao_id");