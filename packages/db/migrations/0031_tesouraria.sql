CREATE TABLE "lancamento_pendente" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lancamento_pendente_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"conta_caixa_id" integer NOT NULL,
	"plano_conta_id" integer NOT NULL,
	"data" date NOT NULL,
	"valor" numeric(14, 2) NOT NULL,
	"historico" text NOT NULL,
	"pessoa_id" integer,
	"organizacao_referencia_id" integer,
	"origem" text NOT NULL,
	"origem_id" integer NOT NULL,
	"estorno_de_id" integer,
	"motivo" text NOT NULL,
	"lancamento_id" integer,
	"lancado_em" timestamp with time zone,
	"descartado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cobranca" ADD COLUMN "conciliada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conta_a_receber" ADD COLUMN "motivo_cancelamento" text;--> statement-breakpoint
ALTER TABLE "evento_provedor" ADD COLUMN "resolvido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "evento_provedor" ADD COLUMN "resolvido_por" integer;--> statement-breakpoint
ALTER TABLE "subconta" ADD COLUMN "webhook_conferido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subconta" ADD COLUMN "webhook_erro" text;--> statement-breakpoint
ALTER TABLE "lancamento_pendente" ADD CONSTRAINT "lancamento_pendente_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_pendente" ADD CONSTRAINT "lancamento_pendente_conta_caixa_id_conta_caixa_id_fk" FOREIGN KEY ("conta_caixa_id") REFERENCES "public"."conta_caixa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_pendente" ADD CONSTRAINT "lancamento_pendente_plano_conta_id_plano_conta_id_fk" FOREIGN KEY ("plano_conta_id") REFERENCES "public"."plano_conta"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_pendente" ADD CONSTRAINT "lancamento_pendente_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_pendente" ADD CONSTRAINT "lancamento_pendente_organizacao_referencia_id_organizacao_id_fk" FOREIGN KEY ("organizacao_referencia_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_pendente" ADD CONSTRAINT "lancamento_pendente_estorno_de_id_lancamento_caixa_id_fk" FOREIGN KEY ("estorno_de_id") REFERENCES "public"."lancamento_caixa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamento_pendente" ADD CONSTRAINT "lancamento_pendente_lancamento_id_lancamento_caixa_id_fk" FOREIGN KEY ("lancamento_id") REFERENCES "public"."lancamento_caixa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lancamento_pendente_aberto_idx" ON "lancamento_pendente" USING btree ("conta_caixa_id","data") WHERE "lancamento_pendente"."lancado_em" is null and "lancamento_pendente"."descartado_em" is null;--> statement-breakpoint
CREATE INDEX "lancamento_pendente_origem_idx" ON "lancamento_pendente" USING btree ("origem","origem_id");--> statement-breakpoint
ALTER TABLE "evento_provedor" ADD CONSTRAINT "evento_provedor_resolvido_por_usuario_id_fk" FOREIGN KEY ("resolvido_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;