CREATE TABLE "aviso" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aviso_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"organizacao_id" integer NOT NULL,
	"mensagem" text NOT NULL,
	"valido_ate" date,
	"para_subordinadas" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "caracteristica" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caracteristica_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"descricao" text
);
--> statement-breakpoint
CREATE TABLE "caracteristica_opcao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "caracteristica_opcao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"caracteristica_id" integer NOT NULL,
	"chave" text NOT NULL,
	"valor" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "categoria_contribuicao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categoria_contribuicao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"organizacao_id" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"periodicidade_contribuicao" text NOT NULL,
	"periodicidade_cobranca" text NOT NULL,
	"dia_vencimento" smallint,
	"mes_vencimento" smallint,
	"acessivel_hierarquia" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classe" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classe_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"descricao" text
);
--> statement-breakpoint
CREATE TABLE "classe_caracteristica" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classe_caracteristica_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"classe_id" integer NOT NULL,
	"caracteristica_id" integer NOT NULL,
	"obrigatorio" boolean DEFAULT false NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "classificacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "classificacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"classificacao_pai_id" integer,
	"descricao" text
);
--> statement-breakpoint
CREATE TABLE "colecao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "colecao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"descricao" text
);
--> statement-breakpoint
CREATE TABLE "time" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"descricao" text
);
--> statement-breakpoint
CREATE TABLE "time_participante" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_participante_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"time_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "visualizacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visualizacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"tela" text NOT NULL,
	"colunas" text,
	"padrao" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "aviso" ADD CONSTRAINT "aviso_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "caracteristica_opcao" ADD CONSTRAINT "caracteristica_opcao_caracteristica_id_caracteristica_id_fk" FOREIGN KEY ("caracteristica_id") REFERENCES "public"."caracteristica"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categoria_contribuicao" ADD CONSTRAINT "categoria_contribuicao_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classe_caracteristica" ADD CONSTRAINT "classe_caracteristica_classe_id_classe_id_fk" FOREIGN KEY ("classe_id") REFERENCES "public"."classe"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classe_caracteristica" ADD CONSTRAINT "classe_caracteristica_caracteristica_id_caracteristica_id_fk" FOREIGN KEY ("caracteristica_id") REFERENCES "public"."caracteristica"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classificacao" ADD CONSTRAINT "classificacao_classificacao_pai_id_classificacao_id_fk" FOREIGN KEY ("classificacao_pai_id") REFERENCES "public"."classificacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_participante" ADD CONSTRAINT "time_participante_time_id_time_id_fk" FOREIGN KEY ("time_id") REFERENCES "public"."time"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_participante" ADD CONSTRAINT "time_participante_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aviso_organizacao_idx" ON "aviso" USING btree ("organizacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "caracteristica_nome_uq" ON "caracteristica" USING btree (lower("nome")) WHERE "caracteristica"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "caracteristica_opcao_chave_uq" ON "caracteristica_opcao" USING btree ("caracteristica_id",lower("chave")) WHERE "caracteristica_opcao"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "categoria_contribuicao_nome_uq" ON "categoria_contribuicao" USING btree ("organizacao_id",lower("nome")) WHERE "categoria_contribuicao"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "classe_nome_uq" ON "classe" USING btree (lower("nome")) WHERE "classe"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "classe_caracteristica_uq" ON "classe_caracteristica" USING btree ("classe_id","caracteristica_id") WHERE "classe_caracteristica"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "classe_caracteristica_caracteristica_idx" ON "classe_caracteristica" USING btree ("caracteristica_id");--> statement-breakpoint
CREATE INDEX "classificacao_pai_idx" ON "classificacao" USING btree ("classificacao_pai_id");--> statement-breakpoint
CREATE UNIQUE INDEX "colecao_nome_uq" ON "colecao" USING btree (lower("nome")) WHERE "colecao"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "time_nome_uq" ON "time" USING btree (lower("nome")) WHERE "time"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "time_participante_uq" ON "time_participante" USING btree ("time_id","usuario_id") WHERE "time_participante"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "time_participante_usuario_idx" ON "time_participante" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visualizacao_nome_uq" ON "visualizacao" USING btree (lower("nome")) WHERE "visualizacao"."excluido_em" is null;