import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { deliveryMethods, deliveryZoneCountries, vatRates, type DeliveryMethod } from "../../db/schema/index.ts";
import { findCountry } from "../customers/countries.ts";
import { noDeliveryTo, unknownDeliveryMethod } from "./errors.ts";
import { deliveryPrice } from "./quote.ts";

/** A delivery method as a shopper chooses it, priced for the items in the bag. */
export interface DeliveryOption {
  id: string;
  name: string;
  speed: DeliveryMethod["speed"];
  /** Its price now: 0 when the items reach `freeFrom`. */
  price: number;
  /** Its usual price, and from what amount of items standard delivery is free (null: never). */
  listPrice: number;
  freeFrom: number | null;
  minDays: number;
  maxDays: number;
}

/** The active delivery methods to `country`, cheapest first; empty when the shop does not deliver there. */
export async function methodsTo(db: Db, country: string): Promise<DeliveryMethod[]> {
  return db
    .select({ method: deliveryMethods })
    .from(deliveryMethods)
    .innerJoin(deliveryZoneCountries, eq(deliveryZoneCountries.zoneId, deliveryMethods.zoneId))
    .where(and(eq(deliveryZoneCountries.country, country.toUpperCase()), eq(deliveryMethods.active, true)))
    .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.price))
    .then((rows) => rows.map((row) => row.method));
}

export function deliveryOption(method: DeliveryMethod, items: number): DeliveryOption {
  const { id, name, speed, freeFrom, minDays, maxDays } = method;
  return { id, name, speed, price: deliveryPrice(method, items), listPrice: method.price, freeFrom, minDays, maxDays };
}

/** The method chosen among `methods` (those to `country`), or DELIVERY_UNAVAILABLE naming what is wrong. */
export function chooseMethod(
  methods: readonly DeliveryMethod[],
  country: string,
  methodId: string,
  countryField?: string,
): DeliveryMethod {
  if (methods.length === 0) throw noDeliveryTo(findCountry(country)?.name ?? country, countryField);
  const method = methods.find((m) => m.id === methodId);
  if (!method) throw unknownDeliveryMethod();
  return method;
}

/**
 * What delivering to `country` takes: its active methods (cheapest first) and its VAT rate in
 * basis points (0 where the table has none: exports outside VAT), read in one query, as placing
 * an order reads them inside its transaction.
 */
export async function deliveryTo(db: Db, country: string): Promise<{ methods: DeliveryMethod[]; vatRateBasisPoints: number }> {
  const code = country.toUpperCase();
  const vat = sql<number | null>`(select ${vatRates.rateBasisPoints} from ${vatRates} where ${vatRates.country} = ${code})`;
  const rows = await db
    .select({ method: deliveryMethods, vat })
    .from(deliveryMethods)
    .innerJoin(deliveryZoneCountries, eq(deliveryZoneCountries.zoneId, deliveryMethods.zoneId))
    .where(and(eq(deliveryZoneCountries.country, code), eq(deliveryMethods.active, true)))
    .orderBy(asc(deliveryMethods.position), asc(deliveryMethods.price));
  if (rows.length > 0) return { methods: rows.map((row) => row.method), vatRateBasisPoints: rows[0]!.vat ?? 0 };
  // Not delivered to: the rate alone (the checkout page still prices the items for it).
  const [row] = await db.select().from(vatRates).where(eq(vatRates.country, code));
  return { methods: [], vatRateBasisPoints: row?.rateBasisPoints ?? 0 };
}
