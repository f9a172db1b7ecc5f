import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, orders } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { percentToBasisPoints } from "./index.ts";

/* Delivery zones, methods and VAT rates in the back office (issue 25 §5, ADR 68). */

let shop: Awaited<ReturnType<typeof seededShop>>;
let system: Scope;
let owner: StaffScope;
let options: number[];
let buyers = 0;

beforeAll(async () => {
  shop = await seededShop(4);
  system = systemScope(shop.database.db);
  owner = staffScopeOf(systemScope(shop.database.db), { id: 92, email: "owner@example.com", role: "owner" }, "req-delivery");
  options = await stockedOptions(shop.database.db, 2);
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
const rates = () => shop.services.deliveryRates;
const zone = async (id: string) => (await rates().overview(shop.database.db)).zones.find((z) => z.id === id)!;
const MOROCCAN = {
  firstName: "Salma",
  lastName: "Idrissi",
  line1: "12 Rue Tarik",
  city: "Casablanca",
  postalCode: "20250",
  country: "MA",
};

test("VAT rates typed as percentages", () => {
  expect(percentToBasisPoints("21")).toBe(2100);
  expect(percentToBasisPoints("5.5")).toBe(550);
  expect(percentToBasisPoints("8,1 %")).toBe(810);
  expect(percentToBasisPoints("101")).toBeNull();
  expect(percentToBasisPoints("abc")).toBeNull();
});

test("a new zone with a country the shop did not deliver to: unknown codes and a missing VAT rate are refused; then checkout offers its method", async () => {
  expect(await shop.services.checkout.deliveryOptions(system, { country: "MA" })).toEqual([]);
  expect(await failure(rates().createZone(owner, { name: "Asia", countries: "MA, XX" }))).toMatchObject({
    code: "INVALID_INPUT",
    fields: { countries: expect.stringContaining("XX") },
  });
  expect(await failure(rates().createZone(owner, { name: "Asia", countries: "ma" }))).toMatchObject({
    code: "INVALID_INPUT",
    fields: { vatPercent: expect.stringContaining("MA") },
  });
  expect(await rates().createZone(owner, { name: "Asia", countries: "ma", vatPercent: "7" })).toEqual({ id: "asia" });
  expect(await failure(rates().createZone(owner, { name: "Asia", countries: "VN", vatPercent: "10" }))).toMatchObject({
    fields: { name: expect.any(String) },
  });
  const asia = await zone("asia");
  await rates().addMethod(owner, {
    zoneId: "asia",
    version: asia.version,
    name: "Asia standard",
    speed: "standard",
    price: "19.50",
    freeFrom: "",
    minDays: "5",
    maxDays: "9",
  });
  expect(await shop.services.checkout.deliveryOptions(system, { country: "MA" })).toMatchObject([
    { id: "asia-asia-standard", price: 1950, freeFrom: null, minDays: 5, maxDays: 9 },
  ]);
  expect((await rates().overview(shop.database.db)).vatRates.find((rate) => rate.country === "MA")).toMatchObject({
    basisPoints: 700,
    zoneId: "asia",
  });
  const actions = (await shop.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, "owner@example.com"))).map(
    (entry) => `${entry.action} ${entry.entityId}`,
  );
  expect(actions).toEqual(
    expect.arrayContaining(["vat.rate_set MA", "delivery.zone_created asia", "delivery.method_added asia-asia-standard"]),
  );
});

test("a placed order keeps its delivery price and VAT after the method's price and the country's rate change", async () => {
  const order = await guestOrder(shop.services, system, options[0]!, 1, {
    email: `delivery-${++buyers}@example.com`,
    shippingAddress: MOROCCAN,
    deliveryMethod: "asia-asia-standard",
  });
  expect(order).toMatchObject({ shipping: 1950, vatRateBasisPoints: 700 });
  const before = await shop.services.orders.view(system, order);
  const asia = await zone("asia");
  await rates().changeMethod(owner, {
    zoneId: "asia",
    version: asia.version,
    methodId: "asia-asia-standard",
    name: "Asia standard",
    speed: "standard",
    price: "29.00",
    minDays: "5",
    maxDays: "9",
    active: "on",
  });
  const vatVersion = (await rates().overview(shop.database.db)).vatRates.find((rate) => rate.country === "MA")!.version;
  await rates().setVatRate(owner, { country: "ma", version: vatVersion, vatPercent: "10" });
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.id, order.id));
  expect(row).toMatchObject({ shipping: 1950, vatRateBasisPoints: 700, total: order.total, tax: order.tax });
  expect(await shop.services.orders.view(system, row!)).toEqual(before);
  const invoice = await shop.services.backOffice.invoice(system, order.number);
  expect(invoice).toMatchObject({ totals: { delivery: 1950, total: order.total } });
  expect(JSON.stringify(invoice)).not.toContain('"vatRatePercent":10');
  // A new order pays the new price and rate.
  const next = await guestOrder(shop.services, system, options[0]!, 1, {
    email: `delivery-${++buyers}@example.com`,
    shippingAddress: MOROCCAN,
    deliveryMethod: "asia-asia-standard",
  });
  expect(next).toMatchObject({ shipping: 2900, vatRateBasisPoints: 1000 });
});

test("a stale zone form is refused; a deactivated method is no longer offered; a country moves between zones", async () => {
  const asia = await zone("asia");
  const method = asia.methods[0]!;
  const fields = {
    zoneId: "asia",
    methodId: method.id,
    name: method.name,
    speed: method.speed,
    price: "29.00",
    minDays: "5",
    maxDays: "9",
  };
  await rates().changeMethod(owner, { ...fields, version: asia.version }); // no "active": unticked
  expect(await shop.services.checkout.deliveryOptions(system, { country: "MA" })).toEqual([]);
  expect(await failure(rates().changeMethod(owner, { ...fields, version: asia.version, active: "on" }))).toMatchObject({
    code: "STALE_VERSION",
  });
  const [entry] = await shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "delivery.method_deactivated"), eq(auditLog.entityId, method.id)));
  expect(entry?.changes).toEqual({ active: [true, false] });

  // Belgium moves from the EU zone to Asia (its rate kept): EU's version moves, Belgium gets Asia's methods.
  const eu = await zone("eu");
  const now = await zone("asia");
  await rates().changeMethod(owner, { ...fields, version: now.version, active: "on" });
  await rates().addCountries(owner, { zoneId: "asia", version: (await zone("asia")).version, countries: "BE" });
  expect((await zone("eu")).countries.map((c) => c.code)).not.toContain("BE");
  expect((await zone("eu")).version).not.toBe(eu.version);
  expect((await shop.services.checkout.deliveryOptions(system, { country: "BE" })).map((m) => m.id)).toEqual([method.id]);
  await rates().removeCountry(owner, { zoneId: "asia", version: (await zone("asia")).version, country: "BE" });
  expect(await shop.services.checkout.deliveryOptions(system, { country: "BE" })).toEqual([]);
});
