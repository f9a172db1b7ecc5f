import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { cartLines, carts, products, variants } from "../../db/schema/index.ts";
import { publishAfterCommit } from "../../lib/events.ts";
import type { Scope } from "../../lib/scope.ts";
import { addressKey, type RateLimiter } from "../rate-limit/index.ts";
import { cartNotFound, tooManyNewBags, variantNotFound } from "./errors.ts";
import { bagMembershipJson, cartLinesJson, cartViewOf, type BagMembership, type CartView, type LineRow } from "./read.ts";
import { hashCartToken, isCartToken, newCartToken } from "./token.ts";
import { ANY_VISITOR, sellableTo, type Viewer } from "../catalog/index.ts";

/*
 * The rows behind a bag, shared by the bag's use cases (add-line.ts, update-line.ts, ...). Every
 * function reads and writes through the `db` it is given: the request's database, or the
 * transaction of the use case it is part of.
 */

/**
 * Whose bag: a guest's, by the token their cookie (or an API client) holds, or a logged-in
 * customer's, by their id. A customer has one bag wherever they log in.
 */
export type BagRef = string | null | undefined | { customerId: number };

/** A bag's checkout choices as a shop API client set them (null: not chosen). */
export interface CheckoutChoices {
  country: string | null;
  deliveryMethod: string | null;
  promoCode: string | null;
}

/**
 * A bag as its holder sees it; `token` is the secret that reaches a guest's bag again (null for a
 * customer's). `checkout` is what was chosen for checkout (shop API), read with the lines.
 */
export interface CartWithToken extends CartView {
  token: string | null;
  checkout: CheckoutChoices;
}

/** Bags nobody has touched for this long (empty ones: a day) are deleted, a few at a time, when new bags are made. */
export const CART_RETENTION_DAYS = 30;

/** The customer a bag reference names, or null for a guest's (token) reference. */
export function customerIdOf(ref: BagRef): number | null {
  return typeof ref === "object" && ref !== null ? ref.customerId : null;
}

/** Which bag row a reference names: the customer's, or the guest bag of a well-formed token; null for none. */
export function ownerOf(ref: BagRef) {
  const customerId = customerIdOf(ref);
  if (customerId !== null) return eq(carts.userId, customerId);
  return isCartToken(ref) ? and(eq(carts.tokenHash, hashCartToken(ref)), isNull(carts.userId)) : null;
}

export async function cartIdOf(db: Db, ref: BagRef): Promise<number | null> {
  const owner = ownerOf(ref);
  if (!owner) return null;
  const [row] = await db.select({ id: carts.id }).from(carts).where(owner).limit(1);
  return row?.id ?? null;
}

export async function requireCart(db: Db, ref: BagRef): Promise<number> {
  const id = await cartIdOf(db, ref);
  if (id === null) throw cartNotFound();
  return id;
}

/** The bag as its holder (`viewer`) sees it: its lines and its checkout choices, read in one query. */
export async function view(db: Db, ref: BagRef, cartId: number, viewer: Viewer): Promise<CartWithToken> {
  const [row] = await queryRows<CheckoutChoices & { lines: LineRow[]; membership: BagMembership | null }>(
    db,
    sql`select ${carts.country} as "country", ${carts.deliveryMethodId} as "deliveryMethod",
               ${carts.promoCode} as "promoCode", ${cartLinesJson(cartId, true)} as "lines",
               ${bagMembershipJson(cartId)} as "membership"
        from ${carts} where ${carts.id} = ${cartId}`,
  );
  // A bag deleted since its id was read (pruned) reads as an empty one with nothing chosen.
  const { lines, membership, ...checkout } = row ?? {
    lines: [],
    membership: null,
    country: null,
    deliveryMethod: null,
    promoCode: null,
  };
  return { token: typeof ref === "string" ? ref : null, ...cartViewOf(lines, viewer, membership), checkout };
}

/**
 * Keeps the checkout choices with the bag (checked by the caller: the checkout module knows what
 * is valid), in one statement; CART_NOT_FOUND when the reference names no bag.
 */
export async function keepCheckoutChoices(db: Db, ref: BagRef, choices: CheckoutChoices): Promise<void> {
  const owner = ownerOf(ref);
  if (!owner) throw cartNotFound();
  const [kept] = await db
    .update(carts)
    .set({
      country: choices.country,
      deliveryMethodId: choices.deliveryMethod,
      promoCode: choices.promoCode,
      updatedAt: sql`now()`,
    })
    .where(owner)
    .returning({ id: carts.id });
  if (!kept) throw cartNotFound();
}

