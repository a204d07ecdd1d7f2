CREATE TABLE "arrendatario" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arrendatario_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"jazigo_id" integer NOT NULL,
	"pessoa_id" integer NOT NULL,
	"tipo_concessao" text NOT NULL,
	"inicio" date NOT NULL,
	"renovado_ate" date,
	"valor" numeric(14, 2) DEFAULT '0' NOT NULL,
	"parcelas" integer DEFAULT 1 NOT NULL,
	"isento" boolean DEFAULT false NOT NULL,
	"motivo_isencao" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cemiterio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cemiterio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"endereco" text,
	"prazo_exumacao_anos" integer DEFAULT 3 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "falecido" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "falecido_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"jazigo_id" integer NOT NULL,
	"arrendatario_id" integer NOT NULL,
	"pessoa_id" integer,
	"nome" text NOT NULL,
	"data_nascimento" date,
	"data_falecimento" date NOT NULL,
	"data_sepultamento" date NOT NULL,
	"gaveta" text,
	"certidao_obito" text,
	"data_exumacao" date,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "jazigo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "jazigo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cemiterio_id" integer NOT NULL,
	"quadra" text NOT NULL,
	"fileira" integer NOT NULL,
	"numero" integer NOT NULL,
	"tipo_jazigo" text NOT NULL,
	"capacidade" integer DEFAULT 1 NOT NULL,
	"situacao_jazigo" text DEFAULT 'LIVRE' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "arrendatario" ADD CONSTRAINT "arrendatario_jazigo_id_jazigo_id_fk" FOREIGN KEY ("jazigo_id") REFERENCES "public"."jazigo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrendatario" ADD CONSTRAINT "arrendatario_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cemiterio" ADD CONSTRAINT "cemiterio_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "falecido" ADD CONSTRAINT "falecido_jazigo_id_jazigo_id_fk" FOREIGN KEY ("jazigo_id") REFERENCES "public"."jazigo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "falecido" ADD CONSTRAINT "falecido_arrendatario_id_arrendatario_id_fk" FOREIGN KEY ("arrendatario_id") REFERENCES "public"."arrendatario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "falecido" ADD CONSTRAINT "falecido_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jazigo" ADD CONSTRAINT "jazigo_cemiterio_id_cemiterio_id_fk" FOREIGN KEY ("cemiterio_id") REFERENCES "public"."cemiterio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arrendatario_jazigo_vigente_uq" ON "arrendatario" USING btree ("jazigo_id") WHERE "arrendatario"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "arrendatario_pessoa_idx" ON "arrendatario" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "cemiterio_organizacao_idx" ON "cemiterio" USING btree ("organizacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "falecido_pessoa_uq" ON "falecido" USING btree ("pessoa_id") WHERE "falecido"."excluido_em" is null and "falecido"."data_exumacao" is null;--> statement-breakpoint
CREATE INDEX "falecido_jazigo_idx" ON "falecido" USING btree ("jazigo_id");--> statement-breakpoint
CREATE INDEX "falecido_arrendatario_idx" ON "falecido" USING btree ("arrendatario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jazigo_posicao_uq" ON "jazigo" USING btree ("cemiterio_id","quadra","fileira","numero");