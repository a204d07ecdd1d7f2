CREATE TABLE "pessoa_movimento_perfil" (
	"organizacao_id" integer NOT NULL,
	"subarvore" boolean NOT NULL,
	"grao" smallint NOT NULL,
	"inicio" date NOT NULL,
	"movimento" text NOT NULL,
	"tipo_pessoa_id" integer NOT NULL,
	"status" text NOT NULL,
	"titular" boolean NOT NULL,
	"completo" boolean NOT NULL,
	"ativa" boolean NOT NULL,
	"quantidade" integer NOT NULL,
	CONSTRAINT "pessoa_movimento_perfil_pk" PRIMARY KEY("organizacao_id","subarvore","grao","inicio","movimento","tipo_pessoa_id","status","titular","completo","ativa")
);
--> statement-breakpoint
DROP TABLE "pessoa_movimento_resumo" CASCADE;--> statement-breakpoint
-- The records' roll-up of 0064 is replaced by this one, which also answers the person filters.
DROP TRIGGER "pessoa_movimento_resumo_i" ON "pessoa_integracao";--> statement-breakpoint
DROP TRIGGER "pessoa_movimento_resumo_u" ON "pessoa_integracao";--> statement-breakpoint
DROP TRIGGER "pessoa_movimento_resumo_d" ON "pessoa_integracao";--> statement-breakpoint
DROP TRIGGER "pessoa_movimento_resumo_arvore" ON "organizacao";--> statement-breakpoint
DROP FUNCTION "pessoa_movimento_resumo_somar"();--> statement-breakpoint
DROP FUNCTION "pessoa_movimento_resumo_arvore"();--> statement-breakpoint
DROP FUNCTION "pessoa_movimento_resumo_reconstruir"();--> statement-breakpoint
-- A record's rows: the organization that recorded it alone and it and each one above it (its
-- path), each for the day, the month and the year of the record's date.
CREATE FUNCTION "pessoa_movimento_chaves"(org integer, caminho text, dia date)
  RETURNS TABLE (organizacao_id integer, subarvore boolean, grao smallint, inicio date) LANGUAGE sql IMMUTABLE AS $$
  SELECT k.o, k.s, g.g, CASE g.g WHEN 0 THEN dia WHEN 1 THEN date_trunc('month', dia::timestamp)::date
    ELSE date_trunc('year', dia::timestamp)::date END
  FROM (SELECT org, false UNION ALL
    SELECT a::int, true FROM unnest(string_to_array(trim(BOTH '/' FROM caminho), '/')) AS a) k(o, s)
  CROSS JOIN (VALUES (0::smallint), (1::smallint), (2::smallint)) g(g)
$$;--> statement-breakpoint
-- What the statement's living records add (1) and take away (-1), with their people's attributes
-- as they are now. The people are locked FOR SHARE first, in id order: a concurrent change of a
-- person's counted attributes (`pessoa_movimento_perfil_pessoa`) either commits before (and is
-- read here) or waits for this transaction (and then sees these records). Keys in their order.
CREATE FUNCTION "pessoa_movimento_perfil_somar"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  registros text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT pessoa_id, organizacao_id, data, tipo, forma, 1 AS sinal FROM novas WHERE excluido_em IS NULL'
    WHEN 'DELETE' THEN 'SELECT pessoa_id, organizacao_id, data, tipo, forma, -1 AS sinal FROM antigas WHERE excluido_em IS NULL'
    ELSE 'SELECT pessoa_id, organizacao_id, data, tipo, forma, 1 AS sinal FROM novas WHERE excluido_em IS NULL
      UNION ALL SELECT pessoa_id, organizacao_id, data, tipo, forma, -1 FROM antigas WHERE excluido_em IS NULL' END;
