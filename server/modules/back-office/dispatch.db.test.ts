import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, mailJobs, orders, type Order } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";

/*
 * The dispatch desk (issue 24 §4, ADR 62) over orders placed as checkout places them: a batch
 * marked shipped through the ship use case (each shipped order audited, each refused one reported
 * and untouched), packing slips without prices, invoices whose VAT per rate adds up.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let system: Scope;
let staff: StaffScope;
let options: number[];
let buyers = 0;

beforeAll(async () => {
  shop = await seededShop(4);
  system = systemScope(shop.database.db);
  staff = staffScopeOf(
    systemScope(shop.database.db, { ip: "192.0.2.80" }),
    { id: 81, email: "packer@example.com", role: "staff" },
    "req-batch-1",
  );
  options = await stockedOptions(shop.database.db, 3);
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

const desk = () => shop.services.backOffice;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/** A guest's order of `quantity` of one option (a new buyer each), as checkout places it. */
async function placed(quantity = 1, option = 0): Promise<Order> {
  const order = await guestOrder(shop.services, system, options[option]!, quantity, {
    email: `dispatch-${++buyers}@example.com`,
  });
  return (await rowOf(order.number))!;
}

async function rowOf(number: string) {
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.number, number));
  return row;
}

/** An order of a membership alone, paid: no delivery, nothing to pack or send. */
async function membershipOnly(): Promise<Order> {
  const [row] = await shop.database.db
    .insert(orders)
    .values({
      number: `KS-7${String(++buyers).padStart(5, "0")}`,
      email: "member@example.com",
      currency: "EUR",
      subtotal: 3000,
      total: 3000,
      tax: 521,
      vatRateBasisPoints: 2100,
      status: "paid",
    })
    .returning();
  return row!;
}

const auditOf = (numbers: string[]) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "order"), inArray(auditLog.entityId, numbers)))
    .orderBy(auditLog.id);

test("a batch ships what may be shipped, each through the ship use case and audited; the rest are reported by number, untouched", async () => {
  const [paidA, paidB, unpaid, sent] = [await placed(), await placed(2), await placed(), await placed()];
  const membership = await membershipOnly();
  for (const order of [paidA, paidB, sent]) await shop.services.staff.markPaid(system, order.number);
  await shop.services.staff.ship(system, sent.number, { carrier: "DHL" });
  const unknown = "KS-999999";

  const batch = await desk().shipOrders(staff, {
    number: [paidA.number, unpaid.number, unknown, paidB.number.toLowerCase(), sent.number, membership.number, paidA.number],
    carrier: " PostNL ",
    trackingUrl: "https://track.example/batch-7",
  });

  expect(batch).toEqual({
    shipped: [paidA.number, paidB.number],
    refused: [
      { number: unpaid.number, reason: "It is not paid yet." },
      { number: unknown, reason: "No order has this number." },
      { number: sent.number, reason: "It was shipped already." },
      { number: membership.number, reason: "It holds a membership alone: there is nothing to send." },
    ],
  });
  for (const order of [paidA, paidB]) {
    expect(await rowOf(order.number)).toMatchObject({
      status: "shipped",
      carrier: "PostNL",
      trackingUrl: "https://track.example/batch-7",
    });
  }
  expect((await rowOf(unpaid.number))!.status).toBe("awaiting_payment");
  expect((await rowOf(sent.number))!).toMatchObject({ status: "shipped", carrier: "DHL" });
  expect((await rowOf(membership.number))!.status).toBe("paid");

  // One entry per shipped order, the staff member's; none for a refused one.
  const entries = await auditOf([paidA.number, paidB.number, unpaid.number, sent.number, membership.number, unknown]);
  expect(entries.map((entry) => [entry.entityId, entry.action])).toEqual([
    [paidA.number, "order.shipped"],
    [paidB.number, "order.shipped"],
  ]);
  expect(entries[0]).toMatchObject({
    actorId: 81,
    actorEmail: "packer@example.com",
    requestId: "req-batch-1",
    clientAddress: "192.0.2.80",
    changes: { status: ["paid", "shipped"], carrier: [null, "PostNL"], trackingUrl: [null, "https://track.example/batch-7"] },
  });
  // Each buyer is told, as when one order is shipped from its page.
  const mails = await shop.database.db
    .select()
    .from(mailJobs)
    .where(inArray(mailJobs.to, [paidA.email, paidB.email]));
  expect(mails.filter((mail) => mail.subject.endsWith("is on its way"))).toHaveLength(2);
});

test("a batch without a tracking link ships without one; all on the page takes the numbers the page showed", async () => {
  const [one, two] = [await placed(), await placed()];
  for (const order of [one, two]) await shop.services.staff.markPaid(system, order.number);
  const form = new URLSearchParams({ all: "page", carrier: "PostNL", trackingUrl: "" });
  form.append("shown", one.number);
  form.append("shown", two.number);
  form.append("number", one.number);
  expect(await desk().shipOrders(staff, form)).toEqual({ shipped: [one.number, two.number], refused: [] });
  expect(await rowOf(two.number)).toMatchObject({ status: "shipped", carrier: "PostNL", trackingUrl: null });
});

