import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { categories, products, variants } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { LOW_STOCK_DEFAULT } from "../stock/index.ts";
import { createBackOffice, PAGE_SIZE, type BackOffice, type ProductRow } from "./index.ts";

/* The back office's product list (issue 25 §1). */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let office: BackOffice;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

/** The catalogue as the test reads it itself: each product with its options summed up in JS. */
interface Expected {
  id: number;
  name: string;
  brandId: number;
  categoryId: number;
  subCategoryId: number | null;
  published: boolean;
  membersOnly: boolean;
  publicAt: Date | null;
  publishAt: Date | null;
  archivedAt: Date | null;
  variants: number;
  stock: number;
  /** Its options' stock and own low marks. */
  marks: { stock: number; threshold: number | null }[];
  minPrice: number | null;
  skus: string[];
}
let catalogue: Expected[] = [];
const named: Record<string, number> = {};

async function readCatalogue(): Promise<Expected[]> {
  const { db } = shop.database;
  const [productRows, variantRows] = await Promise.all([db.select().from(products), db.select().from(variants)]);
  return productRows.map((p) => {
    // Archived options are kept for their orders only: the list counts those on sale.
    const own = variantRows.filter((v) => v.productId === p.id && v.archivedAt === null);
    return {
      id: p.id,
      name: p.name,
      brandId: p.brandId,
      categoryId: p.categoryId,
      subCategoryId: p.subCategoryId,
      published: p.published,
      membersOnly: p.membersOnly,
      publicAt: p.publicAt,
      publishAt: p.publishAt,
      archivedAt: p.archivedAt,
      variants: own.length,
      stock: own.reduce((sum, v) => sum + v.stock, 0),
      marks: own.map((v) => ({ stock: v.stock, threshold: v.lowStockThreshold })),
      minPrice: own.length > 0 ? Math.min(...own.map((v) => v.price)) : null,
      skus: own.map((v) => v.sku),
    };
  });
}

/** How many of its options are at or below their own mark, else the shop's (sold out included). */
const lowOptions = (p: Expected, shopLowAt = LOW_STOCK_DEFAULT) =>
  p.marks.filter((o) => o.stock <= (o.threshold ?? shopLowAt)).length;

