CREATE TABLE "organizacao_pessoas" (
	"organizacao_id" integer PRIMARY KEY NOT NULL,
	"pessoas" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A living person (not excluded) counts once for its organization.
CREATE FUNCTION "pessoa_contagem"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.excluido_em IS NULL THEN
    UPDATE organizacao_pessoas SET pessoas = pessoas - 1 WHERE organizacao_id = OLD.organizacao_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.excluido_em IS NULL THEN
    INSERT INTO organizacao_pessoas (organizacao_id, pessoas) VALUES (NEW.organizacao_id, 1)
    ON CONFLICT (organizacao_id) DO UPDATE SET pessoas = organizacao_pessoas.pessoas + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pessoa_contagem_iud" AFTER INSERT OR DELETE ON "pessoa" FOR EACH ROW EXECUTE FUNCTION "pessoa_contagem"();--> statement-breakpoint
CREATE TRIGGER "pessoa_contagem_u" AFTER UPDATE ON "pessoa" FOR EACH ROW
  WHEN (OLD.organizacao_id IS DISTINCT FROM NEW.organizacao_id OR (OLD.excluido_em IS NULL) <> (NEW.excluido_em IS NULL))
  EXECUTE FUNCTION "pessoa_contagem"();--> statement-breakpoint
INSERT INTO "organizacao_pessoas" ("organizacao_id", "pessoas")
  SELECT "organizacao_id", count(*) FROM "pessoa" WHERE "excluido_em" IS NULL GROUP BY "organizacao_id";
