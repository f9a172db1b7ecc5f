import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { guestOrder } from "../../../tests/support/orders.ts";
import { editorPlaces, editorStaff, productAudit } from "../../../tests/support/product-editor-fixtures.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { orderLines, products, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import type { ProductEditor } from "./index.ts";

/* A product's options in the editor (issue 25 §1, ADR 63); duplicating and archiving a product. */

let shop: Awaited<ReturnType<typeof seededShop>>;
let staff: StaffScope;
let editor: ProductEditor;
let places: Awaited<ReturnType<typeof editorPlaces>>;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

beforeAll(async () => {
  shop = await seededShop(6);
  staff = editorStaff(shop.database.db);
  editor = shop.services.productEditor;
  places = await editorPlaces(shop.database.db);
});
afterAll(async () => {
  // The orders' mails go out after their commit: let them finish before the database closes.
  await shop?.services.mails.settled();
  await shop?.close();
});

let serial = 0;
/** A published product with a 2 × 1 matrix of options at 40.00. */
async function product(name: string) {
  serial += 1;
  return editor.create(staff, {
    product: { name, brandId: places.brandId, categoryId: places.category.id, publish: "now" },
    options: { sizes: "M, L", colours: "Black #000000", price: "40", skuPrefix: `OPT${serial}` },
  });
}
const pageOf = (id: number) => editor.product(staff, id);
/** An option as the form sends it back, with `over` changed. */
const row = (option: Awaited<ReturnType<typeof pageOf>>["options"][number], over: Record<string, unknown> = {}) => ({
  id: String(option.id),
  sku: option.sku,
  size: option.size,
  colour: option.colour,
  colourHex: option.colourHex,
  price: (option.price / 100).toFixed(2),
  ...over,
});
async function saveOne(id: number, over: Record<string, unknown>) {
  const page = await pageOf(id);
  return editor.update(staff, id, { version: page.version, variants: [row(page.options[0]!, over)] });
}

