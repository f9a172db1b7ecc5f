import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, products, stockMovements, users, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { createBackOffice } from "../back-office/index.ts";
import { createCatalogueImport, type CatalogueImport } from "./index.ts";

/*
 * The catalogue's CSV import (issue 25 §3): a file exported, edited as a spreadsheet user would and
 * imported again; the preview line by line; apply; undo to exactly the state before.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let owner: StaffScope;
let imports: CatalogueImport;
let changedCatalogue = 0;
const db = () => shop.database.db;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

type Row = Record<string, string>;

/** The shop's export as rows, as a spreadsheet opens it. */
async function exported(): Promise<Row[]> {
  let text = "";
  for await (const chunk of createBackOffice({ currency: "EUR", cardPayments: false }).productsCsv(owner, {})) text += chunk;
  return parse(text, { bom: true, columns: true }) as Row[];
}

const csvOf = (rows: Row[], columns = Object.keys(rows[0]!)) =>
  new TextEncoder().encode(stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ""))]));

/** Everything the import may touch, to compare before and after. */
async function catalogueState() {
  const [productRows, variantRows] = await Promise.all([
    db().select().from(products).orderBy(asc(products.id)),
    db().select().from(variants).orderBy(asc(variants.id)),
  ]);
  return {
    products: productRows.map(({ updatedAt: _version, searchVector: _search, ...rest }) => rest),
    variants: variantRows,
  };
}

beforeAll(async () => {
  shop = await seededShop(30);
  const [user] = await db()
    .insert(users)
    .values({ username: "import-owner", email: "ines@example.com", firstName: "Ines", lastName: "Owner", role: "owner" })
    .returning();
  owner = staffScopeOf(systemScope(db()), { id: user!.id, email: user!.email, role: "owner" }, "req-import");
  imports = createCatalogueImport({ currency: "EUR", maxBytes: 1024 * 1024, catalogueChanged: () => changedCatalogue++ });
});
afterAll(async () => {
  // The order below is mailed by the shop's own sender: let it finish before the database closes.
  await shop?.services.mails.settled();
  await shop?.close();
});

