ALTER TABLE "catalogue_imports" ALTER COLUMN "plan_hash" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "catalogue_imports" ALTER COLUMN "counts" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "phase" text;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "progress_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "progress_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN "applied" jsonb;