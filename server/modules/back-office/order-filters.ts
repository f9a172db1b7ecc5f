import { and, asc, desc, eq, gte, inArray, like, lt, or, sql, type SQL } from "drizzle-orm";
import { orders } from "../../db/schema/index.ts";
import { dayRange } from "./days.ts";
import { paymentStateWhere } from "./order-facts.ts";
import type { OrdersListParams } from "./schemas.ts";

/*
 * The order list's filters and search as SQL, shared by the list and the CSV export (ADR 60).
 * Search, chosen so that each kind of query has an index on PostgreSQL and PGlite alike (no
 * pg_trgm in PGlite; the name's words are the generated column buyer_words, a GIN index):
 * - an order number, with or without its KS- (KS-100001, 100001): that order exactly;
 * - text with an @: e-mail addresses starting with it;
 * - anything else: e-mail addresses starting with it, or buyers whose name (first name, last
 *   name, company) has words starting with each word typed ("iris b" finds Iris Bos).
 */

const NUMBER = /^(?:KS-?)?(\d{1,12})$/i;

/** LIKE's own characters taken literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The words of a name query as the 'simple' text search configuration splits them (letters and digits). */
export function nameWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** The orders that match a search, as a condition on the orders read. */
export function searchWhere(q: string): SQL {
  const number = NUMBER.exec(q);
  if (number) return eq(orders.number, `KS-${number[1]}`);
  const emailStart = like(orders.email, `${likeLiteral(q.toLowerCase())}%`);
  const words = nameWords(q);
  const matches =
    q.includes("@") || words.length === 0
      ? emailStart
      : // Each word is letters and digits only, so the query cannot carry tsquery syntax.
        or(emailStart, sql`${orders.buyerWords} @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(" & ")})`)!;
  // The matches first, through their indexes, then the page's order: left to itself, the planner
  // may walk the date index from the newest order and test each one, which for a rare name is
  // every order (it cannot know how rare a name is). The subquery's array is read once.
  return sql`${orders.id} = any(array(select ${orders.id} from ${orders} where ${matches}))`;
}

/** Every filter of the params (the page aside), as one condition; undefined: all orders. */
export function ordersWhere(params: Omit<OrdersListParams, "page" | "sort" | "dir">): SQL | undefined {
  const { since, before } = dayRange(params.from, params.to);
  return and(
    params.q ? searchWhere(params.q) : undefined,
    params.status.length > 0 ? inArray(orders.status, params.status) : undefined,
    params.method ? eq(orders.paymentMethod, params.method) : undefined,
    params.payment ? paymentStateWhere(params.payment) : undefined,
    params.country ? eq(orders.shipCountry, params.country) : undefined,
    since ? gte(orders.createdAt, since) : undefined,
    before ? lt(orders.createdAt, before) : undefined,
  );
}

/** The list's order: by date or total, ties broken by id the same way (a stable page). */
export function ordersOrder(params: Pick<OrdersListParams, "sort" | "dir">): SQL[] {
  const by = params.dir === "asc" ? asc : desc;
  return params.sort === "total" ? [by(orders.total), by(orders.id)] : [by(orders.createdAt), by(orders.id)];
}
