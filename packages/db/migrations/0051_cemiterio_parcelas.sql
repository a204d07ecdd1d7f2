CREATE TABLE "arrendatario_parcela" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "arrendatario_parcela_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"arrendatario_id" integer NOT NULL,
	"conta_a_receber_id" integer NOT NULL,
	"origem" text NOT NULL,
	"referencia" date NOT NULL,
	"numero" integer NOT NULL,
	"de" integer NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "falecido" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (lower(translate(nome, 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ', 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "arrendatario_parcela" ADD CONSTRAINT "arrendatario_parcela_arrendatario_id_arrendatario_id_fk" FOREIGN KEY ("arrendatario_id") REFERENCES "public"."arrendatario"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "arrendatario_parcela" ADD CONSTRAINT "arrendatario_parcela_conta_a_receber_id_conta_a_receber_id_fk" FOREIGN KEY ("conta_a_receber_id") REFERENCES "public"."conta_a_receber"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "arrendatario_parcela_conta_uq" ON "arrendatario_parcela" USING btree ("conta_a_receber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "arrendatario_parcela_evento_uq" ON "arrendatario_parcela" USING btree ("arrendatario_id","origem","referencia","numero");--> statement-breakpoint
CREATE INDEX "falecido_nome_busca_trgm_idx" ON "falecido" USING gin ("nome_busca" gin_trgm_ops);