import { stringify } from "csv-stringify/sync";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { guestOrder } from "../../../tests/support/orders.ts";
import { editorPlaces, editorStaff } from "../../../tests/support/product-editor-fixtures.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { users, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { createCatalogueImport } from "../catalogue-import/index.ts";
import { barcodeRace, type ProductEditor } from "./index.ts";

/*
 * A barcode (GTIN) is one option's in the whole shop (ADR 74): the editor and the catalogue import
 * refuse another product's, naming it; GTINs of different lengths for one item count as one; the
 * unique index behind the check answers a save that slips past it with the same kind of refusal.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let staff: StaffScope;
let editor: ProductEditor;
let places: Awaited<ReturnType<typeof editorPlaces>>;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code?: string; field?: string; message: string },
  );

const EAN = "4006381333931";
const UPC = "036000291452";
const OTHER = "5901234123457";

beforeAll(async () => {
  shop = await seededShop(4);
  staff = editorStaff(shop.database.db);
  editor = shop.services.productEditor;
  places = await editorPlaces(shop.database.db);
});
afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

let serial = 0;
async function product(name: string) {
  serial += 1;
  const { id } = await editor.create(staff, {
    product: { name, brandId: places.brandId, categoryId: places.category.id, publish: "now" },
    options: { sizes: "M, L", colours: "Black #000000", price: "40", skuPrefix: `BAR${serial}` },
  });
  return id;
}
const pageOf = (id: number) => editor.product(staff, id);
type Option = Awaited<ReturnType<typeof pageOf>>["options"][number];
const row = (option: Option, barcode: string) => ({
  id: String(option.id),
  sku: option.sku,
  size: option.size,
  colour: option.colour,
  colourHex: option.colourHex,
  price: "40.00",
  barcode,
});
async function setBarcodes(id: number, ...barcodes: string[]) {
  const page = await pageOf(id);
  return editor.update(staff, id, {
    version: page.version,
    variants: barcodes.map((barcode, i) => row(page.options[i]!, barcode)),
  });
}

test("another product's barcode is refused, naming it; the same item's GTIN of another length too", async () => {
  const first = await product("Barcode Glove");
  const second = await product("Barcode Bag");
  await setBarcodes(first, EAN, UPC);
  const refused = await failure(setBarcodes(second, EAN));
  expect(refused).toMatchObject({ code: "INVALID_INPUT", field: "variants.0.barcode" });
  expect(refused!.message).toContain("Barcode Glove");
  expect(refused!.message).toContain(EAN);
  // UPC-A 036000291452 is EAN-13 0036000291452: one item.
  expect(await failure(setBarcodes(second, "0036000291452"))).toMatchObject({ field: "variants.0.barcode" });
  // Two options of one save.
  expect(await failure(setBarcodes(second, OTHER, OTHER))).toMatchObject({ field: "variants.1.barcode" });
  // Its own options may swap theirs in one save.
  await setBarcodes(first, UPC, EAN);
  expect((await pageOf(first)).options.map((o) => o.barcode)).toEqual([UPC, EAN]);
  await setBarcodes(second, OTHER);
});

test("an archived option keeps its barcode: a new option cannot take it", async () => {
  const { db } = shop.database;
  const id = await product("Archived Barcode");
  const code = "96385074";
  await setBarcodes(id, code);
  const [option] = (await pageOf(id)).options;
  await db.update(variants).set({ stock: 2 }).where(eq(variants.id, option!.id));
  await guestOrder(shop.services, systemScope(db), option!.id, 1, { email: "barcode@example.com" });
  const page = await pageOf(id);
  await editor.removeOption(staff, id, { version: page.version, variantId: String(option!.id) });
  const other = await product("Barcode Taker");
  const refused = await failure(setBarcodes(other, code));
  expect(refused!.message).toMatch(/archived option/);
});

test("the catalogue import asks the same check: another product's barcode, or one twice in the file", async () => {
  const imports = createCatalogueImport({ currency: "EUR", maxBytes: 1 << 20, catalogueChanged: () => {} });
  const [user] = await shop.database.db
    .insert(users)
    .values({ username: "barcode-owner", email: "bea@example.com", role: "owner" })
    .returning();
  const owner = staffScopeOf(systemScope(shop.database.db), { id: user!.id, email: user!.email, role: "owner" });
  const columns = ["Handle", "Title", "Brand", "Category", "SKU", "Size", "Colour", "Colour hex", "Price", "Barcode"];
  const brand = (await editor.choices(staff)).brands.find((b) => b.id === places.brandId)!.name;
  const line = (sku: string, barcode: string) => [
    "import-barcodes",
    "Import Barcodes",
    brand,
    places.category.slug,
    sku,
    sku,
    "Red",
    "#ff0000",
    "10",
    barcode,
  ];
  const csv = stringify([
    columns,
    line("IB-1", "4012345000009"),
    line("IB-2", EAN),
    line("IB-3", "0000096385074"),
    line("IB-4", "4012345000009"),
  ]);
  const preview = await imports.preview(owner, { name: "barcodes.csv", bytes: new TextEncoder().encode(csv) });
  const detail = await imports.importDetail(owner, preview.id);
  const reasons = (n: number) => detail.lines.find((l) => l.line === n)!.reasons;
  expect(detail.lines.find((l) => l.line === 2)).toMatchObject({ outcome: "create" });
  expect(reasons(3)).toEqual([expect.stringContaining("Barcode Glove")]);
  // GTIN-8 96385074 written as GTIN-13: the archived option's.
  expect(reasons(4)).toEqual([expect.stringContaining("Archived Barcode")]);
  expect(reasons(5)).toEqual(["The barcode 4012345000009 is already on line 2."]);
});

test("a save that slips past the check meets the unique index, answered as a refusal", async () => {
  const { db } = shop.database;
  const [taken] = await db.select().from(variants).where(eq(variants.barcode, OTHER));
  const [free] = await db.select().from(variants).where(eq(variants.sku, "BAR1-BLACK-L"));
  const error = await db
    .update(variants)
    .set({ barcode: `0${OTHER}` })
    .where(eq(variants.id, free!.id))
    .then(
      () => null,
      (caught: unknown) => caught,
    );
  expect(taken).toBeDefined();
  expect(barcodeRace(error, "variants")).toMatchObject({ code: "INVALID_INPUT", field: "variants" });
  expect(barcodeRace(new Error("something else"))).toBeNull();
});
