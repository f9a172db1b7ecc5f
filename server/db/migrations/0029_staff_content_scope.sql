-- Staff see part 3 of the back office too (issue 26: news, pages, the site, the newsletter): the
-- staff role gains the content scope (ADR 75). An owner who changed the role's scopes keeps them.
UPDATE "roles"
SET "scopes" = "scopes" || '["content"]'::jsonb,
	"description" = 'Runs orders, stock and the catalogue; writes news, exclusives and the shop''s pages.'
WHERE "name" = 'staff' AND NOT "scopes" @> '["content"]'::jsonb;
