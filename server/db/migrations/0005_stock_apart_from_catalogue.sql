-- Stock apart from the catalogue (ADR 31): a change of stock alone no longer raises the catalogue
-- revision, so an order does not make every process re-read the catalogue. What listings show of
-- stock is whether a product can be bought: a variant going out of stock or coming back (a
-- transition across 0) still raises it, as does any other change to a variant.
DROP TRIGGER "variants_bump_catalogue_revision" ON "variants";
--> statement-breakpoint
CREATE TRIGGER "variants_bump_catalogue_revision" AFTER INSERT OR DELETE OR TRUNCATE ON "variants" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
--> statement-breakpoint
CREATE FUNCTION bump_catalogue_revision_for_variant_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Once per statement, from the rows it changed: only a change listings can see raises the
	-- revision. Taking the revision row's lock last, after the statement's own row locks, keeps
	-- writers that lock variants in one order from deadlocking on it.
	IF EXISTS (
		SELECT 1 FROM new_variants n LEFT JOIN old_variants o ON o.id = n.id
		WHERE o.id IS NULL
		   OR (to_jsonb(o) - 'stock') IS DISTINCT FROM (to_jsonb(n) - 'stock')
		   OR (o.stock > 0) <> (n.stock > 0)
	) THEN
		INSERT INTO catalogue_revision (id, revision) VALUES (1, 1)
		ON CONFLICT (id) DO UPDATE SET revision = catalogue_revision.revision + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "variants_bump_catalogue_revision_on_update" AFTER UPDATE ON "variants" REFERENCING OLD TABLE AS old_variants NEW TABLE AS new_variants FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision_for_variant_updates();
