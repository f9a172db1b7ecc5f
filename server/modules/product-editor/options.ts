import { and, asc, eq, inArray, isNull, like, max, notInArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { products, variants, type Variant } from "../../db/schema/index.ts";
import { invalidInput, ShopError } from "../../lib/shop-error.ts";
import { amountText } from "./amounts.ts";
import { barcodeOwners, barcodeRace, barcodeTakenMessage, gtinKey } from "./barcodes.ts";
import type { MatrixInput, OptionRowInput } from "./schemas.ts";
import { MAX_SKU_LENGTH } from "./schemas.ts";

/*
 * A product's options (issue 25 §1, ADR 63): saved row by row, made as a matrix of sizes ×
 * colours. A SKU is unique across the shop (a clash names the option that has it), so is a
 * barcode (barcodes.ts, ADR 74); stock is never
 * changed here (new options start at 0; the stock page moves it, with a reason).
 */

/** The option fields an audit entry compares. */
const OPTION_FIELDS = [
  "sku",
  "size",
  "colour",
  "colourHex",
  "barcode",
  "price",
  "compareAtPrice",
  "memberPrice",
  "lowStockThreshold",
] as const satisfies readonly (keyof Variant)[];

type Changes = Record<string, [unknown, unknown]>;

/** The columns of a row as typed. */
function columnsOfRow(row: OptionRowInput) {
  return {
    sku: row.sku,
    size: row.size,
    colour: row.colour,
    colourHex: row.colourHex,
    barcode: row.barcode ?? null,
    price: row.price,
    compareAtPrice: row.compareAtPrice ?? null,
    memberPrice: row.memberPrice ?? null,
    lowStockThreshold: row.lowStockThreshold ?? null,
  };
}

/** The product's options, archived ones too, in their order. */
export function optionsOf(db: Db, productId: number): Promise<Variant[]> {
  return db.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.position), asc(variants.id));
}

/** Refuses SKUs that two rows share, or that another option of the shop has (named, with its product). */
async function checkSkus(db: Db, rows: readonly { sku: string; id?: number }[], field: (index: number) => string): Promise<void> {
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = row.sku.toLowerCase();
    if (seen.has(key)) throw invalidInput(field(index), `Two options have the SKU ${row.sku}: give each its own.`);
    seen.set(key, index);
  });
  if (rows.length === 0) return;
  const ids = rows.flatMap((row) => (row.id === undefined ? [] : [row.id]));
  const clashes = await db
    .select({ id: variants.id, sku: variants.sku, size: variants.size, colour: variants.colour, product: products.name })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        inArray(
          variants.sku,
          rows.map((row) => row.sku),
        ),
        ids.length > 0 ? notInArray(variants.id, ids) : undefined,
      ),
    );
  const clash = clashes[0];
  if (clash) {
    const index = rows.findIndex((row) => row.sku === clash.sku);
    throw new ShopError(
      "INVALID_INPUT",
      `The SKU ${clash.sku} is already used by ${clash.product} (${clash.colour}, ${clash.size}): SKUs are unique across the shop.`,
      { field: field(index), details: { sku: clash.sku } },
    );
  }
}

/**
 * Refuses barcodes that two rows share, or that another option of the shop has (named, with its
 * product), compared as GTIN-14. An option listed in the rows may give its barcode to another row.
 */
async function checkBarcodes(db: Db, rows: readonly { barcode?: string | null; id?: number }[]): Promise<void> {
  const field = (index: number) => `variants.${index}.barcode`;
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!row.barcode) return;
    const key = gtinKey(row.barcode);
    if (seen.has(key)) throw invalidInput(field(index), `Two options have the barcode ${row.barcode}: a barcode names one item.`);
    seen.set(key, index);
  });
  const owners = await barcodeOwners(db, [...seen.keys()]);
  const listed = new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  for (const [key, index] of seen) {
    const owner = owners.get(key);
    if (owner && !listed.has(owner.variantId)) {
      throw new ShopError("INVALID_INPUT", barcodeTakenMessage(rows[index]!.barcode!, owner), {
        field: field(index),
        details: { barcode: rows[index]!.barcode, productId: owner.productId },
      });
    }
  }
}

/** Refuses two options on sale in the same size and colour (the shop's option picker tells options apart by them). */
function checkCombinations(active: readonly { size: string; colour: string }[], field: (index: number) => string): void {
  const seen = new Set<string>();
  active.forEach((option, index) => {
    const key = `${option.size.toLowerCase()}\u0001${option.colour.toLowerCase()}`;
    if (seen.has(key)) throw invalidInput(field(index), `Two options are ${option.colour}, size ${option.size}: change one.`);
    seen.add(key);
  });
}

async function nextPosition(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(variants.position) })
    .from(variants)
    .where(eq(variants.productId, productId));
  return (row?.last ?? -1) + 1;
}

/**
 * Saves the rows: those with an id change that option of the product (an archived one cannot be
 * changed), the others are new options with no stock. Returns the audit's changes; `currency`:
 * the shop's, for the prices the entry names.
 */
