CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "pessoa_celebracao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_celebracao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"tipo_celebracao_oficio_id" integer NOT NULL,
	"data" date NOT NULL,
	"local" text,
	"oficiante" text,
	"livro" text,
	"folha" text,
	"registro" text,
	"padrinhos" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_conta_bancaria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_conta_bancaria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"banco_id" integer NOT NULL,
	"agencia" text NOT NULL,
	"conta" text NOT NULL,
	"tipo_chave_pix" text,
	"chave_pix" text,
	"titular" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_contato" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_contato_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"tipo_contato_id" integer NOT NULL,
	"valor" text NOT NULL,
	"principal" boolean DEFAULT false NOT NULL,
	"observacao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_contribuicao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_contribuicao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"valor" numeric(14, 2),
	"percentual_desconto" numeric(5, 2),
	"renda_familiar" numeric(14, 2),
	"tipo_contribuinte" text,
	"dizimista" boolean DEFAULT false NOT NULL,
	"permite_alterar_valor" boolean DEFAULT false NOT NULL,
	"ignorar_reajuste" boolean DEFAULT false NOT NULL,
	"emite_carne" boolean DEFAULT false NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_endereco" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_endereco_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"tipo_endereco_id" integer,
	"cep" text,
	"logradouro" text NOT NULL,
	"numero" text,
	"bairro" text,
	"estado_id" integer,
	"cidade_id" integer,
	"pais_id" integer,
	"complemento" text,
	"ponto_referencia" text,
	"tipo_moradia_id" integer,
	"caixa_postal" text,
	"correspondencia" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"preferencial" boolean DEFAULT false NOT NULL,
	"mudanca" boolean DEFAULT false NOT NULL,
	"cobranca" boolean DEFAULT false NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_familia" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_familia_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"parente_id" integer NOT NULL,
	"grau_parentesco_id" integer NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "pessoa_organizacao_idx";--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "sobrenome_familia" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "nome_busca" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "rg" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "rg_orgao_emissor" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "rg_data_emissao" date;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "titulo_eleitor" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "nit_pis" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "cnh" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "sexo" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "estado_civil" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "nacionalidade" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "data_nascimento" date;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "naturalidade_estado_id" integer;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "naturalidade_cidade_id" integer;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "data_falecimento" date;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "tipo_pessoa_id" integer;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "status" text DEFAULT 'ATIVO' NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "motivo_status" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "situacao_id" integer;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "titular" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "nome_mae" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "nome_pai" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "setor_id" integer;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "deficiencia_fisica" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "deficiencia_visual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "deficiencia_auditiva" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "deficiencia_intelectual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "plano_saude" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "recebe_informativo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "recebe_jornal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "codigo_outro_sistema" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "observacao" text;--> statement-breakpoint
