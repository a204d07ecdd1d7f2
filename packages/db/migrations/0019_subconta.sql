CREATE TABLE "subconta" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subconta_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organizacao_id" integer NOT NULL,
	"provedor_id" text,
	"wallet_id" text,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"cpf_cnpj" text NOT NULL,
	"celular" text NOT NULL,
	"renda_mensal" numeric(14, 2) NOT NULL,
	"endereco" text NOT NULL,
	"numero" text NOT NULL,
	"complemento" text,
	"bairro" text NOT NULL,
	"cep" text NOT NULL,
	"tipo_empresa" text,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subconta" ADD CONSTRAINT "subconta_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subconta" ADD CONSTRAINT "subconta_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subconta_organizacao_uq" ON "subconta" USING btree ("organizacao_id");