export async function saveRows(db: Db, productId: number, rows: readonly OptionRowInput[], currency: string): Promise<Changes> {
  const field = (index: number) => `variants.${index}.sku`;
  const existing = await optionsOf(db, productId);
  const byId = new Map(existing.map((option) => [option.id, option]));
  rows.forEach((row, index) => {
    if (row.id === undefined) return;
    const option = byId.get(row.id);
    if (!option) throw invalidInput(`variants.${index}.id`, "This option is not one of this product's: reload the page.");
    if (option.archivedAt)
      throw invalidInput(`variants.${index}.id`, `The option ${option.sku} is archived: it cannot be changed.`);
  });
  await checkSkus(db, rows, field);
  await checkBarcodes(db, rows);
  const listed = new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const untouched = existing.filter((option) => !option.archivedAt && !listed.has(option.id));
  // The rows come last, so a clash is told at the row that makes it.
  checkCombinations([...untouched, ...rows], (index) =>
    index < untouched.length ? "variants" : `variants.${index - untouched.length}.size`,
  );

  const changes: Changes = {};
  const money = (field: string, value: unknown) =>
    typeof value === "number" && ["price", "compareAtPrice", "memberPrice"].includes(field) ? amountText(value, currency) : value;
  const updated = rows.filter((row) => row.id !== undefined);
  try {
    // SKUs and barcodes may be swapped between rows: the changed ones step aside first, so no save
    // meets another's old SKU or barcode.
    for (const row of updated) {
      const before = byId.get(row.id!)!;
      const aside = {
        ...(before.sku !== row.sku ? { sku: `~${row.id}` } : {}),
        ...(before.barcode !== (row.barcode ?? null) ? { barcode: null } : {}),
      };
      if (Object.keys(aside).length > 0) await db.update(variants).set(aside).where(eq(variants.id, row.id!));
    }
    for (const row of updated) {
      const before = byId.get(row.id!)!;
      const after = columnsOfRow(row);
      const differs = OPTION_FIELDS.filter((name) => before[name] !== after[name]);
      if (differs.length === 0) continue;
      await db.update(variants).set(after).where(eq(variants.id, row.id!));
      for (const name of differs) changes[`option ${before.sku} ${name}`] = [money(name, before[name]), money(name, after[name])];
    }
    const added = rows.filter((row) => row.id === undefined);
    if (added.length > 0) {
      const first = await nextPosition(db, productId);
      await db
        .insert(variants)
        .values(added.map((row, i) => ({ ...columnsOfRow(row), productId, stock: 0, position: first + i })));
      changes["options added"] = [null, added.map((row) => row.sku)];
    }
  } catch (error) {
    throw barcodeRace(error, "variants") ?? error;
  }
  return changes;
}

/** A SKU part from a name: "Navy blue" -> "NAVYBLUE", "10.5" -> "10-5". */
function codeOf(text: string, length = 12): string {
  return (
    text
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, length)
      .replace(/-+$/, "") || "X"
  );
}

/**
 * The rows of a matrix that the product lacks: every size in every colour not yet an option on
 * sale, at the matrix's price, with SKUs <prefix>-<COLOUR>-<SIZE> (a number added when the shop
 * has one already).
 */
export async function matrixRows(db: Db, matrix: MatrixInput, slug: string, taken: readonly { size: string; colour: string }[]) {
  const prefix = (matrix.skuPrefix ?? codeOf(slug, 20)).replace(/-+$/, "");
  const have = new Set(taken.map((option) => `${option.size.toLowerCase()}\u0001${option.colour.toLowerCase()}`));
  const existingSkus = new Set(
    (
      await db
        .select({ sku: variants.sku })
        .from(variants)
        .where(like(variants.sku, `${prefix.replace(/[\\%_]/g, "\\$&")}%`))
    ).map((row) => row.sku.toLowerCase()),
  );
  const rows: OptionRowInput[] = [];
  for (const colour of matrix.colours) {
    for (const size of matrix.sizes) {
      const key = `${size.toLowerCase()}\u0001${colour.name.toLowerCase()}`;
      if (have.has(key)) continue;
      have.add(key);
      const base = `${prefix}-${codeOf(colour.name)}-${codeOf(size)}`.slice(0, MAX_SKU_LENGTH - 4);
      let sku = base;
      for (let n = 2; existingSkus.has(sku.toLowerCase()); n++) sku = `${base}-${n}`;
      existingSkus.add(sku.toLowerCase());
      rows.push({ size, colour: colour.name, colourHex: colour.hex.toLowerCase(), sku, price: matrix.price });
    }
  }
  return rows;
}

/** The options on sale (not archived) of the product. */
export function activeOptions(db: Db, productId: number) {
  return db
    .select({ size: variants.size, colour: variants.colour })
    .from(variants)
    .where(and(eq(variants.productId, productId), isNull(variants.archivedAt)));
}
