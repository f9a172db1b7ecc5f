-- What a product calls its two option axes ("Volume" for a bag's sizes), ADR 74.
ALTER TABLE "products" ADD COLUMN "option_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- A barcode (GTIN) is one option's in the shop, compared as GTIN-14 (ADR 74). Options that already
-- share one (written before this check, by the catalogue import) stop the migration with their
-- barcodes named, rather than losing either: clear or correct them, then start again.
DO $$
DECLARE shared text;
BEGIN
  SELECT string_agg(gtin, ', ') INTO shared FROM (
    SELECT lpad("barcode", 14, '0') AS gtin FROM "variants" WHERE "barcode" IS NOT NULL GROUP BY 1 HAVING count(*) > 1
  ) AS twice;
  IF shared IS NOT NULL THEN
    RAISE EXCEPTION 'Several options share these barcodes (as GTIN-14): %. Give each its own (or none), then migrate again.', shared;
  END IF;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "variants_barcode_gtin_unique" ON "variants" USING btree (lpad("barcode", 14, '0')) WHERE "variants"."barcode" is not null;
