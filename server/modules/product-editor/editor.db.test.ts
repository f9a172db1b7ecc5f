import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { editorAttributes, editorPlaces, editorStaff, productAudit } from "../../../tests/support/product-editor-fixtures.ts";
import { products, slugRedirects, variants } from "../../db/schema/index.ts";
import type { StaffScope } from "../audit/index.ts";
import type { ProductEditor } from "./index.ts";

/* The product editor (issue 25 §1, ADR 63): create, change, addresses, versions, audit. */

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
  await editorAttributes(shop.database.db);
});
afterAll(async () => {
  await shop?.close();
});

/** A new product's fields as the form sends them. */
const fields = (over: Record<string, unknown> = {}) => ({
  name: "Harbour Grip Pro",
  brandId: String(places.brandId),
  categoryId: String(places.category.id),
  subCategoryId: String(places.subCategoryId),
  description: "A **wet-weather** glove.",
  publish: "draft",
  access: "everyone",
  ...over,
});
const rowOf = (id: number) =>
  shop.database.db
    .select()
    .from(products)
    .where(eq(products.id, id))
    .then((rows) => rows[0]!);

test("a new product: slug from its title, a draft with the options of its matrix at no stock, audited", async () => {
  const created = await editor.create(staff, {
    product: fields({ attributes: { "t-cut": ["Negative"], "t-extras": ["Vented", "Finger saves"] } }),
    options: { sizes: "8, 9", colours: "Black #111111\nSea green #1F8A70", price: "49.95" },
  });
  expect(created.slug).toBe("harbour-grip-pro");
  const page = await editor.product(staff, created.id);
  expect(page).toMatchObject({
    name: "Harbour Grip Pro",
    status: "draft",
    access: "everyone",
    path: `/shop/${places.category.slug}/harbour-grip-pro`,
    subCategoryId: places.subCategoryId,
    // Several values are kept in the attribute's own order, whatever order they were ticked in.
    attributes: { "t-cut": ["Negative"], "t-extras": ["Finger saves", "Vented"] },
  });
  expect((await rowOf(created.id)).attributes).toMatchObject({ "t-extras": "Finger saves, Vented" });
  expect(page.options.map((o) => [o.colour, o.size, o.colourHex, o.price, o.stock])).toEqual([
    ["Black", "8", "#111111", 4995, 0],
    ["Black", "9", "#111111", 4995, 0],
    ["Sea green", "8", "#1f8a70", 4995, 0],
    ["Sea green", "9", "#1f8a70", 4995, 0],
  ]);
  expect(page.options.map((o) => o.sku)).toEqual([
    "HARBOUR-GRIP-PRO-BLACK-8",
    "HARBOUR-GRIP-PRO-BLACK-9",
    "HARBOUR-GRIP-PRO-SEA-GREEN-8",
    "HARBOUR-GRIP-PRO-SEA-GREEN-9",
  ]);
  const [entry] = await productAudit(shop.database.db, created.id);
  expect(entry).toMatchObject({ action: "product.created", actor: "editor@example.com" });
  expect(entry!.changes).toMatchObject({
    name: [null, "Harbour Grip Pro"],
    published: [null, false],
    "options added": [null, expect.any(Array)],
  });

  // A second product of that title gets a slug of its own.
  const again = await editor.create(staff, { product: fields() });
  expect(again.slug).toBe("harbour-grip-pro-2");
});

