-- Spec §5: selection dialogs take people up to a configured maximum (a system parameter).
INSERT INTO "parametro" ("nome", "valor", "ordem")
SELECT 'Máximo de pessoas por seleção', '500', 10
WHERE NOT EXISTS (SELECT 1 FROM "parametro" WHERE lower("nome") = lower('Máximo de pessoas por seleção') AND "excluido_em" IS NULL);
