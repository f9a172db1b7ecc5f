-- The filter attributes' names and order are part of what the listing shows (ADR 69): a change to
-- them raises the catalogue revision, as a change to categories or brands does, so every process
-- shows it (ADR 64).
CREATE TRIGGER "catalogue_attributes_bump_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalogue_attributes" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