test("refused input names its field: a taken slug, a sub-category of another category, an unknown attribute value, a past publishing time", async () => {
  const refused = async (over: Record<string, unknown>) => failure(editor.create(staff, { product: fields(over) }));
  expect(await refused({ slug: "harbour-grip-pro" })).toMatchObject({ code: "INVALID_INPUT", field: "product.slug" });
  expect(await refused({ slug: "Not a slug!" })).toMatchObject({ code: "INVALID_INPUT", field: "product.slug" });
  expect(await refused({ categoryId: String(places.another.id) })).toMatchObject({ field: "product.subCategoryId" });
  expect(await refused({ attributes: { "t-cut": ["Square"] } })).toMatchObject({ field: "product.attributes.t-cut" });
  expect(await refused({ attributes: { "t-cut": ["Flat", "Roll"] } })).toMatchObject({
    field: "product.attributes.t-cut",
    message: "Choose one value of Test cut.",
  });
  expect(await refused({ publish: "at", publishAt: "2020-01-01T10:00" })).toMatchObject({ field: "product.publishAt" });
  expect(await refused({ publish: "at" })).toMatchObject({ field: "product.publishAt" });
  expect(await refused({ access: "early" })).toMatchObject({ field: "product.publicAt" });
  expect(await refused({ name: "  " })).toMatchObject({ field: "product.name" });
});

test("publish now, at a moment (UTC) or keep as a draft; members-only with early access", async () => {
  const { id } = await editor.create(staff, {
    product: fields({
      name: "Tide Keeper",
      publish: "at",
      publishAt: "2099-03-01T09:30",
      access: "early",
      publicAt: "2099-04-01T00:00",
    }),
  });
  const scheduled = await editor.product(staff, id);
  expect(scheduled).toMatchObject({
    status: "scheduled",
    publishAt: "2099-03-01T09:30:00.000Z",
    access: "early",
    publicAt: "2099-04-01T00:00:00.000Z",
  });
  // At a moment past the publishing time, the same row reads as published.
  expect((await editor.product(staff, id, new Date("2099-03-01T09:31:00Z"))).status).toBe("published");

  const now = await editor.update(staff, id, {
    version: scheduled.version,
    product: fields({ name: "Tide Keeper", slug: "tide-keeper", publish: "now", access: "members" }),
  });
  expect(now.changed.sort()).toEqual(["publicAt", "publishAt"]);
  const published = await editor.product(staff, id);
  expect(published).toMatchObject({ status: "published", publishAt: null, access: "members", publicAt: null });
  expect(await rowOf(id)).toMatchObject({ published: true, membersOnly: true });
});

test("a changed slug keeps the old address answering (slug_redirects), and a product taking an old address back removes its redirect", async () => {
  const { db } = shop.database;
  const { id } = await editor.create(staff, { product: fields({ name: "Quay Glove" }) });
  const first = await editor.product(staff, id);
  await editor.update(staff, id, { version: first.version, product: fields({ name: "Quay Glove", slug: "quay-glove-2026" }) });
  const redirects = await db.select().from(slugRedirects).where(eq(slugRedirects.targetId, id));
  expect(redirects).toEqual([
    expect.objectContaining({ kind: "product", fromPath: `/shop/${places.category.slug}/quay-glove`, targetId: id }),
  ]);
  const moved = await editor.product(staff, id);
  expect(moved.oldPaths).toEqual([`/shop/${places.category.slug}/quay-glove`]);
  expect((await productAudit(db, id)).at(-1)).toMatchObject({
    action: "product.updated",
    changes: { slug: ["quay-glove", "quay-glove-2026"] },
  });

  // Another product takes the old slug: the old address is its own now, not a redirect.
  const other = await editor.create(staff, { product: fields({ name: "Other", slug: "quay-glove" }) });
  expect(await db.select().from(slugRedirects).where(eq(slugRedirects.targetId, id))).toEqual([]);
  expect(other.slug).toBe("quay-glove");
});

