import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, mailJobs, variants } from "../../db/schema/index.ts";
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
  lowStockTotal: "8",
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
  expect(settings).toMatchObject({ legalName: "Safe Hands B.V.", reservationDays: 7, lowStockTotal: 5 });
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
  expect(changed.sort()).toEqual(["accountHolder", "address", "bic", "iban", "legalName", "lowStockTotal", "reservationDays"]);
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

  // Low stock: a product with 8 in all counts as low now (it did not at 5).
  const [option] = await shop.database.db.select().from(variants).where(eq(variants.id, options[1]!));
  await shop.database.db.update(variants).set({ stock: 0 }).where(eq(variants.productId, option!.productId));
  await shop.database.db.update(variants).set({ stock: 8 }).where(eq(variants.id, option!.id));
  const low = await shop.services.backOffice.productsList(system, { stock: "low" });
  expect(low.lowStockTotal).toBe(8);
  expect(low.rows.map((row) => row.id)).toContain(option!.productId);
  expect((await shop.services.backOffice.dashboard(system)).queues.lowStock.below).toBe(8);

  // A form read before this change is stale.
  expect(await failure(shop.services.shopSettings.change(owner, { ...FORM, version: "", legalName: "Other" }))).toMatchObject({
    code: "STALE_VERSION",
  });
  const { version } = await shop.services.shopSettings.view(shop.database.db);
  expect((await shop.services.shopSettings.change(owner, { ...FORM, version })).changed).toEqual([]);
});
