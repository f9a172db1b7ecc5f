import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { addressKey, type RateLimiter, type RateLimitRule, type Visitor } from "../rate-limit/index.ts";
import { cartLines, carts, products, variants } from "../../db/schema/index.ts";
import {
  BagFullError,
  CartLineNotFoundError,
  CartNotFoundError,
  CartQuantityError,
  NotEnoughStockError,
  TooManyNewBagsError,
  VariantNotFoundError,
} from "./errors.ts";
import { readCartLines, type CartView } from "./read.ts";
import { addLineInput, removeLineInput, updateLineInput, MAX_BAG_LINES, MAX_LINE_QUANTITY } from "./schemas.ts";
import { hashCartToken, isCartToken, newCartToken } from "./token.ts";

export * from "./errors.ts";
export * from "./schemas.ts";
export type { CartLineOption, CartLineView, CartView } from "./read.ts";
export { isCartToken } from "./token.ts";
export { CART_COOKIE, CART_COOKIE_MAX_AGE, cartCookie, readCartToken } from "./cookie.ts";

/** A bag as its holder sees it; `token` is the secret that reaches a guest's bag again (null for a customer's). */
export interface CartWithToken extends CartView {
  token: string | null;
}

/**
 * Whose bag: a guest's, by the token their cookie (or an API client) holds, or a logged-in
 * customer's, by their id. A customer has one bag wherever they log in.
 */
export type BagRef = string | null | undefined | { customerId: number };

/**
 * An item of a guest's bag that did not all fit in the customer's bag at login: `stock` (or the
 * line limit) capped it, it is `gone` from sale, or the bag was `full` (MAX_BAG_LINES options).
 */
export interface MergeNote {
  name: string;
  wanted: number;
  kept: number;
  reason: "stock" | "gone" | "full";
}

/** Bags nobody has touched for this long (empty ones: a day) are deleted, a few at a time, when new bags are made. */
export const CART_RETENTION_DAYS = 30;

/**
 * New guest bags per network address (IPv6 by /64). A shopper makes one a week; a script making
 * thousands would fill the database with bags that live a day or more. Generous, because many
 * shoppers can share one address (an office, a mobile carrier).
 */
export const NEW_BAGS_RULE: RateLimitRule = { name: "new-bags", limit: 200, windowMs: 10 * 60_000 };

