import { createHash } from "node:crypto";
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { decimalAmount } from "../../lib/money.ts";
import { brands, categories } from "../../db/schema/index.ts";
import { barcodeOwners, barcodeTakenMessage, gtinKey } from "../product-editor/index.ts";
import type { ImportOutcome } from "../../db/schema/index.ts";
import type { ImportColumn } from "./columns.ts";
import type { Progress } from "./jobs.ts";
import { fileLines, type FileLine } from "./read-file.ts";
import { readLine, type LineValues, type Names } from "./read-line.ts";
import { filterInTurns, turnTaker } from "./turns.ts";
import {
  inBatches,
  productFieldsOf,
  productsBySlug,
  variantFieldsOf,
  variantsBySku,
  type ProductFields,
  type ProductRecord,
  type VariantFields,
  type VariantRecord,
} from "./records.ts";

/*
 * What a file would do to the catalogue, line by line (ADR 70): the preview shows it, and applying
 * plans again inside its transaction and writes only when the plan is the one previewed (its hash).
 * A product's own fields come from its first line; later lines that say otherwise are refused. An
 * option's line is refused alone, but a product's first line refused refuses all of its lines.
 */

export interface Change {
  field: string;
  from: string;
  to: string;
}

export interface PlannedLine {
  line: number;
  outcome: ImportOutcome;
  handle: string;
  sku: string;
  /** For "change": what changes; for "refused": why; else empty. */
  changes: Change[];
  reasons: string[];
}

export interface ProductPlan {
  handle: string;
  /** null: the import makes it. */
  id: number | null;
  before: ProductFields | null;
  after: ProductFields;
}

export interface VariantPlan {
  sku: string;
  id: number | null;
  handle: string;
  before: VariantFields | null;
  after: VariantFields;
}

export interface ImportPlan {
  lines: PlannedLine[];
  products: ProductPlan[];
  variants: VariantPlan[];
  counts: Record<string, number>;
  /** The planned writes as a fingerprint; existing options' stock is left out (orders move it meanwhile). */
  hash: string;
}

async function namesOf(db: Db): Promise<Names> {
  const [brandRows, categoryRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands),
    db
      .select({ id: categories.id, name: categories.name, slug: categories.slug, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.id)),
  ]);
  const key = (text: string) => text.trim().toLowerCase();
  const names: Names = {
    brands: new Map(),
    brandNames: new Map(brandRows.map((row) => [row.id, row.name])),
    categories: new Map(),
    subCategories: new Map(),
    categoryNames: new Map(categoryRows.map((row) => [row.id, row.name])),
  };
  for (const row of brandRows) names.brands.set(key(row.name), row.id).set(key(row.slug), row.id);
  for (const row of categoryRows) {
    if (row.parentId === null) {
      names.categories.set(key(row.name), row.id).set(key(row.slug), row.id);
      continue;
    }
    let children = names.subCategories.get(row.parentId);
    if (!children) names.subCategories.set(row.parentId, (children = new Map()));
    children.set(key(row.name), row.id).set(key(row.slug), row.id);
  }
  return names;
}

/** The handles, SKUs and barcodes the file names, for one read of the records they find. */
async function keysOf(
  text: string,
  progress?: Progress,
): Promise<{ handles: string[]; skus: string[]; barcodes: string[]; lines: number }> {
  const handles = new Set<string>();
  const skus = new Set<string>();
  const barcodes = new Set<string>();
  let lines = 0;
  progress?.phase("reading", 0);
  for await (const line of fileLines(text)) {
    if (line.cells.Handle) handles.add(line.cells.Handle.toLowerCase());
    if (line.cells.SKU) skus.add(line.cells.SKU);
    if (line.cells.Barcode) barcodes.add(line.cells.Barcode);
    if (++lines % PROGRESS_EVERY === 0) progress?.done(lines);
  }
  return { handles: [...handles], skus: [...skus], barcodes: [...barcodes], lines };
}

/** Lines between two progress reports. */
const PROGRESS_EVERY = 500;

const show = (value: unknown): string => (value === null || value === undefined ? "" : String(value));

