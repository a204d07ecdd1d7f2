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
-- Chained to the owner's totals (kept by 0036's triggers, plans cached) from their own transition
-- tables: what an upsert inserted or changed there is added to each ancestor of the owner, keys in
-- their order, after the owner's rows were taken in theirs: every writer locks in one order.
CREATE FUNCTION "conta_a_receber_total_arvore_somar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conta_a_receber_total_arvore AS t
      SELECT r.organizacao_id, r.filha_id, k.status, k.ano_competencia, k.mes_competencia, k.mes_vencimento,
        sum(k.quantidade), sum(k.valor_previsto), sum(k.valor_pago)
      FROM novas k JOIN organizacao o ON o.id = k.organizacao_id CROSS JOIN LATERAL organizacao_ramos(o.caminho) r
      GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organizacao_id, filha_id, status, ano_competencia, mes_competencia, mes_vencimento) DO UPDATE SET
      quantidade = t.quantidade + excluded.quantidade, valor_previsto = t.valor_previsto + excluded.valor_previsto,
      valor_pago = t.valor_pago + excluded.valor_pago;
  ELSE
    INSERT INTO conta_a_receber_total_arvore AS t
      SELECT r.organizacao_id, r.filha_id, k.status, k.ano_competencia, k.mes_competencia, k.mes_vencimento,
        sum(k.sinal * k.quantidade), sum(k.sinal * k.valor_previsto), sum(k.sinal * k.valor_pago)
      FROM (SELECT *, 1 AS sinal FROM novas UNION ALL SELECT *, -1 FROM antigas) k
        JOIN organizacao o ON o.id = k.organizacao_id CROSS JOIN LATERAL organizacao_ramos(o.caminho) r
      GROUP BY 1, 2, 3, 4, 5, 6
      HAVING sum(k.sinal * k.quantidade) <> 0 OR sum(k.sinal * k.valor_previsto) <> 0 OR sum(k.sinal * k.valor_pago) <> 0
      ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (organizacao_id, filha_id, status, ano_competencia, mes_competencia, mes_vencimento) DO UPDATE SET
      quantidade = t.quantidade + excluded.quantidade, valor_previsto = t.valor_previsto + excluded.valor_previsto,
      valor_pago = t.valor_pago + excluded.valor_pago;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- An upsert fires both: its inserted rows reach the first, its updated ones the second.
CREATE TRIGGER "conta_a_receber_total_arvore_i" AFTER INSERT ON "conta_a_receber_total" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "conta_a_receber_total_arvore_somar"();--> statement-breakpoint
CREATE TRIGGER "conta_a_receber_total_arvore_u" AFTER UPDATE ON "conta_a_receber_total"
  REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "conta_a_receber_total_arvore_somar"();--> statement-breakpoint
-- An organization moved in the tree (its path and its descendants' changed): what each moved
-- owner has leaves the ancestors of its old path and joins those of the new one. The owner totals
-- are locked against writers first: one still rolling a receivable up the old path commits before
-- they are read (and is moved with them), one after reads the new path. A new organization (no
-- path before) owns nothing yet.
CREATE FUNCTION "conta_a_receber_totais_arvore"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM depois d JOIN antes a ON a.id = d.id WHERE d.caminho <> a.caminho AND a.caminho <> '') THEN
    RETURN NULL;
  END IF;
  LOCK TABLE conta_a_receber_total IN SHARE ROW EXCLUSIVE MODE;
  INSERT INTO conta_a_receber_total_arvore AS t
    SELECT r.organizacao_id, r.filha_id, k.status, k.ano_competencia, k.mes_competencia, k.mes_vencimento,
      sum(m.sinal * k.quantidade), sum(m.sinal * k.valor_previsto), sum(m.sinal * k.valor_pago)
    FROM (
      SELECT d.id, v.caminho, v.sinal FROM depois d JOIN antes a ON a.id = d.id
        CROSS JOIN LATERAL (VALUES (d.caminho, 1), (a.caminho, -1)) v(caminho, sinal)
      WHERE d.caminho <> a.caminho AND a.caminho <> ''
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
-- Any update (a trigger with transition tables takes no column list); one that moves nothing returns at once.
CREATE TRIGGER "conta_a_receber_totais_arvore" AFTER UPDATE ON "organizacao"
  REFERENCING OLD TABLE AS antes NEW TABLE AS depois
  FOR EACH STATEMENT EXECUTE FUNCTION "conta_a_receber_totais_arvore"();--> statement-breakpoint
INSERT INTO "conta_a_receber_total_arvore"
  SELECT r.organizacao_id, r.filha_id, k.status, k.ano_competencia, k.mes_competencia, k.mes_vencimento,
    sum(k.quantidade), sum(k.valor_previsto), sum(k.valor_pago)
  FROM "conta_a_receber_total" k JOIN "organizacao" o ON o.id = k.organizacao_id
    CROSS JOIN LATERAL organizacao_ramos(o.caminho) r
  GROUP BY 1, 2, 3, 4, 5, 6;
