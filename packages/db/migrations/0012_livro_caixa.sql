CREATE TABLE "lancamento_caixa" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lancamento_caixa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"conta_caixa_id" integer NOT NULL,
	"periodo_contabil_id" integer NOT NULL,
	"data" date NOT NULL,
	"tipo" text NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"plano_conta_id" integer NOT NULL,
	"controle_gerencial_id" integer,
	"historico" text NOT NULL,
	"documento" text,
	"pessoa_id" integer,
	"organizacao_referencia_id" integer,
	"transferencia_id" integer,
	"estorno_de_id" integer,
	"estornado_em" timestamp with time zone,
	"justificativa_estorno" text,
	"origem" text,
	"origem_id" integer,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "periodo_contabil" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "periodo_contabil_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conta_caixa_id" integer NOT NULL,
	"data_inicio" date NOT NULL,
	"data_fim" date NOT NULL,
	"saldo_inicial" numeric(14, 2) NOT NULL,
	"saldo_final" numeric(14, 2),
	"situacao" text DEFAULT 'ABERTO' NOT NULL,
	"fechado_em" timestamp with time zone,
	"fechado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_conta_caixa_id_conta_caixa_id_fk" FOREIGN KEY ("conta_caixa_id") REFERENCES "public"."conta_caixa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_periodo_contabil_id_periodo_contabil_id_fk" FOREIGN KEY ("periodo_contabil_id") REFERENCES "public"."periodo_contabil"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_plano_conta_id_plano_conta_id_fk" FOREIGN KEY ("plano_conta_id") REFERENCES "public"."plano_conta"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_controle_gerencial_id_controle_gerencial_id_fk" FOREIGN KEY ("controle_gerencial_id") REFERENCES "public"."controle_gerencial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_organizacao_referencia_id_organizacao_id_fk" FOREIGN KEY ("organizacao_referencia_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_estorno_de_id_lancamento_caixa_id_fk" FOREIGN KEY ("estorno_de_id") REFERENCES "public"."lancamento_caixa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_caixa" ADD CONSTRAINT "lancamento_caixa_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodo_contabil" ADD CONSTRAINT "periodo_contabil_conta_caixa_id_conta_caixa_id_fk" FOREIGN KEY ("conta_caixa_id") REFERENCES "public"."conta_caixa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "periodo_contabil" ADD CONSTRAINT "periodo_contabil_fechado_por_usuario_id_fk" FOREIGN KEY ("fechado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lancamento_caixa_conta_data_idx" ON "lancamento_caixa" USING btree ("conta_caixa_id","data","id");--> statement-breakpoint
CREATE INDEX "lancamento_caixa_organizacao_data_idx" ON "lancamento_caixa" USING btree ("organizacao_id","data");--> statement-breakpoint
CREATE INDEX "lancamento_caixa_periodo_idx" ON "lancamento_caixa" USING btree ("periodo_contabil_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lancamento_caixa_origem_uq" ON "lancamento_caixa" USING btree ("origem","origem_id") WHERE "lancamento_caixa"."origem" is not null and "lancamento_caixa"."estorno_de_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "periodo_contabil_inicio_uq" ON "periodo_contabil" USING btree ("conta_caixa_id","data_inicio");