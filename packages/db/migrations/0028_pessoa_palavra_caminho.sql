-- The words are written again below, each with its organization's path in place of its id.
TRUNCATE "pessoa_palavra";--> statement-breakpoint
DROP INDEX "pessoa_palavra_idx";--> statement-breakpoint
ALTER TABLE "pessoa_palavra" DROP COLUMN "organizacao_id";--> statement-breakpoint
ALTER TABLE "pessoa_palavra" ADD COLUMN "caminho" text NOT NULL;--> statement-breakpoint
-- A living person (not excluded) has one "pessoa_palavra" row per word of its name, with its organization's path; every word is in "palavra_busca".
CREATE OR REPLACE FUNCTION "pessoa_palavras"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.excluido_em IS NULL THEN
    DELETE FROM pessoa_palavra
    WHERE palavra IN (SELECT palavras_do_nome(OLD.nome_busca)) AND nome_busca = OLD.nome_busca AND pessoa_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.excluido_em IS NULL THEN
    INSERT INTO pessoa_palavra (palavra, nome_busca, pessoa_id, caminho)
    SELECT w, NEW.nome_busca, NEW.id, o.caminho FROM organizacao o CROSS JOIN palavras_do_nome(NEW.nome_busca) AS w
    WHERE o.id = NEW.organizacao_id;
    INSERT INTO palavra_busca (palavra) SELECT w FROM palavras_do_nome(NEW.nome_busca) AS w ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An organization moved (its path and its whole subtree's change): its people's words take the new path.
CREATE FUNCTION "organizacao_caminho_palavras"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pessoa_palavra pp SET caminho = NEW.caminho
  FROM pessoa p CROSS JOIN LATERAL palavras_do_nome(p.nome_busca) AS w
  WHERE p.organizacao_id = NEW.id AND p.excluido_em IS NULL
    AND pp.palavra = w AND pp.nome_busca = p.nome_busca AND pp.pessoa_id = p.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "organizacao_caminho_palavras" AFTER UPDATE OF "caminho" ON "organizacao" FOR EACH ROW
  WHEN (OLD.caminho IS DISTINCT FROM NEW.caminho)
  EXECUTE FUNCTION "organizacao_caminho_palavras"();--> statement-breakpoint
INSERT INTO "pessoa_palavra" ("palavra", "nome_busca", "pessoa_id", "caminho")
  SELECT w, p.nome_busca, p.id, o.caminho
  FROM "pessoa" p JOIN "organizacao" o ON o.id = p.organizacao_id CROSS JOIN LATERAL palavras_do_nome(p.nome_busca) AS w
  WHERE p.excluido_em IS NULL;--> statement-breakpoint
CREATE INDEX "pessoa_palavra_idx" ON "pessoa_palavra" USING btree ("palavra","nome_busca","pessoa_id","caminho");--> statement-breakpoint
CREATE INDEX "pessoa_palavra_caminho_idx" ON "pessoa_palavra" USING btree ("palavra","caminho" text_pattern_ops,"nome_busca","pessoa_id");
