ALTER TABLE "evento_provedor" ADD COLUMN "tentativas" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "evento_provedor" ADD COLUMN "erro" text;