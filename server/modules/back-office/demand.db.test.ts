import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { products, stockAlerts, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { createBackOffice, type BackOffice } from "./index.ts";

/*
 * Back-in-stock demand (issue 26 §5, ADR 77): waiting requests grouped by product and option, most
 * wanted first, with the oldest request of each; the dashboard's "most wanted" queue counts the
 * same requests. Requests already answered, options back in stock and archived options are not
 * demand.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let office: BackOffice;
/** Two products' options: a[0..2] of one product, b[0..1] of another, c[0] of a third. */
let a: number[];
let b: number[];
let c: number[];
let productOf: Record<"a" | "b" | "c", number>;

const DAY = 86_400_000;
const NOW = Date.now();
let asked = 0;

/** `n` requests for option `variantId`, the first made `daysAgo` days ago, each later one an hour after. */
async function ask(variantId: number, n: number, daysAgo: number, notified = false) {
  await shop.database.db.insert(stockAlerts).values(
    Array.from({ length: n }, (_, i) => {
      asked += 1;
      return {
        variantId,
        email: `waits${asked}@example.com`,
        cancelTokenHash: `demand-hash-${asked}`,
        createdAt: new Date(NOW - daysAgo * DAY + i * 3_600_000),
        notifiedAt: notified ? new Date(NOW) : null,
      };
    }),
  );
}

beforeAll(async () => {
  shop = await seededShop(6);
  const { db } = shop.database;
  scope = systemScope(db);
  office = createBackOffice({ currency: "EUR", cardPayments: false });
  const firstOptions = async (count: number, after: number) => {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.published, true))
      .orderBy(asc(products.id))
      .offset(after)
      .limit(1);
    const rows = await db
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.productId, product!.id))
      .orderBy(asc(variants.id))
      .limit(count);
    expect(rows).toHaveLength(count);
    return { product: product!.id, ids: rows.map((row) => row.id) };
  };
  const [one, two, three] = [await firstOptions(3, 0), await firstOptions(2, 1), await firstOptions(1, 2)];
  [a, b, c] = [one.ids, two.ids, three.ids];
  productOf = { a: one.product, b: two.product, c: three.product };
  await db.update(variants).set({ stock: 20 });
  await db
    .update(variants)
    .set({ stock: 0 })
    .where(inArray(variants.id, [a[0]!, a[1]!, b[0]!, b[1]!, c[0]!]));
  // Product a: 2 + 2 waiting (4 in all), the oldest 3 days ago; a[2] is in stock: its request is being answered.
  await ask(a[0]!, 2, 3);
  await ask(a[1]!, 2, 2);
  await ask(a[2]!, 6, 1);
  // Product b: one option with 3 waiting (the most wanted option), the oldest 10 days ago; 7 answered ones.
  await ask(b[0]!, 3, 10);
  await ask(b[0]!, 7, 20, true);
  // b[1] is archived: off the shop for good, so nobody's demand any more.
  await db
    .update(variants)
    .set({ archivedAt: new Date(NOW) })
    .where(eq(variants.id, b[1]!));
  await ask(b[1]!, 9, 4);
  // Product c: one request, a day old.
  await ask(c[0]!, 1, 1);
});

afterAll(async () => {
  await shop?.close();
});

const dayOf = (iso: string) => iso.slice(0, 10);
const daysBack = (days: number) => new Date(NOW - days * DAY).toISOString().slice(0, 10);

test("waiting requests by product, most wanted first, each with its options, counts and oldest request", async () => {
  const demand = await office.demand(scope, new URLSearchParams());
  expect(demand.total).toBe(3);
  expect(demand.pages).toBe(1);
  expect(demand.rows.map((row) => [row.productId, row.waiting, row.options, dayOf(row.oldest)])).toEqual([
    [productOf.a, 4, 2, daysBack(3)],
    [productOf.b, 3, 1, daysBack(10)],
    [productOf.c, 1, 1, daysBack(1)],
  ]);
  // Within a product, its options most wanted first; a tie goes to the one waiting longest.
  expect(demand.rows[0]!.wanted.map((option) => [option.variantId, option.waiting, dayOf(option.oldest), option.stock])).toEqual([
    [a[0], 2, daysBack(3), 0],
    [a[1], 2, daysBack(2), 0],
  ]);
  expect(demand.rows[1]!.wanted.map((option) => [option.variantId, option.waiting])).toEqual([[b[0], 3]]);
  expect(demand.rows[1]!.wanted[0]).toMatchObject({ productId: productOf.b, sku: expect.any(String) });
});

test("sorted by the longest wait, either way round; a page past the end is empty", async () => {
  const oldestFirst = await office.demand(scope, { sort: "oldest", dir: "asc" });
  expect(oldestFirst.rows.map((row) => row.productId)).toEqual([productOf.b, productOf.a, productOf.c]);
  const newestFirst = await office.demand(scope, { sort: "oldest" });
  expect(newestFirst.rows.map((row) => row.productId)).toEqual([productOf.c, productOf.a, productOf.b]);
  const leastWanted = await office.demand(scope, { dir: "asc" });
  expect(leastWanted.rows.map((row) => row.productId)).toEqual([productOf.c, productOf.b, productOf.a]);
  expect((await office.demand(scope, { page: "2" })).rows).toEqual([]);
  await expect(office.demand(scope, { sort: "price" })).rejects.toMatchObject({ code: "INVALID_INPUT", field: "sort" });
  await expect(office.demand(scope, { page: "0" })).rejects.toMatchObject({ code: "INVALID_INPUT", field: "page" });
});

test("the dashboard's most-wanted queue counts the same requests, option by option", async () => {
  const board = await office.dashboard(scope, { queueSize: 10 });
  expect(board.queues.mostWanted.total).toBe(4);
  expect(board.queues.mostWanted.rows.map((row) => [row.variantId, row.waiting])).toEqual([
    [b[0], 3],
    [a[0], 2],
    [a[1], 2],
    [c[0], 1],
  ]);
  const demand = await office.demand(scope);
  const optionsOnPage = demand.rows.flatMap((row) => row.wanted.map((option) => [option.variantId, option.waiting]));
  expect(new Set(optionsOnPage.map(String))).toEqual(
    new Set(board.queues.mostWanted.rows.map((row) => String([row.variantId, row.waiting]))),
  );
});

test("an option back in stock leaves the demand, and its product with it when it was its only one", async () => {
  const { db } = shop.database;
  await db.update(variants).set({ stock: 5 }).where(eq(variants.id, c[0]!));
  const demand = await office.demand(scope);
  expect(demand.rows.map((row) => row.productId)).toEqual([productOf.a, productOf.b]);
  expect(demand.total).toBe(2);
  await db.update(variants).set({ stock: 0 }).where(eq(variants.id, c[0]!));
});