test("a SKU is unique across the shop: a clash names the SKU and the product that has it", async () => {
  const first = await product("Clash One");
  const second = await product("Clash Two");
  const taken = (await pageOf(first.id)).options[0]!.sku;
  expect(await failure(saveOne(second.id, { sku: taken }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "variants.0.sku",
    message: `The SKU ${taken} is already used by Clash One (Black, M): SKUs are unique across the shop.`,
  });
  const page = await pageOf(second.id);
  const [a, b] = page.options;
  expect(
    await failure(editor.update(staff, second.id, { version: page.version, variants: [row(a!), row(b!, { sku: a!.sku })] })),
  ).toMatchObject({
    field: "variants.1.sku",
  });
  // Two options may swap their SKUs in one save.
  await editor.update(staff, second.id, {
    version: page.version,
    variants: [row(a!, { sku: b!.sku }), row(b!, { sku: a!.sku })],
  });
  expect((await pageOf(second.id)).options.map((o) => o.sku)).toEqual([b!.sku, a!.sku]);
});

test("barcodes are GTINs with a right check digit; prices are read exactly; was and member prices keep their rules", async () => {
  const { id } = await product("Rules Glove");
  expect(await failure(saveOne(id, { barcode: "4006381333932" }))).toMatchObject({
    field: "variants.0.barcode",
    message: "This barcode's last digit (its check digit) should be 1: check it for a typing slip.",
  });
  expect(await failure(saveOne(id, { barcode: "12345" }))).toMatchObject({ field: "variants.0.barcode" });
  expect(await failure(saveOne(id, { price: "twelve" }))).toMatchObject({
    field: "variants.0.price",
    message: "Write the amount as a number, such as 12.50.",
  });
  expect(await failure(saveOne(id, { price: "12.505" }))).toMatchObject({ field: "variants.0.price" });
  expect(await failure(saveOne(id, { compareAtPrice: "40.00" }))).toMatchObject({ field: "variants.0.compareAtPrice" });
  expect(await failure(saveOne(id, { memberPrice: "40.01" }))).toMatchObject({
    field: "variants.0.memberPrice",
    message: "The member price cannot be above the price.",
  });
  expect(await failure(saveOne(id, { colourHex: "black" }))).toMatchObject({ field: "variants.0.colourHex" });

  await saveOne(id, {
    barcode: "4006 3813 3393 1",
    price: "39.99",
    compareAtPrice: "59.90",
    memberPrice: "35",
    lowStockThreshold: "3",
  });
  expect((await pageOf(id)).options[0]).toMatchObject({
    barcode: "4006381333931",
    price: 3999,
    compareAtPrice: 5990,
    memberPrice: 3500,
    lowStockThreshold: 3,
    stock: 0,
  });
  // A member price equal to the price is allowed (ADR 41: at most the price).
  await saveOne(id, { price: "39.99", memberPrice: "39.99" });
});

test("a matrix adds only the options the product lacks, each with no stock; two options of one size and colour are refused", async () => {
  const { id } = await product("Matrix Glove");
  let page = await pageOf(id);
  await editor.update(staff, id, {
    version: page.version,
    options: { sizes: "M, L, XL", colours: "Black #000000\nWhite #ffffff", price: "45.00" },
  });
  page = await pageOf(id);
  expect(page.options.map((o) => `${o.colour} ${o.size} ${o.price} ${o.stock}`)).toEqual([
    "Black M 4000 0",
    "Black L 4000 0",
    "Black XL 4500 0",
    "White M 4500 0",
    "White L 4500 0",
    "White XL 4500 0",
  ]);
  expect(
    await failure(
      editor.update(staff, id, { version: page.version, options: { sizes: "M", colours: "Black #000000", price: "1" } }),
    ),
  ).toMatchObject({
    field: "options.sizes",
  });
  expect(
    await failure(editor.update(staff, id, { version: page.version, options: { sizes: "M", colours: "Black", price: "1" } })),
  ).toMatchObject({
    code: "INVALID_INPUT",
  });
  expect(
    await failure(editor.update(staff, id, { version: page.version, variants: [row(page.options[1]!, { size: "M" })] })),
  ).toMatchObject({
    field: "variants.0.size",
  });
});

test("removing an option: deleted when no order names it, archived (and kept for the order) when one does; both audited", async () => {
  const { db } = shop.database;
  const { id } = await product("Removal Glove");
  let page = await pageOf(id);
  const [sold, unsold] = page.options;
  await db.update(variants).set({ stock: 5 }).where(eq(variants.id, sold!.id));
  const order = await guestOrder(shop.services, systemScope(db), sold!.id, 1, { email: "buyer@example.com" });

  page = await pageOf(id);
  expect(page.options.find((o) => o.id === sold!.id)!.ordered).toBe(true);
  expect(await editor.removeOption(staff, id, { version: page.version, variantId: String(unsold!.id) })).toEqual({
    sku: unsold!.sku,
    removed: "deleted",
  });
  page = await pageOf(id);
  expect(await editor.removeOption(staff, id, { version: page.version, variantId: String(sold!.id) })).toEqual({
    sku: sold!.sku,
    removed: "archived",
  });
  page = await pageOf(id);
  expect(page.options.map((o) => [o.sku, o.archivedAt !== null])).toEqual([[sold!.sku, true]]);
  const [line] = await db.select().from(orderLines).where(eq(orderLines.variantId, sold!.id));
  expect(line).toMatchObject({ orderId: expect.any(Number), sku: sold!.sku, productName: "Removal Glove" });
  expect(order.number).toEqual(expect.any(String));
  expect((await productAudit(db, id)).map((e) => e.action).slice(-2)).toEqual(["variant.removed", "variant.archived"]);
  // An archived option is kept as it is.
  expect(
    await failure(editor.update(staff, id, { version: page.version, variants: [row(page.options[0]!, { price: "1" })] })),
  ).toMatchObject({
    field: "variants.0.id",
  });
  expect(await failure(editor.removeOption(staff, id, { version: page.version, variantId: String(sold!.id) }))).toMatchObject({
    field: "variantId",
  });
});

test("an archived option is put back on sale as it was, unless an option on sale has its size and colour", async () => {
  const { db } = shop.database;
  const { id, slug } = await product("Restore Glove");
  let page = await pageOf(id);
  const [sold] = page.options;
  await db.update(variants).set({ stock: 3 }).where(eq(variants.id, sold!.id));
  await guestOrder(shop.services, systemScope(db), sold!.id, 1, { email: "restore@example.com" });
  page = await pageOf(id);
  await editor.removeOption(staff, id, { version: page.version, variantId: String(sold!.id) });
  const onShop = async () => (await shop.services.catalog.productDetail(slug))!.variants.map((v) => v.sku);
  expect(await onShop()).not.toContain(sold!.sku);

  // A new option of the same size and colour stands in its way.
  page = await pageOf(id);
  await editor.update(staff, id, {
    version: page.version,
    options: { sizes: sold!.size, colours: "Black #000000", price: "40" },
  });
  page = await pageOf(id);
  const twin = page.options.find((o) => o.archivedAt === null && o.size === sold!.size)!;
  expect(await failure(editor.restoreOption(staff, id, { version: page.version, variantId: String(sold!.id) }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "variantId",
    message: expect.stringContaining(twin.sku),
  });
  await editor.removeOption(staff, id, { version: page.version, variantId: String(twin.id) });

  page = await pageOf(id);
  expect(await editor.restoreOption(staff, id, { version: page.version, variantId: String(sold!.id) })).toEqual({
    sku: sold!.sku,
  });
  expect((await pageOf(id)).options.find((o) => o.id === sold!.id)).toMatchObject({ archivedAt: null, stock: 2, sku: sold!.sku });
  expect(await onShop()).toContain(sold!.sku);
  expect((await productAudit(db, id)).at(-1)).toMatchObject({ action: "variant.restored" });
  // On sale already; and the version read before is stale.
  expect(
    await failure(editor.restoreOption(staff, id, { version: (await pageOf(id)).version, variantId: String(sold!.id) })),
  ).toMatchObject({ field: "variantId" });
  expect(await failure(editor.restoreOption(staff, id, { version: page.version, variantId: String(sold!.id) }))).toMatchObject({
    code: "STALE_VERSION",
  });
});

test("duplicating: a draft named (copy) at a fresh slug, its options with new SKUs, no barcode, no stock; audited on the copy", async () => {
  const { db } = shop.database;
  const source = await product("Twin Glove");
  await saveOne(source.id, { barcode: "4006381333931" });
  await db.update(variants).set({ stock: 9 }).where(eq(variants.productId, source.id));
  const copy = await editor.duplicate(staff, source.id);
  const page = await pageOf(copy.id);
  expect(page).toMatchObject({ name: "Twin Glove (copy)", slug: "twin-glove-copy", status: "draft" });
  const original = await pageOf(source.id);
  expect(page.options.map((o) => [o.sku, o.barcode, o.stock, o.price])).toEqual(
    original.options.map((o) => [`${o.sku}-COPY`, null, 0, o.price]),
  );
  const again = await editor.duplicate(staff, source.id);
  expect(again.slug).toBe("twin-glove-copy-2");
  expect((await pageOf(again.id)).options[0]!.sku).toBe(`${original.options[0]!.sku}-COPY2`);
  expect((await productAudit(db, copy.id))[0]).toMatchObject({
    action: "product.duplicated",
    changes: { duplicatedFrom: [null, source.id] },
  });
});

test("archiving takes a product off the shop and keeps its orders' lines as they were; restoring makes it a draft", async () => {
  const { db } = shop.database;
  const { id, slug } = await product("Archive Glove");
  const page = await pageOf(id);
  await db.update(variants).set({ stock: 5 }).where(eq(variants.id, page.options[0]!.id));
  const order = await guestOrder(shop.services, systemScope(db), page.options[0]!.id, 2, { email: "keeper@example.com" });
  const linesBefore = await db.select().from(orderLines).where(eq(orderLines.productId, id));
  expect(await shop.services.catalog.cachedProductDetail(slug)).not.toBeNull();

  await editor.archive(staff, id, { version: page.version });
  expect(await db.select().from(products).where(eq(products.id, id))).toEqual([
    expect.objectContaining({ published: false, archivedAt: expect.any(Date) }),
  ]);
  expect((await pageOf(id)).status).toBe("archived");
  // Off the shop at once; the order's lines, and its page in the back office, are as they were.
  expect(await shop.services.catalog.cachedProductDetail(slug)).toBeNull();
  expect(await db.select().from(orderLines).where(eq(orderLines.productId, id))).toEqual(linesBefore);
  const detail = await shop.services.backOffice.orderDetail(systemScope(db), order.number);
  expect(detail.lines).toEqual([expect.objectContaining({ name: "Archive Glove", quantity: 2 })]);

  const archived = await pageOf(id);
  const fieldsOf = { name: "Archive Glove", brandId: places.brandId, categoryId: places.category.id };
  expect(
    await failure(editor.update(staff, id, { version: archived.version, product: { ...fieldsOf, publish: "now" } })),
  ).toMatchObject({
    field: "product.publish",
  });
  await editor.restore(staff, id, { version: archived.version });
  expect((await pageOf(id)).status).toBe("draft");
  expect((await productAudit(db, id)).map((e) => e.action).slice(-2)).toEqual(["product.archived", "product.restored"]);
});
