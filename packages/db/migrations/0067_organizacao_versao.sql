CREATE TABLE "organizacao_versao" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"versao" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "organizacao_versao_uma_ck" CHECK ("organizacao_versao"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "organizacao_versao" ("id", "versao") VALUES (1, 1);--> statement-breakpoint
-- Every write to the tree (a new organization, a rename, a move of a subtree, a deletion) bumps the
-- version in its own transaction, so a reader sees the new version and the new rows together.
CREATE FUNCTION "organizacao_versao_subir"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organizacao_versao" SET "versao" = "versao" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "organizacao_versao_subir" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizacao"
  FOR EACH STATEMENT EXECUTE FUNCTION "organizacao_versao_subir"();
