import type { BagRef } from "./bag-rows.ts";

/*
 * Whose bag a request acts on (ADR 20, ADR 51): the one rule for the pages, the shop API and
 * GraphQL. A logged-in customer has one bag wherever they log in; a guest's bag is named by its
 * token, which an API client passes as `cartId` and a browser keeps in the cart cookie.
 */

/** Who asks, as far as bags go: their session (null for a guest) and their cart cookie's token. */
export interface BagHolder {
  readonly session: { readonly user: { readonly id: number } } | null;
  readonly guestBag: string | null;
}

/**
 * - `use` (reading or changing a bag, pricing delivery for it): the bag named by `cartId`, else
 *   the customer's own, else the cookie's. An API client may look after a bag by its id whoever
 *   it is logged in as, as it does through /ecommerce/carts/{id}.
 * - `order`: a customer orders from their own bag, whatever `cartId` names (the order is theirs,
 *   so the goods must be the ones they chose; a guest's bag is the guest's); a guest from the bag
 *   named by `cartId`, else the cookie's.
 */
export type BagPurpose = "use" | "order";

/** The bag `holder`'s request acts on: see BagPurpose. */
export function whoseBag(holder: BagHolder, cartId: string | null | undefined = null, purpose: BagPurpose = "use"): BagRef {
  const customer = holder.session ? { customerId: holder.session.user.id } : null;
  if (customer && (purpose === "order" || cartId == null)) return customer;
  return cartId ?? holder.guestBag;
}

/** whoseBag for a request context, whose session is looked up when first asked for (REST, GraphQL). */
export async function requestBag(
  context: { session(): Promise<BagHolder["session"]>; readonly guestBag: string | null },
  cartId: string | null | undefined = null,
  purpose: BagPurpose = "use",
): Promise<BagRef> {
  return whoseBag({ session: await context.session(), guestBag: context.guestBag }, cartId, purpose);
}
