import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { deliveryMethods, deliveryZoneCountries, deliveryZones, vatRates, type DeliveryMethod } from "../../db/schema/index.ts";
import { countryName } from "../customers/index.ts";

/** A zone as the delivery page shows it: its countries by name, its methods in their order. */
export interface ZoneView {
  id: string;
  name: string;
  /** Its updated_at (ISO): the version its forms carry. */
  version: string;
  countries: { code: string; name: string; vatBasisPoints: number | null }[];
  methods: DeliveryMethod[];
}

export interface VatView {
  country: string;
  name: string;
  basisPoints: number;
  version: string;
  /** The zone that delivers there; null: a rate of a country the shop does not deliver to. */
  zoneId: string | null;
}

export interface DeliveryOverview {
  zones: ZoneView[];
  vatRates: VatView[];
}

/** Every zone with its countries and methods (active or not), and every VAT rate: the delivery page. */
export async function deliveryOverview(db: Db): Promise<DeliveryOverview> {
  const [zones, placed, methods, rates] = await Promise.all([
    db.select().from(deliveryZones).orderBy(asc(deliveryZones.name)),
    db.select().from(deliveryZoneCountries),
    db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.position), asc(deliveryMethods.price)),
    db.select().from(vatRates),
  ]);
  const rateOf = new Map(rates.map((rate) => [rate.country, rate]));
  const zoneOf = new Map(placed.map((row) => [row.country, row.zoneId]));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    zones: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      version: zone.updatedAt.toISOString(),
      countries: placed
        .filter((row) => row.zoneId === zone.id)
        .map((row) => ({
          code: row.country,
          name: countryName(row.country),
          vatBasisPoints: rateOf.get(row.country)?.rateBasisPoints ?? null,
        }))
        .sort(byName),
      methods: methods.filter((method) => method.zoneId === zone.id),
    })),
    vatRates: rates
      .map((rate) => ({
        country: rate.country,
        name: countryName(rate.country),
        basisPoints: rate.rateBasisPoints,
        version: rate.updatedAt.toISOString(),
        zoneId: zoneOf.get(rate.country) ?? null,
      }))
      .sort(byName),
  };
}