/**
 * The plan of `text` against the catalogue `db` reads now. `lock`: the records it finds are locked
 * for update (applying). `now`: the moment statuses are read for (scheduled or published).
 */
export async function planImport(
  db: Db,
  text: string,
  options: { currency: string; now: Date; lock?: boolean; progress?: Progress },
): Promise<ImportPlan> {
  const { progress } = options;
  const { handles, skus, barcodes, lines: lineCount } = await keysOf(text, progress);
  const names = await namesOf(db);
  // Products before options, each in id order: every writer that locks both locks them so.
  const products = await productsBySlug(db, handles, options.lock);
  const variants = await variantsBySku(db, skus, options.lock);
  // The product editor's check (ADR 74): a barcode is one option's in the whole shop.
  const owners = new Map(
    await inBatches(
      barcodes.filter((code) => /^\d{1,14}$/.test(code)),
      async (batch) => [...(await barcodeOwners(db, batch))],
    ),
  );
  const barcodeLines = new Map<string, number>();

  const lines: PlannedLine[] = [];
  const productPlans = new Map<string, ProductPlan & { firstLine: number; refused: boolean; values: LineValues }>();
  const variantPlans: VariantPlan[] = [];
  const skuLines = new Map<string, number>();

  progress?.phase("checking", lineCount);
  // The file is read again (it is not kept as parsed lines); each line planned, a turn of the
  // event loop between a few hundred (the reader's own, and these for the planning's work).
  const turns = turnTaker();
  for await (const fileLine of fileLines(text)) {
    const planned = planLine(fileLine);
    lines.push(planned);
    if (lines.length % PROGRESS_EVERY === 0) progress?.done(lines.length);
    await turns.tick();
  }
  progress?.done(lines.length);

  function planLine(fileLine: FileLine): PlannedLine {
    const handle = (fileLine.cells.Handle ?? "").toLowerCase();
    const sku = fileLine.cells.SKU ?? "";
    const refuse = (reasons: string[]): PlannedLine => ({
      line: fileLine.line,
      outcome: "refused",
      handle,
      sku,
      changes: [],
      reasons,
    });
    if (fileLine.unreadable) return refuse([fileLine.unreadable]);
    const values = readLine(fileLine.cells, names, options);
    const reasons = [...values.productProblems, ...values.problems];

    const seenOn = skuLines.get(sku);
    if (sku && seenOn !== undefined) reasons.push(`The SKU ${sku} is already on line ${seenOn}.`);
    else if (sku) skuLines.set(sku, fileLine.line);

    // The product: its first line says what it is; later ones must agree.
    let product = productPlans.get(handle);
    const changes: Change[] = [];
    if (handle && !product) {
      const existing = products.get(handle) ?? null;
      // As in the editor, an archived product comes back only as a draft, on its own page.
      if (existing?.archivedAt && values.status !== undefined && values.status !== "archived") {
        const archived = `The product ${handle} is archived: restore it as a draft on its page first.`;
        values.productProblems.push(archived);
        reasons.push(archived);
      }
      const after = values.productProblems.length > 0 ? null : productAfter(existing, values, handle);
      const refused = after === null;
      product = {
        handle,
        id: existing?.id ?? null,
        before: existing && productFieldsOf(existing),
        after: after ?? ({} as ProductFields),
        firstLine: fileLine.line,
        refused,
        values,
      };
      productPlans.set(handle, product);
      if (refused) reasons.push(...missingForNewProduct(values));
      else if (existing) changes.push(...productChanges(existing, product.after));
    } else if (product) {
      if (product.refused) reasons.push(`The product ${handle} is refused on line ${product.firstLine}.`);
      for (const [column, cell] of Object.entries(values.productCells)) {
        if (cell !== product.values.productCells[column as ImportColumn]) {
          reasons.push(`${column} differs from line ${product.firstLine} of the same product.`);
        }
      }
    }

    // The option.
    const existingOption = sku ? (variants.get(sku) ?? null) : null;
    if (existingOption) {
      if (existingOption.productSlug !== handle)
        reasons.push(`The SKU ${sku} belongs to another product (${existingOption.productSlug}).`);
      else if (existingOption.archived)
        reasons.push(`The SKU ${sku} is an archived option (kept for its orders): give this option a new SKU.`);
    }
    const optionAfter = variantAfter(existingOption, values, reasons);
    const barcode = optionAfter?.barcode;
    if (barcode) {
      const key = gtinKey(barcode);
      const owner = owners.get(key);
      const onLine = barcodeLines.get(key);
      if (onLine !== undefined) reasons.push(`The barcode ${barcode} is already on line ${onLine}.`);
      else if (owner && owner.variantId !== existingOption?.id) reasons.push(barcodeTakenMessage(barcode, owner));
      else barcodeLines.set(key, fileLine.line);
    }
    // A product's first line carries the product: refused, it refuses the product's other lines.
    if (product && product.firstLine === fileLine.line && reasons.length > 0) product.refused = true;
    if (reasons.length > 0 || !product) return refuse(reasons.length > 0 ? reasons : ["The line has no handle."]);

    variantPlans.push({
      sku,
      id: existingOption?.id ?? null,
      handle,
      before: existingOption && variantFieldsOf(existingOption),
      after: optionAfter!,
    });
    if (existingOption) changes.push(...variantChanges(existingOption, optionAfter!));
    const outcome: ImportOutcome = product.id === null || !existingOption ? "create" : changes.length > 0 ? "change" : "same";
    return { line: fileLine.line, outcome, handle, sku, changes, reasons: [] };
  }

  function productChanges(before: ProductRecord, after: ProductFields): Change[] {
    const changes: Change[] = [];
    const add = (field: string, from: unknown, to: unknown) => {
      if (show(from) !== show(to)) changes.push({ field, from: show(from), to: show(to) });
    };
    add("Title", before.name, after.name);
    add("Brand", names.brandNames.get(before.brandId), names.brandNames.get(after.brandId));
    add("Category", names.categoryNames.get(before.categoryId), names.categoryNames.get(after.categoryId));
    add(
      "Sub-category",
      before.subCategoryId && names.categoryNames.get(before.subCategoryId),
      after.subCategoryId && names.categoryNames.get(after.subCategoryId),
    );
    add("Status", statusOf(before, options.now), statusOf(after, options.now));
    add("Publish at (UTC)", before.publishAt, after.publishAt);
    add("Members only", before.membersOnly ? "yes" : "no", after.membersOnly ? "yes" : "no");
    return changes;
  }

  function variantChanges(before: VariantFields, after: VariantFields): Change[] {
    const money = (minor: number | null) => (minor === null ? "" : decimalAmount(minor, options.currency));
    const pairs: [string, unknown, unknown][] = [
      ["Size", before.size, after.size],
      ["Colour", before.colour, after.colour],
      ["Colour hex", before.colourHex, after.colourHex],
      ["Barcode", before.barcode, after.barcode],
      ["Price", money(before.price), money(after.price)],
      ["Was price", money(before.compareAtPrice), money(after.compareAtPrice)],
      ["Member price", money(before.memberPrice), money(after.memberPrice)],
      ["Stock", before.stock, after.stock],
    ];
    return pairs
      .filter(([, from, to]) => show(from) !== show(to))
      .map(([field, from, to]) => ({ field, from: show(from), to: show(to) }));
  }

  const productList = [...productPlans.values()].filter((p) => !p.refused);
  const counts: Record<string, number> = { create: 0, change: 0, same: 0, refused: 0 };
  for (const line of lines) counts[line.outcome]! += 1;
  counts.newProducts = productList.filter((p) => p.id === null).length;
  counts.changedProducts = (
    await filterInTurns(productList, (p) => p.id !== null && JSON.stringify(p.before) !== JSON.stringify(p.after))
  ).length;
  counts.newOptions = variantPlans.filter((v) => v.id === null).length;
  counts.changedOptions = (
    await filterInTurns(variantPlans, (v) => v.id !== null && JSON.stringify(v.before) !== JSON.stringify(v.after))
  ).length;

  // Stock is left out on both sides: the shop keeps selling between preview and apply, and what
  // the file changes of stock is applied as the difference the preview showed (apply.ts).
  const fingerprint = createHash("sha256");
  for (const p of productList) {
    fingerprint.update(JSON.stringify([p.handle, p.id, p.before, p.after]));
    await turns.tick();
  }
  for (const v of variantPlans) {
    await turns.tick();
    const { stock: _before, ...before } = v.before ?? { stock: 0 };
    const { stock: _after, ...after } = v.after;
    fingerprint.update(JSON.stringify([v.sku, v.id, v.handle, v.before && before, after, v.id === null ? v.after.stock : null]));
  }
  return {
    lines,
    products: productList.map(({ handle, id, before, after }) => ({ handle, id, before, after })),
    variants: variantPlans,
    counts,
    hash: fingerprint.digest("hex"),
  };
}

