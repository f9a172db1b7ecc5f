import { and, eq, isNull, sql } from "drizzle-orm";
import { cartLines, carts, products, variants } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import type { RateLimiter, RateLimitRule } from "../rate-limit/index.ts";
import { addLine } from "./add-line.ts";
import { addLines, type ItemToAdd } from "./add-lines.ts";
import { cartIdOf, countNewBag, ownerOf, pruneIdleCarts, view, type BagRef, type CartWithToken } from "./bag-rows.ts";
import { membershipLineInput, putMembership, removeMembership } from "./membership-line.ts";
import { mergeGuestBag } from "./merge-guest-bag.ts";
import { PLAN_ON_SALE } from "./read.ts";
import { newCartToken, hashCartToken } from "./token.ts";
import { removeLine, updateLine } from "./update-line.ts";
import { ANY_VISITOR, sellableTo, type Viewer } from "../catalog/index.ts";

export * from "./errors.ts";
export * from "./schemas.ts";
export type { BagMembership, CartLineOption, CartLineView, CartView } from "./read.ts";
export { membershipLineName } from "./read.ts";
export { membershipLineInput };
export { CART_RETENTION_DAYS, type BagRef, type CartWithToken, type CheckoutChoices } from "./bag-rows.ts";
export type { MergeNote } from "./merge-guest-bag.ts";
export type { ItemToAdd } from "./add-lines.ts";
export { isCartToken } from "./token.ts";
export { requestBag, whoseBag, type BagHolder, type BagPurpose } from "./whose-bag.ts";
export { CART_COOKIE, CART_COOKIE_MAX_AGE, cartCookie, readCartToken } from "./cookie.ts";

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

/**
 * Bags (SPEC §7 /ecommerce/carts): a guest's, by its token, or a customer's, by their id. Reads
 * and changes take the viewer (the request context's viewer(), ADR 41): what they may buy and at
 * what price; without one, what anyone may, at list prices. Every
 * function takes the request's scope first and validates its input with the module's zod
 * schemas, so pages, REST and GraphQL share the same rules. Prices and totals are read from the
 * catalogue each time; stock is checked on every change, inside the same transaction as the
 * write. Each use case lives in a file of its own; this is the module's public face.
 */
export function createCarts(options: CartsOptions = {}) {
  return {
    /** A new, empty guest bag (the API's POST /carts), counted against the visitor's address. */
    async create(scope: Scope): Promise<CartWithToken> {
      await countNewBag(scope, null, options.newBags);
      const token = newCartToken();
      const [row] = await scope.db
        .insert(carts)
        .values({ tokenHash: hashCartToken(token) })
        .returning({ id: carts.id });
      await pruneIdleCarts(scope.db);
      return view(scope.db, token, row!.id, ANY_VISITOR);
    },

    /** The bag with its checkout choices as `viewer` sees it (prices, ADR 41), or null when there is none. */
    async get(scope: Scope, ref: BagRef, viewer: Viewer = ANY_VISITOR): Promise<CartWithToken | null> {
      const id = await cartIdOf(scope.db, ref);
      return id === null ? null : view(scope.db, ref, id, viewer);
    },

    /**
     * What the header counts in the bag: the items that can be bought (as CartView.itemCount), and
     * a membership plan waiting to be bought as one more; 0 without a bag.
     */
    async count(scope: Scope, ref: BagRef, viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR): Promise<number> {
      const owner = ownerOf(ref);
      if (!owner) return 0;
      const goods = scope.db
        .select({ items: sql`coalesce(sum(least(${cartLines.quantity}, ${variants.stock})), 0)` })
        .from(cartLines)
        .innerJoin(variants, eq(variants.id, cartLines.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(eq(cartLines.cartId, carts.id), isNull(variants.archivedAt), sellableTo(viewer, sql`${products}`)));
      // The plan only on a customer's bag, and only while it can be bought (as the bag shows it).
      const plan = sql`exists (select 1 from membership_plans mp
        where mp.id = ${carts.membershipPlanId} and ${carts.userId} is not null and ${PLAN_ON_SALE})`;
      const [row] = await scope.db
        .select({ items: sql<number>`((${goods}) + (${plan})::int)::int` })
        .from(carts)
        .where(owner)
        .limit(1);
      return row?.items ?? 0;
    },

    /** Puts an option `viewer` may buy in the bag (see add-line.ts); a guest's first add makes the bag. */
    addLine: (scope: Scope, ref: BagRef, raw: unknown, viewer: Viewer = ANY_VISITOR) =>
      addLine(scope, ref, raw, viewer, options.newBags),
    /** Puts several items in the bag, each on its own ("Buy again"); see add-lines.ts. */
    addLines: (scope: Scope, ref: BagRef, items: readonly ItemToAdd[], viewer: Viewer = ANY_VISITOR) =>
      addLines(scope, ref, items, viewer, options.newBags),
    /** Changes a line (see update-line.ts), answering the bag as `viewer` sees it. */
    updateLine: (scope: Scope, ref: BagRef, raw: unknown, viewer: Viewer = ANY_VISITOR) => updateLine(scope, ref, raw, viewer),
    removeLine: (scope: Scope, ref: BagRef, raw: unknown, viewer: Viewer = ANY_VISITOR) => removeLine(scope, ref, raw, viewer),
    /** Puts a paid membership plan in a customer's bag, replacing another (membership-line.ts). */
    putMembership: (scope: Scope, ref: BagRef, raw: unknown, viewer: Viewer = ANY_VISITOR) =>
      putMembership(scope, ref, raw, viewer),
    /** Takes the membership plan out of the bag. */
    removeMembership: (scope: Scope, ref: BagRef, viewer: Viewer = ANY_VISITOR) => removeMembership(scope, ref, viewer),
    mergeGuestBag,

    /** Deletes bags idle for longer than the retention; for tests and housekeeping. */
    pruneIdleCarts: (scope: Scope) => pruneIdleCarts(scope.db),
  };
}

export type Carts = ReturnType<typeof createCarts>;

// Also for other modules, the adapters and the services, which import nothing else of this module (ADR 53).
export { cartIdOf, keepCheckoutChoices, lockBag, view } from "./bag-rows.ts";
export { clearedCartCookie } from "./cookie.ts";
export { bagMembershipJson, cartLinesJson, cartViewOf, readCartLines, type LineRow } from "./read.ts";
export { hashCartToken } from "./token.ts";
