ALTER TABLE "oficio" ADD COLUMN "texto_rico" jsonb;--> statement-breakpoint
ALTER TABLE "oficio_template" ADD COLUMN "corpo_rico" jsonb;