import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { editorPlaces, editorStaff } from "../../../tests/support/product-editor-fixtures.ts";
import { auditLog, products, variants } from "../../db/schema/index.ts";
import type { StaffScope } from "../audit/index.ts";
import { noFilters } from "../catalog/index.ts";
import { createProductBulk, type BulkPreview, type ProductBulk } from "./index.ts";

/*
 * Bulk edits of the product list's products (issue 25 §3, ADR 71): the preview says what would
 * change and what is refused, nothing changes until the apply, which writes it in one transaction
 * with one audit entry of its rows, refuses a stale preview, and the shop shows the change at once.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let staff: StaffScope;
let bulk: ProductBulk;
let places: Awaited<ReturnType<typeof editorPlaces>>;
let made = 0;
const db = () => shop.database.db;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

beforeAll(async () => {
  shop = await seededShop(8);
  staff = editorStaff(db());
  bulk = shop.services.productBulk;
  places = await editorPlaces(db());
});
afterAll(async () => {
  await shop?.close();
});

/** A product made through the editor: published (unless said), its options Black 8 and Black 9 at `price`. */
async function product(price = "40.00", publish = "now", name = `Bulk Flask ${++made}`) {
  const created = await shop.services.productEditor.create(staff, {
    product: {
      name,
      brandId: String(places.brandId),
      categoryId: String(places.category.id),
      publish,
      access: "everyone",
    },
    options: { sizes: "8, 9", colours: "Black #111111", price },
  });
  const options = await db().select().from(variants).where(eq(variants.productId, created.id)).orderBy(asc(variants.id));
  return { ...created, options };
}

const optionsOf = (productId: number) =>
  db().select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.id));
const rowOf = (id: number) =>
  db()
    .select()
    .from(products)
    .where(eq(products.id, id))
    .then((rows) => rows[0]!);
const bulkEntries = () =>
  db().select().from(auditLog).where(eq(auditLog.action, "product.bulk_edited")).orderBy(asc(auditLog.id));

/** The form's fields for these products and this change. */
const form = (ids: number[], action: string, more: Record<string, string> = {}) => ({
  id: ids.map(String),
  action,
  ...more,
});
const apply = (raw: Record<string, unknown>, preview: BulkPreview) =>
  bulk.apply(staff, { ...raw, fingerprint: preview.fingerprint });

