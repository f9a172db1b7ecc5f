-- Catalogue CSV imports (issue 25 §3, ADR 70): the file and its preview, each line's outcome, and
-- the records an applied import made or changed, before and after, for its undo.
CREATE TABLE "catalogue_import_lines" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"outcome" text NOT NULL,
	"handle" text DEFAULT '' NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"detail" jsonb NOT NULL,
	CONSTRAINT "catalogue_import_lines_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "catalogue_import_records" (
	"import_id" integer NOT NULL,
	"kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	CONSTRAINT "catalogue_import_records_import_id_kind_record_id_pk" PRIMARY KEY("import_id","kind","record_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"csv" text NOT NULL,
	"plan_hash" text NOT NULL,
	"counts" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone,
	"undone_by" integer,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalogue_import_lines" ADD CONSTRAINT "catalogue_import_lines_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_import_records" ADD CONSTRAINT "catalogue_import_records_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_import_lines_outcome_idx" ON "catalogue_import_lines" USING btree ("import_id","outcome","line");