-- Information blocks are written at run time now (the back office, ADR 76): a change raises the
-- catalogue revision like the catalogue's own tables, so every process drops its cached blocks and
-- pages at its next request (ADR 64), not only the one that made the change.
CREATE TRIGGER "custom_information_bump_catalogue_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_information" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_revision();