/** The product's status as the shop reads it (the export's words). */
export function statusOf(product: Pick<ProductFields, "published" | "publishAt" | "archivedAt">, now: Date): string {
  if (product.archivedAt !== null) return "archived";
  if (!product.published) return "draft";
  if (product.publishAt !== null && product.publishAt !== "now" && new Date(product.publishAt) > now) return "scheduled";
  return "published";
}

/** The product after the line: its own columns over what it is; null when a new product lacks what it needs. */
function productAfter(existing: ProductRecord | null, values: LineValues, handle: string): ProductFields | null {
  const given = values.product;
  if (!existing && (given.name === undefined || given.brandId === undefined || given.categoryId === undefined)) return null;
  const base: ProductFields = existing
    ? productFieldsOf(existing)
    : {
        slug: handle,
        name: "",
        brandId: 0,
        categoryId: 0,
        subCategoryId: null,
        published: false,
        publishAt: null,
        archivedAt: null,
        membersOnly: false,
      };
  const after: ProductFields = { ...base, ...withoutUndefined(given) };
  // A new category drops a sub-category that is not its own (the line's Sub-category, when given, was checked against it).
  if (
    given.categoryId !== undefined &&
    given.subCategoryId === undefined &&
    existing &&
    existing.categoryId !== given.categoryId
  ) {
    after.subCategoryId = null;
  }
  if (values.status !== undefined) {
    after.published = values.status === "published" || values.status === "scheduled";
    after.archivedAt = values.status === "archived" ? (existing?.archivedAt ?? "now") : null;
    if (values.status === "published" && given.publishAt === undefined) after.publishAt = null;
  }
  return after;
}

