CREATE TABLE "ministerio_resumo" (
	"tipo_grupo_id" integer NOT NULL,
	"subarvore" boolean NOT NULL,
	"organizacao_id" integer NOT NULL,
	"ministerios" integer NOT NULL,
	CONSTRAINT "ministerio_resumo_pk" PRIMARY KEY("tipo_grupo_id","subarvore","organizacao_id")
);
--> statement-breakpoint
CREATE TABLE "ministerio_resumo_ano" (
	"ano" integer NOT NULL,
	"subarvore" boolean NOT NULL,
	"organizacao_id" integer NOT NULL,
	"informaram" integer NOT NULL,
	"reuniram" integer NOT NULL,
	"nao_reuniram" integer NOT NULL,
	"reunioes_realizadas" integer NOT NULL,
	"media_presentes" integer NOT NULL,
	"participantes_masculinos" integer NOT NULL,
	"participantes_femininos" integer NOT NULL,
	CONSTRAINT "ministerio_resumo_ano_pk" PRIMARY KEY("ano","subarvore","organizacao_id")
);
--> statement-breakpoint
CREATE INDEX "ministerio_resumo_organizacao_idx" ON "ministerio_resumo" USING btree ("organizacao_id","subarvore");
--> statement-breakpoint
-- The roll-up rows a record of organization `org` counts in: it alone, and it and each one above it.
CREATE FUNCTION "ministerio_resumo_destinos"(org integer) RETURNS TABLE (organizacao_id integer, subarvore boolean)
LANGUAGE sql STABLE AS $$
  SELECT org, false
  UNION ALL
  SELECT a::int, true FROM "organizacao" o, unnest(string_to_array(trim(BOTH '/' FROM o.caminho), '/')) AS a
  WHERE o.id = org