/**
 * Before a new guest bag: refused when the visitor's address has made too many lately.
 * Returns how to take the count back when no bag is made after all.
 */
export async function countNewBag(scope: Scope, ref: BagRef, limiter: RateLimiter | undefined): Promise<() => Promise<void>> {
  if (customerIdOf(ref) !== null || !limiter) return async () => {};
  const key = addressKey(scope.visitor.ip);
  const verdict = await limiter.hit(key);
  if (verdict.limited) throw tooManyNewBags(verdict.retryAfterSeconds);
  return () => limiter.release(key);
}

/**
 * A new bag: a guest's under a new token, or the customer's own. Two requests of one customer
 * may both find no bag; the second then gets the bag the first made.
 */
export async function insertCart(db: Db, ref: BagRef): Promise<{ id: number; ref: BagRef }> {
  const token = newCartToken();
  const customerId = customerIdOf(ref);
  const [row] = await db
    .insert(carts)
    .values({ tokenHash: hashCartToken(token), userId: customerId })
    .onConflictDoNothing()
    .returning({ id: carts.id });
  if (row) return { id: row.id, ref: customerId === null ? token : ref };
  const existing = await cartIdOf(db, ref);
  if (existing === null) throw cartNotFound();
  return { id: existing, ref };
}

/** The option's stock, locked until the transaction ends, when its product is for sale to `viewer`. */
export async function sellableStock(
  db: Db,
  variantId: number,
  viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR,
): Promise<number> {
  const [row] = await db
    .select({ stock: variants.stock })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(variants.id, variantId), isNull(variants.archivedAt), sellableTo(viewer, sql`${products}`)))
    .for("update", { of: variants });
  if (!row) throw variantNotFound(variantId);
  return row.stock;
}

/**
 * Locks these options' rows until the transaction ends, in ascending id order: writers that touch
 * several options take them in this one order, so they wait for each other and never deadlock.
 */
export async function lockVariants(db: Db, variantIds: readonly number[]): Promise<void> {
  if (variantIds.length === 0) return;
  await db
    .select({ id: variants.id })
    .from(variants)
    .where(inArray(variants.id, [...new Set(variantIds)]))
    .orderBy(asc(variants.id))
    .for("update");
}

export async function lineCount(db: Db, cartId: number): Promise<number> {
  const [row] = await db
    .select({ lines: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return row?.lines ?? 0;
}

/**
 * The bag's row, locked until the transaction ends (as touch() locks it), found and locked in one
 * statement: placing an order starts here. Null when the reference names no bag.
 */
export async function lockBag(db: Db, ref: BagRef): Promise<number | null> {
  const owner = ownerOf(ref);
  if (!owner) return null;
  const [row] = await db
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(owner)
    .returning({ id: carts.id });
  return row?.id ?? null;
}

/**
 * Marks the bag as used and locks its row until the transaction ends. Every write takes its
 * bag's lock first, before any option's row (sellableStock): with one order for all, writers
 * queue per bag and never deadlock, and two adds cannot both take the bag's last free line.
 */
export async function touch(db: Db, cartId: number) {
  const [bag] = await db
    .update(carts)
    .set({ updatedAt: sql`now()` })
    .where(eq(carts.id, cartId))
    .returning({ userId: carts.userId });
  // Every change to a bag's items touches it first: a customer's other tabs and devices hear of it.
  if (bag?.userId != null) publishAfterCommit(db, "bag-changed", bag.userId, { at: Date.now() });
}

/** Deletes bags idle for longer than the retention, at most 100 at a time. */
export async function pruneIdleCarts(db: Db) {
  // A bounded delete keeps this cheap however many bags have piled up.
  // Empty bags (made by the API and never filled) go after a day; one holding only a membership
  // plan is not empty.
  await db.execute(sql`
    delete from carts where id in (
      select c.id from carts c
      where c.updated_at < now() - make_interval(days => ${CART_RETENTION_DAYS})
         or (c.updated_at < now() - interval '1 day' and c.membership_plan_id is null
             and not exists (select 1 from cart_lines l where l.cart_id = c.id))
      limit 100
    )`);
}
