import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, categories, orders, products, promoCodes, promoCodeTargets, users, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { createPromotions, type Promotions } from "./index.ts";

/* Promo codes in the back office (issue 25 §5, ADR 67): the list with usage, and staff's changes. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let staff: StaffScope;
let promotions: Promotions;
let product: { id: number; slug: string; sku: string };
let categoryId: number;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; field?: string; message: string },
  );

const form = (fields: Record<string, unknown>) => ({
  kind: "percent",
  value: "10",
  minimumSpend: "",
  startsAt: "",
  endsAt: "",
  usageLimit: "",
  oncePerCustomer: "true",
  products: "",
  ...fields,
});

const auditActions = async (id: number) =>
  (
    await shop.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
  )
    .filter((entry) => entry.entityType === "promotion")
    .map((entry) => entry.action);

let orderSerial = 0;
async function orderWith(
  code: string,
  status: (typeof orders.$inferInsert)["status"],
  total: number,
  discount: number,
  refunded = 0,
) {
  orderSerial += 1;
  await shop.database.db.insert(orders).values({
    number: `KS-7${String(orderSerial).padStart(5, "0")}`,
    email: "buyer@example.com",
    currency: "EUR",
    subtotal: total + discount,
    discount,
    total,
    refunded,
    status,
    promoCode: code,
  });
}

beforeAll(async () => {
  shop = await seededShop(4);
  const { db } = shop.database;
  scope = systemScope(db);
  const [owner] = await db
    .insert(users)
    .values({ username: "promo-owner", email: "promo-owner@example.com", role: "owner" })
    .returning();
  staff = staffScopeOf(systemScope(db, { ip: "203.0.113.7" }), { id: owner!.id, email: owner!.email, role: "owner" });
  promotions = createPromotions({ currency: "EUR" });
  const [row] = await db
    .select({ id: products.id, slug: products.slug, sku: variants.sku })
    .from(products)
    .innerJoin(variants, eq(variants.productId, products.id))
    .limit(1);
  product = row!;
  categoryId = (await db.select({ id: categories.id }).from(categories).limit(1))[0]!.id;
});

afterAll(async () => {
  await shop?.close();
});

describe("creating a code", () => {
  test("upper-cases the code, reads the percentage and amounts exactly, keeps its targets, and is audited", async () => {
    const id = await promotions.create(
      staff,
      form({
        code: "summer-10",
        value: "12.5",
        minimumSpend: "30.10",
        startsAt: "2030-06-01T09:00",
        endsAt: "2030-06-30T18:30",
        usageLimit: "100",
        oncePerCustomer: "",
        products: `${product.slug}\n${product.sku.toLowerCase()}`,
        categories: [String(categoryId)],
      }),
    );
    const detail = await promotions.detail(scope, id, new Date("2030-05-01T00:00:00Z"));
    expect(detail).toMatchObject({
      code: "SUMMER-10",
      kind: "percent",
      value: 1250,
      minimumSpend: 3010,
      startsAt: "2030-06-01T09:00:00.000Z",
      endsAt: "2030-06-30T18:30:00.000Z",
      usageLimit: 100,
      oncePerCustomer: false,
      active: true,
      status: "scheduled",
      categoryIds: [categoryId],
      products: [{ id: product.id, slug: product.slug }],
      unused: true,
    });
    const amount = await promotions.create(staff, form({ code: "FIVE-OFF", kind: "amount", value: "5.05" }));
    expect((await promotions.detail(scope, amount)).value).toBe(505);
    const free = await promotions.create(staff, form({ code: "SHIP", kind: "free_delivery", value: "" }));
    expect(await promotions.detail(scope, free)).toMatchObject({ kind: "free_delivery", value: 0, oncePerCustomer: true });
    expect(await auditActions(id)).toEqual(["promotion.created"]);
  });

  test("refuses a bad or taken code, a value out of range, an end before the start and unknown products, by field", async () => {
    await promotions.create(staff, form({ code: "TAKEN" }));
    const cases: [Record<string, unknown>, string][] = [
      [{ code: "two words" }, "code"],
      [{ code: "taken" }, "code"],
      [{ code: "OK-1", value: "120" }, "value"],
      [{ code: "OK-2", value: "0" }, "value"],
      [{ code: "OK-3", kind: "amount", value: "5.005" }, "value"],
      [{ code: "OK-4", startsAt: "2030-01-02T00:00", endsAt: "2030-01-01T00:00" }, "endsAt"],
      [{ code: "OK-5", products: "no-such-product-slug" }, "products"],
    ];
    for (const [fields, field] of cases) {
      expect({ fields, error: await failure(promotions.create(staff, form(fields))) }).toMatchObject({
        fields,
        error: { code: "INVALID_INPUT", field },
      });
    }
    const made = await shop.database.db.select({ code: promoCodes.code }).from(promoCodes);
    expect(made.map((row) => row.code).filter((code) => code.startsWith("OK-"))).toEqual([]);
  });
});

describe("editing, pausing and deleting", () => {
  test("an edit names the version it read: a stale one is refused (409) and changes nothing", async () => {
    const id = await promotions.create(staff, form({ code: "EDIT-ME", products: product.slug }));
    const read = await promotions.detail(scope, id);
    await promotions.update(staff, form({ id, version: read.version, code: "EDIT-ME", value: "15", products: "" }));
    const stale = await failure(promotions.update(staff, form({ id, version: read.version, code: "EDIT-ME", value: "20" })));
    expect(stale).toMatchObject({ code: "STALE_VERSION" });
    const now = await promotions.detail(scope, id);
    expect(now).toMatchObject({ value: 1500, products: [] });
    expect(now.version).not.toBe(read.version);
    const [entry] = await shop.database.db.select().from(auditLog).where(eq(auditLog.action, "promotion.updated"));
    expect(entry?.changes).toMatchObject({ value: [1000, 1500], products: [[product.id], []] });
    expect(await shop.database.db.select().from(promoCodeTargets).where(eq(promoCodeTargets.promoCodeId, id))).toEqual([]);
  });

  test("pause and resume are audited and show in the list's status; a used code keeps its name and cannot be deleted", async () => {
    const id = await promotions.create(staff, form({ code: "PAUSE-ME" }));
    let detail = await promotions.detail(scope, id);
    await promotions.setActive(staff, { id, version: detail.version, active: "false" });
    expect((await promotions.list(scope, { q: "pause-me" })).rows.map((r) => r.status)).toEqual(["paused"]);
    detail = await promotions.detail(scope, id);
    await promotions.setActive(staff, { id, version: detail.version, active: "true" });
    expect(await auditActions(id)).toEqual(["promotion.created", "promotion.paused", "promotion.resumed"]);

    await orderWith("PAUSE-ME", "paid", 9000, 1000);
    detail = await promotions.detail(scope, id);
    expect(await failure(promotions.update(staff, form({ id, version: detail.version, code: "RENAMED" })))).toMatchObject({
      field: "code",
    });
    expect(await failure(promotions.remove(staff, { id, version: detail.version }))).toMatchObject({ code: "ENTRY_IN_USE" });

    const unused = await promotions.create(staff, form({ code: "NEVER-USED" }));
    await promotions.remove(staff, { id: unused, version: (await promotions.detail(scope, unused)).version });
    expect(await failure(promotions.detail(scope, unused))).toMatchObject({ code: "ENTRY_NOT_FOUND" });
    expect(await auditActions(unused)).toEqual(["promotion.created", "promotion.deleted"]);
  });
});

test("the list: status by dates and uses, usage from paid orders (discount, revenue less refunds), filters and sort", async () => {
  const { db } = shop.database;
  await db.insert(promoCodes).values([
    { code: "LIST-ENDED", kind: "amount", value: 100, endsAt: new Date("2020-01-01T00:00:00Z") },
    { code: "LIST-LATER", kind: "amount", value: 100, startsAt: new Date("2099-01-01T00:00:00Z") },
    { code: "LIST-GONE", kind: "percent", value: 500, usageLimit: 2, usedCount: 2 },
    { code: "LIST-LIVE", kind: "percent", value: 500, usedCount: 3 },
  ]);
  await orderWith("LIST-LIVE", "paid", 10000, 500);
  await orderWith("LIST-LIVE", "delivered", 4000, 200, 1000);
  await orderWith("LIST-LIVE", "cancelled", 8000, 400);
  await orderWith("LIST-GONE", "shipped", 2000, 100);

  const page = await promotions.list(scope, { q: "list-", sort: "code", dir: "asc" });
  expect(page.rows.map((r) => [r.code, r.status])).toEqual([
    ["LIST-ENDED", "ended"],
    ["LIST-GONE", "used-up"],
    ["LIST-LATER", "scheduled"],
    ["LIST-LIVE", "active"],
  ]);
  expect(page.rows.find((r) => r.code === "LIST-LIVE")).toMatchObject({
    usedCount: 3,
    usageLimit: null,
    usage: { orders: 2, discount: 700, revenue: 13000 },
  });
  for (const status of ["ended", "used-up", "scheduled", "active"] as const) {
    expect((await promotions.list(scope, { q: "LIST-", status })).rows.map((r) => r.status)).toEqual([status]);
  }
  expect((await promotions.list(scope, { q: "LIST-", sort: "revenue", dir: "desc" })).rows[0]?.code).toBe("LIST-LIVE");
  expect((await promotions.list(scope, { q: "LIST-", kind: "amount" })).rows.map((r) => r.code).sort()).toEqual([
    "LIST-ENDED",
    "LIST-LATER",
  ]);
  expect(await failure(promotions.list(scope, { status: "forgotten" }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "status",
  });
});