BEGIN
  EXECUTE format($q$
    WITH m AS MATERIALIZED (%s),
    p AS MATERIALIZED (
      SELECT p.id, coalesce(p.tipo_pessoa_id, 0) AS tipo_pessoa_id, p.status, p.titular,
        (p.sobrenome <> '' AND p.sexo IS NOT NULL AND p.data_nascimento IS NOT NULL AND p.tipo_pessoa_id IS NOT NULL
          AND NOT p.pre_cadastro) AS completo, p.excluido_em IS NULL AS ativa
      FROM pessoa p WHERE p.id IN (SELECT pessoa_id FROM m) ORDER BY p.id FOR SHARE
    )
    INSERT INTO pessoa_movimento_perfil AS r (organizacao_id, subarvore, grao, inicio, movimento,
        tipo_pessoa_id, status, titular, completo, ativa, quantidade)
      SELECT k.organizacao_id, k.subarvore, k.grao, k.inicio, pessoa_movimento_classe(m.tipo, m.forma),
        p.tipo_pessoa_id, p.status, p.titular, p.completo, p.ativa, sum(m.sinal)::int
      FROM m JOIN p ON p.id = m.pessoa_id JOIN organizacao o ON o.id = m.organizacao_id
        CROSS JOIN LATERAL pessoa_movimento_chaves(o.id, o.caminho, m.data) k
      WHERE pessoa_movimento_classe(m.tipo, m.forma) IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(m.sinal) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT (organizacao_id, subarvore, grao, inicio, movimento, tipo_pessoa_id, status, titular, completo, ativa)
    DO UPDATE SET quantidade = r.quantidade + excluded.quantidade$q$, registros);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pessoa_movimento_perfil_i" AFTER INSERT ON "pessoa_integracao" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_movimento_perfil_somar"();--> statement-breakpoint
CREATE TRIGGER "pessoa_movimento_perfil_u" AFTER UPDATE ON "pessoa_integracao"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_movimento_perfil_somar"();--> statement-breakpoint
CREATE TRIGGER "pessoa_movimento_perfil_d" AFTER DELETE ON "pessoa_integracao" REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_movimento_perfil_somar"();--> statement-breakpoint
-- A person's counted attributes changed (type, status, holder, complete record, deleted): their
-- living records leave the old attributes' rows and join the new ones'. A person is inserted
-- without records and cannot be deleted with them (the records' foreign key).
CREATE FUNCTION "pessoa_movimento_perfil_pessoa"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pessoa_movimento_perfil AS r (organizacao_id, subarvore, grao, inicio, movimento,
      tipo_pessoa_id, status, titular, completo, ativa, quantidade)
    SELECT k.organizacao_id, k.subarvore, k.grao, k.inicio, pessoa_movimento_classe(m.tipo, m.forma),
      v.tipo_pessoa_id, v.status, v.titular, v.completo, v.ativa, sum(v.sinal)::int
    FROM pessoa_integracao m JOIN organizacao o ON o.id = m.organizacao_id
      CROSS JOIN (VALUES
        (coalesce(OLD.tipo_pessoa_id, 0), OLD.status, OLD.titular, OLD.sobrenome <> '' AND OLD.sexo IS NOT NULL
          AND OLD.data_nascimento IS NOT NULL AND OLD.tipo_pessoa_id IS NOT NULL AND NOT OLD.pre_cadastro,
          OLD.excluido_em IS NULL, -1),
        (coalesce(NEW.tipo_pessoa_id, 0), NEW.status, NEW.titular, NEW.sobrenome <> '' AND NEW.sexo IS NOT NULL
          AND NEW.data_nascimento IS NOT NULL AND NEW.tipo_pessoa_id IS NOT NULL AND NOT NEW.pre_cadastro,
          NEW.excluido_em IS NULL, 1)
      ) v(tipo_pessoa_id, status, titular, completo, ativa, sinal)
      CROSS JOIN LATERAL pessoa_movimento_chaves(o.id, o.caminho, m.data) k
    WHERE m.pessoa_id = NEW.id AND m.excluido_em IS NULL AND pessoa_movimento_classe(m.tipo, m.forma) IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(v.sinal) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT (organizacao_id, subarvore, grao, inicio, movimento, tipo_pessoa_id, status, titular, completo, ativa)
  DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Only the attributes counted: an edit of a name or an address costs nothing.
CREATE TRIGGER "pessoa_movimento_perfil_pessoa" AFTER UPDATE ON "pessoa" FOR EACH ROW
  WHEN ((OLD.tipo_pessoa_id, OLD.status, OLD.titular, OLD.sobrenome = '', OLD.sexo IS NULL,
      OLD.data_nascimento IS NULL, OLD.pre_cadastro, OLD.excluido_em IS NULL)
    IS DISTINCT FROM (NEW.tipo_pessoa_id, NEW.status, NEW.titular, NEW.sobrenome = '', NEW.sexo IS NULL,
      NEW.data_nascimento IS NULL, NEW.pre_cadastro, NEW.excluido_em IS NULL))
  EXECUTE FUNCTION "pessoa_movimento_perfil_pessoa"();--> statement-breakpoint
-- An organization moved in the tree (as 0064): each moved one's own rows leave the ancestors of its
-- old path and join those of the new one, after locking the roll-up against writers.
CREATE FUNCTION "pessoa_movimento_perfil_arvore"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM depois d JOIN antes a ON a.id = d.id WHERE d.caminho <> a.caminho AND a.caminho <> '') THEN
    RETURN NULL;
  END IF;
  LOCK TABLE pessoa_movimento_perfil IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO pessoa_movimento_perfil AS r (organizacao_id, subarvore, grao, inicio, movimento,
      tipo_pessoa_id, status, titular, completo, ativa, quantidade)
    SELECT k.a::int, true, p.grao, p.inicio, p.movimento, p.tipo_pessoa_id, p.status, p.titular, p.completo, p.ativa,
      sum(m.sinal * p.quantidade)::int
    FROM (
      SELECT d.id, v.caminho, v.sinal FROM depois d JOIN antes a ON a.id = d.id
        CROSS JOIN LATERAL (VALUES (d.caminho, 1), (a.caminho, -1)) v(caminho, sinal)
      WHERE d.caminho <> a.caminho AND a.caminho <> ''
    ) m
    JOIN pessoa_movimento_perfil p ON p.organizacao_id = m.id AND NOT p.subarvore
    CROSS JOIN LATERAL unnest(string_to_array(trim(BOTH '/' FROM m.caminho), '/')) AS k(a)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(m.sinal * p.quantidade) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ON CONFLICT (organizacao_id, subarvore, grao, inicio, movimento, tipo_pessoa_id, status, titular, completo, ativa)
  DO UPDATE SET quantidade = r.quantidade + excluded.quantidade;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pessoa_movimento_perfil_arvore" AFTER UPDATE ON "organizacao"
  REFERENCING OLD TABLE AS antes NEW TABLE AS depois
  FOR EACH STATEMENT EXECUTE FUNCTION "pessoa_movimento_perfil_arvore"();--> statement-breakpoint
