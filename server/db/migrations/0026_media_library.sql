ALTER TABLE "categories" ADD COLUMN "image_media_id" integer;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "logo_media_id" integer;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "media_id" integer;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_image_media_id_media_files_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_logo_media_id_media_files_id_fk" FOREIGN KEY ("logo_media_id") REFERENCES "public"."media_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_media_id_media_files_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_media_idx" ON "product_images" USING btree ("media_id");--> statement-breakpoint
-- The media library (ADR 78): the uploads made before it (product images, category pictures,
-- brand logos under /uploads/) become records, so the library lists every uploaded image and each
-- use names its record. Their byte size was not kept (0: the page says "not known"); categories'
-- and brands' files had no stored dimensions either.
INSERT INTO "media_files" ("name", "alternative_text", "path", "mime", "width", "height", "size")
SELECT DISTINCT ON ("path") regexp_replace("path", '^.*/', ''), "alt", "path", 'image/webp', "width", "height", 0
FROM (
	SELECT "path", "alt", "width", "height", 1 AS "rank" FROM "product_images" WHERE "path" LIKE '/uploads/%'
	UNION ALL SELECT "image_path", "name", 0, 0, 2 FROM "categories" WHERE "image_path" LIKE '/uploads/%'
	UNION ALL SELECT "logo_path", "name", 0, 0, 3 FROM "brands" WHERE "logo_path" LIKE '/uploads/%'
) AS "uploads"
WHERE NOT EXISTS (SELECT 1 FROM "media_files" AS "m" WHERE "m"."path" = "uploads"."path")
ORDER BY "path", "rank";
--> statement-breakpoint
UPDATE "product_images" AS "p" SET "media_id" = "m"."id" FROM "media_files" AS "m" WHERE "m"."path" = "p"."path" AND "p"."path" LIKE '/uploads/%';
--> statement-breakpoint
UPDATE "categories" AS "c" SET "image_media_id" = "m"."id" FROM "media_files" AS "m" WHERE "m"."path" = "c"."image_path" AND "c"."image_path" LIKE '/uploads/%';
--> statement-breakpoint
UPDATE "brands" AS "b" SET "logo_media_id" = "m"."id" FROM "media_files" AS "m" WHERE "m"."path" = "b"."logo_path" AND "b"."logo_path" LIKE '/uploads/%';
--> statement-breakpoint
-- Every use follows its record: a replaced file (a new path and size) reaches the product images,
-- categories and brands that show it in the same statement, whichever code replaced it; their own
-- triggers raise the catalogue revision, so every process shows the new file (ADR 64).
CREATE FUNCTION media_files_carry_file() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "product_images" SET "path" = NEW."path", "width" = NEW."width", "height" = NEW."height" WHERE "media_id" = NEW."id";
	UPDATE "categories" SET "image_path" = NEW."path" WHERE "image_media_id" = NEW."id";
	UPDATE "brands" SET "logo_path" = NEW."path" WHERE "logo_media_id" = NEW."id";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "media_files_carry_file" AFTER UPDATE OF "path", "width", "height" ON "media_files" FOR EACH ROW
	WHEN (OLD."path" IS DISTINCT FROM NEW."path" OR OLD."width" IS DISTINCT FROM NEW."width" OR OLD."height" IS DISTINCT FROM NEW."height")
	EXECUTE FUNCTION media_files_carry_file();
