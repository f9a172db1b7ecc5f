CREATE TABLE "catalogue_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_revision_single_row" CHECK ("catalogue_revision"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_revision" ("id", "revision") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_catalogue_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Once per statement, whatever it changed: the listing only needs to know that something did.
	-- An upsert, so a row deleted by hand comes back with the next change.
	INSERT INTO catalogue_revision (id, revision) VALUES (1, 1)
	ON CONFLICT (id) DO UPDATE SET revision = catalogue_revision.revision + 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_bump_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
--> statement-breakpoint
CREATE TRIGGER "brands_bump_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
--> statement-breakpoint
CREATE TRIGGER "products_bump_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
--> statement-breakpoint
CREATE TRIGGER "variants_bump_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
--> statement-breakpoint
CREATE TRIGGER "product_images_bump_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
