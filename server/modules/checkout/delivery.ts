import { and, asc, eq } from "drizzle-orm";
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

/** The method chosen for `country`, or DELIVERY_UNAVAILABLE naming what is wrong. */
export async function chosenMethod(db: Db, country: string, methodId: string): Promise<DeliveryMethod> {
  const methods = await methodsTo(db, country);
  if (methods.length === 0) throw noDeliveryTo(findCountry(country)?.name ?? country);
  const method = methods.find((m) => m.id === methodId);
  if (!method) throw unknownDeliveryMethod();
  return method;
}

/** The VAT rate of `country` in basis points; 0 where the table has none (exports outside VAT). */
export async function vatRateOf(db: Db, country: string): Promise<number> {
  const [row] = await db.select().from(vatRates).where(eq(vatRates.country, country.toUpperCase()));
  return row?.rateBasisPoints ?? 0;
}
