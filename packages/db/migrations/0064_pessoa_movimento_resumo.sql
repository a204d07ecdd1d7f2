CREATE TABLE "pessoa_movimento_resumo" (
	"organizacao_id" integer NOT NULL,
	"subarvore" boolean NOT NULL,
	"data" date NOT NULL,
	"movimento" text NOT NULL,
	"quantidade" integer NOT NULL,
	CONSTRAINT "pessoa_movimento_resumo_pk" PRIMARY KEY("organizacao_id","subarvore","data","movimento")
);
--> statement-breakpoint
-- A record's kind of movement, as the registry indicator counts it (its `CLASSES`).
CREATE FUNCTION "pessoa_movimento_classe"(tipo text, forma text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE tipo
    WHEN 'INTEGRACAO' THEN CASE WHEN forma = 'TRANSFERENCIA' THEN 'transferenciasRecebidas' ELSE 'admissoes' END
    WHEN 'DESLIGAMENTO' THEN CASE forma WHEN 'FALECIMENTO' THEN 'falecimentos'
      WHEN 'TRANSFERENCIA' THEN 'transferenciasEnviadas' ELSE 'desligamentos' END
  END
$$;--> statement-breakpoint
-- From the statement's own transition tables (a bulk insert counts once): what its living records
-- add and take away, for the organization that recorded them alone and for it and each one above
-- it, keys in their order (every writer locks in one order). The roll-up is locked in ROW EXCLUSIVE
-- before the paths are read, so a move of the tree (0063's trigger on `organizacao`) is waited for.
CREATE FUNCTION "pessoa_movimento_resumo_somar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO pessoa_movimento_resumo AS r (organizacao_id, subarvore, data, movimento, quantidade)
      SELECT k.organizacao_id, k.subarvore, m.data, pessoa_movimento_classe(m.tipo, m.forma), count(*)::int
      FROM novas m JOIN organizacao o ON o.id = m.organizacao_id
        CROSS JOIN LATERAL (SELECT o.id, false UNION ALL
          SELECT a::int, true FROM unnest(string_to_array(trim(BOTH '/' FROM o.caminho), '/')) AS a) k(organizacao_id, subarvore)
      WHERE m.excluido_em IS NULL AND pessoa_movimento_classe(m.tipo, m.forma) IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organizacao_id, subarvore, data, movimento) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO pessoa_movimento_resumo AS r (organizacao_id, subarvore, data, movimento, quantidade)
      SELECT k.organizacao_id, k.subarvore, m.data, pessoa_movimento_classe(m.tipo, m.forma), -count(*)::int
      FROM antigas m JOIN organizacao o ON o.id = m.organizacao_id
        CROSS JOIN LATERAL (SELECT o.id, false UNION ALL
          SELECT a::int, true FROM unnest(string_to_array(trim(BOTH '/' FROM o.caminho), '/')) AS a) k(organizacao_id, subarvore)
      WHERE m.excluido_em IS NULL AND pessoa_movimento_classe(m.tipo, m.forma) IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organizacao_id, subarvore, data, movimento) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  ELSE
    INSERT INTO pessoa_movimento_resumo AS r (organizacao_id, subarvore, data, movimento, quantidade)
      SELECT k.organizacao_id, k.subarvore, m.data, pessoa_movimento_classe(m.tipo, m.forma), sum(m.sinal)::int
      FROM (SELECT n.organizacao_id, n.data, n.tipo, n.forma, 1 AS sinal FROM novas n WHERE n.excluido_em IS NULL
        UNION ALL SELECT a.organizacao_id, a.data, a.tipo, a.forma, -1 FROM antigas a WHERE a.excluido_em IS NULL) m
        JOIN organizacao o ON o.id = m.organizacao_id
        CROSS JOIN LATERAL (SELECT o.id, false UNION ALL
          SELECT a::int, true FROM unnest(string_to_array(trim(BOTH '/' FROM o.caminho), '/')) AS a) k(organizacao_id, subarvore)
      WHERE pessoa_movimento_classe(m.tipo, m.forma) IS NOT NULL
      GROUP BY 1, 2, 3, 4 HAVING sum(m.sinal) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organizacao_id, subarvore, data, movimento) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pessoa_movimento_resumo_i" AFTER INSERT ON "pessoa_integracao" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_movimento_resumo_somar"();--> statement-breakpoint
