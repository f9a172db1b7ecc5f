import { gtinProblem, readAmount, slugUsable } from "../product-editor/index.ts";
import { PRODUCT_COLUMNS, type ImportColumn } from "./columns.ts";
import type { ProductFields, VariantFields } from "./records.ts";

/*
 * One line's cells as values (ADR 70), each checked as the product editor checks its field: a
 * column the file does not have is absent here (the field stays as it is), a present cell is the
 * value (an empty optional cell clears it). Every problem is named, not only the first.
 */

/** The brands and categories a line may name, by name or slug in any case. */
export interface Names {
  brands: Map<string, number>;
  brandNames: Map<number, string>;
  categories: Map<string, number>;
  /** A category's sub-categories by name or slug. */
  subCategories: Map<number, Map<string, number>>;
  categoryNames: Map<number, string>;
}

export const IMPORT_STATUSES = ["draft", "published", "scheduled", "archived"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface LineValues {
  product: Partial<ProductFields>;
  /** The product's own cells as written, to compare a product's lines. */
  productCells: Partial<Record<ImportColumn, string>>;
  status?: ImportStatus;
  variant: Partial<VariantFields>;
  /** What is wrong with the product's own cells: its every line is refused then. */
  productProblems: string[];
  /** What is wrong with the option's cells: this line alone is refused. */
  problems: string[];
}

const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;
const HEX = /^#[0-9a-f]{6}$/i;
const MAX_TEXT = 200;
const MAX_STOCK = 1_000_000;

const YES = new Set(["yes", "y", "true", "1"]);
const NO = new Set(["no", "n", "false", "0", ""]);

/** "2026-12-01 09:00" (UTC, as the export writes it) or an ISO time with its zone. */
function readTime(cell: string): string | null {
  const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(cell) ? `${cell.replace(" ", "T")}Z` : cell;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

export function readLine(
  cells: Partial<Record<ImportColumn, string>>,
  names: Names,
  options: { currency: string; now: Date },
): LineValues {
  const problems: string[] = [];
  const productProblems: string[] = [];
  const product: Partial<ProductFields> = {};
  const variant: Partial<VariantFields> = {};
  const productCells: Partial<Record<ImportColumn, string>> = {};
  for (const column of PRODUCT_COLUMNS) if (cells[column] !== undefined) productCells[column] = cells[column];
  const values: LineValues = { product, productCells, variant, productProblems, problems };

  const handle = cells.Handle ?? "";
  if (!HANDLE.test(handle.toLowerCase()) || handle.length > 120) {
    productProblems.push(handle ? `Handle ${handle} may hold only letters, digits and single hyphens.` : "Handle is empty.");
  } else if (!slugUsable(handle.toLowerCase())) {
    productProblems.push(`Handle ${handle} would clash with the shop's own addresses (a number alone, sale, brand, sub).`);
  } else product.slug = handle.toLowerCase();

  const text = (column: ImportColumn, set: (value: string) => void, list: string[]) => {
    const cell = cells[column];
    if (cell === undefined) return;
    if (cell === "") list.push(`${column} is empty.`);
    else if (cell.length > MAX_TEXT) list.push(`${column} is longer than ${MAX_TEXT} characters.`);
    else set(cell);
  };
  text("Title", (value) => (product.name = value), productProblems);
  text("Size", (value) => (variant.size = value), problems);
  text("Colour", (value) => (variant.colour = value), problems);

  if (cells.Brand !== undefined) {
    const id = names.brands.get(cells.Brand.toLowerCase());
    if (id === undefined) productProblems.push(cells.Brand ? `Unknown brand ${cells.Brand}.` : "Brand is empty.");
    else product.brandId = id;
  }
  if (cells.Category !== undefined) {
    const id = names.categories.get(cells.Category.toLowerCase());
    if (id === undefined) productProblems.push(cells.Category ? `Unknown category ${cells.Category}.` : "Category is empty.");
    else product.categoryId = id;
  }
  if (cells["Sub-category"] !== undefined) {
    const sub = cells["Sub-category"];
    if (sub === "") product.subCategoryId = null;
    else if (product.categoryId === undefined) {
      if (cells.Category === undefined) productProblems.push("A Sub-category needs the Category column beside it.");
    } else {
      const id = names.subCategories.get(product.categoryId)?.get(sub.toLowerCase());
      if (id === undefined) productProblems.push(`Unknown sub-category ${sub} of ${cells.Category}.`);
      else product.subCategoryId = id;
    }
  }

  if (cells["Publish at (UTC)"] !== undefined) {
    const cell = cells["Publish at (UTC)"];
    const time = cell === "" ? null : readTime(cell);
    if (cell !== "" && time === null) productProblems.push(`Publish at ${cell} is not a time such as 2026-12-01 09:00.`);
    else product.publishAt = time;
  }
  if (cells.Status !== undefined) {
    const status = cells.Status.toLowerCase() as ImportStatus;
    if (!(IMPORT_STATUSES as readonly string[]).includes(status)) {
      productProblems.push(`Status ${cells.Status} is not one of ${IMPORT_STATUSES.join(", ")}.`);
    } else {
      values.status = status;
      const at = product.publishAt ? new Date(product.publishAt) : null;
      if (status === "scheduled" && (at === null || at <= options.now)) {
        productProblems.push("A scheduled product needs a Publish at (UTC) in the future.");
      }
      if (status === "published" && at !== null && at > options.now) {
        productProblems.push("Publish at is in the future: the status would be scheduled.");
      }
    }
  }
  if (cells["Members only"] !== undefined) {
    const cell = cells["Members only"].toLowerCase();
    if (YES.has(cell)) product.membersOnly = true;
    else if (NO.has(cell)) product.membersOnly = false;
    else productProblems.push(`Members only is ${cells["Members only"]}: write yes or no.`);
  }

  const sku = cells.SKU ?? "";
  if (!SKU.test(sku)) problems.push(sku ? `SKU ${sku} may hold only letters, digits and . _ / - (64 at most).` : "SKU is empty.");
  else variant.sku = sku;
  if (cells["Colour hex"] !== undefined) {
    if (!HEX.test(cells["Colour hex"]))
      problems.push(`Colour hex ${cells["Colour hex"] || "(empty)"} is not a colour such as #1f8a70.`);
    else variant.colourHex = cells["Colour hex"].toLowerCase();
  }
  if (cells.Barcode !== undefined) {
    if (cells.Barcode === "") variant.barcode = null;
    else {
      const problem = gtinProblem(cells.Barcode);
      if (problem) problems.push(`Barcode ${cells.Barcode}: ${problem}`);
      else variant.barcode = cells.Barcode;
    }
  }
  const money = (column: ImportColumn, set: (minor: number | null) => void, optional: boolean) => {
    const cell = cells[column];
    if (cell === undefined) return;
    if (cell === "" && optional) return set(null);
    const amount = readAmount(cell, options.currency);
    if (!amount.ok) problems.push(`${column} ${cell || "(empty)"}: ${amount.message}`);
    else set(amount.minor);
  };
  money("Price", (minor) => (variant.price = minor!), false);
  money("Was price", (minor) => (variant.compareAtPrice = minor), true);
  money("Member price", (minor) => (variant.memberPrice = minor), true);
  if (cells.Stock !== undefined) {
    const stock = /^\d{1,7}$/.test(cells.Stock) ? Number(cells.Stock) : NaN;
    if (!(stock <= MAX_STOCK)) problems.push(`Stock ${cells.Stock || "(empty)"} is not a whole number from 0 to ${MAX_STOCK}.`);
    else variant.stock = stock;
  }
  return values;
}
