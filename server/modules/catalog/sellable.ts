import { sql, type SQL } from "drizzle-orm";

/*
 * Who may see and buy a product (ADR 31, ADR 41): one rule for listings, search, product pages,
 * cards, compare, information blocks, the bag and checkout. A product is sold when it is
 * published and its `publish_at` is unset or has passed (the back office schedules a product by
 * publishing it with a date: it is on the shop from then on, with no one acting; an archived
 * product is unpublished); a members-only product only to members whose plan gives early access,
 * and to everyone once its `public_at` has passed (null: members-only for good). The membership
 * programme extends the rule here, nowhere else.
 */

/**
 * Who is looking, as far as the shop's rules go: what their membership in force gives them
 * (membership/benefits.ts reads it once per request). A guest, and a customer who is no member,
 * is ANY_VISITOR.
 */
export interface Viewer {
  /** A member now: a membership in force (membership/status.ts inForce). */
  member: boolean;
  /** The plan of that membership; null for non-members. */
  planSlug: string | null;
  /** What the plan takes off list prices of options without a member price, in basis points. */
  discountBasisPoints: number;
  /** The plan delivers for free (checkout/quote.ts says which methods). */
  freeDelivery: boolean;
  /** The plan opens members-only products before they are public. */
  earlyAccess: boolean;
}

/** A guest or a customer who is not a member. */
export const ANY_VISITOR: Viewer = Object.freeze({
  member: false,
  planSlug: null,
  discountBasisPoints: 0,
  freeDelivery: false,
  earlyAccess: false,
});

/**
 * The rule as SQL over a products row: `product` is the table's alias in the query (`p` in the
 * hand-written queries), or the products table itself (sql`${products}`) in query-builder ones.
 * `viewer.earlyAccess` may be SQL, for a query over many visitors' rows at once (see
 * alertAskerAccess). `at`: the moment the rule is read for (the database's now() by default).
 */
export function sellableTo(viewer: { earlyAccess: boolean | SQL }, product: SQL = sql.raw("p"), at: Date | null = null): SQL {
  const { earlyAccess } = viewer;
  const now = at === null ? sql`now()` : sql`${at.toISOString()}::timestamptz`;
  const published = sql`${product}.published and (${product}.publish_at is null or ${product}.publish_at <= ${now})`;
  if (earlyAccess === true) return sql`(${published})`;
  const open = sql`not ${product}.members_only or ${product}.public_at <= ${now}`;
  return earlyAccess === false ? sql`(${published} and (${open}))` : sql`(${published} and (${earlyAccess} or ${open}))`;
}

/**
 * Who a back-in-stock request (ADR 47) is read for, as SQL over its `user_id`: a guest is
 * ANY_VISITOR; a customer is taken to have early access. That is the one exception to reading a
 * visitor's own membership, kept because a customer's request was refused unless they could buy
 * the product when they asked, and the product page checks their membership again when they
 * follow the mail's link; a membership that ended meanwhile costs one mail, not a sale.
 */
export function alertAskerAccess(userId: SQL): { earlyAccess: SQL } {
  return { earlyAccess: sql`(${userId} is not null)` };
}

/**
 * What the rule reads of a product in memory. `publishAt` and `publicAt`: a Date, an ISO text
 * (JSON) or null. `publishAt` is required so that no caller can forget a scheduled product.
 */
export interface Sellable {
  published: boolean;
  publishAt: Date | string | null;
  membersOnly: boolean;
  publicAt?: Date | string | null;
}

const epochOf = (at: Date | string | null | undefined): number | null => (at == null ? null : new Date(at).getTime());

/** The same rule for a product already in memory, at `now` (milliseconds since the epoch). */
export function isSellableTo(viewer: Pick<Viewer, "earlyAccess">, product: Sellable, now: number = Date.now()): boolean {
  if (!product.published) return false;
  const publishAt = epochOf(product.publishAt);
  if (publishAt !== null && publishAt > now) return false;
  if (!product.membersOnly || viewer.earlyAccess) return true;
  const publicAt = epochOf(product.publicAt);
  return publicAt !== null && publicAt <= now;
}

/** A viewer whose plan gives early access: sees everything published (the read model's members' side). */
export const EARLY_ACCESS: Pick<Viewer, "earlyAccess"> = Object.freeze({ earlyAccess: true });
