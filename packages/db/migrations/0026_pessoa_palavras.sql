CREATE TABLE "palavra_busca" (
	"palavra" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pessoa_palavra" (
	"palavra" text NOT NULL,
	"nome_busca" text NOT NULL,
	"pessoa_id" integer NOT NULL,
	"organizacao_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "palavra_busca_trgm_idx" ON "palavra_busca" USING gin ("palavra" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pessoa_palavra_idx" ON "pessoa_palavra" USING btree ("palavra","nome_busca","pessoa_id","organizacao_id");--> statement-breakpoint
-- The distinct words of a search name (split on spaces, as the search splits its terms).
CREATE FUNCTION "palavras_do_nome"(nome text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM unnest(string_to_array(nome, ' ')) AS w WHERE w <> ''
$$;--> statement-breakpoint
-- A living person (not excluded) has one "pessoa_palavra" row per word of its name; every word is in "palavra_busca".
CREATE FUNCTION "pessoa_palavras"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.excluido_em IS NULL THEN
    DELETE FROM pessoa_palavra
    WHERE palavra IN (SELECT palavras_do_nome(OLD.nome_busca)) AND nome_busca = OLD.nome_busca AND pessoa_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.excluido_em IS NULL THEN
    INSERT INTO pessoa_palavra (palavra, nome_busca, pessoa_id, organizacao_id)
    SELECT w, NEW.nome_busca, NEW.id, NEW.organizacao_id FROM palavras_do_nome(NEW.nome_busca) AS w;
    INSERT INTO palavra_busca (palavra) SELECT w FROM palavras_do_nome(NEW.nome_busca) AS w ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- The search reads the term in the fewest names from these statistics: a larger sample tells close surnames apart.
ALTER TABLE "pessoa_palavra" ALTER COLUMN "palavra" SET STATISTICS 1000;--> statement-breakpoint
CREATE TRIGGER "pessoa_palavras_iud" AFTER INSERT OR DELETE ON "pessoa" FOR EACH ROW EXECUTE FUNCTION "pessoa_palavras"();--> statement-breakpoint
CREATE TRIGGER "pessoa_palavras_u" AFTER UPDATE ON "pessoa" FOR EACH ROW
  WHEN (OLD.nome_busca IS DISTINCT FROM NEW.nome_busca OR OLD.organizacao_id IS DISTINCT FROM NEW.organizacao_id
    OR (OLD.excluido_em IS NULL) <> (NEW.excluido_em IS NULL))
  EXECUTE FUNCTION "pessoa_palavras"();--> statement-breakpoint
INSERT INTO "pessoa_palavra" ("palavra", "nome_busca", "pessoa_id", "organizacao_id")
  SELECT w, p.nome_busca, p.id, p.organizacao_id FROM "pessoa" p CROSS JOIN LATERAL palavras_do_nome(p.nome_busca) AS w
  WHERE p.excluido_em IS NULL;--> statement-breakpoint
INSERT INTO "palavra_busca" ("palavra") SELECT DISTINCT "palavra" FROM "pessoa_palavra";
