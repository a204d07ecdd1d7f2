CREATE TABLE "conta_a_receber_total_arvore" (
	"organizacao_id" integer NOT NULL,
	"filha_id" integer NOT NULL,
	"status" text NOT NULL,
	"ano_competencia" smallint NOT NULL,
	"mes_competencia" smallint NOT NULL,
	"mes_vencimento" date NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_previsto" numeric(16, 2) NOT NULL,
	"valor_pago" numeric(16, 2) NOT NULL,
	CONSTRAINT "conta_a_receber_total_arvore_organizacao_id_filha_id_status_ano_competencia_mes_competencia_mes_vencimento_pk" PRIMARY KEY("organizacao_id","filha_id","status","ano_competencia","mes_competencia","mes_vencimento")
);
--> statement-breakpoint
DROP INDEX "conta_a_receber_total_vencimento_idx";--> statement-breakpoint
-- The (ancestor, its child on the way down) pairs of an organization's path: '/1/5/23/' gives
-- (1, 5) and (5, 23); a root gives none.
CREATE FUNCTION "organizacao_ramos"(caminho text) RETURNS TABLE (organizacao_id integer, filha_id integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT a, f FROM (SELECT string_to_array(trim(BOTH '/' FROM caminho), '/')::int[] AS p) c,
    unnest(c.p[1:cardinality(c.p) - 1], c.p[2:]) AS r(a, f)
$$;--> statement-breakpoint
-- One statement per trigger from its transition tables, as before (0036), now also rolling the
-- change up the owner's path. Both tables' keys are written in their order by every writer, in the
-- same statement shape, so two writers take the rows' locks in one order; an update touching none
-- of the kept columns writes nothing.
CREATE OR REPLACE FUNCTION "conta_a_receber_totais"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($f$
    WITH d AS (
      SELECT organizacao_id, status, ano_competencia, mes_competencia, date_trunc('month', vencimento)::date AS mes,
        sum(sinal)::int AS n, sum(sinal * valor_previsto) AS previsto, sum(sinal * coalesce(valor_pago, 0)) AS pago
      FROM (%s) c
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(sinal) <> 0 OR sum(sinal * valor_previsto) <> 0 OR sum(sinal * coalesce(valor_pago, 0)) <> 0
    ), dona AS (
      INSERT INTO conta_a_receber_total AS t SELECT * FROM d ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (organizacao_id, status, ano_competencia, mes_competencia, mes_vencimento) DO UPDATE SET
        quantidade = t.quantidade + excluded.quantidade, valor_previsto = t.valor_previsto + excluded.valor_previsto,
        valor_pago = t.valor_pago + excluded.valor_pago
    )
    INSERT INTO conta_a_receber_total_arvore AS t
      SELECT r.organizacao_id, r.filha_id, d.status, d.ano_competencia, d.mes_competencia, d.mes,
        sum(d.n), sum(d.previsto), sum(d.pago)
      FROM d JOIN organizacao o ON o.id = d.organizacao_id CROSS JOIN LATERAL organizacao_ramos(o.caminho) r
      GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organizacao_id, filha_id, status, ano_competencia, mes_competencia, mes_vencimento) DO UPDATE SET
      quantidade = t.quantidade + excluded.quantidade, valor_previsto = t.valor_previsto + excluded.valor_previsto,
      valor_pago = t.valor_pago + excluded.valor_pago
  $f$, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS sinal FROM novas'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS sinal FROM antigas'
    ELSE 'SELECT *, 1 AS sinal FROM novas UNION ALL SELECT *, -1 FROM antigas' END);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An organization moved in the tree (its path and its descendants' changed): what each moved
-- owner has leaves the ancestors of its old path and joins those of the new one.
CREATE FUNCTION "conta_a_receber_totais_arvore"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO conta_a_receber_total_arvore AS t
    SELECT r.organizacao_id, r.filha_id, k.status, k.ano_competencia, k.mes_competencia, k.mes_vencimento,
      sum(m.sinal * k.quantidade), sum(m.sinal * k.valor_previsto), sum(m.sinal * k.valor_pago)
    FROM (
      SELECT d.id, v.caminho, v.sinal FROM depois d JOIN antes a ON a.id = d.id
        CROSS JOIN LATERAL (VALUES (d.caminho, 1), (a.caminho, -1)) v(caminho, sinal)
      WHERE d.caminho <> a.caminho
    ) m
    JOIN conta_a_receber_total k ON k.organizacao_id = m.id
    CROSS JOIN LATERAL organizacao_ramos(m.caminho) r
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(m.sinal * k.quantidade) <> 0 OR sum(m.sinal * k.valor_previsto) <> 0 OR sum(m.sinal * k.valor_pago) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (organizacao_id, filha_id, status, ano_competencia, mes_competencia, mes_vencimento) DO UPDATE SET
    quantidade = t.quantidade + excluded.quantidade, valor_previsto = t.valor_previsto + excluded.valor_previsto,
    valor_pago = t.valor_pago + excluded.valor_pago;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Any update (a trigger with transition tables takes no column list); one that moves nothing joins no row.
CREATE TRIGGER "conta_a_receber_totais_arvore" AFTER UPDATE ON "organizacao"
  REFERENCING OLD TABLE AS antes NEW TABLE AS depois
  FOR EACH STATEMENT EXECUTE FUNCTION "conta_a_receber_totais_arvore"();--> statement-breakpoint
INSERT INTO "conta_a_receber_total_arvore"
  SELECT r.organizacao_id, r.filha_id, k.status, k.ano_competencia, k.mes_competencia, k.mes_vencimento,
    sum(k.quantidade), sum(k.valor_previsto), sum(k.valor_pago)
  FROM "conta_a_receber_total" k JOIN "organizacao" o ON o.id = k.organizacao_id
    CROSS JOIN LATERAL organizacao_ramos(o.caminho) r
  GROUP BY 1, 2, 3, 4, 5, 6;
