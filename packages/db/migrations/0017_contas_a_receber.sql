CREATE TABLE "cobranca" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cobranca_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conta_a_receber_id" integer NOT NULL,
	"provedor_id" text NOT NULL,
	"parcelamento_id" text,
	"numero_parcela" smallint,
	"cliente_provedor_id" text NOT NULL,
	"forma" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"vencimento" date NOT NULL,
	"status" text NOT NULL,
	"status_provedor" text NOT NULL,
	"url_fatura" text,
	"url_boleto" text,
	"data_pagamento" date,
	"data_credito" date,
	"evento_em" text,
	"cancelada_em" timestamp with time zone,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conta_a_receber" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conta_a_receber_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"pessoa_id" integer,
	"organizacao_titular_id" integer,
	"tipo" text NOT NULL,
	"mes_competencia" smallint NOT NULL,
	"ano_competencia" smallint NOT NULL,
	"vencimento" date NOT NULL,
	"valor_previsto" numeric(14, 2) NOT NULL,
	"valor_pago" numeric(14, 2),
	"data_pagamento" date,
	"data_credito" date,
	"forma_pagamento" text,
	"link_pagamento" text,
	"descricao" text,
	"status" text DEFAULT 'ABERTO' NOT NULL,
	"cobranca_gerada" boolean DEFAULT false NOT NULL,
	"parcelas" smallint DEFAULT 1 NOT NULL,
	"cobranca_iniciada_em" timestamp with time zone,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evento_provedor" (
	"id" text PRIMARY KEY NOT NULL,
	"evento" text NOT NULL,
	"pagamento_id" text,
	"payload" jsonb NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"processado_em" timestamp with time zone,
	"resultado" text
);
--> statement-breakpoint
ALTER TABLE "cobranca" ADD CONSTRAINT "cobranca_conta_a_receber_id_conta_a_receber_id_fk" FOREIGN KEY ("conta_a_receber_id") REFERENCES "public"."conta_a_receber"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobranca" ADD CONSTRAINT "cobranca_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_a_receber" ADD CONSTRAINT "conta_a_receber_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_a_receber" ADD CONSTRAINT "conta_a_receber_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_a_receber" ADD CONSTRAINT "conta_a_receber_organizacao_titular_id_organizacao_id_fk" FOREIGN KEY ("organizacao_titular_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_a_receber" ADD CONSTRAINT "conta_a_receber_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cobranca_provedor_uq" ON "cobranca" USING btree ("provedor_id");--> statement-breakpoint
CREATE INDEX "cobranca_conta_idx" ON "cobranca" USING btree ("conta_a_receber_id");--> statement-breakpoint
CREATE INDEX "cobranca_ativa_idx" ON "cobranca" USING btree ("conta_a_receber_id") WHERE "cobranca"."cancelada_em" is null;--> statement-breakpoint
CREATE INDEX "conta_a_receber_organizacao_vencimento_idx" ON "conta_a_receber" USING btree ("organizacao_id","vencimento");--> statement-breakpoint
CREATE INDEX "conta_a_receber_pessoa_idx" ON "conta_a_receber" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "conta_a_receber_organizacao_titular_idx" ON "conta_a_receber" USING btree ("organizacao_titular_id");--> statement-breakpoint
CREATE INDEX "evento_provedor_pendente_idx" ON "evento_provedor" USING btree ("recebido_em") WHERE "evento_provedor"."processado_em" is null;