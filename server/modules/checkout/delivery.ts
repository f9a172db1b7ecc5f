import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { deliveryMethods, deliveryZoneCountries, vatRates, type DeliveryMethod } from "../../db/schema/index.ts";
import { findCountry } from "../customers/index.ts";
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

/**
 * The active delivery methods to `country`, cheapest first, as one JSON array (empty when the shop
 * does not deliver there): a subquery for a read that takes them with other facts in one round
 * trip. Each method's keys are the table's own, so a new column reaches every reader; its columns
 * are text, numbers and booleans, which JSON keeps as DeliveryMethod has them.
 */
export function methodsJsonTo(country: string): SQL<DeliveryMethod[]> {
  const fields = Object.entries(getTableColumns(deliveryMethods)).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql<DeliveryMethod[]>`(
    select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)})
                    order by ${deliveryMethods.position}, ${deliveryMethods.price}), '[]'::json)
    from ${deliveryMethods}
    join ${deliveryZoneCountries} on ${deliveryZoneCountries.zoneId} = ${deliveryMethods.zoneId}
    where ${deliveryZoneCountries.country} = ${country.toUpperCase()} and ${deliveryMethods.active})`;
}

/** The VAT rate of `country` in basis points as a subquery: null where the table has none (exports outside VAT). */
export function vatRateOf(country: string): SQL<number | null> {
  return sql<
    number | null
  >`(select ${vatRates.rateBasisPoints} from ${vatRates} where ${vatRates.country} = ${country.toUpperCase()})`;
}

/** The active delivery methods to `country`, cheapest first; empty when the shop does not deliver there. */
export async function methodsTo(db: Db, country: string): Promise<DeliveryMethod[]> {
  const [row] = await queryRows<{ methods: DeliveryMethod[] }>(db, sql`select ${methodsJsonTo(country)} as methods`);
  return row!.methods;
}

/**
 * What delivering to `country` takes: its active methods (cheapest first) and its VAT rate in
 * basis points (0 where the table has none), in one query of the same two subqueries placing an
 * order reads with its other facts (placing-reads.ts).
 */
export async function deliveryTo(db: Db, country: string): Promise<DeliveryFacts> {
  const [row] = await queryRows<{ methods: DeliveryMethod[]; vat: number | null }>(
    db,
    sql`select ${methodsJsonTo(country)} as methods, ${vatRateOf(country)} as vat`,
  );
  return deliveryFactsOf(row!.methods, row!.vat);
}

/** What the shop knows of a country for an order: its delivery methods and VAT rate. */
export interface DeliveryFacts {
  methods: DeliveryMethod[];
  vatRateBasisPoints: number;
  /**
   * The shop sells there: it delivers there or has its VAT rate. An order with nothing to
   * deliver (a membership alone) still needs such a country: the address sets its VAT.
   */
  sold: boolean;
}

export function deliveryFactsOf(methods: DeliveryMethod[], vat: number | null): DeliveryFacts {
  return { methods, vatRateBasisPoints: vat ?? 0, sold: methods.length > 0 || vat !== null };
}

/** A method as a shopper chooses it; `freeDelivery`: the shopper's plan delivers for free (ADR 41). */
export function deliveryOption(method: DeliveryMethod, items: number, freeDelivery = false): DeliveryOption {
  const { id, name, speed, freeFrom, minDays, maxDays } = method;
  const price = deliveryPrice(method, items, freeDelivery);
  return { id, name, speed, price, listPrice: method.price, freeFrom, minDays, maxDays };
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
