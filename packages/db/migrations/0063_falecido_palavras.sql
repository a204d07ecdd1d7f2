CREATE TABLE "falecido_palavra" (
	"palavra" text NOT NULL,
	"resto" text,
	"primeira" boolean NOT NULL,
	"falecido_id" integer NOT NULL,
	"cemiterio_id" integer NOT NULL,
	"data_sepultamento" date NOT NULL,
	"nome_busca" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "falecido_palavra_busca" (
	"palavra" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The words of a name split on single spaces, each with what follows it (null after the last) and
-- whether it is the word's first place in the name.
CREATE FUNCTION "falecido_palavras_do_nome"(nome text) RETURNS TABLE (palavra text, resto text, primeira boolean)
LANGUAGE sql IMMUTABLE AS $$
  SELECT u.p, CASE WHEN u.i < cardinality(x.a) THEN array_to_string(x.a[u.i + 1:], ' ') END, u.p <> ALL (x.a[:u.i - 1])
  FROM (SELECT string_to_array(nome, ' ') AS a) x CROSS JOIN LATERAL unnest(x.a) WITH ORDINALITY AS u(p, i)
$$;--> statement-breakpoint
-- A burial not excluded has its words in "falecido_palavra", with its plot's cemetery and burial
-- date; every word is in "falecido_palavra_busca". Per statement: a bulk load writes them at once.
CREATE FUNCTION "falecido_palavras"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM falecido_palavra fp USING antigas o WHERE fp.falecido_id = o.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Only a change of the name, the plot, the burial date or the exclusion rewrites the words.
    DELETE FROM falecido_palavra fp USING novas n JOIN antigas o ON o.id = n.id
    WHERE fp.falecido_id = n.id AND (n.nome_busca, n.jazigo_id, n.data_sepultamento, n.excluido_em)
      IS DISTINCT FROM (o.nome_busca, o.jazigo_id, o.data_sepultamento, o.excluido_em);
    INSERT INTO falecido_palavra (palavra, resto, primeira, falecido_id, cemiterio_id, data_sepultamento, nome_busca)
      SELECT w.palavra, w.resto, w.primeira, n.id, j.cemiterio_id, n.data_sepultamento, n.nome_busca
      FROM novas n JOIN antigas o ON o.id = n.id JOIN jazigo j ON j.id = n.jazigo_id
      CROSS JOIN LATERAL falecido_palavras_do_nome(n.nome_busca) w
      WHERE n.excluido_em IS NULL AND (n.nome_busca, n.jazigo_id, n.data_sepultamento, n.excluido_em)
        IS DISTINCT FROM (o.nome_busca, o.jazigo_id, o.data_sepultamento, o.excluido_em);
  ELSE
    INSERT INTO falecido_palavra (palavra, resto, primeira, falecido_id, cemiterio_id, data_sepultamento, nome_busca)
      SELECT w.palavra, w.resto, w.primeira, n.id, j.cemiterio_id, n.data_sepultamento, n.nome_busca
      FROM novas n JOIN jazigo j ON j.id = n.jazigo_id CROSS JOIN LATERAL falecido_palavras_do_nome(n.nome_busca) w
      WHERE n.excluido_em IS NULL;
  END IF;
  INSERT INTO falecido_palavra_busca (palavra)
    SELECT DISTINCT w.palavra FROM novas n CROSS JOIN LATERAL falecido_palavras_do_nome(n.nome_busca) w
    ORDER BY 1 ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "falecido_palavras_i" AFTER INSERT ON "falecido" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "falecido_palavras"();--> statement-breakpoint
CREATE TRIGGER "falecido_palavras_u" AFTER UPDATE ON "falecido" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "falecido_palavras"();--> statement-breakpoint
CREATE TRIGGER "falecido_palavras_d" AFTER DELETE ON "falecido" REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION "falecido_palavras"();--> statement-breakpoint
INSERT INTO "falecido_palavra" ("palavra", "resto", "primeira", "falecido_id", "cemiterio_id", "data_sepultamento", "nome_busca")
  SELECT w.palavra, w.resto, w.primeira, f.id, j.cemiterio_id, f.data_sepultamento, f.nome_busca
  FROM "falecido" f JOIN "jazigo" j ON j.id = f.jazigo_id CROSS JOIN LATERAL falecido_palavras_do_nome(f.nome_busca) w
  WHERE f.excluido_em IS NULL;--> statement-breakpoint
INSERT INTO "falecido_palavra_busca" ("palavra") SELECT DISTINCT "palavra" FROM "falecido_palavra";--> statement-breakpoint
CREATE INDEX "falecido_palavra_data_idx" ON "falecido_palavra" USING btree ("palavra","data_sepultamento","falecido_id","cemiterio_id","nome_busca") WHERE "falecido_palavra"."primeira";--> statement-breakpoint
CREATE INDEX "falecido_palavra_resto_idx" ON "falecido_palavra" USING btree ("palavra","resto" text_pattern_ops,"data_sepultamento","falecido_id","cemiterio_id");--> statement-breakpoint
CREATE INDEX "falecido_palavra_falecido_idx" ON "falecido_palavra" USING btree ("falecido_id");--> statement-breakpoint
CREATE INDEX "falecido_palavra_busca_trgm_idx" ON "falecido_palavra_busca" USING gin ("palavra" gin_trgm_ops);