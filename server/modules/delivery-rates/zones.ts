import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { deliveryMethods, deliveryZoneCountries, deliveryZones, vatRates } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { diffFields, recordAudit, type StaffScope } from "../audit/index.ts";
import {
  AddCountriesInput,
  CreateZoneInput,
  RemoveCountryInput,
  RenameZoneInput,
  SetVatInput,
  type MethodInputs,
} from "./schemas.ts";
import { slugOf } from "./words.ts";

/*
 * Delivery zones, their countries and methods, and VAT rates, as the owner changes them (issue 25
 * §5, ADR 68). Each change is one transaction with its audit entry; a zone's version is its
 * updated_at, moved by every change to the zone, its countries or its methods, and a form read
 * before another change is refused (STALE_VERSION). Orders keep the delivery price, method name
 * and VAT rate they were placed with (orders.delivery_price, vat_rate_basis_points): nothing here
 * reaches a placed order. Checkout and the content API read these tables on every request, so a
 * change shows at once.
 *
 * A country the shop delivers to has a VAT rate: adding a country without one asks for its rate
 * in the same form (0 for exports outside VAT).
 */

const versionOfZone = (zone: { updatedAt: Date }) => zone.updatedAt.toISOString();

const zoneNotFound = () => new ShopError("ENTRY_NOT_FOUND", "There is no such delivery zone.");

/** The zone locked for this change, when the page read it at `version`; else STALE_VERSION. */
async function lockZone(db: Db, id: string, version: string) {
  const [zone] = await db.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for("update");
  if (!zone) throw zoneNotFound();
  if (versionOfZone(zone) !== version)
    throw new ShopError("STALE_VERSION", `The zone ${zone.name} changed since the page was read.`, {
      details: { changedAt: zone.updatedAt.toISOString() },
    });
  return zone;
}

const touch = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve()
    : db
        .update(deliveryZones)
        .set({ updatedAt: sql`now()` })
        .where(inArray(deliveryZones.id, ids));

/**
 * Puts `codes` in the zone (moving those in another zone, whose version moves too), giving those
 * without a VAT rate `vat` (refused when they need one and none is given). Returns where each
 * moved country was.
 */
async function placeCountries(scope: StaffScope, zoneId: string, codes: string[], vat: number | undefined) {
  const { db } = scope;
  const rated = await db.select({ country: vatRates.country }).from(vatRates).where(inArray(vatRates.country, codes));
  const unrated = codes.filter((code) => !rated.some((row) => row.country === code));
  if (unrated.length > 0 && vat === undefined)
    throw new ShopError("INVALID_INPUT", `Give the VAT rate of ${unrated.join(", ")} (0 for exports outside VAT).`, {
      field: "vatPercent",
    });
  if (unrated.length > 0) {
    await db.insert(vatRates).values(unrated.map((country) => ({ country, rateBasisPoints: vat! })));
    for (const country of unrated)
      await recordAudit(scope, {
        action: "vat.rate_set",
        entityType: "vat_rate",
        entityId: country,
        changes: { rateBasisPoints: [null, vat] },
      });
  }
  const before = await db
    .select({ country: deliveryZoneCountries.country, zoneId: deliveryZoneCountries.zoneId })
    .from(deliveryZoneCountries)
    .where(inArray(deliveryZoneCountries.country, codes));
  const moved = Object.fromEntries(before.filter((row) => row.zoneId !== zoneId).map((row) => [row.country, row.zoneId]));
  await db
    .insert(deliveryZoneCountries)
    .values(codes.map((country) => ({ country, zoneId })))
    .onConflictDoUpdate({ target: deliveryZoneCountries.country, set: { zoneId } });
  await touch(db, [...new Set(Object.values(moved))]);
  return { moved, added: codes.filter((code) => !before.some((row) => row.country === code && row.zoneId === zoneId)) };
}

/** A new zone with its countries (moved from other zones where they were); its id is made of its name. */
export async function createZone(scope: StaffScope, raw: unknown): Promise<{ id: string }> {
  const input = parseInput(CreateZoneInput, raw);
  const id = slugOf(input.name) || "zone";
  return withTransaction(scope, async (tx) => {
    const made = await tx.db
      .insert(deliveryZones)
      .values({ id, name: input.name })
      .onConflictDoNothing()
      .returning({ id: deliveryZones.id });
    if (made.length === 0) throw new ShopError("INVALID_INPUT", "There is a zone of that name already.", { field: "name" });
    const { moved } = await placeCountries(tx, id, input.countries, input.vatPercent);
    await recordAudit(tx, {
      action: "delivery.zone_created",
      entityType: "delivery_zone",
      entityId: id,
      changes: {
        name: [null, input.name],
        countries: [[], input.countries],
        ...(Object.keys(moved).length ? { movedFrom: [null, moved] } : {}),
      },
    });
    return { id };
  });
}

export async function renameZone(scope: StaffScope, raw: unknown): Promise<void> {
  const input = parseInput(RenameZoneInput, raw);
  await withTransaction(scope, async (tx) => {
    const zone = await lockZone(tx.db, input.zoneId, input.version);
    await tx.db
      .update(deliveryZones)
      .set({ name: input.name, updatedAt: sql`now()` })
      .where(eq(deliveryZones.id, zone.id));
    await recordAudit(tx, {
      action: "delivery.zone_renamed",
      entityType: "delivery_zone",
      entityId: zone.id,
      changes: { name: [zone.name, input.name] },
    });
  });
}

