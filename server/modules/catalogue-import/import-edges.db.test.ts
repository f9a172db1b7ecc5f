import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { catalogueImportLines, catalogueImports, products, users, variants } from "../../db/schema/index.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { createBackOffice } from "../back-office/index.ts";
import { createCatalogueImport, type CatalogueImport } from "./index.ts";
import { INTERRUPTED_APPLY, INTERRUPTED_PREVIEW } from "./jobs.ts";

/*
 * The import's edges (issue 25 §3, ADR 72): files as spreadsheets really write them (semicolons,
 * headers in any case, empty rows, line breaks in cells), files that are not catalogue files, a
 * barcode twice, a unique index meeting a write between the check and the write, an export read
 * back, and jobs a restart interrupted.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let owner: StaffScope;
let imports: CatalogueImport;
const db = () => shop.database.db;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
type Row = Record<string, string>;

async function exported(): Promise<Row[]> {
  let text = "";
  for await (const chunk of createBackOffice({ currency: "EUR", cardPayments: false }).productsCsv(owner, {})) text += chunk;
  return parse(text, { bom: true, columns: true }) as Row[];
}
const csvOf = (rows: Row[], columns = Object.keys(rows[0]!), delimiter = ",") =>
  new TextEncoder().encode(stringify([columns, ...rows.map((row) => columns.map((column) => row[column] ?? ""))], { delimiter }));
const lines = async (id: number) => (await imports.importDetail(owner, id)).lines;

/** A GTIN-13 of these 12 digits, with its check digit. */
function gtin(digits: string): string {
  const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

async function catalogueState() {
  const [productRows, variantRows] = await Promise.all([
    db().select().from(products).orderBy(asc(products.id)),
    db().select().from(variants).orderBy(asc(variants.id)),
  ]);
  return { products: productRows.map(({ searchVector: _search, ...rest }) => rest), variants: variantRows };
}

beforeAll(async () => {
  shop = await seededShop(12);
  const [user] = await db()
    .insert(users)
    .values({ username: "edge-owner", email: "edda@example.com", firstName: "Edda", lastName: "Owner", role: "owner" })
    .returning();
  owner = staffScopeOf(systemScope(db()), { id: user!.id, email: user!.email, role: "owner" }, "req-edges");
  imports = createCatalogueImport({ currency: "EUR", maxBytes: 1024 * 1024, catalogueChanged: () => {} });
});
afterAll(async () => {
  await imports?.settled();
  await shop?.close();
});

test("an export imported and applied as it is changes nothing at all", async () => {
  const before = await catalogueState();
  const rows = await exported();
  const preview = await imports.preview(owner, { name: "round-trip.csv", bytes: csvOf(rows) });
  expect(preview.counts).toMatchObject({ same: rows.length, create: 0, change: 0, refused: 0 });
  const applied = await imports.apply(owner, preview.id);
  expect(applied.counts).toEqual({ newProducts: 0, changedProducts: 0, newOptions: 0, changedOptions: 0 });
  // Not even a version (updated_at) moves.
  expect(await catalogueState()).toEqual(before);
});

describe("files as spreadsheets write them", () => {
  test("semicolons, and column names in any case with spaces around, are read", async () => {
    const [row] = await exported();
    const bytes = csvOf([{ " handle ": row!.Handle!, "SKU ": row!.SKU!, PRICE: "77.70" }], [" handle ", "SKU ", "PRICE"], ";");
    const preview = await imports.preview(owner, { name: "semicolons.csv", bytes });
    expect(preview.counts).toMatchObject({ change: 1, refused: 0 });
    const [line] = await lines(preview.id);
    expect(line!.changes).toEqual([{ field: "Price", from: row!.Price, to: "77.70" }]);
  });

  test("each refused line has the number of its row in the spreadsheet (empty rows and line breaks in cells counted right)", async () => {
    const rows = await exported();
    const first = rows[0];
    const second = rows.find((row) => row.Handle !== first!.Handle);
    const text = [
      "Handle,SKU,Title,Price",
      `${first!.Handle},${first!.SKU},"${first!.Title}",not-a-price`,
      "",
      `${second!.Handle},${second!.SKU},"${second!.Title}",${second!.Price}`,
      `new-two-line,NEW-2L,"A title on\ntwo lines",1.00`,
      `${first!.Handle},${first!.SKU},"${first!.Title}",${first!.Price}`,
    ].join("\n");
    const preview = await imports.preview(owner, { name: "rows.csv", bytes: new TextEncoder().encode(text) });
    const refused = (await lines(preview.id)).filter((line) => line.outcome === "refused");
    expect(refused.map((line) => [line.line, line.sku])).toEqual([
      [2, first!.SKU],
      [5, "NEW-2L"],
      [6, first!.SKU],
    ]);
    expect(refused[0]!.reasons).toEqual([expect.stringMatching(/^Price not-a-price: /)]);
    expect(refused[2]!.reasons).toContain(`The SKU ${first!.SKU} is already on line 2.`);
  });

  test("a file larger than the shop's setting is refused with the limit", async () => {
    expect(
      await failure(imports.preview(owner, { name: "big.csv", bytes: new Uint8Array(1024 * 1024 + 1).fill(65) })),
    ).toMatchObject({
      code: "IMPORT_TOO_LARGE",
      message: "The file is larger than 1 MB, the shop's import limit.",
    });
  });

  test("a file that is not CSV is refused with what it is, and nothing is stored", async () => {
    const [{ n: before }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogueImports)) as [{ n: number }];
    const workbook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]);
    expect(await failure(imports.preview(owner, { name: "products.xlsx", bytes: workbook }))).toMatchObject({
      code: "IMPORT_NOT_CSV",
      message: expect.stringContaining("spreadsheet workbook"),
    });
    const html = new TextEncoder().encode("<!doctype html><html><body>Not a sheet</body></html>\n");
    expect(await failure(imports.preview(owner, { name: "page.html", bytes: html }))).toMatchObject({
      code: "IMPORT_NOT_CSV",
      message: expect.stringContaining("no Handle or SKU column"),
    });
    const [{ n: after }] = (await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogueImports)) as [{ n: number }];
    expect(after).toBe(before);
  });
});

