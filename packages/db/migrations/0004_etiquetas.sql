CREATE TABLE "configuracao_etiqueta" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "configuracao_etiqueta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluido_em" timestamp with time zone,
	"tamanho_papel" text NOT NULL,
	"linhas" smallint NOT NULL,
	"colunas" smallint NOT NULL,
	"quantidade" smallint NOT NULL,
	"margem_superior" double precision DEFAULT 0 NOT NULL,
	"margem_esquerda" double precision DEFAULT 0 NOT NULL,
	"largura_etiqueta" double precision NOT NULL,
	"altura_etiqueta" double precision NOT NULL,
	"espaco_horizontal" double precision DEFAULT 0 NOT NULL,
	"espaco_vertical" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "configuracao_etiqueta_nome_uq" ON "configuracao_etiqueta" USING btree (lower("nome")) WHERE "configuracao_etiqueta"."excluido_em" is null;--> statement-breakpoint
INSERT INTO "configuracao_etiqueta" ("nome", "tamanho_papel", "linhas", "colunas", "quantidade", "margem_superior", "margem_esquerda", "largura_etiqueta", "altura_etiqueta", "espaco_horizontal", "espaco_vertical") VALUES
  ('Pimaco 6180 (Carta, 30 por folha)', 'CARTA', 10, 3, 30, 12.7, 4.8, 66.7, 25.4, 3.1, 0),
  ('Pimaco A4256 (A4, 21 por folha)', 'A4', 7, 3, 21, 15.1, 7.2, 63.5, 38.1, 2.5, 0);