describe("a file edited in a spreadsheet", () => {
  let rows: Row[];
  let before: Awaited<ReturnType<typeof catalogueState>>;
  let id: number;
  let edited: Row;

  test("the export imported as it is changes nothing", async () => {
    rows = await exported();
    const preview = await imports.preview(owner, { name: "as-is.csv", bytes: csvOf(rows) });
    expect(preview.counts).toMatchObject({ create: 0, change: 0, refused: 0, same: rows.length });
  });

  test("the preview says, line by line, what it creates, changes and refuses, and changes nothing", async () => {
    before = await catalogueState();
    // A product with two options or more, and another product.
    const first = rows.find((row) => rows.filter((other) => other.Handle === row.Handle).length >= 2)!;
    const second = rows.find((row) => row.Handle === first.Handle && row.SKU !== first.SKU)!;
    const third = rows.find((row) => row.Handle !== first.Handle)!;
    const otherProduct = rows.find((row) => row.Handle !== first.Handle && row.Handle !== third.Handle)!;
    edited = first;
    const lines: Row[] = [
      { ...first, Price: "123.45", Stock: "17" },
      { ...second, Title: `${first.Title} renamed` },
      { ...third, Category: "Snorkels" },
      // A new product with two options.
      {
        ...first,
        Handle: "import-glove",
        Title: "Import Glove",
        SKU: "IMP-GLOVE-8",
        Size: "8",
        Stock: "4",
        Barcode: "4006381333931",
      },
      { ...first, Handle: "import-glove", Title: "Import Glove", SKU: "IMP-GLOVE-9", Size: "9", Stock: "0", Barcode: "" },
      // Refusals: a SKU twice, a bad price, another product's SKU, a bad barcode.
      { ...first, Handle: "import-glove", Title: "Import Glove", SKU: "IMP-GLOVE-8", Size: "10" },
      { ...first, Handle: "import-other", Title: "Other", SKU: "IMP-OTHER-1", Price: "12.5.0" },
      { ...first, SKU: otherProduct.SKU! },
      { ...first, Handle: "import-bar", Title: "Bar", SKU: "IMP-BAR-1", Barcode: "4006381333932" },
    ];
    const bytes = csvOf(lines);
    // A line that is not UTF-8: "Café" saved as Latin-1 (é is the byte E9).
    const latin = csvOf([{ ...first, Handle: "bad-line", Title: "Caf@", SKU: "BAD-1" }]);
    const line11 = latin.slice(latin.indexOf(10) + 1).map((byte) => (byte === 0x40 ? 0xe9 : byte));
    const bad = new Uint8Array([...bytes, ...line11]);
    const preview = await imports.preview(owner, { name: "edited.csv", bytes: bad });
    id = preview.id;
    const detail = await imports.importDetail(owner, id);
    const line = (n: number) => detail.lines.find((l) => l.line === n)!;

    expect(line(2)).toMatchObject({ outcome: "change", sku: first.SKU });
    expect(line(2).changes).toEqual(
      expect.arrayContaining([
        { field: "Price", from: first.Price, to: "123.45" },
        { field: "Stock", from: first.Stock, to: "17" },
      ]),
    );
    expect(line(3).reasons).toEqual([expect.stringMatching(/^Title differs from line 2/)]);
    expect(line(4)).toMatchObject({ outcome: "refused", reasons: ["Unknown category Snorkels."] });
    expect(line(5)).toMatchObject({ outcome: "create", handle: "import-glove", sku: "IMP-GLOVE-8" });
    expect(line(6)).toMatchObject({ outcome: "create", sku: "IMP-GLOVE-9" });
    expect(line(7).reasons).toEqual(["The SKU IMP-GLOVE-8 is already on line 5."]);
    expect(line(8).reasons).toEqual([expect.stringMatching(/^Price 12\.5\.0: /)]);
    expect(line(9).reasons).toEqual([`The SKU ${otherProduct.SKU} belongs to another product (${otherProduct.Handle}).`]);
    expect(line(10).reasons).toEqual([expect.stringMatching(/^Barcode 4006381333932: .*check digit/)]);
    expect(line(11)).toMatchObject({ outcome: "refused", reasons: [expect.stringMatching(/not UTF-8/)] });

    const refused = await imports.importDetail(owner, id, { outcome: "refused" });
    expect(refused.lines.every((l) => l.outcome === "refused")).toBe(true);
    expect(refused.total).toBe(detail.lines.filter((l) => l.outcome === "refused").length);

    expect(await catalogueState()).toEqual(before);
  });

  test("applying writes it in one go: prices, a new product with its options, stock as movements; audited", async () => {
    const applied = await imports.apply(owner, id);
    expect(applied.counts).toMatchObject({ newProducts: 1, newOptions: 2 });
    expect(changedCatalogue).toBeGreaterThan(0);
    const first = edited;
    const [option] = await db().select().from(variants).where(eq(variants.sku, first.SKU!));
    expect(option).toMatchObject({ price: 12345, stock: 17 });
    const [made] = await db().select().from(products).where(eq(products.slug, "import-glove"));
    expect(made).toMatchObject({ name: "Import Glove", published: first.Status === "published" });
    const options = await db().select().from(variants).where(eq(variants.productId, made!.id)).orderBy(asc(variants.position));
    expect(options.map((o) => [o.sku, o.size, o.stock, o.barcode])).toEqual([
      ["IMP-GLOVE-8", "8", 4, "4006381333931"],
      ["IMP-GLOVE-9", "9", 0, null],
    ]);
    const moves = await db()
      .select()
      .from(stockMovements)
      .where(inArray(stockMovements.variantId, [option!.id, options[0]!.id]))
      .orderBy(asc(stockMovements.id));
    const expected: [number, number, number, string, number, string][] = [
      [option!.id, 17 - Number(first.Stock), 17, "import", owner.actor.id, `Import #${id}`],
      [options[0]!.id, 4, 4, "import", owner.actor.id, `Import #${id}`],
    ];
    expect(moves.map((m) => [m.variantId, m.change, m.stockAfter, m.reason, m.actorUserId, m.note])).toEqual(
      expected.filter(([, change]) => change !== 0),
    );
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "catalogue.imported"), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ actorEmail: "ines@example.com", changes: { newProducts: [0, 1], newOptions: [0, 2] } });
    expect(await failure(imports.apply(owner, id))).toMatchObject({ code: "IMPORT_NOT_APPLICABLE" });
  });

  test("undo is refused while a record it touched has changed since, then restores exactly the state before", async () => {
    const [made] = await db().select().from(variants).where(eq(variants.sku, "IMP-GLOVE-8"));
    await db().update(variants).set({ price: 9999 }).where(eq(variants.id, made!.id));
    const refused = await failure(imports.undo(owner, id));
    expect(refused).toMatchObject({ code: "STALE_VERSION", message: expect.stringContaining("option IMP-GLOVE-8") });
    await db().update(variants).set({ price: made!.price }).where(eq(variants.id, made!.id));

    await imports.undo(owner, id);
    expect(await catalogueState()).toEqual(before);
    expect((await imports.importDetail(owner, id)).status).toBe("undone");
    expect(await failure(imports.undo(owner, id))).toMatchObject({ code: "IMPORT_NOT_APPLICABLE" });
  });
});

test("applying is refused when the catalogue changed since the preview, and nothing is written", async () => {
  const rows = await exported();
  const row = rows.at(-1)!;
  const preview = await imports.preview(owner, { name: "late.csv", bytes: csvOf([{ ...row, Title: "A late title" }]) });
  expect(preview.counts).toMatchObject({ change: 1, refused: 0 });
  const [was] = await db().select().from(variants).where(eq(variants.sku, row.SKU!));
  await db()
    .update(variants)
    .set({ price: was!.price - 1 })
    .where(eq(variants.sku, row.SKU!));
  expect(await failure(imports.apply(owner, preview.id))).toMatchObject({ code: "STALE_VERSION" });
  const [option] = await db().select().from(variants).where(eq(variants.sku, row.SKU!));
  expect(option!.price).toBe(was!.price - 1);
});