describe("barcodes", () => {
  test("a barcode twice in the file, or another option's, is refused on its line", async () => {
    const [row] = await exported();
    const [taken] = await db()
      .update(variants)
      .set({ barcode: gtin("400638100001") })
      .where(eq(variants.sku, row!.SKU!))
      .returning();
    const code = gtin("400638100002");
    const line = (sku: string, barcode: string) => ({
      ...row!,
      Handle: "barcode-glove",
      Title: "Barcode Glove",
      SKU: sku,
      Size: sku,
      Barcode: barcode,
      "Was price": "",
      "Member price": "",
    });
    const preview = await imports.preview(owner, {
      name: "barcodes.csv",
      bytes: csvOf([line("BG-1", code), line("BG-2", code), line("BG-3", taken!.barcode!)]),
    });
    const [one, two, three] = await lines(preview.id);
    expect(one!.outcome).toBe("create");
    expect(two!.reasons).toEqual([`The barcode ${code} is already on line 2.`]);
    expect(three!.reasons).toEqual([
      expect.stringMatching(new RegExp(`^The barcode ${taken!.barcode} is already the barcode of `)),
    ]);
  });

  test("a barcode taken between the check and the write (the unique index, 23505) refuses its line, not the server", async () => {
    const [row] = await exported();
    const code = gtin("400638100003");
    const preview = await imports.preview(owner, {
      name: "race.csv",
      bytes: csvOf([
        { ...row!, Handle: "race-glove", Title: "Race Glove", SKU: "RACE-1", Barcode: code, "Was price": "", "Member price": "" },
      ]),
    });
    expect(preview.counts).toMatchObject({ create: 1, refused: 0 });
    // Another editor gives that barcode to another option at the very moment the import writes.
    const [other] = await db().select().from(variants).where(eq(variants.sku, row!.SKU!));
    await db().execute(
      sql.raw(`create function race_barcode() returns trigger language plpgsql as $$
        begin update variants set barcode = new.barcode where id = ${other!.id}; return new; end $$`),
    );
    await db().execute(
      sql.raw(
        `create trigger race_barcode before insert on variants for each row when (new.sku = 'RACE-1') execute function race_barcode()`,
      ),
    );
    try {
      const refused = await failure(imports.apply(owner, preview.id));
      expect(refused).toMatchObject({
        code: "STALE_VERSION",
        message: `Line 2 (RACE-1): The barcode ${code.padStart(14, "0")} was given to another option since the preview. Nothing was written: fix the line and upload the file again.`,
      });
    } finally {
      await db().execute(sql.raw("drop trigger race_barcode on variants"));
      await db().execute(sql.raw("drop function race_barcode()"));
    }
    const detail = await imports.importDetail(owner, preview.id);
    expect(detail).toMatchObject({ status: "previewed", error: expect.stringContaining("Line 2 (RACE-1)") });
    expect(detail.lines[0]).toMatchObject({ outcome: "refused", reasons: [expect.stringContaining("given to another option")] });
    // The transaction wrote nothing: neither the product nor the other option's barcode.
    expect(await db().select().from(products).where(eq(products.slug, "race-glove"))).toEqual([]);
    const [after] = await db().select().from(variants).where(eq(variants.id, other!.id));
    expect(after!.barcode).toBe(other!.barcode);
  });
});

