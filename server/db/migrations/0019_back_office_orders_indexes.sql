-- The back office reads the delivery country and the buyer's name out of an order's address
-- snapshot (JSON text) to filter and search orders (ADR 60). Text that is not JSON (none that the
-- shop writes, but the column is plain text) reads as no country and no name, never an error.
CREATE FUNCTION order_ship_country(address text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  RETURN upper(address::jsonb ->> 'country');
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION order_buyer_words(address text) RETURNS tsvector LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  snapshot jsonb;
BEGIN
  snapshot := address::jsonb;
  RETURN to_tsvector('simple'::regconfig,
    concat_ws(' ', snapshot ->> 'firstName', snapshot ->> 'lastName', snapshot ->> 'company'));
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_country_created_idx" ON "orders" USING btree (order_ship_country("delivery_address"),"created_at","id");--> statement-breakpoint
CREATE INDEX "orders_email_prefix_idx" ON "orders" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_buyer_words_idx" ON "orders" USING gin (order_buyer_words("delivery_address"));--> statement-breakpoint
CREATE INDEX "mail_jobs_to_idx" ON "mail_jobs" USING btree ("to");