ALTER TABLE "migracao" ADD COLUMN "a_importar" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "migracao" ADD COLUMN "importadas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "migracao" ADD COLUMN "falhas_importacao" integer DEFAULT 0 NOT NULL;