test("undo is refused once an order names an option the import made", async () => {
  const rows = await exported();
  const preview = await imports.preview(owner, {
    name: "new.csv",
    bytes: csvOf([{ ...rows[0]!, Handle: "import-ordered", Title: "Ordered", SKU: "IMP-ORD-1", Stock: "3" }]),
  });
  await imports.apply(owner, preview.id);
  const [option] = await db().select().from(variants).where(eq(variants.sku, "IMP-ORD-1"));
  // Published, so a guest can buy it.
  await db().update(products).set({ published: true, publishAt: null }).where(eq(products.id, option!.productId));
  await guestOrder(shop.services, systemScope(db()), option!.id, 1, { email: "oscar@example.com" });
  expect(await failure(imports.undo(owner, preview.id))).toMatchObject({
    code: "STALE_VERSION",
    message: expect.stringContaining("IMP-ORD-1 (ordered since)"),
  });
});

test("what is not a catalogue file is refused whole, with what is wrong", async () => {
  const refuse = (bytes: Uint8Array, name = "x.csv") => failure(imports.preview(owner, { name, bytes }));
  expect(await refuse(new TextEncoder().encode("Title,Price\nGlove,12.00\n"))).toMatchObject({
    code: "IMPORT_NOT_CSV",
    message: expect.stringContaining("no Handle or SKU column"),
  });
  expect(await refuse(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), "photo.png")).toMatchObject({
    code: "IMPORT_NOT_CSV",
  });
  expect(await refuse(new TextEncoder().encode('Handle,SKU\n"unclosed,x\n'))).toMatchObject({ code: "IMPORT_NOT_CSV" });
  expect(await refuse(new Uint8Array(1024 * 1024 + 1).fill(65))).toMatchObject({ code: "IMPORT_TOO_LARGE" });
  expect(await refuse(new Uint8Array())).toMatchObject({ code: "IMPORT_NOT_CSV" });
});

test("stock: the preview's difference is applied to the stock of now, so a sale meanwhile is not undone", async () => {
  const rows = await exported();
  const row = rows.find((r) => Number(r.Stock) >= 3)!;
  const preview = await imports.preview(owner, {
    name: "count.csv",
    bytes: csvOf([{ ...row, Stock: String(Number(row.Stock) + 10) }]),
  });
  // One unit sells between the preview and apply.
  await db()
    .update(variants)
    .set({ stock: Number(row.Stock) - 1 })
    .where(eq(variants.sku, row.SKU!));
  await imports.apply(owner, preview.id);
  const [option] = await db().select().from(variants).where(eq(variants.sku, row.SKU!));
  expect(option!.stock).toBe(Number(row.Stock) - 1 + 10);
});

test("a cell the export guarded against formulas reads back as it was", async () => {
  const [product] = await db().select().from(products).orderBy(asc(products.id)).limit(1);
  await db().update(products).set({ name: "-20% Grip" }).where(eq(products.id, product!.id));
  const rows = (await exported()).filter((row) => row.Handle === product!.slug);
  expect(rows[0]!.Title).toBe("'-20% Grip");
  const preview = await imports.preview(owner, { name: "again.csv", bytes: csvOf(rows) });
  expect(preview.counts).toMatchObject({ same: rows.length, change: 0, refused: 0 });
});

test("undo is refused once a product it touched was edited since (its version moved)", async () => {
  const rows = await exported();
  const row = rows.at(-2)!;
  const preview = await imports.preview(owner, { name: "edit.csv", bytes: csvOf([{ ...row, Title: `${row.Title} (new)` }]) });
  await imports.apply(owner, preview.id);
  // An editor saves the product's description afterwards: its version moves.
  await db()
    .update(products)
    .set({ description: "Written after the import.", updatedAt: new Date(Date.now() + 1000) })
    .where(eq(products.slug, row.Handle!));
  expect(await failure(imports.undo(owner, preview.id))).toMatchObject({
    code: "STALE_VERSION",
    message: expect.stringContaining(`product ${row.Handle} (edited since)`),
  });
});

test("an archived product does not come back through a file: it is restored on its own page", async () => {
  const rows = await exported();
  const row = rows.find((r) => r.Status === "published")!;
  await db().update(products).set({ published: false, archivedAt: new Date() }).where(eq(products.slug, row.Handle!));
  const preview = await imports.preview(owner, { name: "back.csv", bytes: csvOf([row]) });
  expect(preview.counts).toMatchObject({ refused: 1 });
  const [line] = (await imports.importDetail(owner, preview.id)).lines;
  expect(line!.reasons).toContain(`The product ${row.Handle} is archived: restore it as a draft on its page first.`);
});