/** Adds countries to a zone, or moves them here from another: the shop delivers there at once. */
export async function addCountries(scope: StaffScope, raw: unknown): Promise<{ added: string[] }> {
  const input = parseInput(AddCountriesInput, raw);
  return withTransaction(scope, async (tx) => {
    const zone = await lockZone(tx.db, input.zoneId, input.version);
    const { moved, added } = await placeCountries(tx, zone.id, input.countries, input.vatPercent);
    await touch(tx.db, [zone.id]);
    await recordAudit(tx, {
      action: "delivery.countries_added",
      entityType: "delivery_zone",
      entityId: zone.id,
      changes: { countries: [[], added], ...(Object.keys(moved).length ? { movedFrom: [null, moved] } : {}) },
    });
    return { added };
  });
}

/** Takes a country out of its zone: the shop no longer delivers there (its VAT rate stays). */
export async function removeCountry(scope: StaffScope, raw: unknown): Promise<void> {
  const input = parseInput(RemoveCountryInput, raw);
  await withTransaction(scope, async (tx) => {
    const zone = await lockZone(tx.db, input.zoneId, input.version);
    const gone = await tx.db
      .delete(deliveryZoneCountries)
      .where(and(eq(deliveryZoneCountries.country, input.country), eq(deliveryZoneCountries.zoneId, zone.id)))
      .returning({ country: deliveryZoneCountries.country });
    if (gone.length === 0) throw new ShopError("INVALID_INPUT", `${input.country} is not in this zone.`, { field: "country" });
    await touch(tx.db, [zone.id]);
    await recordAudit(tx, {
      action: "delivery.country_removed",
      entityType: "delivery_zone",
      entityId: zone.id,
      changes: { countries: [[input.country], []] },
    });
  });
}

/** A new delivery method of the zone; its id is the zone's and its name's ("asia-standard-delivery"). */
export async function addMethod(scope: StaffScope, inputs: MethodInputs, raw: unknown): Promise<{ id: string }> {
  const { zoneId, version, ...method } = parseInput(inputs.AddMethodInput, raw);
  return withTransaction(scope, async (tx) => {
    const zone = await lockZone(tx.db, zoneId, version);
    const base = `${zone.id}-${slugOf(method.name) || method.speed}`.slice(0, 56);
    const taken = await tx.db
      .select({ id: deliveryMethods.id })
      .from(deliveryMethods)
      .where(sql`${deliveryMethods.id} = ${base} or ${deliveryMethods.id} like ${`${base}-%`}`);
    let id = base;
    for (let n = 2; taken.some((row) => row.id === id); n++) id = `${base}-${n}`;
    await tx.db.insert(deliveryMethods).values({ id, zoneId: zone.id, ...method, freeFrom: method.freeFrom ?? null });
    await touch(tx.db, [zone.id]);
    await recordAudit(tx, {
      action: "delivery.method_added",
      entityType: "delivery_method",
      entityId: id,
      changes: Object.fromEntries(
        Object.entries({ zoneId: zone.id, ...method }).map(([key, value]) => [key, [null, value ?? null]]),
      ),
    });
    return { id };
  });
}

/** Changes a method (name, speed, price, free-from, days, order, active): a new order sees it at once, a placed one never. */
export async function changeMethod(scope: StaffScope, inputs: MethodInputs, raw: unknown): Promise<void> {
  const { zoneId, version, methodId, ...change } = parseInput(inputs.ChangeMethodInput, raw);
  await withTransaction(scope, async (tx) => {
    const zone = await lockZone(tx.db, zoneId, version);
    const [method] = await tx.db
      .select()
      .from(deliveryMethods)
      .where(and(eq(deliveryMethods.id, methodId), eq(deliveryMethods.zoneId, zone.id)));
    if (!method) throw new ShopError("ENTRY_NOT_FOUND", "There is no such delivery method in this zone.");
    const next = { ...change, freeFrom: change.freeFrom ?? null };
    await tx.db.update(deliveryMethods).set(next).where(eq(deliveryMethods.id, method.id));
    await touch(tx.db, [zone.id]);
    const changes = diffFields(method, next, ["name", "speed", "price", "freeFrom", "minDays", "maxDays", "position", "active"]);
    const action = changes.active
      ? next.active
        ? "delivery.method_activated"
        : "delivery.method_deactivated"
      : "delivery.method_changed";
    await recordAudit(tx, { action, entityType: "delivery_method", entityId: method.id, changes });
  });
}

/**
 * Sets a country's VAT rate (basis points from a percentage): new orders to it include VAT at this
 * rate; placed orders keep theirs. A rate's version is its updated_at ("" for a country without one).
 */
export async function setVatRate(scope: StaffScope, raw: unknown): Promise<void> {
  const input = parseInput(SetVatInput, raw);
  const points = input.vatPercent!;
  await withTransaction(scope, async (tx) => {
    const [rate] = await tx.db.select().from(vatRates).where(eq(vatRates.country, input.country)).for("update");
    const current = rate ? rate.updatedAt.toISOString() : "";
    if (current !== input.version)
      throw new ShopError("STALE_VERSION", `The VAT rate of ${input.country} changed since the page was read.`, {
        details: { changedAt: rate?.updatedAt.toISOString() },
      });
    if (rate)
      await tx.db
        .update(vatRates)
        .set({ rateBasisPoints: points, updatedAt: sql`now()` })
        .where(eq(vatRates.country, input.country));
    else {
      const made = await tx.db
        .insert(vatRates)
        .values({ country: input.country, rateBasisPoints: points })
        .onConflictDoNothing()
        .returning({ country: vatRates.country });
      if (made.length === 0)
        throw new ShopError("STALE_VERSION", `The VAT rate of ${input.country} was set since the page was read.`);
    }
    await recordAudit(tx, {
      action: "vat.rate_set",
      entityType: "vat_rate",
      entityId: input.country,
      changes: { rateBasisPoints: [rate?.rateBasisPoints ?? null, points] },
    });
  });
}
