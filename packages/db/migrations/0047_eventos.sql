CREATE TABLE "evento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"com_inscricao" boolean DEFAULT false NOT NULL,
	"tipo_evento" text NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"local" text,
	"visibilidade" text DEFAULT 'HIERARQUIA' NOT NULL,
	"prazo_inscricao" timestamp with time zone,
	"formas_pagamento" text[] DEFAULT '{}'::text[] NOT NULL,
	"dias_vencimento" integer DEFAULT 3 NOT NULL,
	"formulario" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	CONSTRAINT "evento_fim_ck" CHECK ("evento"."fim" >= "evento"."inicio")
);
--> statement-breakpoint
CREATE TABLE "evento_lote" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evento_lote_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"quantidade" integer NOT NULL,
	"inicio" date,
	"fim" date,
	CONSTRAINT "evento_lote_valores_ck" CHECK ("evento_lote"."valor" >= 0 and "evento_lote"."quantidade" >= 0)
);
--> statement-breakpoint
CREATE TABLE "evento_oficina" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evento_oficina_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"nome" text NOT NULL,
	"vagas" integer NOT NULL,
	"categoria" text,
	"horario" text,
	CONSTRAINT "evento_oficina_vagas_ck" CHECK ("evento_oficina"."vagas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inscricao_evento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inscricao_evento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evento_id" integer NOT NULL,
	"lote_id" integer,
	"pessoa_id" integer,
	"nome" text NOT NULL,
	"cpf" text,
	"email" text NOT NULL,
	"telefone" text,
	"data_nascimento" date,
	"responsavel_nome" text,
	"responsavel_consentimento" boolean DEFAULT false NOT NULL,
	"comunidade_id" integer,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text NOT NULL,
	"forma_pagamento" text,
	"valor" numeric(14, 2) DEFAULT '0' NOT NULL,
	"motivo_cortesia" text,
	"conta_a_receber_id" integer,
	"vencimento" date,
	"token" text NOT NULL,
	"codigo" text NOT NULL,
	"check_in_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inscricao_oficina" (
	"inscricao_id" integer NOT NULL,
	"oficina_id" integer NOT NULL,
	CONSTRAINT "inscricao_oficina_inscricao_id_oficina_id_pk" PRIMARY KEY("inscricao_id","oficina_id")
);
--> statement-breakpoint
ALTER TABLE "evento" ADD CONSTRAINT "evento_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_lote" ADD CONSTRAINT "evento_lote_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evento_oficina" ADD CONSTRAINT "evento_oficina_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_evento" ADD CONSTRAINT "inscricao_evento_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_evento" ADD CONSTRAINT "inscricao_evento_lote_id_evento_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."evento_lote"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_evento" ADD CONSTRAINT "inscricao_evento_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_evento" ADD CONSTRAINT "inscricao_evento_comunidade_id_organizacao_id_fk" FOREIGN KEY ("comunidade_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_evento" ADD CONSTRAINT "inscricao_evento_conta_a_receber_id_conta_a_receber_id_fk" FOREIGN KEY ("conta_a_receber_id") REFERENCES "public"."conta_a_receber"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_oficina" ADD CONSTRAINT "inscricao_oficina_inscricao_id_inscricao_evento_id_fk" FOREIGN KEY ("inscricao_id") REFERENCES "public"."inscricao_evento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_oficina" ADD CONSTRAINT "inscricao_oficina_oficina_id_evento_oficina_id_fk" FOREIGN KEY ("oficina_id") REFERENCES "public"."evento_oficina"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evento_codigo_uq" ON "evento" USING btree (lower("codigo"));--> statement-breakpoint
CREATE INDEX "evento_organizacao_idx" ON "evento" USING btree ("organizacao_id","inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "evento_lote_numero_uq" ON "evento_lote" USING btree ("evento_id","numero");--> statement-breakpoint
CREATE INDEX "evento_oficina_evento_idx" ON "evento_oficina" USING btree ("evento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inscricao_evento_token_uq" ON "inscricao_evento" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "inscricao_evento_codigo_uq" ON "inscricao_evento" USING btree ("codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "inscricao_evento_cpf_uq" ON "inscricao_evento" USING btree ("evento_id","cpf") WHERE "inscricao_evento"."status" not in ('CANCELADA', 'EXPIRADA') and "inscricao_evento"."cpf" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inscricao_evento_email_uq" ON "inscricao_evento" USING btree ("evento_id",lower("email")) WHERE "inscricao_evento"."status" not in ('CANCELADA', 'EXPIRADA');--> statement-breakpoint
CREATE INDEX "inscricao_evento_evento_idx" ON "inscricao_evento" USING btree ("evento_id","status","lote_id");--> statement-breakpoint
CREATE INDEX "inscricao_evento_conta_idx" ON "inscricao_evento" USING btree ("conta_a_receber_id");--> statement-breakpoint
CREATE INDEX "inscricao_oficina_oficina_idx" ON "inscricao_oficina" USING btree ("oficina_id");