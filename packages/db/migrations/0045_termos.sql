CREATE TABLE "termo" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "termo_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id_compartilhado" uuid NOT NULL,
	"organizacao_id" integer NOT NULL,
	"nome" text NOT NULL,
	"categoria_termo" text NOT NULL,
	"versao" integer NOT NULL,
	"situacao_termo" text DEFAULT 'RASCUNHO' NOT NULL,
	"remetente" text NOT NULL,
	"assunto_email" text NOT NULL,
	"corpo_email" text NOT NULL,
	"texto" text NOT NULL,
	"publicado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termo_aceite" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "termo_aceite_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"solicitacao_id" integer NOT NULL,
	"termo_id" integer NOT NULL,
	"pessoa_id" integer NOT NULL,
	"versao" integer NOT NULL,
	"decisao" text NOT NULL,
	"hash_texto" text NOT NULL,
	"registrado_em" timestamp (3) with time zone NOT NULL,
	"ip" text,
	"navegador" text,
	"hash_anterior" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termo_envio" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "termo_envio_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"termo_id" integer NOT NULL,
	"filtro" jsonb NOT NULL,
	"total" integer NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "termo_solicitacao" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "termo_solicitacao_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"termo_id" integer NOT NULL,
	"pessoa_id" integer NOT NULL,
	"envio_id" integer,
	"email" text NOT NULL,
	"token_hash" text,
	"situacao_solicitacao" text DEFAULT 'PENDENTE' NOT NULL,
	"enviado_em" timestamp with time zone,
	"expira_em" timestamp with time zone,
	"respondido_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "termo" ADD CONSTRAINT "termo_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_aceite" ADD CONSTRAINT "termo_aceite_solicitacao_id_termo_solicitacao_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."termo_solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_aceite" ADD CONSTRAINT "termo_aceite_termo_id_termo_id_fk" FOREIGN KEY ("termo_id") REFERENCES "public"."termo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_aceite" ADD CONSTRAINT "termo_aceite_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_envio" ADD CONSTRAINT "termo_envio_termo_id_termo_id_fk" FOREIGN KEY ("termo_id") REFERENCES "public"."termo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_envio" ADD CONSTRAINT "termo_envio_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_solicitacao" ADD CONSTRAINT "termo_solicitacao_termo_id_termo_id_fk" FOREIGN KEY ("termo_id") REFERENCES "public"."termo"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_solicitacao" ADD CONSTRAINT "termo_solicitacao_pessoa_id_pessoa_id_fk" FOREIGN KEY ("pessoa_id") REFERENCES "public"."pessoa"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_solicitacao" ADD CONSTRAINT "termo_solicitacao_envio_id_termo_envio_id_fk" FOREIGN KEY ("envio_id") REFERENCES "public"."termo_envio"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "termo_versao_uq" ON "termo" USING btree ("id_compartilhado","versao");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_publicado_uq" ON "termo" USING btree ("id_compartilhado") WHERE "termo"."situacao_termo" = 'PUBLICADO';--> statement-breakpoint
CREATE UNIQUE INDEX "termo_rascunho_uq" ON "termo" USING btree ("id_compartilhado") WHERE "termo"."situacao_termo" = 'RASCUNHO';--> statement-breakpoint
CREATE INDEX "termo_organizacao_idx" ON "termo" USING btree ("organizacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_aceite_solicitacao_uq" ON "termo_aceite" USING btree ("solicitacao_id");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_aceite_anterior_uq" ON "termo_aceite" USING btree ("hash_anterior");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_solicitacao_pessoa_uq" ON "termo_solicitacao" USING btree ("termo_id","pessoa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "termo_solicitacao_token_uq" ON "termo_solicitacao" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "termo_solicitacao_envio_idx" ON "termo_solicitacao" USING btree ("envio_id","enviado_em");--> statement-breakpoint
-- The consent ledger is append-only: a row once written is never changed nor removed.
CREATE FUNCTION termo_aceite_somente_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'termo_aceite is append-only' USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER termo_aceite_somente_insercao BEFORE UPDATE OR DELETE ON "termo_aceite"
  FOR EACH ROW EXECUTE FUNCTION termo_aceite_somente_insercao();
