ALTER TABLE "orders" ADD COLUMN "placed_from" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mailbox" text;--> statement-breakpoint
CREATE INDEX "orders_unpaid_from_idx" ON "orders" USING btree ("placed_from") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
CREATE INDEX "orders_unpaid_mailbox_idx" ON "orders" USING btree ("mailbox") WHERE "orders"."status" = 'awaiting_payment';--> statement-breakpoint
-- Written by hand below (ADR 50): the mailbox of each order still unpaid, and promo redemptions
-- keyed by mailbox rather than by spelling, both by mailboxKey's rule (rate-limit/mailbox-key.ts):
-- lower-cased, a `+tag` dropped from the local part, Gmail's dots dropped under gmail.com.
CREATE FUNCTION pg_temp.shop_mailbox_key(address text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p.local IS NULL OR p.local = '' THEN p.addr
    WHEN p.domain IN ('gmail.com', 'googlemail.com') THEN coalesce(nullif(replace(p.base, '.', ''), ''), p.base) || '@gmail.com'
    ELSE p.base || '@' || p.domain
  END
  FROM (
    SELECT a.addr, a.local, a.domain,
           CASE WHEN position('+' IN a.local) > 1 THEN split_part(a.local, '+', 1) ELSE a.local END AS base
    FROM (
      SELECT lower(btrim(address)) AS addr,
             substring(lower(btrim(address)) FROM '^(.*)@[^@]*$') AS local,
             substring(lower(btrim(address)) FROM '@([^@]*)$') AS domain
    ) a
  ) p
$$;--> statement-breakpoint
UPDATE "orders" SET "mailbox" = pg_temp.shop_mailbox_key("email") WHERE "status" = 'awaiting_payment';--> statement-breakpoint
-- Two spellings of one mailbox that both used a code keep the first use.
DELETE FROM "promo_redemptions" r
USING "promo_redemptions" other
WHERE r."redeemer" LIKE 'email:%' AND other."redeemer" LIKE 'email:%'
  AND r."promo_code_id" = other."promo_code_id"
  AND r."redeemer" <> other."redeemer"
  AND pg_temp.shop_mailbox_key(substring(r."redeemer" FROM 7)) = pg_temp.shop_mailbox_key(substring(other."redeemer" FROM 7))
  AND (r."created_at", r."redeemer") > (other."created_at", other."redeemer");--> statement-breakpoint
UPDATE "promo_redemptions" SET "redeemer" = 'email:' || pg_temp.shop_mailbox_key(substring("redeemer" FROM 7))
WHERE "redeemer" LIKE 'email:%';--> statement-breakpoint
DROP FUNCTION pg_temp.shop_mailbox_key(text);
