import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { cartLines, carts, products, variants } from "../../db/schema/index.ts";
import {
  CartLineNotFoundError,
  CartNotFoundError,
  CartQuantityError,
  NotEnoughStockError,
  VariantNotFoundError,
} from "./errors.ts";
import { readCartLines, type CartView } from "./read.ts";
import { addLineInput, removeLineInput, updateLineInput, MAX_LINE_QUANTITY } from "./schemas.ts";
import { hashCartToken, isCartToken, newCartToken } from "./token.ts";

export * from "./errors.ts";
export * from "./schemas.ts";
export type { CartLineOption, CartLineView, CartView } from "./read.ts";
export { isCartToken } from "./token.ts";
export { CART_COOKIE, CART_COOKIE_MAX_AGE, cartCookie, readCartToken } from "./cookie.ts";

/** A bag as its holder sees it; `token` is the secret that reaches it again. */
export interface CartWithToken extends CartView {
  token: string;
}

/** Bags nobody has touched for this long (empty ones: a day) are deleted, a few at a time, when new bags are made. */
export const CART_RETENTION_DAYS = 30;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Guest bags (SPEC §7 /ecommerce/carts). Every function takes the shopper's token and validates
 * its input with the module's zod schemas, so pages, REST and GraphQL share the same rules.
 * Prices and totals are read from the catalogue each time; stock is checked on every change,
 * inside the same transaction as the write.
 */
export function createCarts(db: Db) {
  async function cartIdOf(tx: Db | Tx, token: string | null | undefined): Promise<number | null> {
    if (!isCartToken(token)) return null;
    const [row] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.tokenHash, hashCartToken(token)))
      .limit(1);
    return row?.id ?? null;
  }

  async function requireCart(tx: Db | Tx, token: string): Promise<number> {
    const id = await cartIdOf(tx, token);
    if (id === null) throw new CartNotFoundError();
    return id;
  }

  async function view(token: string, cartId: number): Promise<CartWithToken> {
    return { token, ...(await readCartLines(db, cartId)) };
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

  async function touch(tx: Tx, cartId: number) {
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
  }

  async function create(): Promise<CartWithToken> {
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

    /** The bag, or null when the token names none. */
    async get(token: string | null | undefined): Promise<CartWithToken | null> {
      const id = await cartIdOf(db, token);
      return id === null ? null : view(token as string, id);
    },

    /** How many items the bag holds that can be bought (as CartView.itemCount), for the header; 0 without a bag. */
    async count(token: string | null | undefined): Promise<number> {
      if (!isCartToken(token)) return 0;
      const [row] = await db
        .select({ items: sql<number>`coalesce(sum(least(${cartLines.quantity}, ${variants.stock})), 0)::int` })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .innerJoin(variants, eq(variants.id, cartLines.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(carts.tokenHash, hashCartToken(token)), eq(products.published, true), eq(products.membersOnly, false)));
      return row?.items ?? 0;
    },

    /**
     * Puts an option in the bag, adding to the line that already holds it. Without a bag (no or
     * unknown token) a new one is made: the shopper's first add creates it.
     */
    async addLine(token: string | null | undefined, input: unknown): Promise<{ cart: CartWithToken; lineId: number }> {
      const { variantId, quantity } = addLineInput.parse(input);
      const existing = await cartIdOf(db, token);
      // The first add makes the bag, in the same transaction: a refused add leaves no empty bag behind.
      const cartToken = existing === null ? newCartToken() : (token as string);
      const { cartId, lineId } = await db.transaction(async (tx) => {
        const stock = await sellableStock(tx, variantId);
        const cartId =
          existing ??
          (
            await tx
              .insert(carts)
              .values({ tokenHash: hashCartToken(cartToken) })
              .returning({ id: carts.id })
          )[0]!.id;
        const [line] = await tx
          .select({ id: cartLines.id, quantity: cartLines.quantity })
          .from(cartLines)
          .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, variantId)));
        const inBag = line?.quantity ?? 0;
        const room = Math.min(stock, MAX_LINE_QUANTITY) - inBag;
        if (quantity > room) throw new NotEnoughStockError(Math.max(room, 0), inBag, stock > MAX_LINE_QUANTITY);
        await touch(tx, cartId);
        if (line) {
          await tx
            .update(cartLines)
            .set({ quantity: inBag + quantity })
            .where(eq(cartLines.id, line.id));
          return { cartId, lineId: line.id };
        }
        const [inserted] = await tx.insert(cartLines).values({ cartId, variantId, quantity }).returning({ id: cartLines.id });
        return { cartId, lineId: inserted!.id };
      });
      if (existing === null) await pruneIdleCarts();
      return { cart: await view(cartToken, cartId), lineId };
    },

    /**
     * Changes a line's quantity and/or option. Switching to an option another line already holds
     * merges the two lines, within the stock.
     */
    async updateLine(token: string, input: unknown): Promise<CartWithToken> {
      const change = updateLineInput.parse(input);
      const cartId = await requireCart(db, token);
      await db.transaction(async (tx) => {
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
        await touch(tx, cartId);
      });
      return view(token, cartId);
    },

    async removeLine(token: string, input: unknown): Promise<CartWithToken> {
      const { lineId } = removeLineInput.parse(input);
      const cartId = await requireCart(db, token);
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(cartLines)
          .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
          .returning({ id: cartLines.id });
        if (removed.length === 0) throw new CartLineNotFoundError(lineId);
        await touch(tx, cartId);
      });
      return view(token, cartId);
    },

    /** Deletes bags idle for longer than the retention; returns nothing, for tests and housekeeping. */
    pruneIdleCarts,
  };
}

export type Carts = ReturnType<typeof createCarts>;
