ALTER TABLE "cobranca" ADD COLUMN "linha_digitavel" text;--> statement-breakpoint
ALTER TABLE "cobranca" ADD COLUMN "codigo_barras" text;--> statement-breakpoint
ALTER TABLE "cobranca" ADD COLUMN "pix_copia_e_cola" text;