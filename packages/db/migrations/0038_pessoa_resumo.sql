CREATE TABLE "pessoa_resumo" (
	"organizacao_id" integer NOT NULL,
	"subarvore" boolean NOT NULL,
	"tipo_pessoa_id" integer NOT NULL,
	"status" text NOT NULL,
	"sexo" text NOT NULL,
	"ano_nascimento" integer NOT NULL,
	"titular" boolean NOT NULL,
	"completo" boolean NOT NULL,
	"pessoas" integer NOT NULL,
	CONSTRAINT "pessoa_resumo_pk" PRIMARY KEY("organizacao_id","subarvore","tipo_pessoa_id","status","sexo","ano_nascimento","titular","completo")
);
--> statement-breakpoint
CREATE TABLE "pessoa_resumo_organizacao" (
	"organizacao_id" integer NOT NULL,
	"subarvore" boolean NOT NULL,
	"tipo_pessoa_id" integer NOT NULL,
	"status" text NOT NULL,
	"titular" boolean NOT NULL,
	"completo" boolean NOT NULL,
	"pessoas" integer NOT NULL,
	CONSTRAINT "pessoa_resumo_organizacao_pk" PRIMARY KEY("organizacao_id","subarvore","tipo_pessoa_id","status","titular","completo")
);
--> statement-breakpoint
CREATE INDEX "pessoa_integracao_data_idx" ON "pessoa_integracao" USING btree ("data","organizacao_id","tipo","forma","pessoa_id") WHERE "pessoa_integracao"."excluido_em" is null;
--> statement-breakpoint
-- Adds `d` (1 or -1) to a person's counts: their organization alone, and it and each one above it.
CREATE FUNCTION "pessoa_resumo_somar"(p "pessoa", d integer) RETURNS void LANGUAGE sql AS $$
  WITH k AS (
    SELECT x.organizacao_id, x.subarvore, coalesce(p.tipo_pessoa_id, 0) AS tipo_pessoa_id, p.status,
      coalesce(p.sexo, '') AS sexo, coalesce(extract(year FROM p.data_nascimento)::int, 0) AS ano_nascimento, p.titular,
      (p.sobrenome <> '' AND p.sexo IS NOT NULL AND p.data_nascimento IS NOT NULL AND p.tipo_pessoa_id IS NOT NULL
        AND NOT p.pre_cadastro) AS completo
    FROM (SELECT p.organizacao_id, false AS subarvore
      UNION ALL
      SELECT a::int, true FROM "organizacao" o, unnest(string_to_array(trim(BOTH '/' FROM o.caminho), '/')) AS a
      WHERE o.id = p.organizacao_id) x
  ), r AS (
    INSERT INTO "pessoa_resumo" AS r (organizacao_id, subarvore, tipo_pessoa_id, status, sexo, ano_nascimento, titular, completo, pessoas)
    SELECT k.*, d FROM k ORDER BY 1, 2
    ON CONFLICT (organizacao_id, subarvore, tipo_pessoa_id, status, sexo, ano_nascimento, titular, completo)
    DO UPDATE SET pessoas = r.pessoas + excluded.pessoas
  )
  INSERT INTO "pessoa_resumo_organizacao" AS r (organizacao_id, subarvore, tipo_pessoa_id, status, titular, completo, pessoas)
  SELECT k.organizacao_id, k.subarvore, k.tipo_pessoa_id, k.status, k.titular, k.completo, d FROM k ORDER BY 1, 2
  ON CONFLICT (organizacao_id, subarvore, tipo_pessoa_id, status, titular, completo)
  DO UPDATE SET pessoas = r.pessoas + excluded.pessoas
$$;--> statement-breakpoint
CREATE FUNCTION "pessoa_resumo_iud"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.excluido_em IS NULL THEN
    PERFORM pessoa_resumo_somar(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.excluido_em IS NULL THEN
    PERFORM pessoa_resumo_somar(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pessoa_resumo_iud" AFTER INSERT OR DELETE ON "pessoa" FOR EACH ROW EXECUTE FUNCTION "pessoa_resumo_iud"();--> statement-breakpoint
-- Only the columns counted: an edit of a name or an address costs nothing.
CREATE TRIGGER "pessoa_resumo_u" AFTER UPDATE ON "pessoa" FOR EACH ROW
  WHEN ((OLD.organizacao_id, OLD.tipo_pessoa_id, OLD.status, OLD.sexo, OLD.data_nascimento, OLD.titular,
      OLD.sobrenome = '', OLD.pre_cadastro, OLD.excluido_em IS NULL)
    IS DISTINCT FROM (NEW.organizacao_id, NEW.tipo_pessoa_id, NEW.status, NEW.sexo, NEW.data_nascimento, NEW.titular,
      NEW.sobrenome = '', NEW.pre_cadastro, NEW.excluido_em IS NULL))
  EXECUTE FUNCTION "pessoa_resumo_iud"();--> statement-breakpoint
-- Everything counted again from the people (after a bulk load, or when organizations move).
CREATE FUNCTION "pessoa_resumo_reconstruir"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "pessoa_resumo";
  DELETE FROM "pessoa_resumo_organizacao";
  CREATE TEMP TABLE pessoa_resumo_k ON COMMIT DROP AS
    SELECT x.organizacao_id, x.subarvore, coalesce(p.tipo_pessoa_id, 0) AS tipo_pessoa_id, p.status,
      coalesce(p.sexo, '') AS sexo, coalesce(extract(year FROM p.data_nascimento)::int, 0) AS ano_nascimento, p.titular,
      (p.sobrenome <> '' AND p.sexo IS NOT NULL AND p.data_nascimento IS NOT NULL AND p.tipo_pessoa_id IS NOT NULL
        AND NOT p.pre_cadastro) AS completo, count(*)::int AS pessoas
    FROM "pessoa" p JOIN "organizacao" o ON o.id = p.organizacao_id
    CROSS JOIN LATERAL (SELECT p.organizacao_id, false AS subarvore
      UNION ALL SELECT a::int, true FROM unnest(string_to_array(trim(BOTH '/' FROM o.caminho), '/')) AS a) x
    WHERE p.excluido_em IS NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  INSERT INTO "pessoa_resumo" SELECT * FROM pessoa_resumo_k;
  INSERT INTO "pessoa_resumo_organizacao"
    SELECT organizacao_id, subarvore, tipo_pessoa_id, status, titular, completo, sum(pessoas)::int
    FROM pessoa_resumo_k GROUP BY 1, 2, 3, 4, 5, 6;
  DROP TABLE pessoa_resumo_k;
END
$$;--> statement-breakpoint
CREATE FUNCTION "pessoa_resumo_arvore"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pessoa_resumo_reconstruir();
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An organization moved in the tree: its people now count for other ancestors (rare; counted again).
CREATE TRIGGER "pessoa_resumo_arvore" AFTER UPDATE OF "caminho" ON "organizacao" FOR EACH STATEMENT
  EXECUTE FUNCTION "pessoa_resumo_arvore"();--> statement-breakpoint
SELECT pessoa_resumo_reconstruir();
