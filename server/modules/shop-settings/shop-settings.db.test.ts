import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, mailJobs, siteSettings, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { ibanValid } from "./index.ts";

/* The shop's settings (issue 25 §5, ADR 68): stored over the environment's defaults, read by invoices and transfers. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let system: Scope;
let owner: StaffScope;
let options: number[];
let buyers = 0;

beforeAll(async () => {
  shop = await seededShop(4);
  system = systemScope(shop.database.db);
  owner = staffScopeOf(systemScope(shop.database.db), { id: 91, email: "owner@example.com", role: "owner" }, "req-settings");
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

const FORM = {
  legalName: "Warm Hands Trading B.V.",
  address: "Prinsengracht 7\n1015 DK Amsterdam\nNetherlands",
  vatId: "NL 0000.99998.B57",
  accountHolder: "Warm Hands Trading B.V.",
  iban: "de89 3704 0044 0532 0130 00",
  bic: "cobadeffxxx",
  reservationDays: "3",
  lowStockAt: "8",
};

test("IBANs: the check digits decide (mod 97), a single changed digit fails", () => {
  expect(ibanValid("NL91ABNA0417164300")).toBe(true);
  expect(ibanValid("DE89370400440532013000")).toBe(true);
  expect(ibanValid("GB29NWBK60161331926819")).toBe(true);
  expect(ibanValid("NL91ABNA0417164301")).toBe(false);
  expect(ibanValid("DE89370400440532013001")).toBe(false);
  expect(ibanValid("NL91")).toBe(false);
});

test("with nothing stored, the environment's values are the shop's; the invoice prints them", async () => {
  const { settings, version } = await shop.services.shopSettings.view(shop.database.db);
  expect(version).toBe("");
  expect(settings).toMatchObject({ legalName: "Safe Hands B.V.", reservationDays: 7, lowStockAt: 5 });
  const order = await guestOrder(shop.services, system, options[0]!, 1, { email: `settings-${++buyers}@example.com` });
  const bill = await shop.services.backOffice.invoice(system, order.number);
  expect(bill).toMatchObject({ seller: { name: "Safe Hands B.V.", vatId: "NL000099998B57" } });
});

test("a wrong IBAN, BIC or day count is refused by its field, and nothing is stored", async () => {
  const refused = await failure(
    shop.services.shopSettings.change(owner, {
      ...FORM,
      version: "",
      iban: "DE89370400440532013001",
      bic: "12",
      reservationDays: "0",
    }),
  );
  expect(refused).toMatchObject({ code: "INVALID_INPUT" });
  expect(Object.keys((refused as { fields: object }).fields).sort()).toEqual(["bic", "iban", "reservationDays"]);
  expect((await shop.services.shopSettings.view(shop.database.db)).version).toBe("");
});

test("saved settings change the invoice's seller lines, the transfer instructions, the reservation and the low-stock lists; a stale form is refused", async () => {
  const { changed } = await shop.services.shopSettings.change(owner, { ...FORM, version: "" });
  expect(changed.sort()).toEqual(["accountHolder", "address", "bic", "iban", "legalName", "lowStockAt", "reservationDays"]);
  const [entry] = await shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "settings.changed"), eq(auditLog.entityId, "shop")));
  expect(entry).toMatchObject({ actorEmail: "owner@example.com", entityType: "settings" });
  expect(Object.keys(entry!.changes as object).sort()).toEqual(changed.sort());

  const placedAt = Date.now();
  const order = await guestOrder(shop.services, system, options[0]!, 1, { email: `settings-${++buyers}@example.com` });
  const bill = await shop.services.backOffice.invoice(system, order.number);
  expect(bill).toMatchObject({
    kind: "pro_forma",
    seller: {
      name: "Warm Hands Trading B.V.",
      address: ["Prinsengracht 7", "1015 DK Amsterdam", "Netherlands"],
      vatId: "NL000099998B57",
    },
    payment: { transfer: { accountHolder: "Warm Hands Trading B.V.", iban: "DE89370400440532013000", bic: "COBADEFFXXX" } },
  });
  // Three days to pay, on the order and in its confirmation mail.
  const held = new Date(order.reservedUntil!).getTime() - placedAt;
  expect(Math.round(held / 86_400_000)).toBe(3);
  const view = await shop.services.orders.view(system, order);
  expect(view.payment).toMatchObject({ transfer: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" } });
  const mails = await shop.database.db.select().from(mailJobs);
  expect(mails.some((mail) => JSON.stringify(mail).includes("IBAN DE89370400440532013000"))).toBe(true);

  // Low stock (ADR 74): an option of 8 without a mark of its own is low now (it was not at 5), in
  // the stock grid, the dashboard's queue and the product list alike; one with its own mark keeps it.
  const { db } = shop.database;
  const [option] = await db.select().from(variants).where(eq(variants.id, options[1]!));
  await db.update(variants).set({ stock: 50, lowStockThreshold: null }).where(eq(variants.productId, option!.productId));
  await db.update(variants).set({ stock: 8 }).where(eq(variants.id, option!.id));
  const grid = await shop.services.stock.grid(system, { q: option!.sku });
  expect(grid.rows.find((row) => row.variantId === option!.id)).toMatchObject({ lowAt: 8, state: "low" });
  const { lowStock } = (await shop.services.backOffice.dashboard(system, { queueSize: "100" })).queues;
  expect(lowStock.shopLowAt).toBe(8);
  expect(lowStock.rows.find((row) => row.variantId === option!.id)).toMatchObject({ stock: 8, lowAt: 8 });
  const low = await shop.services.backOffice.productsList(system, { stock: "low" });
  expect(low.shopLowAt).toBe(8);
  expect(low.rows.map((row) => row.id)).toContain(option!.productId);
  await db.update(variants).set({ lowStockThreshold: 7 }).where(eq(variants.id, option!.id));
  expect((await shop.services.stock.grid(system, { q: option!.sku })).rows[0]).toMatchObject({ lowAt: 7, state: "in" });
  const queue = (await shop.services.backOffice.dashboard(system, { queueSize: "100" })).queues.lowStock;
  expect(queue.rows.map((row) => row.variantId)).not.toContain(option!.id);
  const list = await shop.services.backOffice.productsList(system, { stock: "in" });
  expect(list.rows.map((row) => row.id)).toContain(option!.productId);

  // A form read before this change is stale.
  expect(await failure(shop.services.shopSettings.change(owner, { ...FORM, version: "", legalName: "Other" }))).toMatchObject({
    code: "STALE_VERSION",
  });
  const { version } = await shop.services.shopSettings.view(shop.database.db);
  expect((await shop.services.shopSettings.change(owner, { ...FORM, version })).changed).toEqual([]);
});

test("a threshold saved under its old name (lowStockTotal) reads as the options' mark", async () => {
  const { db } = shop.database;
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, "shop"));
  const { lowStockAt: _, ...older } = row!.value as Record<string, unknown>;
  await db
    .update(siteSettings)
    .set({ value: { ...older, lowStockTotal: 9 } })
    .where(eq(siteSettings.key, "shop"));
  expect((await shop.services.shopSettings.view(db)).settings.lowStockAt).toBe(9);
});