test("a price down 10 %: the preview says option by option what changes and changes nothing; the apply writes it, audited once with its rows; the shop shows it at once", async () => {
  const a = await product("40.00");
  const b = await product("19.99");
  const { catalog } = shop.services;
  // The shop has the product's page and a listing in memory before the change.
  expect((await catalog.cachedProductDetail(a.slug))!.variants.map((v) => v.price)).toEqual([4000, 4000]);
  const listed = () =>
    catalog.listing
      .list({ scope: {}, filters: noFilters(), sort: "featured", page: 1, pageSize: 100 })
      .then((page) => page.products.find((p) => p.id === b.id)?.price);
  expect(await listed()).toBe(1999);

  const raw = form([a.id, b.id], "price-percent", { value: "-10" });
  const preview = await bulk.preview(staff, raw);
  expect(preview.what).toBe("Change the price by a percentage: -10 %");
  expect(preview.counts).toEqual({ selected: 2, products: 2, options: 4, refused: 0, unchanged: 0 });
  expect(
    preview.lines.map((line) => [line.option?.sku, line.outcome, line.changes.map((c) => `${c.field}: ${c.from} -> ${c.to}`)]),
  ).toEqual([
    [a.options[0]!.sku, "change", ["Price: 40.00 -> 36.00"]],
    [a.options[1]!.sku, "change", ["Price: 40.00 -> 36.00"]],
    // 17.991 rounds to 17.99.
    [b.options[0]!.sku, "change", ["Price: 19.99 -> 17.99"]],
    [b.options[1]!.sku, "change", ["Price: 19.99 -> 17.99"]],
  ]);
  expect((await optionsOf(a.id)).map((o) => o.price)).toEqual([4000, 4000]);
  const versionBefore = (await rowOf(a.id)).updatedAt.getTime();
  const entriesBefore = (await bulkEntries()).length;

  const applied = await apply(raw, preview);
  expect(applied.counts).toMatchObject({ products: 2, options: 4 });
  expect((await optionsOf(a.id)).map((o) => o.price)).toEqual([3600, 3600]);
  expect((await optionsOf(b.id)).map((o) => o.price)).toEqual([1799, 1799]);
  // Each product's version moved: an editor's page read before is stale.
  expect((await rowOf(a.id)).updatedAt.getTime()).toBeGreaterThan(versionBefore);

  const entries = await bulkEntries();
  expect(entries).toHaveLength(entriesBefore + 1);
  const entry = entries.at(-1)!;
  expect(entry).toMatchObject({
    entityType: "product_bulk",
    entityId: preview.fingerprint.slice(0, 16),
    actorEmail: "editor@example.com",
  });
  expect(entry.changes).toEqual({
    action: [null, "Change the price by a percentage: -10 %"],
    products: [null, 2],
    options: [null, 4],
    refused: [null, 0],
    [`product ${a.id} option ${a.options[0]!.sku} price`]: ["40.00", "36.00"],
    [`product ${a.id} option ${a.options[1]!.sku} price`]: ["40.00", "36.00"],
    [`product ${b.id} option ${b.options[0]!.sku} price`]: ["19.99", "17.99"],
    [`product ${b.id} option ${b.options[1]!.sku} price`]: ["19.99", "17.99"],
  });

  // The shop's product page and listing show the new prices on the next read.
  expect((await catalog.cachedProductDetail(a.slug))!.variants.map((v) => v.price)).toEqual([3600, 3600]);
  expect(await listed()).toBe(1799);

  // The same preview cannot be applied twice: the products moved on.
  expect(await failure(apply(raw, preview))).toMatchObject({ code: "STALE_VERSION" });
});

test("an amount, a set price, and the rows that would break the editor's rules refused by name while the others go ahead", async () => {
  const p = await product("40.00");
  const [onSale, withMember] = p.options;
  await db().update(variants).set({ compareAtPrice: 4500 }).where(eq(variants.id, onSale!.id));
  await db().update(variants).set({ memberPrice: 3900 }).where(eq(variants.id, withMember!.id));

  // Up 6.00: 46.00 would not be below the was price 45.00.
  const up = form([p.id], "price-amount", { value: "+6" });
  const upPreview = await bulk.preview(staff, up);
  expect(upPreview.counts).toMatchObject({ options: 1, refused: 1 });
  const refused = upPreview.lines.find((line) => line.outcome === "refused")!;
  expect(refused.option?.sku).toBe(onSale!.sku);
  expect(refused.reason).toBe(
    "The was price must be above the price (it is what the option cost before the sale). The new price would be 46.00, the was price 45.00.",
  );
  await apply(up, upPreview);
  expect((await optionsOf(p.id)).map((o) => [o.price, o.compareAtPrice, o.memberPrice])).toEqual([
    [4000, 4500, null],
    [4600, null, 3900],
  ]);

  // Set to 38.00: the member price 39.00 would be above it.
  const set = form([p.id], "price-set", { value: "38" });
  const setPreview = await bulk.preview(staff, set);
  expect(setPreview.lines.map((line) => [line.option?.sku, line.outcome])).toEqual([
    [onSale!.sku, "change"],
    [withMember!.sku, "refused"],
  ]);
  expect(setPreview.lines[1]!.reason).toContain("The member price cannot be above the price.");
  await apply(set, setPreview);
  expect((await optionsOf(p.id)).map((o) => o.price)).toEqual([3800, 4600]);

  // Down by more than the price: below zero.
  const down = await bulk.preview(staff, form([p.id], "price-amount", { value: "-40" }));
  expect(down.lines.find((line) => line.option?.id === onSale!.id)).toMatchObject({
    outcome: "refused",
    reason: "A price cannot be negative. The new price would be -2.00.",
  });

  // 38.00 again: the first is at it already, the second still refused; nothing to apply.
  const same = form([p.id], "price-set", { value: "38.00" });
  const samePreview = await bulk.preview(staff, same);
  expect(samePreview.lines.map((line) => line.outcome)).toEqual(["refused"]);
  expect(await failure(apply(same, samePreview))).toMatchObject({
    code: "INVALID_INPUT",
    message: "Nothing would change: there is nothing to apply.",
  });
});

