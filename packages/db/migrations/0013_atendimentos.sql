CREATE TABLE "atendimento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "atendimento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"protocolo" text NOT NULL,
	"assunto" text NOT NULL,
	"descricao" text NOT NULL,
	"categoria_atendimento_id" integer NOT NULL,
	"solicitante_usuario_id" integer NOT NULL,
	"organizacao_origem_id" integer NOT NULL,
	"organizacao_destino_id" integer NOT NULL,
	"time_id" integer,
	"responsavel_usuario_id" integer NOT NULL,
	"status" text NOT NULL,
	"classificacao_id" integer,
	"atendimento_pai_id" integer,
	"data_retorno_prevista" date,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "atendimento_anexo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "atendimento_anexo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"atendimento_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"nome_arquivo" text NOT NULL,
	"tipo_conteudo" text NOT NULL,
	"tamanho" integer NOT NULL,
	"sha256" text NOT NULL,
	"caminho" text NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "atendimento_atividade" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "atendimento_atividade_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"atendimento_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"status_anterior" text,
	"status_novo" text,
	"parecer" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "atendimento_caracteristica" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "atendimento_caracteristica_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"atendimento_id" integer NOT NULL,
	"caracteristica_id" integer NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "atendimento_comentario" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "atendimento_comentario_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"atendimento_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"texto" text NOT NULL,
	"interno" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "atendimento_envolvido" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "atendimento_envolvido_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"atendimento_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"papel" text NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "atendimento_tarefa" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "atendimento_tarefa_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"atendimento_id" integer NOT NULL,
	"descricao" text NOT NULL,
	"responsavel_usuario_id" integer NOT NULL,
	"prazo" date,
	"concluida_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "categoria_atendimento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categoria_atendimento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"descricao" text,
	"requisito" text,
	"icone" text
);
--> statement-breakpoint
CREATE TABLE "categoria_atendimento_classe" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categoria_atendimento_classe_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"categoria_atendimento_id" integer NOT NULL,
	"classe_id" integer NOT NULL,
	"excluido_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "atendimento" ADD CONSTRAINT "atendimento_categoria_atendimento_id_categoria_atendimento_id_fk" FOREIGN KEY ("categoria_atendimento_id") REFERENCES "public"."categoria_atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento" ADD CONSTRAINT "atendimento_solicitante_usuario_id_usuario_id_fk" FOREIGN KEY ("solicitante_usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento" ADD CONSTRAINT "atendimento_organizacao_origem_id_organizacao_id_fk" FOREIGN KEY ("organizacao_origem_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento" ADD CONSTRAINT "atendimento_organizacao_destino_id_organizacao_id_fk" FOREIGN KEY ("organizacao_destino_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento" ADD CONSTRAINT "atendimento_time_id_time_id_fk" FOREIGN KEY ("time_id") REFERENCES "public"."time"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento" ADD CONSTRAINT "atendimento_responsavel_usuario_id_usuario_id_fk" FOREIGN KEY ("responsavel_usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento" ADD CONSTRAINT "atendimento_classificacao_id_classificacao_id_fk" FOREIGN KEY ("classificacao_id") REFERENCES "public"."classificacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento" ADD CONSTRAINT "atendimento_atendimento_pai_id_atendimento_id_fk" FOREIGN KEY ("atendimento_pai_id") REFERENCES "public"."atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_anexo" ADD CONSTRAINT "atendimento_anexo_atendimento_id_atendimento_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_anexo" ADD CONSTRAINT "atendimento_anexo_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_atividade" ADD CONSTRAINT "atendimento_atividade_atendimento_id_atendimento_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_atividade" ADD CONSTRAINT "atendimento_atividade_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_caracteristica" ADD CONSTRAINT "atendimento_caracteristica_atendimento_id_atendimento_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_caracteristica" ADD CONSTRAINT "atendimento_caracteristica_caracteristica_id_caracteristica_id_fk" FOREIGN KEY ("caracteristica_id") REFERENCES "public"."caracteristica"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_comentario" ADD CONSTRAINT "atendimento_comentario_atendimento_id_atendimento_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_comentario" ADD CONSTRAINT "atendimento_comentario_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_envolvido" ADD CONSTRAINT "atendimento_envolvido_atendimento_id_atendimento_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_envolvido" ADD CONSTRAINT "atendimento_envolvido_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_tarefa" ADD CONSTRAINT "atendimento_tarefa_atendimento_id_atendimento_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimento_tarefa" ADD CONSTRAINT "atendimento_tarefa_responsavel_usuario_id_usuario_id_fk" FOREIGN KEY ("responsavel_usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categoria_atendimento_classe" ADD CONSTRAINT "categoria_atendimento_classe_categoria_atendimento_id_categoria_atendimento_id_fk" FOREIGN KEY ("categoria_atendimento_id") REFERENCES "public"."categoria_atendimento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categoria_atendimento_classe" ADD CONSTRAINT "categoria_atendimento_classe_classe_id_classe_id_fk" FOREIGN KEY ("classe_id") REFERENCES "public"."classe"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "atendimento_protocolo_uq" ON "atendimento" USING btree ("protocolo");--> statement-breakpoint
CREATE INDEX "atendimento_solicitante_idx" ON "atendimento" USING btree ("solicitante_usuario_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "atendimento_time_idx" ON "atendimento" USING btree ("time_id","organizacao_destino_id");--> statement-breakpoint
CREATE INDEX "atendimento_triagem_idx" ON "atendimento" USING btree ("organizacao_destino_id","id" DESC NULLS LAST) WHERE "atendimento"."time_id" is null;--> statement-breakpoint
CREATE INDEX "atendimento_destino_idx" ON "atendimento" USING btree ("organizacao_destino_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "atendimento_origem_idx" ON "atendimento" USING btree ("organizacao_origem_id");--> statement-breakpoint
CREATE INDEX "atendimento_responsavel_idx" ON "atendimento" USING btree ("responsavel_usuario_id");--> statement-breakpoint
CREATE INDEX "atendimento_pai_idx" ON "atendimento" USING btree ("atendimento_pai_id");--> statement-breakpoint
CREATE UNIQUE INDEX "atendimento_anexo_sha256_uq" ON "atendimento_anexo" USING btree ("atendimento_id","sha256") WHERE "atendimento_anexo"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "atendimento_atividade_atendimento_idx" ON "atendimento_atividade" USING btree ("atendimento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "atendimento_caracteristica_uq" ON "atendimento_caracteristica" USING btree ("atendimento_id","caracteristica_id");--> statement-breakpoint
CREATE INDEX "atendimento_comentario_atendimento_idx" ON "atendimento_comentario" USING btree ("atendimento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "atendimento_envolvido_uq" ON "atendimento_envolvido" USING btree ("atendimento_id","usuario_id","papel") WHERE "atendimento_envolvido"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "atendimento_envolvido_usuario_idx" ON "atendimento_envolvido" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "atendimento_tarefa_atendimento_idx" ON "atendimento_tarefa" USING btree ("atendimento_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categoria_atendimento_nome_uq" ON "categoria_atendimento" USING btree (lower("nome")) WHERE "categoria_atendimento"."excluido_em" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "categoria_atendimento_classe_uq" ON "categoria_atendimento_classe" USING btree ("categoria_atendimento_id","classe_id") WHERE "categoria_atendimento_classe"."excluido_em" is null;--> statement-breakpoint
CREATE INDEX "categoria_atendimento_classe_classe_idx" ON "categoria_atendimento_classe" USING btree ("classe_id");