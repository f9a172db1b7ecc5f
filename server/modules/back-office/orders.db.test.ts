import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { orders, payments, type Order } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { createBackOffice, searchOf, type BackOffice } from "./index.ts";

/* The back office's order list, order page and CSV (issue 24 §4) over orders placed as checkout places them. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let office: BackOffice;
let option: number;
const placed: Record<"iris" | "anna" | "jan" | "kim", Order> = {} as never;

const at = (iso: string) => new Date(iso);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

async function place(email: string, quantity: number, address: Record<string, string>, delivery = "home-standard") {
  const order = await guestOrder(shop.services, scope, option, quantity, {
    email,
    shippingAddress: address,
    deliveryMethod: delivery,
  });
  const [row] = await shop.database.db.select().from(orders).where(eq(orders.number, order.number));
  return row!;
}

const setPlaced = (order: Order, iso: string) =>
  shop.database.db
    .update(orders)
    .set({ createdAt: at(iso) })
    .where(eq(orders.id, order.id));

beforeAll(async () => {
  shop = await seededShop(4);
  scope = systemScope(shop.database.db);
  office = createBackOffice({ currency: "EUR", cardPayments: false });
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
  const { staff } = shop.services;
  const nl = { line1: "Dorpsstraat 2", city: "Utrecht", postalCode: "3511 AA", country: "NL" };
  placed.iris = await place("iris.bos@example.com", 1, { ...nl, firstName: "Iris", lastName: "Bos" });
  placed.anna = await place(
    "anna.schmidt@example.com",
    2,
    { firstName: "Anna", lastName: "Schmidt", line1: "Hauptstraße 1", city: "Berlin", postalCode: "10115", country: "DE" },
    "eu-standard",
  );
  placed.jan = await place("jan@example.com", 3, { ...nl, firstName: "Jan", lastName: "de Vries", company: "=2+3" });
  placed.kim = await place("kim@example.com", 1, { ...nl, firstName: "Kim", lastName: "Bosman" });
  await staff.markPaid(scope, placed.anna.number);
  await staff.markPaid(scope, placed.jan.number);
  await staff.ship(scope, placed.jan.number, { carrier: "PostNL", trackingUrl: "https://track.example/1" });
  await staff.cancel(scope, placed.kim.number);
  await setPlaced(placed.iris, "2031-01-04T10:00:00Z");
  await setPlaced(placed.anna, "2031-01-03T10:00:00Z");
  await setPlaced(placed.jan, "2031-01-02T10:00:00Z");
  await setPlaced(placed.kim, "2031-01-01T10:00:00Z");
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

const numbers = (page: { rows: { number: string }[] }) => page.rows.map((row) => row.number);

test("the list shows each order as the owner reads it, newest first, with the params to write links", async () => {
  const page = await office.ordersList(scope, {});
  expect(numbers(page)).toEqual([placed.iris, placed.anna, placed.jan, placed.kim].map((o) => o.number));
  expect(page).toMatchObject({ total: 4, page: 1, pages: 1, pageSize: 50 });
  expect(page.params).toEqual({ status: [], sort: "date", dir: "desc", page: 1 });
  expect(page.rows[1]).toEqual({
    number: placed.anna.number,
    placedAt: "2031-01-03T10:00:00.000Z",
    customerName: "Anna Schmidt",
    email: "anna.schmidt@example.com",
    customerId: null,
    country: "DE",
    status: "paid",
    paymentMethod: "bank-transfer",
    paymentState: "paid",
    total: placed.anna.total,
    refunded: 0,
    currency: "EUR",
  });
  expect(page.rows.map((row) => row.paymentState)).toEqual(["unpaid", "paid", "paid", "voided"]);
  expect(searchOf(page.params, { status: ["paid"] })).toBe("?status=paid");
  expect(searchOf({ ...page.params, page: 3 }, { page: 4 })).toBe("?page=4");
});

test("filters: status (one or several), payment method and state, country, days; empty fields are no filter", async () => {
  const list = (raw: unknown) => office.ordersList(scope, raw).then(numbers);
  expect(await list({ status: "paid" })).toEqual([placed.anna.number]);
  expect(await list(new URLSearchParams("status=paid&status=shipped"))).toEqual([placed.anna.number, placed.jan.number]);
  expect(await list({ method: "stripe" })).toEqual([]);
  expect(await list({ method: "bank-transfer", payment: "voided" })).toEqual([placed.kim.number]);
  expect(await list({ payment: "unpaid" })).toEqual([placed.iris.number]);
  expect(await list({ country: "de" })).toEqual([placed.anna.number]);
  expect(await list({ from: "2031-01-02", to: "2031-01-03" })).toEqual([placed.anna.number, placed.jan.number]);
  expect(await list({ to: "2031-01-01" })).toEqual([placed.kim.number]);
  expect(await list(new URLSearchParams("q=&status=&method=&payment=&country=&from=&to=&sort=&dir=&page="))).toHaveLength(4);
});

test("search: an order number with or without KS-, the start of an e-mail address, the starts of the buyer's name", async () => {
  const search = (q: string) => office.ordersList(scope, { q }).then(numbers);
  expect(await search(placed.jan.number)).toEqual([placed.jan.number]);
  expect(await search(placed.jan.number.slice(3).toLowerCase())).toEqual([placed.jan.number]);
  expect(await search("ANNA.S")).toEqual([placed.anna.number]);
  expect(await search("kim@example.com")).toEqual([placed.kim.number]);
  expect(await search("bos")).toEqual([placed.iris.number, placed.kim.number]);
  expect(await search("iris b")).toEqual([placed.iris.number]);
  expect(await search("vries")).toEqual([placed.jan.number]);
  expect(await search("schmidt anna")).toEqual([placed.anna.number]);
  expect(await search("%")).toEqual([]);
  expect(await search("nobody")).toEqual([]);
});

test("sort by total either way, and 50 a page over many orders", async () => {
  const byTotal = await office.ordersList(scope, { sort: "total", dir: "asc" });
  const totals = byTotal.rows.map((row) => row.total);
  expect(totals).toEqual([...totals].sort((a, b) => a - b));
  expect(byTotal.rows.at(-1)!.number).toBe(placed.jan.number);

  // 55 more orders, as rows: only the list's columns matter here.
  await shop.database.db.insert(orders).values(
    Array.from({ length: 55 }, (_, i) => ({
      number: `KS-9${String(i).padStart(5, "0")}`,
      email: `bulk${i}@example.com`,
      currency: "EUR",
      subtotal: 1000 + i,
      total: 1000 + i,
      createdAt: at(`2030-12-01T00:00:${String(i).padStart(2, "0")}Z`),
    })),
  );
  const first = await office.ordersList(scope, { q: "bulk" });
  expect(first).toMatchObject({ total: 55, pages: 2, page: 1 });
  expect(first.rows).toHaveLength(50);
  expect(first.rows[0]!.number).toBe("KS-900054");
  const second = await office.ordersList(scope, { q: "bulk", page: "2" });
  expect(numbers(second)).toEqual(["KS-900004", "KS-900003", "KS-900002", "KS-900001", "KS-900000"]);
  expect((await office.ordersList(scope, { q: "bulk", page: 9 })).rows).toEqual([]);
  expect((await office.ordersList(scope, { q: "bulk", sort: "total", dir: "asc" })).rows[0]!.number).toBe("KS-900000");
  expect((await office.ordersList(scope, {})).total).toBe(59);
});

test("bad params are field errors, never a guess", async () => {
  const error = (raw: unknown) => failure(office.ordersList(scope, raw));
  expect(await error({ status: "lost" })).toMatchObject({ code: "INVALID_INPUT", field: "status.0" });
  expect(await error({ page: "0" })).toMatchObject({ code: "INVALID_INPUT", field: "page" });
  expect(await error({ page: "two" })).toMatchObject({ code: "INVALID_INPUT", field: "page" });
  expect(await error({ sort: "name" })).toMatchObject({ code: "INVALID_INPUT", field: "sort" });
  expect(await error({ country: "Netherlands" })).toMatchObject({ code: "INVALID_INPUT", field: "country" });
  expect(await error({ from: "2031-13-01" })).toMatchObject({ code: "INVALID_INPUT", field: "from" });
  expect(await error({ from: "2031-01-05", to: "2031-01-01" })).toMatchObject({ code: "INVALID_INPUT", field: "to" });
  expect(await error({ payment: "maybe", method: "cash" })).toMatchObject({
    fields: { payment: expect.any(String), method: expect.any(String) },
  });
});

test("the order page: lines, totals with VAT, delivery, payment, history, mails, and the actions its status allows", async () => {
  const detail = await office.orderDetail(scope, placed.jan.number);
  expect(detail).toMatchObject({
    number: placed.jan.number,
    status: "shipped",
    customer: { id: null, name: "Jan de Vries", email: "jan@example.com" },
    delivery: {
      sendsGoods: true,
      methodId: "home-standard",
      carrier: "PostNL",
      trackingUrl: "https://track.example/1",
      address: { firstName: "Jan", lastName: "de Vries", country: "NL", countryName: "Netherlands" },
    },
    payment: { method: "bank-transfer", state: "paid", reference: placed.jan.paymentReference ?? placed.jan.number },
    allowedActions: ["markDelivered", "refund", "resendMail", "addNote"],
  });
  expect(detail.lines).toEqual([
    expect.objectContaining({ variantId: option, quantity: 3, lineTotal: detail.lines[0]!.unitPrice * 3 }),
  ]);
  expect(detail.totals).toMatchObject({
    total: placed.jan.total,
    vat: placed.jan.tax,
    totalExVat: placed.jan.total - placed.jan.tax,
  });
  expect(detail.totals.vatByRate).toEqual([
    {
      rateBasisPoints: 2100,
      ratePercent: 21,
      net: placed.jan.total - placed.jan.tax,
      vat: placed.jan.tax,
      gross: placed.jan.total,
    },
  ]);
  expect(detail.totals.refundable).toBe(placed.jan.total);
  expect(detail.history.map((event) => event.status)).toEqual(["awaiting_payment", "paid", "shipped"]);
  expect(detail.mails.map((mail) => mail.subject)).toEqual([
    `Your order ${placed.jan.number} at Safe Hands`,
    `We received your payment for order ${placed.jan.number}`,
    `Your order ${placed.jan.number} is on its way`,
  ]);
  expect(detail.mails[0]).toMatchObject({ to: "jan@example.com", state: expect.stringMatching(/^(sent|queued)$/) });

  const actions = async (number: string) => (await office.orderDetail(scope, number)).allowedActions;
  expect(await actions(placed.iris.number)).toEqual(["markPaid", "cancel", "resendMail", "addNote"]);
  expect(await actions(placed.anna.number)).toEqual(["ship", "cancel", "refund", "resendMail", "addNote"]);
  expect(await actions(placed.kim.number)).toEqual(["resendMail", "addNote"]);
  const iris = await office.orderDetail(scope, placed.iris.number);
  expect(iris.payment).toMatchObject({ state: "unpaid", daysLeft: expect.any(Number), holdUntil: expect.any(String) });
});

test("a card order: paid by its provider, refunded only through it; its attempts show", async () => {
  const card = await place("card@example.com", 1, {
    firstName: "Cas",
    lastName: "Kaart",
    line1: "Dorpsstraat 3",
    city: "Utrecht",
    postalCode: "3511 AA",
    country: "NL",
  });
  await shop.database.db.update(orders).set({ paymentMethod: "stripe", status: "paid" }).where(eq(orders.id, card.id));
  await shop.database.db.insert(payments).values({
    orderId: card.id,
    provider: "stripe",
    status: "paid",
    amount: card.total,
    currency: "EUR",
    providerRef: "cs_test_1",
    providerPaymentRef: "pi_test_1",
  });
  const detail = await office.orderDetail(scope, card.number);
  expect(detail.allowedActions).toEqual(["ship", "resendMail", "addNote"]);
  expect(detail.payment).toMatchObject({
    method: "stripe",
    reference: null,
    attempts: [{ status: "paid", amount: card.total, providerRef: "cs_test_1", providerPaymentRef: "pi_test_1" }],
  });
  const withProvider = createBackOffice({ currency: "EUR", cardPayments: true });
  expect((await withProvider.orderDetail(scope, card.number)).allowedActions).toEqual([
    "ship",
    "cancel",
    "refund",
    "resendMail",
    "addNote",
  ]);
});

test("the version changes with every change, and orderVersion says the current one", async () => {
  const before = await office.orderDetail(scope, placed.anna.number);
  expect(await office.orderVersion(scope, placed.anna.number)).toBe(before.version);
  await shop.services.staff.refund(scope, placed.anna.number, { amount: 100 });
  const after = await office.orderDetail(scope, placed.anna.number);
  expect(after.version).not.toBe(before.version);
  expect(await office.orderVersion(scope, placed.anna.number)).toBe(after.version);
  expect(after.payment).toMatchObject({ state: "partially_refunded", refunds: [{ amount: 100, note: "Refunded €1.00" }] });
  expect(after.totals.refundable).toBe(placed.anna.total - 100);
  expect(await office.orderVersion(scope, "KS-1")).toBeNull();
});

test("an unknown or malformed number is not found", async () => {
  for (const number of ["KS-1", "nonsense", "", 42, null]) {
    expect(await failure(office.orderDetail(scope, number))).toMatchObject({ code: "ORDER_NOT_FOUND" });
  }
});

async function csvOf(raw: unknown): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of office.ordersCsv(scope, raw)) chunks.push(chunk);
  return chunks;
}

test("the CSV: a header, the filtered orders in the order they were placed, amounts for an accountant, formulas defused", async () => {
  const chunks = await csvOf({ country: "NL", status: ["shipped", "cancelled"] });
  const text = chunks.join("");
  expect(
    text.startsWith(
      "\uFEFFOrder,Date (UTC),Customer,E-mail,Country,Status,Payment method,Payment state,VAT rate %,Net,VAT,Gross,Refunded,Currency\n",
    ),
  ).toBe(true);
  const lines = text.slice(1).trimEnd().split("\n");
  expect(lines).toHaveLength(3);
  const euros = (minor: number) => (minor / 100).toFixed(2);
  expect(lines[1]).toBe(
    `${placed.jan.number},2031-01-02 10:00:00,Jan de Vries,jan@example.com,NL,shipped,bank transfer,paid,21.00,` +
      `${euros(placed.jan.total - placed.jan.tax)},${euros(placed.jan.tax)},${euros(placed.jan.total)},0.00,EUR`,
  );
  expect(lines[2]).toMatch(
    new RegExp(`^${placed.kim.number},2031-01-01 10:00:00,Kim Bosman,kim@example.com,NL,cancelled,bank transfer,voided,`),
  );
  await expect(csvOf({ status: "lost" })).rejects.toMatchObject({ code: "INVALID_INPUT", field: "status.0" });
});

test("the CSV guards every cell a spreadsheet would run, and reads a large export in batches", async () => {
  const { guardCell } = await import("./index.ts");
  expect(["=2+3", "+1", "-1", "@SUM(A1)", "\tx", "Jan"].map(guardCell)).toEqual([
    "'=2+3",
    "'+1",
    "'-1",
    "'@SUM(A1)",
    "'\tx",
    "Jan",
  ]);
  // A buyer whose name is a formula: the CSV shows it as text.
  await shop.database.db
    .update(orders)
    .set({ deliveryAddress: JSON.stringify({ firstName: '=HYPERLINK("http://x")', lastName: "", country: "NL" }) })
    .where(eq(orders.id, placed.iris.id));
  const iris = (await csvOf({ q: placed.iris.number })).join("");
  expect(iris).toContain(`${placed.iris.number},2031-01-04 10:00:00,"'=HYPERLINK(""http://x"")",iris.bos@example.com`);

  await shop.database.db.execute(sql`
    insert into orders (number, email, currency, subtotal, total, created_at)
    select 'KS-8' || lpad(n::text, 5, '0'), 'many' || n || '@example.com', 'EUR', 500, 500, now()
    from generate_series(1, 1001) as n`);
  const chunks = await csvOf({ q: "many" });
  expect(chunks).toHaveLength(3);
  expect(chunks.join("").trimEnd().split("\n")).toHaveLength(1002);
});
