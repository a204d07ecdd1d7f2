CREATE TABLE "culto" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "culto_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"data" date NOT NULL,
	"hora" text NOT NULL,
	"santa_ceia" boolean DEFAULT false NOT NULL,
	"presentes" integer DEFAULT 0 NOT NULL,
	"ofertas" numeric(14, 2) DEFAULT '0' NOT NULL,
	"abrangencia" text,
	"destino" text,
	"sermao" text,
	"data_credito" date,
	"plano_conta_id" integer,
	"plano_ofertas_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "culto_celebrante" (
	"culto_id" integer NOT NULL,
	"pessoa_id" integer NOT NULL,
	CONSTRAINT "culto_celebrante_culto_id_pessoa_id_pk" PRIMARY KEY("culto_id","pessoa_id")
);
--> statement-breakpoint
DROP INDEX "lancamento_caixa_origem_uq";--> statement-breakpoint
ALTER TABLE "culto" ADD CONSTRAINT "culto_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "culto" ADD CONSTRAINT "culto_plano_conta_id_plano_conta_id_fk" FOREIGN KEY ("plano_conta_id") REFERENCES "public"."plano_conta"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "culto" ADD CONSTRAINT "culto_plano_ofertas_id_plano_ofertas_id_fk" FOREIGN KEY ("plano_ofertas_id") REFERENCES "public"."plano_ofertas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "culto_celebrante" ADD CONSTRAINT "culto_celebrante_culto_id_culto_id_fk" FOREIGN KEY ("culto_id") REFERENCES "public"."culto"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "culto_celebrante" ADD CONSTRAINT "culto_celebrante_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "culto_organizacao_data_idx" ON "culto" USING btree ("organizacao_id","data");--> statement-breakpoint
CREATE INDEX "culto_celebrante_pessoa_idx" ON "culto_celebrante" USING btree ("pessoa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lancamento_caixa_origem_uq" ON "lancamento_caixa" USING btree ("origem","origem_id") WHERE "lancamento_caixa"."origem" is not null and "lancamento_caixa"."estorno_de_id" is null and "lancamento_caixa"."estornado_em" is null;