export interface CartsOptions {
  /** Counts new guest bags per address (NEW_BAGS_RULE); none: not limited (tests, scripts). */
  newBags?: RateLimiter;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The customer a bag reference names, or null for a guest's (token) reference. */
function customerIdOf(ref: BagRef): number | null {
  return typeof ref === "object" && ref !== null ? ref.customerId : null;
}

/** Which bag row a reference names: the customer's, or the guest bag of a well-formed token; null for none. */
function ownerOf(ref: BagRef) {
  const customerId = customerIdOf(ref);
  if (customerId !== null) return eq(carts.userId, customerId);
  return isCartToken(ref) ? and(eq(carts.tokenHash, hashCartToken(ref)), isNull(carts.userId)) : null;
}

/**
 * Guest bags (SPEC §7 /ecommerce/carts). Every function takes the shopper's token and validates
 * its input with the module's zod schemas, so pages, REST and GraphQL share the same rules.
 * Prices and totals are read from the catalogue each time; stock is checked on every change,
 * inside the same transaction as the write.
 */
export function createCarts(db: Db, options: CartsOptions = {}) {
  /**
   * Before a new guest bag: refused when the visitor's address has made too many lately.
   * Returns how to take the count back when no bag is made after all.
   */
  async function countNewBag(ref: BagRef, visitor: Visitor | undefined): Promise<() => Promise<void>> {
    const limiter = options.newBags;
    if (customerIdOf(ref) !== null || !visitor || !limiter) return async () => {};
    const key = addressKey(visitor.ip);
    const verdict = await limiter.hit(key);
    if (verdict.limited) throw new TooManyNewBagsError(verdict.retryAfterSeconds);
    return () => limiter.release(key);
  }

  async function cartIdOf(tx: Db | Tx, ref: BagRef): Promise<number | null> {
    const owner = ownerOf(ref);
    if (!owner) return null;
    const [row] = await tx.select({ id: carts.id }).from(carts).where(owner).limit(1);
    return row?.id ?? null;
  }

  async function requireCart(tx: Db | Tx, ref: BagRef): Promise<number> {
    const id = await cartIdOf(tx, ref);
    if (id === null) throw new CartNotFoundError();
    return id;
  }

  async function view(ref: BagRef, cartId: number): Promise<CartWithToken> {
    return { token: typeof ref === "string" ? ref : null, ...(await readCartLines(db, cartId)) };
  }

  /**
   * A new bag in `tx`: a guest's under a new token, or the customer's own. Two requests of one
   * customer may both find no bag; the second then gets the bag the first made.
   */
  async function insertCart(tx: Db | Tx, ref: BagRef): Promise<{ id: number; ref: BagRef }> {
    const token = newCartToken();
    const customerId = customerIdOf(ref);
    const [row] = await tx
      .insert(carts)
      .values({ tokenHash: hashCartToken(token), userId: customerId })
      .onConflictDoNothing()
      .returning({ id: carts.id });
    if (row) return { id: row.id, ref: customerId === null ? token : ref };
    const existing = await cartIdOf(tx, ref);
    if (existing === null) throw new CartNotFoundError();
    return { id: existing, ref };
  }

  /** The option's stock, locked until the transaction ends, when its product is for sale. */
  async function sellableStock(tx: Tx, variantId: number): Promise<number> {
    const [row] = await tx
      .select({ stock: variants.stock })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.id, variantId), eq(products.published, true), eq(products.membersOnly, false)))
      .for("update", { of: variants });
    if (!row) throw new VariantNotFoundError(variantId);
    return row.stock;
  }

  async function lineCount(tx: Tx, cartId: number): Promise<number> {
    const [row] = await tx
      .select({ lines: sql<number>`count(*)::int` })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId));
    return row?.lines ?? 0;
  }

  /**
   * Marks the bag as used and locks its row until the transaction ends. Every write takes its
   * bag's lock first, before any option's row (sellableStock): with one order for all, writers
   * queue per bag and never deadlock, and two adds cannot both take the bag's last free line.
   */
  async function touch(tx: Tx, cartId: number) {
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
  }

  /** A new, empty guest bag (the API's POST /carts); `visitor` counts it against its address. */
  async function create(visitor?: Visitor): Promise<CartWithToken> {
    await countNewBag(null, visitor);
    const token = newCartToken();
    const [row] = await db
      .insert(carts)
      .values({ tokenHash: hashCartToken(token) })
      .returning({ id: carts.id });
    await pruneIdleCarts();
    return view(token, row!.id);
  }

  async function pruneIdleCarts() {
    // A bounded delete keeps this cheap however many bags have piled up.
    // Empty bags (made by the API and never filled) go after a day.
    await db.execute(sql`
      delete from carts where id in (
        select c.id from carts c
        where c.updated_at < now() - make_interval(days => ${CART_RETENTION_DAYS})
           or (c.updated_at < now() - interval '1 day' and not exists (select 1 from cart_lines l where l.cart_id = c.id))
        limit 100
      )`);
  }

  return {
    create,

    /** The bag, or null when there is none. */
    async get(ref: BagRef): Promise<CartWithToken | null> {
      const id = await cartIdOf(db, ref);
      return id === null ? null : view(ref, id);
    },

    /** How many items the bag holds that can be bought (as CartView.itemCount), for the header; 0 without a bag. */
    async count(ref: BagRef): Promise<number> {
      const owner = ownerOf(ref);
      if (!owner) return 0;
      const [row] = await db
        .select({ items: sql<number>`coalesce(sum(least(${cartLines.quantity}, ${variants.stock})), 0)::int` })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .innerJoin(variants, eq(variants.id, cartLines.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(owner, eq(products.published, true), eq(products.membersOnly, false)));
      return row?.items ?? 0;
    },

    /**
     * Puts an option in the bag, adding to the line that already holds it. Without a bag (no or
     * unknown token) a new one is made: the shopper's first add creates it, counted against the
     * visitor's address (TooManyNewBagsError past NEW_BAGS_RULE).
     */
    async addLine(ref: BagRef, input: unknown, visitor?: Visitor): Promise<{ cart: CartWithToken; lineId: number }> {
      const { variantId, quantity } = addLineInput.parse(input);
      const existing = await cartIdOf(db, ref);
      const uncount = existing === null ? await countNewBag(ref, visitor) : null;
      let cartRef = ref;
      // The first add makes the bag, in the same transaction: a refused add leaves no empty bag
      // behind, and does not count as one.
      const { cartId, lineId } = await db
        .transaction(async (tx) => {
          let cartId = existing;
          if (cartId === null) ({ id: cartId, ref: cartRef } = await insertCart(tx, ref));
          await touch(tx, cartId);
          const stock = await sellableStock(tx, variantId);
          const [line] = await tx
            .select({ id: cartLines.id, quantity: cartLines.quantity })
            .from(cartLines)
            .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
          const inBag = line?.quantity ?? 0;
          const room = Math.min(stock, MAX_LINE_QUANTITY) - inBag;
          if (quantity > room) throw new NotEnoughStockError(Math.max(room, 0), inBag, stock > MAX_LINE_QUANTITY);
          if (!line && (await lineCount(tx, cartId)) >= MAX_BAG_LINES) throw new BagFullError();
          if (line) {
            await tx
              .update(cartLines)
              .set({ quantity: inBag + quantity })
              .where(eq(cartLines.id, line.id));
            return { cartId, lineId: line.id };
          }
          const [inserted] = await tx.insert(cartLines).values({ cartId, variantId, quantity }).returning({ id: cartLines.id });
          return { cartId, lineId: inserted!.id };
        })
        .catch(async (error: unknown) => {
          await uncount?.();
          throw error;
        });
      if (existing === null) await pruneIdleCarts();
      return { cart: await view(cartRef, cartId), lineId };
    },

    /**
     * Changes a line's quantity and/or option. Switching to an option another line already holds
     * merges the two lines, within the stock.
     */
    async updateLine(ref: BagRef, input: unknown): Promise<CartWithToken> {
      const change = updateLineInput.parse(input);
      const cartId = await requireCart(db, ref);
      await db.transaction(async (tx) => {
        await touch(tx, cartId);
        const [line] = await tx
          .select({ id: cartLines.id, variantId: cartLines.variantId, quantity: cartLines.quantity })
          .from(cartLines)
          .where(and(eq(cartLines.id, change.lineId), eq(cartLines.cartId, cartId)));
        if (!line) throw new CartLineNotFoundError(change.lineId);
        const variantId = change.variantId ?? line.variantId;
        // A step (the bag's − and +) applies to what the line holds now, not to what a form showed.
        let quantity = change.delta !== undefined ? line.quantity + change.delta : (change.quantity ?? line.quantity);
        if (quantity < 1) throw new CartQuantityError();
        const stock = await sellableStock(tx, variantId);
        let merged: { id: number; quantity: number } | undefined;
        if (variantId !== line.variantId) {
          [merged] = await tx
            .select({ id: cartLines.id, quantity: cartLines.quantity })
            .from(cartLines)
            .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
          if (merged) quantity += merged.quantity;
        }
        const limit = Math.min(stock, MAX_LINE_QUANTITY);
        const inOtherLine = merged?.quantity ?? 0;
        if (quantity > limit)
          throw new NotEnoughStockError(Math.max(limit - inOtherLine, 0), inOtherLine, stock > MAX_LINE_QUANTITY);
        if (merged) await tx.delete(cartLines).where(eq(cartLines.id, merged.id));
        await tx.update(cartLines).set({ variantId, quantity }).where(eq(cartLines.id, line.id));
      });
      return view(ref, cartId);
    },

    async removeLine(ref: BagRef, input: unknown): Promise<CartWithToken> {
      const { lineId } = removeLineInput.parse(input);
      const cartId = await requireCart(db, ref);
      await db.transaction(async (tx) => {
        await touch(tx, cartId);
        const removed = await tx
          .delete(cartLines)
          .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
          .returning({ id: cartLines.id });
        if (removed.length === 0) throw new CartLineNotFoundError(lineId);
      });
      return view(ref, cartId);
    },

    /**
     * At login, moves a guest's bag into the customer's own bag (made if needed) and deletes the
     * guest's. Quantities add up, capped by stock and the line limit; what did not fit is returned
     * so the shopper can be told. Options no longer for sale are dropped, and told (kept 0).
     */
    async mergeGuestBag(guestToken: string | null | undefined, customerId: number): Promise<MergeNote[]> {
      const guestId = await cartIdOf(db, guestToken);
      if (guestId === null) return [];
      return db.transaction(async (tx) => {
        // The guest's bag, then the customer's, then options: see touch().
        await touch(tx, guestId);
        const guestLines = await tx
          .select({ variantId: cartLines.variantId, quantity: cartLines.quantity, name: products.name })
          .from(cartLines)
          .innerJoin(variants, eq(variants.id, cartLines.variantId))
          .innerJoin(products, eq(products.id, variants.productId))
          .where(eq(cartLines.cartId, guestId))
          .orderBy(cartLines.id);
        const notes: MergeNote[] = [];
        if (guestLines.length > 0) {
          const ownRef = { customerId };
          const ownId = (await cartIdOf(tx, ownRef)) ?? (await insertCart(tx, ownRef)).id;
          await touch(tx, ownId);
          let lines = await lineCount(tx, ownId);
          for (const line of guestLines) {
            let stock: number;
            try {
              stock = await sellableStock(tx, line.variantId);
            } catch (error) {
              if (!(error instanceof VariantNotFoundError)) throw error;
              notes.push({ name: line.name, wanted: line.quantity, kept: 0, reason: "gone" });
              continue;
            }
            const [own] = await tx
              .select({ id: cartLines.id, quantity: cartLines.quantity })
              .from(cartLines)
              .where(and(eq(cartLines.cartId, ownId), eq(cartLines.variantId, line.variantId)));
            const inBag = own?.quantity ?? 0;
            const wanted = inBag + line.quantity;
            if (!own && lines >= MAX_BAG_LINES) {
              notes.push({ name: line.name, wanted, kept: 0, reason: "full" });
              continue;
            }
            const kept = Math.max(Math.min(wanted, stock, MAX_LINE_QUANTITY), inBag);
            if (kept < wanted) notes.push({ name: line.name, wanted, kept, reason: "stock" });
            if (kept === inBag) continue;
            if (own) await tx.update(cartLines).set({ quantity: kept }).where(eq(cartLines.id, own.id));
            else {
              await tx.insert(cartLines).values({ cartId: ownId, variantId: line.variantId, quantity: kept });
              lines++;
            }
          }
        }
        await tx.delete(carts).where(eq(carts.id, guestId));
        return notes;
      });
    },

    /** Deletes bags idle for longer than the retention; returns nothing, for tests and housekeeping. */
    pruneIdleCarts,
  };
}

export type Carts = ReturnType<typeof createCarts>;