describe("jobs", () => {
  test("an upload answers at once with its import, whose dry run ends as a preview", async () => {
    const rows = await exported();
    const { id } = await imports.upload(owner, { name: "job.csv", bytes: csvOf(rows) });
    await imports.settled();
    const detail = await imports.importDetail(owner, id);
    expect(detail).toMatchObject({ status: "previewed", error: null, progress: { phase: null } });
    expect(detail.total).toBe(rows.length);
  });

  test("a dry run that fails on the file is a failed import that says why", async () => {
    // Far enough into the file that the upload's glance at its start does not see it.
    const good = Array.from({ length: 20_000 }, (_, i) => `glove-${i},G-${i}`).join("\n");
    const text = `Handle,SKU\n${good}\n"unclosed,x\n`;
    const { id } = await imports.upload(owner, { name: "broken.csv", bytes: new TextEncoder().encode(text) });
    await imports.settled();
    const detail = await imports.importDetail(owner, id);
    expect(detail).toMatchObject({ status: "failed", error: expect.stringMatching(/^This file is not CSV the shop can read: /) });
    expect(await failure(imports.apply(owner, id))).toMatchObject({ code: "IMPORT_NOT_APPLICABLE" });
  });

  test("jobs a restart ended are marked failed (a dry run) or previewed again (an apply), with why", async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const [previewing, applying, alive] = await db()
      .insert(catalogueImports)
      .values([
        { fileName: "a.csv", csv: "Handle,SKU\n", status: "previewing", progressAt: longAgo },
        { fileName: "b.csv", csv: "Handle,SKU\n", status: "applying", progressAt: longAgo },
        { fileName: "c.csv", csv: "Handle,SKU\n", status: "previewing", progressAt: new Date() },
      ])
      .returning();
    // Another process may still run the one that spoke a moment ago.
    expect(await imports.sweepInterrupted(db(), new Date())).toBe(2);
    const status = async (id: number) => (await imports.importDetail(owner, id)) as { status: string; error: string | null };
    expect(await status(previewing!.id)).toMatchObject({ status: "failed", error: INTERRUPTED_PREVIEW });
    expect(await status(applying!.id)).toMatchObject({ status: "previewed", error: INTERRUPTED_APPLY });
    expect((await status(alive!.id)).status).toBe("previewing");
    // The only process (the embedded database) knows no one else runs it.
    expect(await imports.sweepInterrupted(db(), new Date(), { onlyProcess: true })).toBe(1);
    expect(await status(alive!.id)).toMatchObject({ status: "failed", error: INTERRUPTED_PREVIEW });
  });

  test("the sweep leaves alone a job this process runs", async () => {
    const rows = await exported();
    const { id } = await imports.upload(owner, { name: "running.csv", bytes: csvOf(rows) });
    expect(await imports.sweepInterrupted(db(), new Date(), { onlyProcess: true })).toBe(0);
    await imports.settled();
    expect((await imports.importDetail(owner, id)).status).toBe("previewed");
    const [stored] = await db().select().from(catalogueImportLines).where(eq(catalogueImportLines.importId, id)).limit(1);
    expect(stored).toBeDefined();
  });
});
