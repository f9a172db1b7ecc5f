import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";

/*
 * Amounts typed in the back office are read in the shop's currency (ADR 74), by the one reading
 * the product editor uses (lib/money.ts readAmount): a shop selling in yen types whole yen for a
 * delivery method and a membership plan, and a decimal is refused, never taken as euros.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let owner: StaffScope;

beforeAll(async () => {
  shop = await seededShop(4, { selling: { currency: "JPY" } });
  owner = staffScopeOf(systemScope(shop.database.db), { id: 94, email: "owner@example.com", role: "owner" }, "req-yen");
});
afterAll(() => shop?.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

test("a delivery method's price and free-from amount in yen", async () => {
  const rates = shop.services.deliveryRates;
  const zoneOf = async () => (await rates.overview(shop.database.db)).zones[0]!;
  const zone = await zoneOf();
  const method = { zoneId: zone.id, name: "Yen post", speed: "standard", minDays: "2", maxDays: "4" };
  expect(await failure(rates.addMethod(owner, { ...method, version: zone.version, price: "19.50" }))).toMatchObject({
    code: "INVALID_INPUT",
    fields: { price: "This currency has no decimals." },
  });
  const { id } = await rates.addMethod(owner, { ...method, version: zone.version, price: "1950", freeFrom: "20,000" });
  const added = (await zoneOf()).methods.find((m) => m.id === id);
  expect(added).toMatchObject({ price: 1950, freeFrom: 20_000 });
  const again = await zoneOf();
  await rates.changeMethod(owner, { ...method, methodId: id, version: again.version, price: "¥980", active: "on" });
  expect((await zoneOf()).methods.find((m) => m.id === id)).toMatchObject({ price: 980, freeFrom: null });
});

test("a membership plan's price in yen", async () => {
  const [plan] = await shop.services.membership.plansForStaff();
  const form = {
    planId: String(plan!.id),
    version: plan!.version,
    name: plan!.name,
    benefits: "",
    discountPercent: "0",
  };
  expect(await failure(shop.services.membership.changePlan(owner, { ...form, price: "49.00" }))).toMatchObject({
    code: "INVALID_INPUT",
    fields: { price: "This currency has no decimals." },
  });
  await shop.services.membership.changePlan(owner, { ...form, price: "4900" });
  expect((await shop.services.membership.plansForStaff()).find((p) => p.id === plan!.id)!.price).toBe(4900);
});
