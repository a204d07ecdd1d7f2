-- A multi-row insert of people (the migration's work units: 500 a statement) kept the registry's
-- counts and name words one row at a time: per person an upsert of the organization's count, two
-- of the summaries for it and each organization above it, and the name's words; 1.2 s of triggers
-- for 500 people against 33 ms for the rows themselves (bench/README.md, "Data migration"). On
-- insert they now run once per statement over its new rows, grouped; delete and update keep their
-- row triggers, which a statement of one or a few rows is.
DROP TRIGGER "pessoa_contagem_iud" ON "pessoa";--> statement-breakpoint
CREATE TRIGGER "pessoa_contagem_d" AFTER DELETE ON "pessoa" FOR EACH ROW EXECUTE FUNCTION "pessoa_contagem"();--> statement-breakpoint
CREATE FUNCTION "pessoa_contagem_novas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organizacao_pessoas AS c (organizacao_id, pessoas)
    SELECT organizacao_id, count(*) FROM novas WHERE excluido_em IS NULL GROUP BY organizacao_id ORDER BY 1
  ON CONFLICT (organizacao_id) DO UPDATE SET pessoas = c.pessoas + excluded.pessoas;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pessoa_contagem_i" AFTER INSERT ON "pessoa" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_contagem_novas"();--> statement-breakpoint
DROP TRIGGER "pessoa_resumo_iud" ON "pessoa";--> statement-breakpoint
CREATE TRIGGER "pessoa_resumo_d" AFTER DELETE ON "pessoa" FOR EACH ROW EXECUTE FUNCTION "pessoa_resumo_iud"();--> statement-breakpoint
-- The keys pessoa_resumo_somar counts a person under, for all the statement's people at once.
CREATE FUNCTION "pessoa_resumo_novas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH k AS (
    SELECT x.organizacao_id, x.subarvore, coalesce(p.tipo_pessoa_id, 0) AS tipo_pessoa_id, p.status,
      coalesce(p.sexo, '') AS sexo, coalesce(extract(year FROM p.data_nascimento)::int, 0) AS ano_nascimento, p.titular,
      (p.sobrenome <> '' AND p.sexo IS NOT NULL AND p.data_nascimento IS NOT NULL AND p.tipo_pessoa_id IS NOT NULL
        AND NOT p.pre_cadastro) AS completo, count(*)::int AS pessoas
    FROM novas p
    CROSS JOIN LATERAL (SELECT p.organizacao_id, false AS subarvore
      UNION ALL
      SELECT a::int, true FROM "organizacao" o, unnest(string_to_array(trim(BOTH '/' FROM o.caminho), '/')) AS a
      WHERE o.id = p.organizacao_id) x
    WHERE p.excluido_em IS NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ), r AS (
    INSERT INTO "pessoa_resumo" AS r (organizacao_id, subarvore, tipo_pessoa_id, status, sexo, ano_nascimento, titular, completo, pessoas)
    SELECT k.* FROM k ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (organizacao_id, subarvore, tipo_pessoa_id, status, sexo, ano_nascimento, titular, completo)
    DO UPDATE SET pessoas = r.pessoas + excluded.pessoas
  )
  INSERT INTO "pessoa_resumo_organizacao" AS r (organizacao_id, subarvore, tipo_pessoa_id, status, titular, completo, pessoas)
  SELECT organizacao_id, subarvore, tipo_pessoa_id, status, titular, completo, sum(pessoas)::int
  FROM k GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (organizacao_id, subarvore, tipo_pessoa_id, status, titular, completo)
  DO UPDATE SET pessoas = r.pessoas + excluded.pessoas;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pessoa_resumo_i" AFTER INSERT ON "pessoa" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_resumo_novas"();--> statement-breakpoint
DROP TRIGGER "pessoa_palavras_iud" ON "pessoa";--> statement-breakpoint
CREATE TRIGGER "pessoa_palavras_d" AFTER DELETE ON "pessoa" FOR EACH ROW EXECUTE FUNCTION "pessoa_palavras"();--> statement-breakpoint
CREATE FUNCTION "pessoa_palavras_novas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pessoa_palavra (palavra, nome_busca, pessoa_id, caminho)
  SELECT w, p.nome_busca, p.id, o.caminho
  FROM novas p JOIN organizacao o ON o.id = p.organizacao_id CROSS JOIN LATERAL palavras_do_nome(p.nome_busca) AS w
  WHERE p.excluido_em IS NULL;
  INSERT INTO palavra_busca (palavra)
  SELECT DISTINCT w FROM novas p CROSS JOIN LATERAL palavras_do_nome(p.nome_busca) AS w
  WHERE p.excluido_em IS NULL ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pessoa_palavras_i" AFTER INSERT ON "pessoa" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_palavras_novas"();
