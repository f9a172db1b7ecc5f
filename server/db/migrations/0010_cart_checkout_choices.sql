ALTER TABLE "carts" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "delivery_method_id" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "promo_code" text;