test("a stale version is refused (409) with when the product last changed, and changes nothing", async () => {
  const { id } = await editor.create(staff, { product: fields({ name: "Jetty Glove" }) });
  const read = await editor.product(staff, id);
  await editor.update(staff, id, { version: read.version, product: fields({ name: "Jetty Glove II", slug: "jetty-glove" }) });
  const error = await failure(
    editor.update(staff, id, { version: read.version, product: fields({ name: "Jetty Glove III", slug: "jetty-glove" }) }),
  );
  expect(error).toMatchObject({ code: "STALE_VERSION", status: 409, details: { changedAt: expect.any(String) } });
  expect((await rowOf(id)).name).toBe("Jetty Glove II");
  expect((await productAudit(shop.database.db, id)).map((e) => e.action)).toEqual(["product.created", "product.updated"]);
  // Every change moves the version on, an archive too.
  expect(await failure(editor.archive(staff, id, { version: read.version }))).toMatchObject({ code: "STALE_VERSION" });
  expect(await failure(editor.update(staff, id, { product: fields() }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "version",
  });
  expect(await failure(editor.product(staff, 99_999_999))).toMatchObject({ code: "PRODUCT_NOT_FOUND" });
});

test("a price changed in the editor shows on the shop's product at once (the catalogue's caches dropped after the commit)", async () => {
  const { db } = shop.database;
  const [seeded] = await db.select().from(products).where(eq(products.published, true)).limit(1);
  const before = await shop.services.catalog.cachedProductDetail(seeded!.slug);
  const option = before!.variants[0]!;
  const page = await editor.product(staff, seeded!.id);
  const row = page.options.find((o) => o.id === option.id)!;
  await editor.update(staff, seeded!.id, {
    version: page.version,
    variants: [
      { id: String(row.id), sku: row.sku, size: row.size, colour: row.colour, colourHex: row.colourHex, price: "77.10" },
    ],
  });
  const after = await shop.services.catalog.cachedProductDetail(seeded!.slug);
  expect(after!.variants.find((v) => v.id === option.id)!.price).toBe(7710);
  expect((await db.select().from(variants).where(eq(variants.id, option.id)))[0]!.price).toBe(7710);
  expect((await productAudit(db, seeded!.id)).at(-1)!.changes).toMatchObject({
    [`option ${row.sku} price`]: [expect.any(String), "77.10"],
  });
});

test("the description's preview is the shop's Markdown, sanitised", () => {
  const html = editor.preview("**Grip** <script>alert(1)</script> [more](https://example.com/x)");
  expect(html).toContain("<strong>Grip</strong>");
  expect(html).not.toContain("<script");
  // A link that leaves the shop goes through the external-site notice, as everywhere on the shop.
  expect(html).toContain("/leaving?");
});

test("a product names its option axes: a bag's sizes are its Volume, on its page in the shop too", async () => {
  const { id, slug } = await editor.create(staff, {
    product: fields({ name: "Kit Bag Forty", publish: "now", sizeName: " Volume ", colourName: "Colour" }),
    options: { sizes: "40 L, 60 L", colours: "Black #111111", price: "30" },
  });
  expect((await rowOf(id)).optionNames).toEqual({ size: "Volume" });
  expect((await editor.product(staff, id)).optionNames).toEqual({ size: "Volume", colour: "" });
  expect((await shop.services.catalog.productDetail(slug))!.optionNames).toEqual({ size: "Volume", colour: "Colour" });
  // Renamed: audited; emptied: the words otherwise.
  const page = await editor.product(staff, id);
  await editor.update(staff, id, {
    version: page.version,
    product: fields({ name: "Kit Bag Forty", slug, publish: "now", sizeName: "", colourName: "Finish" }),
  });
  expect((await shop.services.catalog.productDetail(slug))!.optionNames).toEqual({ size: "Size", colour: "Finish" });
  const entries = await productAudit(shop.database.db, id);
  expect(entries.at(-1)!.changes).toMatchObject({ optionNames: [{ size: "Volume" }, { colour: "Finish" }] });
  // A copy is called the same.
  const copy = await editor.duplicate(staff, id);
  expect((await rowOf(copy.id)).optionNames).toEqual({ colour: "Finish" });
  expect(
    await failure(editor.create(staff, { product: fields({ name: "Long Names", sizeName: "x".repeat(31) }) })),
  ).toMatchObject({ field: "product.sizeName" });
});