test("a sale: a percentage off makes the price the was price; one on sale already is taken off its was price; ending it brings the was price back; clearing keeps the price", async () => {
  const p = await product("50.00");
  const [plain, onSale] = p.options;
  await db().update(variants).set({ price: 4000, compareAtPrice: 5000 }).where(eq(variants.id, onSale!.id));

  const off = form([p.id], "sale-percent", { value: "30" });
  const preview = await bulk.preview(staff, off);
  expect(preview.what).toBe("Put on sale: a percentage off: 30 % off");
  expect(preview.lines.map((line) => line.changes.map((c) => `${c.field}: ${c.from} -> ${c.to}`))).toEqual([
    ["Price: 50.00 -> 35.00", "Was price: (none) -> 50.00"],
    ["Price: 40.00 -> 35.00"],
  ]);
  await apply(off, preview);
  expect((await optionsOf(p.id)).map((o) => [o.price, o.compareAtPrice])).toEqual([
    [3500, 5000],
    [3500, 5000],
  ]);

  // A was price not above a price is refused, as the editor refuses it.
  const wasTooLow = await bulk.preview(staff, form([p.id], "sale-set", { value: "30" }));
  expect(wasTooLow.counts).toMatchObject({ options: 0, refused: 2 });

  const clear = form([p.id], "sale-clear");
  await db().update(variants).set({ compareAtPrice: null, price: 5000 }).where(eq(variants.id, plain!.id));
  const clearPreview = await bulk.preview(staff, clear);
  // The option no longer on sale has nothing to clear.
  expect(clearPreview.lines.map((line) => line.option?.id)).toEqual([onSale!.id]);

  const end = form([p.id], "sale-end");
  const endPreview = await bulk.preview(staff, end);
  await apply(end, endPreview);
  expect((await optionsOf(p.id)).map((o) => [o.price, o.compareAtPrice])).toEqual([
    [5000, null],
    [5000, null],
  ]);

  const setWas = form([p.id], "sale-set", { value: "60" });
  await apply(setWas, await bulk.preview(staff, setWas));
  const clearNow = form([p.id], "sale-clear");
  await apply(clearNow, await bulk.preview(staff, clearNow));
  expect((await optionsOf(p.id)).map((o) => [o.price, o.compareAtPrice])).toEqual([
    [5000, null],
    [5000, null],
  ]);
});

