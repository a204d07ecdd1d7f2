CREATE TABLE "conta_caixa" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conta_caixa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"organizacao_id" integer NOT NULL,
	"tipo_conta_caixa" text NOT NULL,
	"banco_id" integer,
	"agencia" text,
	"conta" text,
	"saldo_inicial" numeric(14, 2) DEFAULT '0' NOT NULL,
	"data_saldo_inicial" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "controle_gerencial" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "controle_gerencial_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"organizacao_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"controle_gerencial_pai_id" integer,
	"saldo_inicial" numeric(14, 2) DEFAULT '0' NOT NULL,
	"acessivel_hierarquia" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plano_conta" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plano_conta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"organizacao_id" integer NOT NULL,
	"codigo_interno" text NOT NULL,
	"codigo_contabil" text,
	"plano_conta_pai_id" integer,
	"tipo_plano_conta" text NOT NULL,
	"natureza_plano_conta" text NOT NULL,
	"base_dizimo" boolean DEFAULT false NOT NULL,
	"acessivel_hierarquia" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plano_ofertas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plano_ofertas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"organizacao_id" integer NOT NULL,
	"data" date NOT NULL,
	"data_liturgica" text,
	"abrangencia" text NOT NULL,
	"destino" text NOT NULL,
	"motivacao" text,
	"plano_conta_id" integer,
	"controle_gerencial_id" integer,
	"acessivel_hierarquia" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conta_caixa" ADD CONSTRAINT "conta_caixa_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_caixa" ADD CONSTRAINT "conta_caixa_banco_id_banco_id_fk" FOREIGN KEY ("banco_id") REFERENCES "public"."banco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controle_gerencial" ADD CONSTRAINT "controle_gerencial_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "controle_gerencial" ADD CONSTRAINT "controle_gerencial_controle_gerencial_pai_id_controle_gerencial_id_fk" FOREIGN KEY ("controle_gerencial_pai_id") REFERENCES "public"."controle_gerencial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_conta" ADD CONSTRAINT "plano_conta_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_conta" ADD CONSTRAINT "plano_conta_plano_conta_pai_id_plano_conta_id_fk" FOREIGN KEY ("plano_conta_pai_id") REFERENCES "public"."plano_conta"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_ofertas" ADD CONSTRAINT "plano_ofertas_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_ofertas" ADD CONSTRAINT "plano_ofertas_plano_conta_id_plano_conta_id_fk" FOREIGN KEY ("plano_conta_id") REFERENCES "public"."plano_conta"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_ofertas" ADD CONSTRAINT "plano_ofertas_controle_gerencial_id_controle_gerencial_id_fk" FOREIGN KEY ("controle_gerencial_id") REFERENCES "public"."controle_gerencial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conta_caixa_nome_uq" ON "conta_caixa" USING btree ("organizacao_id",lower("nome")) WHERE "conta_caixa"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "controle_gerencial_codigo_uq" ON "controle_gerencial" USING btree ("organizacao_id",lower("codigo")) WHERE "controle_gerencial"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "controle_gerencial_pai_idx" ON "controle_gerencial" USING btree ("controle_gerencial_pai_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plano_conta_codigo_interno_uq" ON "plano_conta" USING btree ("organizacao_id",lower("codigo_interno")) WHERE "plano_conta"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "plano_conta_pai_idx" ON "plano_conta" USING btree ("plano_conta_pai_id");--> statement-breakpoint
CREATE INDEX "plano_ofertas_organizacao_data_idx" ON "plano_ofertas" USING btree ("organizacao_id","data");