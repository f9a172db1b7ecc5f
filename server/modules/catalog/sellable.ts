import { sql, type SQL } from "drizzle-orm";

/*
 * Who may see and buy a product (ADR 31): one rule for listings, search, product pages, cards,
 * information blocks and the bag. A product is sold when it is published; a members-only product
 * only to members. The membership programme extends the rule here, nowhere else.
 */

/** Who is looking. */
export interface Viewer {
  /** A member of the shop's membership programme: members-only products are theirs too. */
  member: boolean;
}

/** A guest or a customer who is not a member: what every page sees until memberships exist. */
export const ANY_VISITOR: Viewer = { member: false };

/**
 * The rule as SQL over a products row: `product` is the table's alias in the query (`p` in the
 * hand-written queries), or the products table itself (sql`${products}`) in query-builder ones.
 */
export function sellableTo(viewer: Viewer, product: SQL = sql.raw("p")): SQL {
  return viewer.member ? sql`${product}.published` : sql`(${product}.published and not ${product}.members_only)`;
}

/** The same rule for a product already in memory. */
export function isSellableTo(viewer: Viewer, product: { published: boolean; membersOnly: boolean }): boolean {
  return product.published && (viewer.member || !product.membersOnly);
}