test("publish, unpublish and archive as the editor does them; an archived product is refused publishing by name; the shop follows", async () => {
  const draft = await product("20.00", "draft");
  const live = await product("20.00", "now");
  const archived = await product("20.00", "draft");
  await shop.services.productEditor.archive(staff, archived.id, {
    version: (await shop.services.productEditor.product(staff, archived.id)).version,
  });

  const publish = form([draft.id, live.id, archived.id], "publish");
  const preview = await bulk.preview(staff, publish);
  expect(preview.counts).toEqual({ selected: 3, products: 1, options: 0, refused: 1, unchanged: 1 });
  expect(preview.lines).toEqual([
    expect.objectContaining({
      productId: draft.id,
      outcome: "change",
      changes: [expect.objectContaining({ from: "Draft", to: "Published" })],
    }),
    expect.objectContaining({
      productId: archived.id,
      outcome: "refused",
      reason: "An archived product goes back on the shop only after it is restored as a draft.",
    }),
  ]);
  await apply(publish, preview);
  expect(await rowOf(draft.id)).toMatchObject({ published: true, publishAt: null, archivedAt: null });
  expect(await shop.services.catalog.cachedProductDetail(draft.slug)).not.toBeNull();

  const unpublish = form([draft.id], "unpublish");
  await apply(unpublish, await bulk.preview(staff, unpublish));
  expect(await rowOf(draft.id)).toMatchObject({ published: false, publishAt: null });
  expect(await shop.services.catalog.cachedProductDetail(draft.slug)).toBeNull();

  const archive = form([live.id, archived.id], "archive");
  const archivePreview = await bulk.preview(staff, archive);
  expect(archivePreview.counts).toMatchObject({ products: 1, unchanged: 1 });
  await apply(archive, archivePreview);
  const gone = await rowOf(live.id);
  expect(gone).toMatchObject({ published: false });
  expect(gone.archivedAt).toBeInstanceOf(Date);
  expect(await shop.services.catalog.cachedProductDetail(live.slug)).toBeNull();
});

test("moved to a sub-category (and its category), then to another category (its sub-category dropped); members only and back to everyone", async () => {
  const p = await product();
  const sub = form([p.id], "category", { moveTo: String(places.subCategoryId) });
  const subPreview = await bulk.preview(staff, sub);
  expect(subPreview.lines[0]!.changes[0]).toMatchObject({ field: "Category", to: expect.stringContaining(" › ") });
  await apply(sub, subPreview);
  expect(await rowOf(p.id)).toMatchObject({ categoryId: places.category.id, subCategoryId: places.subCategoryId });

  const other = form([p.id], "category", { moveTo: String(places.another.id) });
  await apply(other, await bulk.preview(staff, other));
  expect(await rowOf(p.id)).toMatchObject({ categoryId: places.another.id, subCategoryId: null });
  expect(await failure(bulk.preview(staff, form([p.id], "category", { moveTo: "999999" })))).toMatchObject({
    code: "INVALID_INPUT",
    field: "moveTo",
  });

  const members = form([p.id], "members-only");
  const membersPreview = await bulk.preview(staff, members);
  expect(membersPreview.lines[0]!.changes).toEqual([
    { key: "access", field: "Who may buy", from: "Everyone", to: "Members only" },
  ]);
  await apply(members, membersPreview);
  expect(await rowOf(p.id)).toMatchObject({ membersOnly: true, publicAt: null });
  // Members-only is off the shop for a visitor who is not a member.
  expect(await shop.services.catalog.cachedProductDetail(p.slug)).toBeNull();
  const everyone = form([p.id], "everyone");
  await apply(everyone, await bulk.preview(staff, everyone));
  expect(await rowOf(p.id)).toMatchObject({ membersOnly: false });
});

