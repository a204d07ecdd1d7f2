CREATE TABLE "oficio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oficio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL,
	"ano" smallint NOT NULL,
	"numero" integer NOT NULL,
	"data" date NOT NULL,
	"pessoa_id" integer,
	"organizacao_destinataria_id" integer,
	"destinatario" text NOT NULL,
	"assunto" text NOT NULL,
	"cabecalho" text,
	"texto" text NOT NULL,
	"rodape" text,
	"mostrar_emissor" boolean NOT NULL,
	"tamanho_papel" text NOT NULL,
	"orientacao" text NOT NULL,
	"margem_mm" smallint NOT NULL,
	"emitido_por" integer,
	"emitido_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oficio_template" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oficio_template_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo_oficio" text NOT NULL,
	"assunto" text NOT NULL,
	"cabecalho" text,
	"corpo" text NOT NULL,
	"rodape" text,
	"mostrar_emissor" boolean DEFAULT true NOT NULL,
	"tamanho_papel" text DEFAULT 'A4' NOT NULL,
	"orientacao" text DEFAULT 'RETRATO' NOT NULL,
	"margem_mm" smallint DEFAULT 25 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "oficio" ADD CONSTRAINT "oficio_template_id_oficio_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."oficio_template"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oficio" ADD CONSTRAINT "oficio_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oficio" ADD CONSTRAINT "oficio_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oficio" ADD CONSTRAINT "oficio_organizacao_destinataria_id_organizacao_id_fk" FOREIGN KEY ("organizacao_destinataria_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oficio" ADD CONSTRAINT "oficio_emitido_por_usuario_id_fk" FOREIGN KEY ("emitido_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oficio_template" ADD CONSTRAINT "oficio_template_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oficio_numero_uq" ON "oficio" USING btree ("organizacao_id","ano","numero");--> statement-breakpoint
CREATE INDEX "oficio_pessoa_idx" ON "oficio" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "oficio_template_idx" ON "oficio" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "oficio_template_organizacao_idx" ON "oficio_template" USING btree ("organizacao_id");