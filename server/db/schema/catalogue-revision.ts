import { bigint, check, integer, pgTable } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";

/**
 * One row whose revision the database itself raises on every statement that changes what the
 * storefront lists (categories, brands, products, variants, product images; triggers in migration
 * 0004). A process holding the catalogue in memory compares it with the revision it loaded at, so
 * it sees a change made by any process, or by hand in SQL, without re-reading the catalogue.
 */
export const catalogueRevision = pgTable(
  "catalogue_revision",
  {
    id: integer("id").primaryKey(),
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalogue_revision_single_row", sql`${t.id} = 1`)],
);
