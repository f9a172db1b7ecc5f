-- The back office filters and searches orders by the delivery country and the buyer's name, which
-- live in the order's address snapshot (JSON text): two generated columns read them out once, when
-- an order is written, so no query parses JSON (ADR 60). Text that is not JSON (none that the shop
-- writes, but the column is plain text) reads as no country and no name, never an error: the
-- exception block is a subtransaction, which is why the functions are costly (COST 1000) and not
-- parallel safe (a parallel worker cannot start one).
CREATE FUNCTION order_ship_country(address text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT COST 1000 AS $$
BEGIN
  RETURN upper(address::jsonb ->> 'country');
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION order_buyer_words(address text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE STRICT COST 1000 AS $$
DECLARE
  snapshot jsonb;
BEGIN
  snapshot := address::jsonb;
  RETURN to_tsvector('simple'::regconfig,
    concat_ws(' ', snapshot ->> 'firstName', snapshot ->> 'lastName', snapshot ->> 'company'));
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_country" text GENERATED ALWAYS AS (order_ship_country(delivery_address)) STORED;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_words" "tsvector" GENERATED ALWAYS AS (order_buyer_words(delivery_address)) STORED;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree ("ship_country","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_buyer_words_idx" ON "orders" USING gin ("buyer_words");--> statement-breakpoint
CREATE INDEX "payments_status_updated_idx" ON "payments" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "mail_jobs_to_idx" ON "mail_jobs" USING btree ("to");