/** Every row the list gives for `raw`, all pages. */
async function everything(raw: Record<string, string> = {}, list: BackOffice = office): Promise<ProductRow[]> {
  const rows: ProductRow[] = [];
  for (let page = 1; ; page++) {
    const found = await list.productsList(scope, { ...raw, page: String(page) });
    rows.push(...found.rows);
    if (page >= found.pages) return rows;
  }
}
const idsOf = (rows: ProductRow[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const idsWhere = (keep: (p: Expected) => boolean) =>
  catalogue
    .filter(keep)
    .map((p) => p.id)
    .sort((a, b) => a - b);

beforeAll(async () => {
  shop = await seededShop(60);
  scope = systemScope(shop.database.db);
  office = createBackOffice({ currency: "EUR", cardPayments: false });
  const { db } = shop.database;
  const all = await db.select().from(products).orderBy(products.id);
  const [hidden, members, early, opened, empty, low, scheduled, archived, passed] = all;
  named.hidden = hidden!.id;
  named.members = members!.id;
  named.early = early!.id;
  named.opened = opened!.id;
  named.empty = empty!.id;
  named.low = low!.id;
  named.scheduled = scheduled!.id;
  named.archived = archived!.id;
  named.passed = passed!.id;
  // The editor's statuses (ADR 63): publishing at a moment to come, archived, published at a moment past.
  await db
    .update(products)
    .set({ publishAt: new Date("2099-06-01T08:00:00Z") })
    .where(eq(products.id, named.scheduled));
  await db
    .update(products)
    .set({ published: false, archivedAt: new Date("2025-01-01T00:00:00Z") })
    .where(eq(products.id, named.archived));
  await db
    .update(products)
    .set({ publishAt: new Date("2021-06-01T08:00:00Z") })
    .where(eq(products.id, named.passed));
  await db.update(products).set({ published: false }).where(eq(products.id, named.hidden));
  await db.update(products).set({ membersOnly: true, publicAt: null }).where(eq(products.id, named.members));
  await db
    .update(products)
    .set({ membersOnly: true, publicAt: new Date("2099-01-01T00:00:00Z") })
    .where(eq(products.id, named.early));
  await db
    .update(products)
    .set({ membersOnly: true, publicAt: new Date("2020-01-01T00:00:00Z") })
    .where(eq(products.id, named.opened));
  await db
    .update(variants)
    .set({ stock: 0 })
    .where(inArray(variants.productId, [named.empty, named.low]));
  const [first] = await db.select().from(variants).where(eq(variants.productId, named.low)).limit(1);
  await db
    .update(variants)
    .set({ stock: LOW_STOCK_DEFAULT - 2 })
    .where(eq(variants.id, first!.id));
  // Options' own marks: one of 50 with a mark of 60 makes its product low; one of 3 marked 2 does not.
  await db
    .update(variants)
    .set({ stock: 50 })
    .where(inArray(variants.productId, [named.passed, named.opened]));
  const [marked] = await db.select().from(variants).where(eq(variants.productId, named.passed)).limit(1);
  await db.update(variants).set({ lowStockThreshold: 60 }).where(eq(variants.id, marked!.id));
  const [few] = await db.select().from(variants).where(eq(variants.productId, named.opened)).limit(1);
  await db.update(variants).set({ stock: 3, lowStockThreshold: 2 }).where(eq(variants.id, few!.id));
  // A product whose name holds LIKE's wildcards, with one option of a SKU of its own, and one with no options.
  const [wild] = await db
    .insert(products)
    .values({
      slug: "wild-card-glove",
      name: "Keeper 100% Grip_X",
      brandId: hidden!.brandId,
      categoryId: hidden!.categoryId,
    })
    .returning({ id: products.id });
  named.wild = wild!.id;
  await db.insert(variants).values({
    productId: named.wild,
    sku: "ZZQ-TEST-001",
    size: "9",
    colour: "Black",
    colourHex: "#000000",
    stock: 40,
    price: 1234,
  });
  // An archived option (kept for its orders): not counted, nor its stock or price.
  await db.insert(variants).values({
    productId: named.wild,
    sku: "ZZQ-ARCHIVED-001",
    size: "10",
    colour: "Black",
    colourHex: "#000000",
    stock: 500,
    price: 1,
    archivedAt: new Date("2025-01-01T00:00:00Z"),
  });
  const [bare] = await db
    .insert(products)
    .values({ slug: "no-options", name: "Bare product", brandId: hidden!.brandId, categoryId: hidden!.categoryId })
    .returning({ id: products.id });
  named.bare = bare!.id;
  catalogue = await readCatalogue();
});

afterAll(async () => {
  await shop?.close();
});

test("a page: 50 products, the total, each with its options summed up, image and shop page", async () => {
  const first = await office.productsList(scope);
  expect(catalogue.length).toBeGreaterThan(PAGE_SIZE);
  expect(first.total).toBe(catalogue.length);
  expect(first.pageSize).toBe(50);
  expect(first.rows).toHaveLength(50);
  expect(first.pages).toBe(Math.ceil(catalogue.length / 50));
  const second = await office.productsList(scope, { page: "2" });
  expect(second.rows).toHaveLength(catalogue.length - 50);
  expect(second.total).toBe(catalogue.length);
  expect(idsOf([...first.rows, ...second.rows])).toEqual(idsWhere(() => true));
  const beyond = await office.productsList(scope, { page: "9" });
  expect(beyond.rows).toEqual([]);
  expect(beyond.total).toBe(catalogue.length);

  for (const row of [...first.rows, ...second.rows]) {
    const expected = catalogue.find((p) => p.id === row.id)!;
    expect(row, row.name).toMatchObject({ variants: expected.variants, stock: expected.stock, minPrice: expected.minPrice });
    expect(row.path).toMatch(/^\/shop\/[a-z0-9-]+\/[a-z0-9-]+$/);
  }
  const seeded = [...first.rows, ...second.rows].find((row) => row.id === named.members)!;
  expect(seeded.image).toMatchObject({ path: expect.any(String) });
  expect(seeded.brand).toEqual(expect.any(String));
  expect(seeded.category).toEqual(expect.any(String));
  const bare = [...first.rows, ...second.rows].find((row) => row.id === named.bare)!;
  expect(bare).toMatchObject({ variants: 0, stock: 0, minPrice: null, maxPrice: null, image: null });
  expect(first.choices.brands.length).toBeGreaterThan(0);
  expect(first.choices.categories.length).toBeGreaterThan(0);
});

test("filters: status, who may buy, stock, brand, category; each narrows to what the catalogue holds", async () => {
  const draft = await everything({ status: "draft" });
  expect(idsOf(draft)).toEqual([named.hidden]);
  expect(draft[0]!.status).toBe("draft");
  const archived = await everything({ status: "archived" });
  expect(idsOf(archived)).toEqual([named.archived]);
  expect(archived[0]!.status).toBe("archived");
  const scheduled = await everything({ status: "scheduled" });
  expect(idsOf(scheduled)).toEqual([named.scheduled]);
  expect(scheduled[0]!.status).toBe("scheduled");
  const published = await everything({ status: "published" });
  expect(idsOf(published)).toEqual(
    idsWhere((p) => p.published && p.archivedAt === null && (p.publishAt === null || p.publishAt.getTime() <= Date.now())),
  );
  expect(idsOf(published)).toContain(named.passed);
  expect(published.every((row) => row.status === "published")).toBe(true);
  // Every product has one status: the four lists together are the catalogue.
  expect(draft.length + archived.length + scheduled.length + published.length).toBe(catalogue.length);
  const now = Date.now();
  const members = await everything({ access: "members" });
  expect(idsOf(members)).toEqual(idsWhere((p) => p.membersOnly && p.publicAt === null));
  expect(idsOf(members)).toContain(named.members);
  const early = await everything({ access: "early" });
  expect(idsOf(early)).toEqual(idsWhere((p) => p.membersOnly && p.publicAt !== null && p.publicAt.getTime() > now));
  expect(early.find((row) => row.id === named.early)).toMatchObject({ access: "early", publicAt: "2099-01-01T00:00:00.000Z" });
  const everyone = await everything({ access: "everyone" });
  expect(idsOf(everyone)).toEqual(idsWhere((p) => !p.membersOnly || (p.publicAt !== null && p.publicAt.getTime() <= now)));
  expect(idsOf(everyone)).toContain(named.opened);
  expect(everyone.every((row) => row.access === "everyone")).toBe(true);
  expect(members.length + early.length + everyone.length).toBe(catalogue.length);

  expect(idsOf(await everything({ stock: "none" }))).toEqual(idsWhere((p) => p.stock === 0));
  expect(idsOf(await everything({ stock: "none" }))).toEqual(expect.arrayContaining([named.empty, named.bare]));
  const low = await everything({ stock: "low" });
  expect(idsOf(low)).toEqual(idsWhere((p) => p.stock > 0 && lowOptions(p) > 0));
  expect(idsOf(low)).toEqual(expect.arrayContaining([named.low, named.passed]));
  expect(low.every((row) => row.stockState === "low")).toBe(true);
  const inStock = await everything({ stock: "in" });
  expect(idsOf(inStock)).toEqual(idsWhere((p) => p.stock > 0 && lowOptions(p) === 0));
  expect(idsOf(inStock)).toContain(named.opened);
  expect(inStock.every((row) => row.stockState === "in")).toBe(true);
  // Sorted by stock or by price, each stock filter holds the same products.
  for (const stock of ["none", "low", "in"]) {
    const expected = idsOf(await everything({ stock }));
    expect(idsOf(await everything({ stock, sort: "stock" }))).toEqual(expected);
    expect(idsOf(await everything({ stock, sort: "price", dir: "asc" }))).toEqual(expected);
  }
  // The shop's setting marks the options without a mark of their own: at 60, those at 50 are low.
  const strict = createBackOffice({ currency: "EUR", cardPayments: false, lowStockAt: async () => 60 });
  const strictLow = idsOf(await everything({ stock: "low" }, strict));
  expect(strictLow).toEqual(idsWhere((p) => p.stock > 0 && lowOptions(p, 60) > 0));
  expect(strictLow.length).toBeGreaterThan(idsOf(low).length);

  const brandId = catalogue.find((p) => p.id === named.hidden)!.brandId;
  const byBrand = await everything({ brand: String(brandId) });
  expect(idsOf(byBrand)).toEqual(idsWhere((p) => p.brandId === brandId));
  expect(byBrand.length).toBeLessThan(catalogue.length);

  const categoryId = catalogue.find((p) => p.id === named.hidden)!.categoryId;
  expect(idsOf(await everything({ category: String(categoryId) }))).toEqual(
    idsWhere((p) => p.categoryId === categoryId || p.subCategoryId === categoryId),
  );
  const subId = catalogue.find((p) => p.subCategoryId !== null)?.subCategoryId;
  if (subId) {
    const [sub] = await shop.database.db.select().from(categories).where(eq(categories.id, subId));
    expect(sub!.parentId).not.toBeNull();
    expect(idsOf(await everything({ category: String(subId) }))).toEqual(idsWhere((p) => p.subCategoryId === subId));
  }

  // Together they narrow further; an empty field is no filter.
  expect(idsOf(await everything({ brand: String(brandId), stock: "none", status: "" }))).toEqual(
    idsWhere((p) => p.brandId === brandId && p.stock === 0),
  );
  expect((await office.productsList(scope, new URLSearchParams("status=&stock=&q="))).total).toBe(catalogue.length);
});

test("search: part of a title, any case, wildcards taken literally; the start of a SKU", async () => {
  const some = catalogue.find((p) => p.id === named.members)!;
  const word = some.name.split(" ").at(-1)!.slice(1).toUpperCase();
  expect(idsOf(await everything({ q: word }))).toEqual(
    idsWhere(
      (p) =>
        p.name.toLowerCase().includes(word.toLowerCase()) || p.skus.some((s) => s.toLowerCase().startsWith(word.toLowerCase())),
    ),
  );
  expect(idsOf(await everything({ q: "100%" }))).toEqual([named.wild]);
  expect(idsOf(await everything({ q: "%" }))).toEqual([named.wild]);
  expect(idsOf(await everything({ q: "p_X" }))).toEqual([named.wild]);
  expect(idsOf(await everything({ q: "zzq-test" }))).toEqual([named.wild]);
  expect(idsOf(await everything({ q: "ZZQ-TEST-001" }))).toEqual([named.wild]);
  // Its archived option is not summed up (ADR 63).
  expect((await everything({ q: "ZZQ-TEST-001" }))[0]).toMatchObject({ variants: 1, stock: 40, minPrice: 1234, maxPrice: 1234 });
  // A SKU matches from its start only.
  expect(await everything({ q: "TEST-001" })).toEqual([]);
  const sku = some.skus[0]!;
  expect(idsOf(await everything({ q: sku }))).toContain(some.id);
});

test("sort: newest first by default; title, stock and price either way", async () => {
  const newest = await everything();
  const created = newest.map((row) => row.createdAt);
  expect(created).toEqual([...created].sort().reverse());

  const stockDown = await everything({ sort: "stock" });
  const stocks = stockDown.map((row) => row.stock);
  expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
  const stockUp = await everything({ sort: "stock", dir: "asc" });
  expect(stockUp.map((row) => row.stock)).toEqual([...stocks].sort((a, b) => a - b));

  const priceUp = await everything({ sort: "price", dir: "asc" });
  const prices = priceUp.map((row) => row.minPrice);
  expect(prices.at(-1)).toBeNull(); // no options, no price: last
  const priced = prices.filter((price): price is number => price !== null);
  expect(priced).toEqual([...priced].sort((a, b) => a - b));
  const priceDown = await everything({ sort: "price" });
  expect(priceDown.at(-1)!.id).toBe(named.bare);

  const titleUp = await everything({ sort: "title", dir: "asc" });
  const titleDown = await everything({ sort: "title", dir: "desc" });
  expect(titleDown.map((row) => row.id)).toEqual(titleUp.map((row) => row.id).reverse());
  const initials = titleUp.map((row) => row.name[0]!.toLowerCase()).filter((c) => /[a-z]/.test(c));
  expect(initials).toEqual([...initials].sort());
});

test("bad params are field errors with a clear message, never a guess", async () => {
  const error = (raw: unknown) => failure(office.productsList(scope, raw));
  expect(await error({ stock: "lots" })).toMatchObject({
    code: "INVALID_INPUT",
    field: "stock",
    message: "Choose a stock level from the list.",
  });
  expect(await error({ status: "hidden" })).toMatchObject({ code: "INVALID_INPUT", field: "status" });
  expect(await error({ access: "vip" })).toMatchObject({ code: "INVALID_INPUT", field: "access" });
  expect(await error({ brand: "adidas" })).toMatchObject({ code: "INVALID_INPUT", field: "brand" });
  expect(await error({ category: "-1" })).toMatchObject({ code: "INVALID_INPUT", field: "category" });
  expect(await error({ sort: "colour" })).toMatchObject({
    code: "INVALID_INPUT",
    field: "sort",
    message: "Sort by newest, title, stock or price.",
  });
  expect(await error({ dir: "up" })).toMatchObject({ code: "INVALID_INPUT", field: "dir" });
  expect(await error({ page: "0" })).toMatchObject({ code: "INVALID_INPUT", field: "page", message: "Pages start at 1." });
  expect(await error({ q: "x".repeat(201) })).toMatchObject({ code: "INVALID_INPUT", field: "q" });
  // An id no row has is no error: nothing matches.
  expect((await office.productsList(scope, { brand: "999999" })).total).toBe(0);
});