CREATE TRIGGER "pessoa_movimento_resumo_u" AFTER UPDATE ON "pessoa_integracao"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_movimento_resumo_somar"();--> statement-breakpoint
CREATE TRIGGER "pessoa_movimento_resumo_d" AFTER DELETE ON "pessoa_integracao" REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_movimento_resumo_somar"();--> statement-breakpoint
-- An organization moved in the tree (its path and its descendants' changed): each moved one's own
-- rows leave the ancestors of its old path and join those of the new one. The roll-up is locked
-- against writers first: one still adding a record along the old path commits before the own rows
-- are read (and is moved with them), one after reads the new path. A new organization (no path
-- before) has recorded nothing yet.
CREATE FUNCTION "pessoa_movimento_resumo_arvore"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM depois d JOIN antes a ON a.id = d.id WHERE d.caminho <> a.caminho AND a.caminho <> '') THEN
    RETURN NULL;
  END IF;
  LOCK TABLE pessoa_movimento_resumo IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO pessoa_movimento_resumo AS r (organizacao_id, subarvore, data, movimento, quantidade)
    SELECT k.a::int, true, p.data, p.movimento, sum(m.sinal * p.quantidade)::int
    FROM (
      SELECT d.id, v.caminho, v.sinal FROM depois d JOIN antes a ON a.id = d.id
        CROSS JOIN LATERAL (VALUES (d.caminho, 1), (a.caminho, -1)) v(caminho, sinal)
      WHERE d.caminho <> a.caminho AND a.caminho <> ''
    ) m
    JOIN pessoa_movimento_resumo p ON p.organizacao_id = m.id AND NOT p.subarvore
    CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM m.caminho), '/')) AS k(a)
    GROUP BY 1, 2, 3, 4 HAVING sum(m.sinal * p.quantidade) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (organizacao_id, subarvore, data, movimento) DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Any update (a trigger with transition tables takes no column list); one that moves nothing returns at once.
CREATE TRIGGER "pessoa_movimento_resumo_arvore" AFTER UPDATE ON "organizacao"
  REFERENCING OLD TABLE AS antes NEW TABLE AS depois
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_movimento_resumo_arvore"();--> statement-breakpoint
-- Everything counted again from the records (here once; and what the tests compare the kept rows with).
CREATE FUNCTION "pessoa_movimento_resumo_reconstruir"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM pessoa_movimento_resumo;
  INSERT INTO pessoa_movimento_resumo (organizacao_id, subarvore, data, movimento, quantidade)
    SELECT k.organizacao_id, k.subarvore, m.data, pessoa_movimento_classe(m.tipo, m.forma), count(*)::int
    FROM pessoa_integracao m JOIN organizacao o ON o.id = m.organizacao_id
      CROSS JOIN LATERAL (SELECT o.id, false UNION ALL
        SELECT a::int, true FROM unnest(string_to_array(trim(BOTH '/' FROM o.caminho), '/')) AS a) k(organizacao_id, subarvore)
    WHERE m.excluido_em IS NULL AND pessoa_movimento_classe(m.tipo, m.forma) IS NOT NULL
    GROUP BY 1, 2, 3, 4
    -- In the key's order: a subtree's period lies in a few pages, not one page a row.
    ORDER BY 1, 2, 3, 4;
$$;--> statement-breakpoint
SELECT pessoa_movimento_resumo_reconstruir();--> statement-breakpoint
ANALYZE "pessoa_movimento_resumo";
