CREATE TABLE "roles" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
-- The four roles (ADR 39) exist before any user can point at one.
INSERT INTO "roles" ("name", "description", "scopes") VALUES
	('customer', 'Shops, and manages their own account.', '[]'::jsonb),
	('editor', 'Writes news, exclusives and the shop''s pages.', '["content"]'::jsonb),
	('staff', 'Runs orders: marks them paid, ships, cancels and refunds.', '["staff"]'::jsonb),
	('owner', 'Everything: content, orders, plans, countries and feature flags.', '["owner","content","staff","settings"]'::jsonb);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL,
	"name" text NOT NULL,
	"alternative_text" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_files_document_id_unique" UNIQUE("document_id")
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone DEFAULT now(),
	CONSTRAINT "news_categories_document_id_unique" UNIQUE("document_id"),
	CONSTRAINT "news_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "news_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL,
	"section" text DEFAULT 'news' NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"category_id" integer,
	"cover_id" integer,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "news_posts_document_id_unique" UNIQUE("document_id"),
	CONSTRAINT "news_posts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "news_posts_exclusives_members_only" CHECK ("news_posts"."section" <> 'exclusives' or "news_posts"."members_only")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"members_only" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"in_sitemap" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "pages_document_id_unique" UNIQUE("document_id"),
	CONSTRAINT "pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"months" integer,
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discount_basis_points" integer DEFAULT 0 NOT NULL,
	"free_delivery" boolean DEFAULT false NOT NULL,
	"early_access" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone DEFAULT now(),
	CONSTRAINT "membership_plans_document_id_unique" UNIQUE("document_id"),
	CONSTRAINT "membership_plans_slug_unique" UNIQUE("slug"),
	CONSTRAINT "membership_plans_price_not_negative" CHECK ("membership_plans"."price" >= 0),
	CONSTRAINT "membership_plans_discount_range" CHECK ("membership_plans"."discount_basis_points" between 0 and 10000),
	CONSTRAINT "membership_plans_months_positive" CHECK ("membership_plans"."months" is null or "membership_plans"."months" > 0)
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"renews" boolean DEFAULT true NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "feature_flags" ADD COLUMN "document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD COLUMN "document_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 24) NOT NULL;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_category_id_news_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."news_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_posts" ADD CONSTRAINT "news_posts_cover_id_media_files_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."media_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_posts_listing_idx" ON "news_posts" USING btree ("section","published_at");--> statement-breakpoint
CREATE INDEX "news_posts_category_idx" ON "news_posts" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_active_per_user" ON "memberships" USING btree ("user_id") WHERE "memberships"."active";--> statement-breakpoint
CREATE INDEX "memberships_ends_idx" ON "memberships" USING btree ("ends_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_roles_name_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_document_id_unique" UNIQUE("document_id");--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_document_id_unique" UNIQUE("document_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_document_id_unique" UNIQUE("document_id");--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "feature_flags" ADD CONSTRAINT "feature_flags_document_id_unique" UNIQUE("document_id");--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_id_unique" UNIQUE("id");--> statement-breakpoint
ALTER TABLE "vat_rates" ADD CONSTRAINT "vat_rates_document_id_unique" UNIQUE("document_id");