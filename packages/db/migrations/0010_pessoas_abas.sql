CREATE TABLE "ministro" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ministro_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"tipo_ministerio" text NOT NULL,
	"situacao_ministerial" text DEFAULT 'ATIVO' NOT NULL,
	"registro_ministerial" text,
	"data_ordenacao" date,
	"local_ordenacao" text,
	"ordenante" text,
	"data_emeritacao" date,
	"observacao" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ministro_exame" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ministro_exame_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ministro_id" integer NOT NULL,
	"descricao" text NOT NULL,
	"data" date NOT NULL,
	"resultado" text DEFAULT 'PENDENTE' NOT NULL,
	"observacao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ministro_termo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ministro_termo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ministro_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL,
	"tipo_termo" text NOT NULL,
	"numero" text,
	"data_inicio" date NOT NULL,
	"data_fim" date,
	"observacao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_atividade_igreja" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_atividade_igreja_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL,
	"cargo_id" integer,
	"descricao" text,
	"data_inicio" date NOT NULL,
	"data_fim" date,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_atividade_ministerial" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_atividade_ministerial_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL,
	"funcao" text NOT NULL,
	"data_inicio" date NOT NULL,
	"data_fim" date,
	"observacao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_casamento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_casamento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"conjuge_id" integer,
	"nome_conjuge" text,
	"data_casamento_civil" date,
	"data_casamento_religioso" date,
	"local" text,
	"oficiante" text,
	"regime_bens" text,
	"data_termino" date,
	"motivo_termino" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_certidao_ministerial" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_certidao_ministerial_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"tipo_certidao" text NOT NULL,
	"numero" text,
	"orgao_emissor" text,
	"data_emissao" date NOT NULL,
	"valido_ate" date,
	"observacao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_formacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_formacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"nivel_formacao" text NOT NULL,
	"curso" text NOT NULL,
	"instituicao" text,
	"data_inicio" date,
	"data_conclusao" date,
	"concluido" boolean DEFAULT false NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_habilidade" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_habilidade_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"descricao" text NOT NULL,
	"nivel_conhecimento" text,
	"observacao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_historico_profissional" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_historico_profissional_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"empresa" text NOT NULL,
	"profissao_id" integer,
	"funcao" text,
	"data_inicio" date,
	"data_fim" date,
	"observacao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_idioma" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_idioma_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"idioma" text NOT NULL,
	"nivel_conhecimento" text,
	"le" boolean DEFAULT false NOT NULL,
	"escreve" boolean DEFAULT false NOT NULL,
	"fala" boolean DEFAULT false NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pessoa_qualificacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pessoa_qualificacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"pessoa_id" integer NOT NULL,
	"descricao" text NOT NULL,
	"instituicao" text,
	"data" date,
	"valido_ate" date,
	"observacao" text,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ministro" ADD CONSTRAINT "ministro_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministro_exame" ADD CONSTRAINT "ministro_exame_ministro_id_ministro_id_fk" FOREIGN KEY ("ministro_id") REFERENCES "public"."ministro"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministro_termo" ADD CONSTRAINT "ministro_termo_ministro_id_ministro_id_fk" FOREIGN KEY ("ministro_id") REFERENCES "public"."ministro"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ministro_termo" ADD CONSTRAINT "ministro_termo_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_atividade_igreja" ADD CONSTRAINT "pessoa_atividade_igreja_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_atividade_igreja" ADD CONSTRAINT "pessoa_atividade_igreja_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_atividade_igreja" ADD CONSTRAINT "pessoa_atividade_igreja_cargo_id_cargo_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_atividade_ministerial" ADD CONSTRAINT "pessoa_atividade_ministerial_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_atividade_ministerial" ADD CONSTRAINT "pessoa_atividade_ministerial_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_casamento" ADD CONSTRAINT "pessoa_casamento_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_casamento" ADD CONSTRAINT "pessoa_casamento_conjuge_id_pessoa_id_fk" FOREIGN KEY ("conjuge_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_certidao_ministerial" ADD CONSTRAINT "pessoa_certidao_ministerial_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_formacao" ADD CONSTRAINT "pessoa_formacao_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_habilidade" ADD CONSTRAINT "pessoa_habilidade_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_historico_profissional" ADD CONSTRAINT "pessoa_historico_profissional_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_historico_profissional" ADD CONSTRAINT "pessoa_historico_profissional_profissao_id_profissao_id_fk" FOREIGN KEY ("profissao_id") REFERENCES "public"."profissao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_idioma" ADD CONSTRAINT "pessoa_idioma_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_qualificacao" ADD CONSTRAINT "pessoa_qualificacao_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ministro_pessoa_uq" ON "ministro" USING btree ("pessoa_id") WHERE "ministro"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "ministro_exame_ministro_idx" ON "ministro_exame" USING btree ("ministro_id");--> statement-breakpoint
CREATE INDEX "ministro_termo_ministro_idx" ON "ministro_termo" USING btree ("ministro_id");--> statement-breakpoint
CREATE INDEX "pessoa_atividade_igreja_pessoa_idx" ON "pessoa_atividade_igreja" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_atividade_ministerial_pessoa_idx" ON "pessoa_atividade_ministerial" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_casamento_pessoa_idx" ON "pessoa_casamento" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_certidao_ministerial_pessoa_idx" ON "pessoa_certidao_ministerial" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_formacao_pessoa_idx" ON "pessoa_formacao" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_habilidade_pessoa_idx" ON "pessoa_habilidade" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_historico_profissional_pessoa_idx" ON "pessoa_historico_profissional" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_idioma_pessoa_idx" ON "pessoa_idioma" USING btree ("pessoa_id");--> statement-breakpoint
CREATE INDEX "pessoa_qualificacao_pessoa_idx" ON "pessoa_qualificacao" USING btree ("pessoa_id");