function missingForNewProduct(values: LineValues): string[] {
  const missing: ImportColumn[] = [];
  if (values.product.name === undefined) missing.push("Title");
  if (values.product.brandId === undefined) missing.push("Brand");
  if (values.product.categoryId === undefined) missing.push("Category");
  return missing.length > 0 && values.productProblems.length === 0 ? [`A new product needs ${missing.join(", ")}.`] : [];
}

/** The option after the line; problems are added to `reasons`. */
function variantAfter(existing: VariantRecord | null, values: LineValues, reasons: string[]): VariantFields | null {
  const given = values.variant;
  if (!existing) {
    const missing = (["size", "colour", "colourHex", "price"] as const).filter((field) => given[field] === undefined);
    const words = { size: "Size", colour: "Colour", colourHex: "Colour hex", price: "Price" };
    if (missing.length > 0 && values.problems.length === 0)
      reasons.push(`A new option needs ${missing.map((field) => words[field]).join(", ")}.`);
    if (missing.length > 0) return null;
  }
  const base: VariantFields = existing
    ? variantFieldsOf(existing)
    : {
        sku: "",
        size: "",
        colour: "",
        colourHex: "",
        barcode: null,
        price: 0,
        compareAtPrice: null,
        memberPrice: null,
        stock: 0,
      };
  const after: VariantFields = { ...base, ...withoutUndefined(given) };
  if (after.compareAtPrice !== null && after.compareAtPrice <= after.price) reasons.push("Was price must be above the price.");
  if (after.memberPrice !== null && after.memberPrice > after.price) reasons.push("Member price must not be above the price.");
  return after;
}

function withoutUndefined<T extends object>(values: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
