CREATE TABLE "pagamento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pagamento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conta_a_receber_id" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"data_pagamento" date NOT NULL,
	"data_credito" date NOT NULL,
	"forma" text NOT NULL,
	"observacao" text,
	"cobranca_ids" integer[] DEFAULT '{}' NOT NULL,
	"estornado_em" timestamp with time zone,
	"estornado_por" integer,
	"justificativa_estorno" text,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recibo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recibo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"data" date NOT NULL,
	"pessoa_id" integer,
	"organizacao_titular_id" integer,
	"total" numeric(14, 2) NOT NULL,
	"estornado_em" timestamp with time zone,
	"estornado_por" integer,
	"justificativa_estorno" text,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recibo_item" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recibo_item_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"recibo_id" integer NOT NULL,
	"conta_a_receber_id" integer NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conta_a_receber" ADD COLUMN "migrada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_conta_a_receber_id_conta_a_receber_id_fk" FOREIGN KEY ("conta_a_receber_id") REFERENCES "public"."conta_a_receber"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_estornado_por_usuario_id_fk" FOREIGN KEY ("estornado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamento" ADD CONSTRAINT "pagamento_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo" ADD CONSTRAINT "recibo_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo" ADD CONSTRAINT "recibo_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo" ADD CONSTRAINT "recibo_organizacao_titular_id_organizacao_id_fk" FOREIGN KEY ("organizacao_titular_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo" ADD CONSTRAINT "recibo_estornado_por_usuario_id_fk" FOREIGN KEY ("estornado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo" ADD CONSTRAINT "recibo_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo_item" ADD CONSTRAINT "recibo_item_recibo_id_recibo_id_fk" FOREIGN KEY ("recibo_id") REFERENCES "public"."recibo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recibo_item" ADD CONSTRAINT "recibo_item_conta_a_receber_id_conta_a_receber_id_fk" FOREIGN KEY ("conta_a_receber_id") REFERENCES "public"."conta_a_receber"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagamento_conta_idx" ON "pagamento" USING btree ("conta_a_receber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_ativo_uq" ON "pagamento" USING btree ("conta_a_receber_id") WHERE "pagamento"."estornado_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "recibo_organizacao_numero_uq" ON "recibo" USING btree ("organizacao_id","numero");--> statement-breakpoint
CREATE INDEX "recibo_organizacao_data_idx" ON "recibo" USING btree ("organizacao_id","data");--> statement-breakpoint
CREATE INDEX "recibo_pessoa_idx" ON "recibo" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "recibo_item_recibo_idx" ON "recibo_item" USING btree ("recibo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recibo_item_conta_ativa_uq" ON "recibo_item" USING btree ("conta_a_receber_id") WHERE "recibo_item"."ativo";