test("all that match the filter: resolved on the server, written in batches; a product that matches since the preview makes it stale; too many are refused whole", async () => {
  const tag = `Bulk Jug ${Date.now().toString(36)}`;
  const ours = [];
  for (let n = 0; n < 10; n++) ours.push(await product("10.00", "now", `${tag} ${n}`));
  const small = createProductBulk({
    currency: "EUR",
    lowStockAt: async () => 5,
    invalidate: () => shop.services.catalog.invalidate(),
    writeBatch: 2,
  });
  const raw = { all: "matching", q: tag, action: "price-percent", value: "+12.5" };
  const preview = await small.preview(staff, raw);
  expect(preview.counts).toMatchObject({ selected: 10, products: 10, options: 20 });

  // Another product matches the filter after the preview: what the owner saw is not what would be applied.
  const late = await product("10.00", "now", `${tag} late`);
  expect(await failure(small.apply(staff, { ...raw, fingerprint: preview.fingerprint }))).toMatchObject({
    code: "STALE_VERSION",
  });
  const ids = [...ours.map((p) => p.id), late.id];
  expect(
    (await db().select({ price: variants.price }).from(variants).where(inArray(variants.productId, ids))).every(
      (o) => o.price === 1000,
    ),
  ).toBe(true);

  const again = await small.preview(staff, raw);
  await small.apply(staff, { ...raw, fingerprint: again.fingerprint });
  // 10.00 up 12.5 %: 11.25, on every option of the eleven, over several statements of two rows.
  const prices = await db().select({ price: variants.price }).from(variants).where(inArray(variants.productId, ids));
  expect(prices).toHaveLength(22);
  expect(prices.every((o) => o.price === 1125)).toBe(true);
  // The entry holds its 22 rows; the audit log's page shows the first 20 changes and says how many more.
  const [logged] = (await shop.services.backOffice.auditList(staff, { action: "product.bulk_edited" })).rows;
  expect(Object.keys(logged!.changes)).toHaveLength(20);
  expect(logged!.moreChanges).toBe(26 - 20);

  const capped = createProductBulk({ currency: "EUR", lowStockAt: async () => 5, invalidate: () => {}, maxProducts: 3 });
  expect(await failure(capped.preview(staff, raw))).toMatchObject({
    code: "INVALID_INPUT",
    field: "all",
    message: "11 products match the filter; a bulk edit takes at most 3. Narrow the filter and try again.",
  });
});

test("a product edited after the preview makes the apply stale and nothing is written; bad input is refused by field", async () => {
  const p = await product("30.00");
  const raw = form([p.id], "price-percent", { value: "5" });
  const preview = await bulk.preview(staff, raw);
  const page = await shop.services.productEditor.product(staff, p.id);
  await shop.services.productEditor.update(staff, p.id, {
    version: page.version,
    variants: page.options.map((o) => ({
      ...o,
      price: "31.00",
      barcode: "",
      compareAtPrice: "",
      memberPrice: "",
      lowStockThreshold: "",
    })),
  });
  const entries = (await bulkEntries()).length;
  expect(await failure(apply(raw, preview))).toMatchObject({ code: "STALE_VERSION" });
  expect((await optionsOf(p.id)).map((o) => o.price)).toEqual([3100, 3100]);
  expect(await bulkEntries()).toHaveLength(entries);

  const refused = (more: Record<string, unknown>) => failure(bulk.preview(staff, { ...raw, ...more }));
  expect(await refused({ value: "0" })).toMatchObject({ field: "value", message: "A change of 0 % changes nothing." });
  expect(await refused({ value: "-100" })).toMatchObject({ field: "value" });
  expect(await refused({ value: "ten" })).toMatchObject({ field: "value" });
  expect(await refused({ action: "price-set", value: "12.345" })).toMatchObject({
    field: "value",
    message: "Use at most 2 decimals.",
  });
  expect(await refused({ action: "explode" })).toMatchObject({ field: "action" });
  expect(await refused({ id: [] })).toMatchObject({ field: "id" });
  expect(await refused({ id: "abc" })).toMatchObject({ field: "id.0" });
  expect(await failure(bulk.apply(staff, raw))).toMatchObject({ code: "INVALID_INPUT", field: "fingerprint" });
  // An id that names no product is a refused line, not a failure.
  const unknown = await bulk.preview(staff, form([p.id, 2_000_000], "archive"));
  expect(unknown.lines).toContainEqual(
    expect.objectContaining({ productId: 2_000_000, outcome: "refused", reason: "No such product." }),
  );
  // Without JavaScript "all on this page" sends the page's products beside the ticks.
  const page2 = await bulk.preview(staff, { all: "page", shown: [String(p.id)], action: "archive" });
  expect(page2.counts.selected).toBe(1);
  expect(
    await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, p.id), eq(products.published, true))),
  ).toHaveLength(1);
});