test("a batch that is no batch is refused as a whole, saying why, and changes nothing", async () => {
  const order = await placed();
  await shop.services.staff.markPaid(system, order.number);
  const refusal = (raw: unknown) => failure(desk().shipOrders(staff, raw));
  expect(await refusal({ carrier: "PostNL" })).toMatchObject({
    code: "INVALID_INPUT",
    field: "number",
    message: "Choose at least one order.",
  });
  const many = Array.from({ length: 51 }, (_, i) => `KS-${500000 + i}`);
  expect(await refusal({ number: many, carrier: "PostNL" })).toMatchObject({
    field: "number",
    message: "Choose at most 50 orders at a time.",
  });
  expect(await refusal({ number: [order.number, "1; drop table orders"], carrier: "PostNL" })).toMatchObject({
    field: "number.1",
    message: "Order numbers look like KS-100001.",
  });
  expect(await refusal({ number: order.number, carrier: " " })).toMatchObject({ field: "carrier" });
  expect(await refusal({ number: order.number, carrier: "PostNL", trackingUrl: "http://track.example/1" })).toMatchObject({
    field: "trackingUrl",
  });
  expect(await refusal({ number: order.number, carrier: "PostNL", all: "everything" })).toMatchObject({ field: "all" });
  expect((await rowOf(order.number))!.status).toBe("paid");
  expect(await auditOf([order.number])).toEqual([]);
});

test("packing slips: the goods and where they go, with no price anywhere; unknown numbers and memberships are said", async () => {
  const paid = await placed(3, 1);
  await shop.services.staff.markPaid(system, paid.number);
  const unpaid = await placed(1, 2);
  const membership = await membershipOnly();
  const slips = await desk().packingSlips(
    system,
    new URLSearchParams([
      ["number", paid.number],
      ["number", "KS-999998"],
      ["number", unpaid.number],
      ["number", membership.number],
    ]),
  );
  expect(slips.seller).toEqual({
    name: "Safe Hands B.V.",
    address: ["Keizersgracht 100", "1015 AA Amsterdam", "Netherlands"],
    vatId: "NL000099998B57",
    website: "http://shop.test",
  });
  expect(slips.slips.map((slip) => [slip.number, slip.warning])).toEqual([
    [paid.number, null],
    [unpaid.number, "Not paid yet: do not send."],
  ]);
  expect(slips.missing).toEqual([
    { number: "KS-999998", found: false, reason: "No order has this number." },
    { number: membership.number, found: true, reason: "It holds a membership alone: there is nothing to pack." },
  ]);
  const [first] = slips.slips;
  expect(first).toMatchObject({
    items: 3,
    delivery: { methodName: expect.any(String), address: { firstName: "Iris", lastName: "Bos", country: "NL" } },
  });
  expect(first!.lines).toEqual([
    { name: expect.any(String), sku: expect.any(String), colour: expect.anything(), size: expect.anything(), quantity: 3 },
  ]);
  // Nothing about money travels in the parcel.
  expect(JSON.stringify(slips.slips)).not.toMatch(/price|total|amount|vat|tax|shipping|refund|€/i);
  expect(await failure(desk().packingSlips(system, {}))).toMatchObject({ field: "number" });
});

test("an invoice: the order's number, dated when paid, lines with their VAT rate, and VAT per rate that adds up to the total", async () => {
  const order = await placed(2, 1);
  await shop.services.staff.markPaid(system, order.number);
  await shop.services.staff.refund(system, order.number, { amount: 500 });
  const bill = await desk().invoice(system, order.number);
  if (bill.kind === "none") throw new Error("a paid order has an invoice");
  expect(bill).toMatchObject({ kind: "invoice", number: order.number, status: "paid", currency: "EUR" });
  expect(bill.paidAt).not.toBeNull();
  expect(bill.issuedAt).toBe(bill.paidAt);
  expect(Date.parse(bill.issuedAt)).toBeGreaterThanOrEqual(Date.parse(bill.placedAt));
  expect(bill.lines).toEqual([
    expect.objectContaining({ quantity: 2, vatRatePercent: 21, lineTotal: bill.lines[0]!.unitPrice * 2 }),
  ]);
  const { totals } = bill;
  expect(bill.lines.reduce((sum, line) => sum + line.lineTotal, 0)).toBe(totals.subtotal);
  expect(totals.subtotal - totals.discount + totals.delivery).toBe(totals.total);
  expect(totals.vatByRate.reduce((sum, rate) => sum + rate.vat, 0)).toBe(order.tax);
  expect(totals.vatByRate.reduce((sum, rate) => sum + rate.gross, 0)).toBe(order.total);
  for (const rate of totals.vatByRate) expect(rate.net + rate.vat).toBe(rate.gross);
  // 21 % of the net, to the cent.
  expect(Math.abs(totals.vatByRate[0]!.vat - Math.round(totals.vatByRate[0]!.net * 0.21))).toBeLessThanOrEqual(1);
  expect(bill.payment).toMatchObject({
    method: "bank-transfer",
    state: "partially_refunded",
    refunds: [{ amount: 500 }],
    transfer: null,
  });
  expect(bill.seller.vatId).toBe("NL000099998B57");
  expect(bill.buyer).toMatchObject({ name: "Iris Bos", email: order.email, address: { city: "Utrecht" } });
});

test("an unpaid order's invoice is pro forma, dated when placed, with where to pay; one cancelled unpaid has none", async () => {
  const unpaid = await placed();
  const proForma = await desk().invoice(system, unpaid.number);
  expect(proForma).toMatchObject({
    kind: "pro_forma",
    number: unpaid.number,
    issuedAt: unpaid.createdAt.toISOString(),
    paidAt: null,
    payment: {
      state: "unpaid",
      transfer: {
        iban: "NL91ABNA0417164300",
        reference: unpaid.paymentReference ?? unpaid.number,
        payBy: unpaid.reservedUntil!.toISOString(),
      },
    },
  });
  const voided = await placed();
  await shop.services.staff.cancel(system, voided.number);
  expect(await desk().invoice(system, voided.number)).toEqual({
    kind: "none",
    number: voided.number,
    reason: expect.stringMatching(/cancelled before it was paid/),
  });
  expect(await failure(desk().invoice(system, "KS-999997"))).toMatchObject({ code: "ORDER_NOT_FOUND" });
});
