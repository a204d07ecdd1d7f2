CREATE TABLE "cargo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "grau_parentesco" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "grau_parentesco_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "parametro" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parametro_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"valor" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profissao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profissao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "setor" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "setor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "situacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "situacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tipo_celebracao_oficio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_celebracao_oficio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tipo_moradia" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_moradia_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tipo_pessoa" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_pessoa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "filtro_salvo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "filtro_salvo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"acesso" text NOT NULL,
	"nome" text NOT NULL,
	"padrao" boolean DEFAULT false NOT NULL,
	"filtros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banco" DROP CONSTRAINT "banco_codigo_unique";--> statement-breakpoint
DROP INDEX "estado_sigla_uq";--> statement-breakpoint
DROP INDEX "pais_nome_uq";--> statement-breakpoint
DROP INDEX "tipo_organizacao_nome_uq";--> statement-breakpoint
ALTER TABLE "banco" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banco" ADD COLUMN "excluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cidade" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "cidade" ADD COLUMN "excluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estado" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "estado" ADD COLUMN "excluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pais" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pais" ADD COLUMN "excluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tipo_campo_trabalho" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tipo_campo_trabalho" ADD COLUMN "excluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tipo_contato" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tipo_contato" ADD COLUMN "excluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tipo_endereco" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tipo_endereco" ADD COLUMN "excluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tipo_organizacao" ADD COLUMN "atualizado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tipo_organizacao" ADD COLUMN "excluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "filtro_salvo" ADD CONSTRAINT "filtro_salvo_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cargo_nome_uq" ON "cargo" USING btree (lower("nome")) WHERE "cargo"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "grau_parentesco_nome_uq" ON "grau_parentesco" USING btree (lower("nome")) WHERE "grau_parentesco"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "parametro_nome_uq" ON "parametro" USING btree (lower("nome")) WHERE "parametro"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "profissao_nome_uq" ON "profissao" USING btree (lower("nome")) WHERE "profissao"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "setor_nome_uq" ON "setor" USING btree (lower("nome")) WHERE "setor"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "situacao_nome_uq" ON "situacao" USING btree (lower("nome")) WHERE "situacao"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_celebracao_oficio_nome_uq" ON "tipo_celebracao_oficio" USING btree (lower("nome")) WHERE "tipo_celebracao_oficio"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_moradia_nome_uq" ON "tipo_moradia" USING btree (lower("nome")) WHERE "tipo_moradia"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_pessoa_nome_uq" ON "tipo_pessoa" USING btree (lower("nome")) WHERE "tipo_pessoa"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "filtro_salvo_nome_uq" ON "filtro_salvo" USING btree ("usuario_id","acesso",lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "filtro_salvo_padrao_uq" ON "filtro_salvo" USING btree ("usuario_id","acesso") WHERE "filtro_salvo"."padrao";--> statement-breakpoint
CREATE UNIQUE INDEX "banco_codigo_uq" ON "banco" USING btree (lower("codigo")) WHERE "banco"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_campo_trabalho_nome_uq" ON "tipo_campo_trabalho" USING btree (lower("nome")) WHERE "tipo_campo_trabalho"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_contato_nome_uq" ON "tipo_contato" USING btree (lower("nome")) WHERE "tipo_contato"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_endereco_nome_uq" ON "tipo_endereco" USING btree (lower("nome")) WHERE "tipo_endereco"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "estado_sigla_uq" ON "estado" USING btree ("pais_id","sigla") WHERE "estado"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pais_nome_uq" ON "pais" USING btree (lower("nome")) WHERE "pais"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tipo_organizacao_nome_uq" ON "tipo_organizacao" USING btree (lower("nome")) WHERE "tipo_organizacao"."excluido_em" is null;