-- Everything counted again from the records and their people (here once; and what the tests
-- compare the kept rows with).
CREATE FUNCTION "pessoa_movimento_perfil_reconstruir"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM pessoa_movimento_perfil;
  INSERT INTO pessoa_movimento_perfil (organizacao_id, subarvore, grao, inicio, movimento,
      tipo_pessoa_id, status, titular, completo, ativa, quantidade)
    SELECT k.organizacao_id, k.subarvore, k.grao, k.inicio, pessoa_movimento_classe(m.tipo, m.forma),
      coalesce(p.tipo_pessoa_id, 0), p.status, p.titular,
      (p.sobrenome <> '' AND p.sexo IS NOT NULL AND p.data_nascimento IS NOT NULL AND p.tipo_pessoa_id IS NOT NULL
        AND NOT p.pre_cadastro), p.excluido_em IS NULL, count(*)::int
    FROM pessoa_integracao m JOIN pessoa p ON p.id = m.pessoa_id JOIN organizacao o ON o.id = m.organizacao_id
      CROSS JOIN LATERAL pessoa_movimento_chaves(o.id, o.caminho, m.data) k
    WHERE m.excluido_em IS NULL AND pessoa_movimento_classe(m.tipo, m.forma) IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    -- In the key's order: a subtree's period lies in a few pages, not one page a row.
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;
$$;--> statement-breakpoint
SELECT pessoa_movimento_perfil_reconstruir();--> statement-breakpoint
ANALYZE "pessoa_movimento_perfil";
