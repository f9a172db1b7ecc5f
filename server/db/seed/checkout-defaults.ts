import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { deliveryMethods, deliveryZoneCountries, deliveryZones, promoCodes, vatRates } from "../schema/index.ts";

/*
 * What a shop needs to sell before its owner has set anything: VAT rates, delivery zones and
 * their methods (ADR 37). Written once, when the tables are empty, so an owner's later changes
 * (a zone removed, a price raised) are never put back at the next start.
 */

/** Standard VAT rates in basis points, as of 2026: the EU's 27 and the European countries beyond it. */
export const VAT_RATES: Readonly<Record<string, number>> = {
  AT: 2000, BE: 2100, BG: 2000, HR: 2500, CY: 1900, CZ: 2100, DK: 2500, EE: 2400, FI: 2550,
  FR: 2000, DE: 1900, GR: 2400, HU: 2700, IE: 2300, IT: 2200, LV: 2100, LT: 2100, LU: 1700,
  MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SK: 2300, SI: 2200, ES: 2100, SE: 2500,
  GB: 2000, NO: 2500, CH: 810, IS: 2400,
}; // prettier-ignore

const EU_OTHERS = Object.keys(VAT_RATES).filter((c) => !["NL", "GB", "NO", "CH", "IS"].includes(c));

/** Zones from the shop's home (the Netherlands) outwards; each country in one. */
export const ZONES: readonly { id: string; name: string; countries: readonly string[] }[] = [
  { id: "home", name: "Netherlands", countries: ["NL"] },
  { id: "eu", name: "European Union", countries: EU_OTHERS },
  { id: "europe", name: "Rest of Europe", countries: ["GB", "NO", "CH", "IS", "LI", "MC", "AD", "SM"] },
  { id: "world", name: "Rest of the world", countries: ["US", "CA", "AU", "NZ", "JP", "KR", "SG", "ZA", "BR", "MX", "AE", "IL"] },
];

/** Prices in cents, VAT included; free standard delivery from `freeFrom` of items. */
export const METHODS: readonly (typeof deliveryMethods.$inferInsert)[] = [
  { id: "home-standard", zoneId: "home", speed: "standard", name: "Standard delivery", price: 495, freeFrom: 5000, minDays: 1, maxDays: 2, position: 0 },
  { id: "home-express", zoneId: "home", speed: "express", name: "Express delivery (next day)", price: 995, minDays: 1, maxDays: 1, position: 1 },
  { id: "eu-standard", zoneId: "eu", speed: "standard", name: "Standard delivery", price: 795, freeFrom: 10000, minDays: 2, maxDays: 5, position: 0 },
  { id: "eu-express", zoneId: "eu", speed: "express", name: "Express delivery", price: 1495, minDays: 1, maxDays: 2, position: 1 },
  { id: "europe-standard", zoneId: "europe", speed: "standard", name: "Standard delivery", price: 1495, freeFrom: 15000, minDays: 3, maxDays: 7, position: 0 },
  { id: "europe-express", zoneId: "europe", speed: "express", name: "Express delivery", price: 2495, minDays: 2, maxDays: 3, position: 1 },
  { id: "world-standard", zoneId: "world", speed: "standard", name: "Standard delivery", price: 2495, minDays: 5, maxDays: 12, position: 0 },
  { id: "world-express", zoneId: "world", speed: "express", name: "Express delivery", price: 3995, minDays: 2, maxDays: 5, position: 1 },
]; // prettier-ignore

/** Writes the VAT rates, and the zones with their delivery methods, where none exist yet. */
export async function seedCheckoutDefaults(db: Db): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(deliveryZones);
  if ((existing?.n ?? 0) === 0) {
    await db.insert(deliveryZones).values(ZONES.map(({ id, name }) => ({ id, name })));
    await db
      .insert(deliveryZoneCountries)
      .values(ZONES.flatMap((zone) => zone.countries.map((country) => ({ country, zoneId: zone.id }))));
    await db.insert(deliveryMethods).values([...METHODS]);
  }
  const [rates] = await db.select({ n: sql<number>`count(*)::int` }).from(vatRates);
  if ((rates?.n ?? 0) === 0) {
    await db
      .insert(vatRates)
      .values(Object.entries(VAT_RATES).map(([country, rateBasisPoints]) => ({ country, rateBasisPoints })));
  }
}

/** The demo shop's promo codes, for trying the checkout (not written to a shop without demo data). */
export async function seedDemoPromoCodes(db: Db): Promise<void> {
  await db
    .insert(promoCodes)
    .values([
      { code: "WELCOME10", kind: "percent", value: 1000 },
      { code: "KEEPER5", kind: "amount", value: 500, minimumSpend: 5000 },
      { code: "LASTONE", kind: "percent", value: 2000, usageLimit: 1 },
    ])
    .onConflictDoNothing();
}
