-- Hand-written: the trigram operator classes of the product search indexes below (ADR 72); PGlite loads the extension in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ALTER COLUMN "plan_hash" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "catalogue_imports" ALTER COLUMN "counts" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "progress_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "progress_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "applied" jsonb;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "variants_sku_trgm_idx" ON "variants" USING gin ("sku" gin_trgm_ops);