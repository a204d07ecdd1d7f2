CREATE TABLE "ministerio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ministerio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo_grupo_id" integer NOT NULL,
	"coordenador_id" integer NOT NULL,
	"reunioes_por_ano" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ministerio_estatistica" (
	"ministerio_id" integer NOT NULL,
	"ano" integer NOT NULL,
	"situacao" text NOT NULL,
	"origem" text DEFAULT 'DIGITADA' NOT NULL,
	"reunioes_realizadas" integer NOT NULL,
	"media_presentes" integer NOT NULL,
	"participantes_masculinos" integer NOT NULL,
	"participantes_femininos" integer NOT NULL,
	CONSTRAINT "ministerio_estatistica_ministerio_id_ano_pk" PRIMARY KEY("ministerio_id","ano"),
	CONSTRAINT "ministerio_estatistica_nao_reuniu" CHECK ("ministerio_estatistica"."situacao" <> 'NAO_REUNIU' or ("ministerio_estatistica"."reunioes_realizadas" = 0 and "ministerio_estatistica"."media_presentes" = 0))
);
--> statement-breakpoint
CREATE TABLE "ministerio_participante" (
	"ministerio_id" integer NOT NULL,
	"pessoa_id" integer NOT NULL,
	"funcao" text NOT NULL,
	CONSTRAINT "ministerio_participante_ministerio_id_pessoa_id_pk" PRIMARY KEY("ministerio_id","pessoa_id")
);
--> statement-breakpoint
CREATE TABLE "ministerio_presenca" (
	"reuniao_id" integer NOT NULL,
	"pessoa_id" integer NOT NULL,
	CONSTRAINT "ministerio_presenca_reuniao_id_pessoa_id_pk" PRIMARY KEY("reuniao_id","pessoa_id")
);
--> statement-breakpoint
CREATE TABLE "ministerio_reuniao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ministerio_reuniao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ministerio_id" integer NOT NULL,
	"data" date NOT NULL,
	"visitantes" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipo_grupo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tipo_grupo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"nome_en" text,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "tipo_grupo_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
ALTER TABLE "ministerio" ADD CONSTRAINT "ministerio_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministerio" ADD CONSTRAINT "ministerio_tipo_grupo_id_tipo_grupo_id_fk" FOREIGN KEY ("tipo_grupo_id") REFERENCES "public"."tipo_grupo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministerio" ADD CONSTRAINT "ministerio_coordenador_id_pessoa_id_fk" FOREIGN KEY ("coordenador_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministerio_estatistica" ADD CONSTRAINT "ministerio_estatistica_ministerio_id_ministerio_id_fk" FOREIGN KEY ("ministerio_id") REFERENCES "public"."ministerio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministerio_participante" ADD CONSTRAINT "ministerio_participante_ministerio_id_ministerio_id_fk" FOREIGN KEY ("ministerio_id") REFERENCES "public"."ministerio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministerio_participante" ADD CONSTRAINT "ministerio_participante_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministerio_presenca" ADD CONSTRAINT "ministerio_presenca_reuniao_id_ministerio_reuniao_id_fk" FOREIGN KEY ("reuniao_id") REFERENCES "public"."ministerio_reuniao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministerio_presenca" ADD CONSTRAINT "ministerio_presenca_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministerio_reuniao" ADD CONSTRAINT "ministerio_reuniao_ministerio_id_ministerio_id_fk" FOREIGN KEY ("ministerio_id") REFERENCES "public"."ministerio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ministerio_organizacao_idx" ON "ministerio" USING btree ("organizacao_id");--> statement-breakpoint
CREATE INDEX "ministerio_tipo_idx" ON "ministerio" USING btree ("tipo_grupo_id");--> statement-breakpoint
CREATE INDEX "ministerio_estatistica_ano_idx" ON "ministerio_estatistica" USING btree ("ano");--> statement-breakpoint
CREATE INDEX "ministerio_participante_pessoa_idx" ON "ministerio_participante" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "ministerio_presenca_pessoa_idx" ON "ministerio_presenca" USING btree ("pessoa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ministerio_reuniao_data_uq" ON "ministerio_reuniao" USING btree ("ministerio_id","data");--> statement-breakpoint
-- The group types every installation starts with (issue 21), in Portuguese and English.
INSERT INTO "tipo_grupo" ("nome", "nome_en") VALUES
	('Grupo de mulheres', 'Women''s group'),
	('Juventude', 'Youth'),
	('Coral', 'Choir'),
	('Ensino confirmatório', 'Confirmation class'),
	('Culto infantil', 'Children''s service'),
	('Diaconia', 'Diaconal work'),
	('Estudo bíblico', 'Bible study'),
	('Grupo de casais', 'Couples'' group'),
	('Grupo de idosos', 'Seniors'' group'),
	('Grupo de homens', 'Men''s group'),
	('Música instrumental', 'Instrumental music')
ON CONFLICT ("nome") DO NOTHING;
