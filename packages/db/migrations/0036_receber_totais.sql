CREATE TABLE "conta_a_receber_total" (
	"organizacao_id" integer NOT NULL,
	"status" text NOT NULL,
	"ano_competencia" smallint NOT NULL,
	"mes_competencia" smallint NOT NULL,
	"mes_vencimento" date NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_previsto" numeric(16, 2) NOT NULL,
	"valor_pago" numeric(16, 2) NOT NULL,
	CONSTRAINT "conta_a_receber_total_organizacao_id_status_ano_competencia_mes_competencia_mes_vencimento_pk" PRIMARY KEY("organizacao_id","status","ano_competencia","mes_competencia","mes_vencimento")
);
--> statement-breakpoint
CREATE INDEX "conta_a_receber_total_vencimento_idx" ON "conta_a_receber_total" USING btree ("mes_vencimento");--> statement-breakpoint
-- Kept per statement from its transition table (one grouped upsert for a bulk insert of 1M rows),
-- keys written in their order so that two writers take the rows' locks in the same order.
CREATE FUNCTION "conta_a_receber_totais"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO conta_a_receber_total AS t
      SELECT organizacao_id, status, ano_competencia, mes_competencia, date_trunc('month', vencimento)::date,
        count(*), sum(valor_previsto), coalesce(sum(valor_pago), 0)
      FROM novas GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organizacao_id, status, ano_competencia, mes_competencia, mes_vencimento) DO UPDATE SET
      quantidade = t.quantidade + excluded.quantidade, valor_previsto = t.valor_previsto + excluded.valor_previsto,
      valor_pago = t.valor_pago + excluded.valor_pago;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO conta_a_receber_total AS t
      SELECT organizacao_id, status, ano_competencia, mes_competencia, date_trunc('month', vencimento)::date,
        -count(*), -sum(valor_previsto), -coalesce(sum(valor_pago), 0)
      FROM antigas GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organizacao_id, status, ano_competencia, mes_competencia, mes_vencimento) DO UPDATE SET
      quantidade = t.quantidade + excluded.quantidade, valor_previsto = t.valor_previsto + excluded.valor_previsto,
      valor_pago = t.valor_pago + excluded.valor_pago;
  ELSE
    -- An update moves a row between keys, or changes its sums: new rows in, old rows out; an
    -- update touching none of the kept columns writes nothing.
    INSERT INTO conta_a_receber_total AS t
      SELECT organizacao_id, status, ano_competencia, mes_competencia, mes, sum(n), sum(previsto), sum(pago)
      FROM (
        SELECT organizacao_id, status, ano_competencia, mes_competencia, date_trunc('month', vencimento)::date AS mes,
          1 AS n, valor_previsto AS previsto, coalesce(valor_pago, 0) AS pago FROM novas
        UNION ALL
        SELECT organizacao_id, status, ano_competencia, mes_competencia, date_trunc('month', vencimento)::date,
          -1, -valor_previsto, -coalesce(valor_pago, 0) FROM antigas
      ) d
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(n) <> 0 OR sum(previsto) <> 0 OR sum(pago) <> 0
      ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organizacao_id, status, ano_competencia, mes_competencia, mes_vencimento) DO UPDATE SET
      quantidade = t.quantidade + excluded.quantidade, valor_previsto = t.valor_previsto + excluded.valor_previsto,
      valor_pago = t.valor_pago + excluded.valor_pago;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "conta_a_receber_totais_i" AFTER INSERT ON "conta_a_receber" REFERENCING NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "conta_a_receber_totais"();--> statement-breakpoint
CREATE TRIGGER "conta_a_receber_totais_u" AFTER UPDATE ON "conta_a_receber" REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
  FOR EACH STATEMENT EXECUTE FUNCTION "conta_a_receber_totais"();--> statement-breakpoint
CREATE TRIGGER "conta_a_receber_totais_d" AFTER DELETE ON "conta_a_receber" REFERENCING OLD TABLE AS antigas
  FOR EACH STATEMENT EXECUTE FUNCTION "conta_a_receber_totais"();--> statement-breakpoint
INSERT INTO "conta_a_receber_total"
  SELECT organizacao_id, status, ano_competencia, mes_competencia, date_trunc('month', vencimento)::date,
    count(*), sum(valor_previsto), coalesce(sum(valor_pago), 0)
  FROM "conta_a_receber" GROUP BY 1, 2, 3, 4, 5;
