import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import type { DeliveryMethod } from "../../db/schema/index.ts";
import { cartLinesSelect, cartViewOf, type CartView, type LineRow } from "../cart/read.ts";

/** What placing an order reads once its bag is locked: all of it in one round trip. */
export interface PlacingReads {
  /** The order an idempotency key already made, if any. */
  earlier: { id: number; requestHash: string | null } | null;
  bag: CartView;
  delivery: { methods: DeliveryMethod[]; vatRateBasisPoints: number };
}

/**
 * Reads, in one query, what placing an order needs after it has locked the bag (ADR 37): the
 * order its key already made, the bag's lines with today's prices and stock, the delivery methods
 * to the country and its VAT rate. Run after the lock, in its own statement, so that it sees what
 * a placement of the same bag that held the lock has committed.
 */
export async function readForPlacing(
  db: Db,
  cartId: number | null,
  scopedKey: string | null,
  country: string,
): Promise<PlacingReads> {
  const code = country.toUpperCase();
  const [row] = await queryRows<{
    earlier: PlacingReads["earlier"];
    lines: LineRow[];
    methods: DeliveryMethod[];
    vat: number | null;
  }>(
    db,
    sql`
    select
      (select json_build_object('id', o.id, 'requestHash', o.request_hash) from orders o
         where ${scopedKey}::text is not null and o.idempotency_key = ${scopedKey}) as earlier,
      (select coalesce(json_agg(x order by x.added_at, x.id), '[]'::json)
         from (${cartLinesSelect(cartId, false)}) x) as lines,
      (select coalesce(json_agg(json_build_object(
                'id', m.id, 'zoneId', m.zone_id, 'speed', m.speed, 'name', m.name, 'price', m.price,
                'freeFrom', m.free_from, 'minDays', m.min_days, 'maxDays', m.max_days,
                'position', m.position, 'active', m.active) order by m.position, m.price), '[]'::json)
         from delivery_methods m join delivery_zone_countries z on z.zone_id = m.zone_id
         where z.country = ${code} and m.active) as methods,
      (select rate_basis_points from vat_rates where country = ${code}) as vat
  `,
  );
  return {
    earlier: row!.earlier,
    bag: cartViewOf(row!.lines),
    delivery: { methods: row!.methods, vatRateBasisPoints: row!.vat ?? 0 },
  };
}
