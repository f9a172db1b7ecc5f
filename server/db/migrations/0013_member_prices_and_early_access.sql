ALTER TABLE "products" ADD COLUMN "public_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "member_price" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "member_savings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD CONSTRAINT "variants_member_price_range" CHECK ("variants"."member_price" is null or "variants"."member_price" between 0 and "variants"."price");