$$;--> statement-breakpoint
-- Adds `d` (1 or -1) times one year's figures of a ministry of organization `org`.
CREATE FUNCTION "ministerio_resumo_ano_somar"(org integer, e "ministerio_estatistica", d integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "ministerio_resumo_ano" AS r (ano, subarvore, organizacao_id, informaram, reuniram, nao_reuniram,
    reunioes_realizadas, media_presentes, participantes_masculinos, participantes_femininos)
  SELECT e.ano, k.subarvore, k.organizacao_id, d,
    CASE WHEN e.situacao = 'REUNIU' THEN d ELSE 0 END, CASE WHEN e.situacao = 'NAO_REUNIU' THEN d ELSE 0 END,
    d * e.reunioes_realizadas, CASE WHEN e.situacao = 'REUNIU' THEN d * e.media_presentes ELSE 0 END,
    d * e.participantes_masculinos, d * e.participantes_femininos
  FROM ministerio_resumo_destinos(org) k ORDER BY 2, 3
  ON CONFLICT (ano, subarvore, organizacao_id) DO UPDATE SET
    informaram = r.informaram + excluded.informaram, reuniram = r.reuniram + excluded.reuniram,
    nao_reuniram = r.nao_reuniram + excluded.nao_reuniram,
    reunioes_realizadas = r.reunioes_realizadas + excluded.reunioes_realizadas,
    media_presentes = r.media_presentes + excluded.media_presentes,
    participantes_masculinos = r.participantes_masculinos + excluded.participantes_masculinos,
    participantes_femininos = r.participantes_femininos + excluded.participantes_femininos
$$;--> statement-breakpoint
-- Adds `d` (1 or -1) times a living ministry: its kind's count and the total, and every year it reported.
CREATE FUNCTION "ministerio_resumo_somar"(m "ministerio", d integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ministerio_resumo" AS r (tipo_grupo_id, subarvore, organizacao_id, ministerios)
  SELECT t.tipo, k.subarvore, k.organizacao_id, d
  FROM ministerio_resumo_destinos(m.organizacao_id) k, (VALUES (m.tipo_grupo_id), (0)) AS t(tipo) ORDER BY 1, 2, 3
  ON CONFLICT (tipo_grupo_id, subarvore, organizacao_id) DO UPDATE SET ministerios = r.ministerios + excluded.ministerios;
  PERFORM ministerio_resumo_ano_somar(m.organizacao_id, e, d) FROM "ministerio_estatistica" e
  WHERE e.ministerio_id = m.id ORDER BY e.ano;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ministerio_resumo_iud"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.excluido_em IS NULL THEN
    PERFORM ministerio_resumo_somar(OLD, -1);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.excluido_em IS NULL THEN
    PERFORM ministerio_resumo_somar(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ministerio_resumo_iud" AFTER INSERT OR DELETE ON "ministerio" FOR EACH ROW
  EXECUTE FUNCTION "ministerio_resumo_iud"();--> statement-breakpoint
-- Only the columns counted: an edit of a name or a coordinator costs nothing.
CREATE TRIGGER "ministerio_resumo_u" AFTER UPDATE ON "ministerio" FOR EACH ROW
  WHEN ((OLD.organizacao_id, OLD.tipo_grupo_id, OLD.excluido_em IS NULL)
    IS DISTINCT FROM (NEW.organizacao_id, NEW.tipo_grupo_id, NEW.excluido_em IS NULL))
  EXECUTE FUNCTION "ministerio_resumo_iud"();--> statement-breakpoint
CREATE FUNCTION "ministerio_resumo_estatistica_iud"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    -- FOR SHARE: a ministry moved or deleted meanwhile waits for this write (and counts it) or is read as it is after.
    SELECT m.organizacao_id INTO org FROM "ministerio" m WHERE m.id = OLD.ministerio_id AND m.excluido_em IS NULL FOR SHARE;
    IF FOUND THEN
      PERFORM ministerio_resumo_ano_somar(org, OLD, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT m.organizacao_id INTO org FROM "ministerio" m WHERE m.id = NEW.ministerio_id AND m.excluido_em IS NULL FOR SHARE;
    IF FOUND THEN
      PERFORM ministerio_resumo_ano_somar(org, NEW, 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "ministerio_resumo_estatistica_iud" AFTER INSERT OR UPDATE OR DELETE ON "ministerio_estatistica"
  FOR EACH ROW EXECUTE FUNCTION "ministerio_resumo_estatistica_iud"();--> statement-breakpoint
-- Everything counted again from the ministries (once here, and when organizations holding ministries move).
CREATE FUNCTION "ministerio_resumo_reconstruir"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ministerio_resumo";
  DELETE FROM "ministerio_resumo_ano";
  INSERT INTO "ministerio_resumo" (tipo_grupo_id, subarvore, organizacao_id, ministerios)
  SELECT t.tipo, k.subarvore, k.organizacao_id, count(*)::int
  FROM "ministerio" m CROSS JOIN LATERAL ministerio_resumo_destinos(m.organizacao_id) k
    CROSS JOIN LATERAL (VALUES (m.tipo_grupo_id), (0)) AS t(tipo)
  WHERE m.excluido_em IS NULL
  GROUP BY 1, 2, 3;
  INSERT INTO "ministerio_resumo_ano" (ano, subarvore, organizacao_id, informaram, reuniram, nao_reuniram,
    reunioes_realizadas, media_presentes, participantes_masculinos, participantes_femininos)
  SELECT e.ano, k.subarvore, k.organizacao_id, count(*)::int,
    (count(*) FILTER (WHERE e.situacao = 'REUNIU'))::int, (count(*) FILTER (WHERE e.situacao = 'NAO_REUNIU'))::int,
    sum(e.reunioes_realizadas)::int, coalesce(sum(e.media_presentes) FILTER (WHERE e.situacao = 'REUNIU'), 0)::int,
    sum(e.participantes_masculinos)::int, sum(e.participantes_femininos)::int
  FROM "ministerio_estatistica" e JOIN "ministerio" m ON m.id = e.ministerio_id AND m.excluido_em IS NULL
    CROSS JOIN LATERAL ministerio_resumo_destinos(m.organizacao_id) k
  GROUP BY 1, 2, 3;
END
$$;--> statement-breakpoint
CREATE FUNCTION "ministerio_resumo_arvore"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM antes a JOIN depois d ON d.id = a.id AND d.caminho IS DISTINCT FROM a.caminho
      JOIN "ministerio" m ON m.organizacao_id = d.id) THEN
    PERFORM ministerio_resumo_reconstruir();
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An organization holding ministries moved in the tree: they now count for other ancestors (rare;
-- counted again). A new organization's path, set right after its insert, holds none and costs nothing.
CREATE TRIGGER "ministerio_resumo_arvore" AFTER UPDATE ON "organizacao"
  REFERENCING OLD TABLE AS antes NEW TABLE AS depois
  FOR EACH STATEMENT EXECUTE FUNCTION "ministerio_resumo_arvore"();--> statement-breakpoint
SELECT ministerio_resumo_reconstruir();