ALTER TABLE "grau_parentesco" ADD COLUMN "reciproco_id" integer;--> statement-breakpoint
ALTER TABLE "pessoa_celebracao" ADD CONSTRAINT "pessoa_celebracao_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_celebracao" ADD CONSTRAINT "pessoa_celebracao_tipo_celebracao_oficio_id_tipo_celebracao_oficio_id_fk" FOREIGN KEY ("tipo_celebracao_oficio_id") REFERENCES "public"."tipo_celebracao_oficio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_conta_bancaria" ADD CONSTRAINT "pessoa_conta_bancaria_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_conta_bancaria" ADD CONSTRAINT "pessoa_conta_bancaria_banco_id_banco_id_fk" FOREIGN KEY ("banco_id") REFERENCES "public"."banco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_contato" ADD CONSTRAINT "pessoa_contato_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_contato" ADD CONSTRAINT "pessoa_contato_tipo_contato_id_tipo_contato_id_fk" FOREIGN KEY ("tipo_contato_id") REFERENCES "public"."tipo_contato"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_contribuicao" ADD CONSTRAINT "pessoa_contribuicao_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_endereco" ADD CONSTRAINT "pessoa_endereco_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_endereco" ADD CONSTRAINT "pessoa_endereco_tipo_endereco_id_tipo_endereco_id_fk" FOREIGN KEY ("tipo_endereco_id") REFERENCES "public"."tipo_endereco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_endereco" ADD CONSTRAINT "pessoa_endereco_estado_id_estado_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_endereco" ADD CONSTRAINT "pessoa_endereco_cidade_id_cidade_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_endereco" ADD CONSTRAINT "pessoa_endereco_pais_id_pais_id_fk" FOREIGN KEY ("pais_id") REFERENCES "public"."pais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_endereco" ADD CONSTRAINT "pessoa_endereco_tipo_moradia_id_tipo_moradia_id_fk" FOREIGN KEY ("tipo_moradia_id") REFERENCES "public"."tipo_moradia"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_familia" ADD CONSTRAINT "pessoa_familia_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_familia" ADD CONSTRAINT "pessoa_familia_parente_id_pessoa_id_fk" FOREIGN KEY ("parente_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_familia" ADD CONSTRAINT "pessoa_familia_grau_parentesco_id_grau_parentesco_id_fk" FOREIGN KEY ("grau_parentesco_id") REFERENCES "public"."grau_parentesco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pessoa_celebracao_pessoa_idx" ON "pessoa_celebracao" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_conta_bancaria_pessoa_idx" ON "pessoa_conta_bancaria" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_contato_pessoa_idx" ON "pessoa_contato" USING btree ("pessoa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pessoa_contribuicao_uq" ON "pessoa_contribuicao" USING btree ("pessoa_id") WHERE "pessoa_contribuicao"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "pessoa_endereco_pessoa_idx" ON "pessoa_endereco" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_familia_pessoa_idx" ON "pessoa_familia" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_familia_parente_idx" ON "pessoa_familia" USING btree ("parente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pessoa_familia_uq" ON "pessoa_familia" USING btree ("pessoa_id","parente_id") WHERE "pessoa_familia"."excluido_em" is null;--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_naturalidade_estado_id_estado_id_fk" FOREIGN KEY ("naturalidade_estado_id") REFERENCES "public"."estado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_naturalidade_cidade_id_cidade_id_fk" FOREIGN KEY ("naturalidade_cidade_id") REFERENCES "public"."cidade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_tipo_pessoa_id_tipo_pessoa_id_fk" FOREIGN KEY ("tipo_pessoa_id") REFERENCES "public"."tipo_pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_situacao_id_situacao_id_fk" FOREIGN KEY ("situacao_id") REFERENCES "public"."situacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa" ADD CONSTRAINT "pessoa_setor_id_setor_id_fk" FOREIGN KEY ("setor_id") REFERENCES "public"."setor"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grau_parentesco" ADD CONSTRAINT "grau_parentesco_reciproco_id_grau_parentesco_id_fk" FOREIGN KEY ("reciproco_id") REFERENCES "public"."grau_parentesco"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pessoa_nome_busca_trgm_idx" ON "pessoa" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoa_nascimento_idx" ON "pessoa" USING btree ("data_nascimento");--> statement-breakpoint
CREATE INDEX "pessoa_organizacao_idx" ON "pessoa" USING btree ("organizacao_id","nome_busca") WHERE "pessoa"."excluido_em" is null;--> statement-breakpoint
UPDATE "pessoa" SET "nome_busca" = lower(translate(trim("nome" || ' ' || "sobrenome"), 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn'));--> statement-breakpoint
INSERT INTO "grau_parentesco" ("nome") SELECT 'Pai/Mãe' WHERE EXISTS (SELECT 1 FROM "grau_parentesco") AND NOT EXISTS (SELECT 1 FROM "grau_parentesco" WHERE lower("nome") = lower('Pai/Mãe') AND "excluido_em" IS NULL);--> statement-breakpoint
UPDATE "grau_parentesco" g SET "reciproco_id" = r."id" FROM "grau_parentesco" r
  WHERE g."excluido_em" IS NULL AND r."excluido_em" IS NULL AND (g."nome", r."nome") IN (
    ('Cônjuge', 'Cônjuge'), ('Filho(a)', 'Pai/Mãe'), ('Pai', 'Filho(a)'), ('Mãe', 'Filho(a)'), ('Pai/Mãe', 'Filho(a)'),
    ('Irmão(ã)', 'Irmão(ã)'), ('Avô/Avó', 'Neto(a)'), ('Neto(a)', 'Avô/Avó'));
