CREATE TABLE "cliente_provedor" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cliente_provedor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"conta_organizacao_id" integer,
	"provedor_cliente_id" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cliente_provedor_uq" UNIQUE NULLS NOT DISTINCT("pessoa_id","conta_organizacao_id")
);
--> statement-breakpoint
CREATE TABLE "processamento_lote" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "processamento_lote_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"organizacao_id" integer NOT NULL,
	"criado_por" integer NOT NULL,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"parametros" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sucessos" integer DEFAULT 0 NOT NULL,
	"erros" integer DEFAULT 0 NOT NULL,
	"desfeitos" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone,
	"cancelado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "processamento_lote_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "processamento_lote_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lote_id" integer NOT NULL,
	"referencia_id" integer NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'PENDENTE' NOT NULL,
	"acao" text DEFAULT 'PROCESSAR' NOT NULL,
	"erro_codigo" text,
	"erro_parametros" jsonb,
	"resultado" text,
	"tentativas" smallint DEFAULT 0 NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subconta" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subconta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"provedor_id" text,
	"wallet_id" text,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"cpf_cnpj" text NOT NULL,
	"celular" text NOT NULL,
	"renda_mensal" numeric(14, 2) NOT NULL,
	"endereco" text NOT NULL,
	"numero" text NOT NULL,
	"complemento" text,
	"bairro" text NOT NULL,
	"cep" text NOT NULL,
	"tipo_empresa" text,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cliente_provedor" ADD CONSTRAINT "cliente_provedor_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cliente_provedor" ADD CONSTRAINT "cliente_provedor_conta_organizacao_id_organizacao_id_fk" FOREIGN KEY ("conta_organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processamento_lote" ADD CONSTRAINT "processamento_lote_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processamento_lote" ADD CONSTRAINT "processamento_lote_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processamento_lote_item" ADD CONSTRAINT "processamento_lote_item_lote_id_processamento_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."processamento_lote"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subconta" ADD CONSTRAINT "subconta_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subconta" ADD CONSTRAINT "subconta_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processamento_lote_organizacao_idx" ON "processamento_lote" USING btree ("organizacao_id","criado_em");--> statement-breakpoint
CREATE INDEX "processamento_lote_item_lote_idx" ON "processamento_lote_item" USING btree ("lote_id","id");--> statement-breakpoint
CREATE INDEX "processamento_lote_item_fila_idx" ON "processamento_lote_item" USING btree ("id") WHERE "processamento_lote_item"."status" in ('PENDENTE', 'EM_ANDAMENTO');--> statement-breakpoint
CREATE UNIQUE INDEX "subconta_organizacao_uq" ON "subconta" USING btree ("organizacao_id");