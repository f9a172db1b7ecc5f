import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import type { DeliveryMethod } from "../../db/schema/index.ts";
import { bagMembershipJson, cartLinesJson, cartViewOf, type BagMembership, type CartView, type LineRow } from "../cart/index.ts";
import { deliveryFactsOf, methodsJsonTo, vatRateOf, type DeliveryFacts } from "./delivery.ts";
import type { Viewer } from "../catalog/index.ts";

/** What placing an order reads once its bag is locked: all of it in one round trip. */
export interface PlacingReads {
  /** The order an idempotency key already made, if any. */
  earlier: { id: number; requestHash: string | null } | null;
  bag: CartView;
  delivery: DeliveryFacts;
}

/**
 * Reads, in one query, what placing an order needs after it has locked the bag (ADR 37): the
 * order its key already made, the bag's lines with today's prices and stock, the delivery methods
 * to the country and its VAT rate (delivery.ts's subqueries, which quotes read too). Run after the
 * lock, in its own statement, so that it sees what a placement of the same bag that held the lock
 * has committed.
 */
export async function readForPlacing(
  db: Db,
  cartId: number | null,
  scopedKey: string | null,
  country: string,
  /** Who buys: the lines are priced and checked for them (ADR 41). */
  viewer: Viewer,
): Promise<PlacingReads> {
  const [row] = await queryRows<{
    earlier: PlacingReads["earlier"];
    lines: LineRow[];
    membership: BagMembership | null;
    methods: DeliveryMethod[];
    vat: number | null;
  }>(
    db,
    sql`
    select
      (select json_build_object('id', o.id, 'requestHash', o.request_hash) from orders o
         where ${scopedKey}::text is not null and o.idempotency_key = ${scopedKey}) as earlier,
      ${cartLinesJson(cartId, false)} as lines,
      ${bagMembershipJson(cartId)} as membership,
      ${methodsJsonTo(country)} as methods,
      ${vatRateOf(country)} as vat
  `,
  );
  return {
    earlier: row!.earlier,
    bag: cartViewOf(row!.lines, viewer, row!.membership),
    delivery: deliveryFactsOf(row!.methods, row!.vat),
  };
}
