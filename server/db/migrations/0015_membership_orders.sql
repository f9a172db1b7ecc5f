CREATE TABLE "membership_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"months" integer,
	"taken_back_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_orders_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_membership_plan_id_membership_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "membership_months" integer;--> statement-breakpoint
ALTER TABLE "membership_orders" ADD CONSTRAINT "membership_orders_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_orders" ADD CONSTRAINT "membership_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_membership_plan_id_membership_plans_id_fk" FOREIGN KEY ("membership_plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
UPDATE "orders" SET "membership_months" = p."months" FROM "membership_plans" p WHERE p."id" = "orders"."membership_plan_id";--> statement-breakpoint
INSERT INTO "membership_orders" ("membership_id", "order_id", "months") SELECT m."id", m."order_id", o."membership_months" FROM "memberships" m JOIN "orders" o ON o."id" = m."order_id" WHERE m."order_id" IS NOT NULL;
