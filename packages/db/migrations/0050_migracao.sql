CREATE TABLE "migracao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "migracao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"criado_por" integer NOT NULL,
	"tipo" text NOT NULL,
	"nome_arquivo" text NOT NULL,
	"formato" text NOT NULL,
	"caminho_arquivo" text,
	"origem" text NOT NULL,
	"cabecalhos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mapeamento" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'ENVIADA' NOT NULL,
	"linhas" integer DEFAULT 0 NOT NULL,
	"criados" integer DEFAULT 0 NOT NULL,
	"atualizados" integer DEFAULT 0 NOT NULL,
	"ignorados" integer DEFAULT 0 NOT NULL,
	"revisar" integer DEFAULT 0 NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"lote_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"analisado_em" timestamp with time zone,
	"confirmado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "migracao_linha" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "migracao_linha_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"migracao_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"chave_legada" text,
	"descricao" text DEFAULT '' NOT NULL,
	"acao" text NOT NULL,
	"original" jsonb NOT NULL,
	"dados" jsonb,
	"diferencas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mensagens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alvo_id" integer,
	"anteriores" jsonb,
	"aplicada_em" timestamp with time zone,
	"desfeita_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "migracao_mapeamento" (
	"organizacao_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"mapeamento" jsonb NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "migracao_mapeamento_organizacao_id_tipo_pk" PRIMARY KEY("organizacao_id","tipo")
);
--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "origem" text;--> statement-breakpoint
ALTER TABLE "pessoa" ADD COLUMN "chave_legada" text;--> statement-breakpoint
ALTER TABLE "conta_a_receber" ADD COLUMN "origem" text;--> statement-breakpoint
ALTER TABLE "conta_a_receber" ADD COLUMN "chave_legada" text;--> statement-breakpoint
ALTER TABLE "migracao" ADD CONSTRAINT "migracao_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migracao" ADD CONSTRAINT "migracao_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migracao" ADD CONSTRAINT "migracao_lote_id_processamento_lote_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."processamento_lote"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migracao_linha" ADD CONSTRAINT "migracao_linha_migracao_id_migracao_id_fk" FOREIGN KEY ("migracao_id") REFERENCES "public"."migracao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migracao_mapeamento" ADD CONSTRAINT "migracao_mapeamento_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "migracao_organizacao_idx" ON "migracao" USING btree ("organizacao_id","criado_em");--> statement-breakpoint
CREATE INDEX "migracao_linha_migracao_idx" ON "migracao_linha" USING btree ("migracao_id","numero");--> statement-breakpoint
CREATE INDEX "migracao_linha_erro_idx" ON "migracao_linha" USING btree ("migracao_id","numero") WHERE "migracao_linha"."acao" in ('ERRO', 'REVISAR');--> statement-breakpoint
CREATE INDEX "pessoa_chave_legada_idx" ON "pessoa" USING btree ("chave_legada","origem") WHERE "pessoa"."chave_legada" is not null and "pessoa"."excluido_em" is null;