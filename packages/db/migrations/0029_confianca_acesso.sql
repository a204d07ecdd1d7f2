CREATE TABLE "limite_requisicao" (
	"chave" text PRIMARY KEY NOT NULL,
	"contagem" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "origem_confiavel" (
	"usuario_id" integer NOT NULL,
	"origem" text NOT NULL,
	"ultimo_uso_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "origem_confiavel_usuario_id_origem_pk" PRIMARY KEY("usuario_id","origem")
);
--> statement-breakpoint
ALTER TABLE "tentativa_login" ADD COLUMN "origem" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tentativa_login" ADD COLUMN "confiavel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizacao" ADD COLUMN "aceita_cadastro" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "origem_confiavel" ADD CONSTRAINT "origem_confiavel_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "limite_requisicao_expira_idx" ON "limite_requisicao" USING btree ("expira_em");--> statement-breakpoint
CREATE INDEX "tentativa_login_par_idx" ON "tentativa_login" USING btree ("login","origem","criado_em");--> statement-breakpoint
-- The attempts were keyed by the login as typed; the throttle now keys them by account and origin.
DELETE FROM "tentativa_login";--> statement-breakpoint
-- Communities accept self-registered members; other organizations only when their settings say so.
UPDATE "organizacao" SET "aceita_cadastro" = true
 WHERE "tipo_organizacao_id" IN (SELECT "id" FROM "tipo_organizacao" WHERE "nivel" = 3);--> statement-breakpoint
-- The members' profile: its own organization only, and the notice board without the notices registry's list.
UPDATE "perfil_permissao" SET "somente_propria_organizacao" = true,
       "listar" = CASE WHEN "acesso" = 'MuralAvisos' THEN false ELSE "listar" END,
       "visualizar" = CASE WHEN "acesso" = 'MuralAvisos' THEN "listar" OR "visualizar" ELSE "visualizar" END
 WHERE "perfil_id" IN (SELECT "id" FROM "perfil" WHERE "padrao_cadastro");--> statement-breakpoint
UPDATE "perfil" SET "versao" = "versao" + 1 WHERE "padrao_cadastro";
