ALTER TABLE "organizacao_endereco" ADD COLUMN "estado_id" integer;--> statement-breakpoint
ALTER TABLE "organizacao_endereco" ADD CONSTRAINT "organizacao_endereco_estado_id_estado_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estado"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- An organization's address names its state beside the city (the city list is filtered by it): the city's state.
UPDATE "organizacao_endereco" e SET "estado_id" = c."estado_id" FROM "cidade" c WHERE c."id" = e."cidade_id";
