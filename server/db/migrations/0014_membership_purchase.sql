ALTER TABLE "carts" ADD COLUMN "membership_plan_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "membership_plan_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_membership_plan_id_membership_plans_id_fk" FOREIGN KEY ("membership_plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_membership_plan_id_membership_plans_id_fk" FOREIGN KEY ("membership_plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_order_id_unique" UNIQUE("order_id");