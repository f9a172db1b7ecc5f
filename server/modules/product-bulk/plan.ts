import { createHash } from "node:crypto";
import {
  accessColumns,
  amountText,
  archivedColumns,
  ARCHIVED_STAYS_OFF,
  DRAFT,
  optionPriceProblems,
  PRODUCT_STATUS_WORDS,
  productStatusOf,
  publishedNow,
  type OptionPrices,
  type PublishColumns,
} from "../product-editor/index.ts";
import type { BulkOption, BulkProduct, Place } from "./read.ts";
import type { BulkChange } from "./schemas.ts";

/*
 * A bulk edit's plan (ADR 71): for each product chosen, and for each option on sale of it when the
 * change is a price's, what would change (field: old -> new) or why it is refused. The rules are the
 * product editor's own (product-editor/rules.ts): a was price stays above the price, a member price
 * at most the price, an archived product is restored before it is published. A row that would
 * break one is refused, named with the reason, and left as it is; the others go ahead. Nothing is
 * adjusted behind the owner's back. Pure: the preview and the apply plan alike, and the apply's
 * plan must be the preview's (its fingerprint).
 */

/** One field's change, as the preview shows it and the audit entry keeps it. */
export interface FieldChange {
  /** The audit entry's name of the field: price, was price, status, category, access. */
  key: string;
  /** The preview's word for it. */
  field: string;
  from: string;
  to: string;
}

export interface BulkLine {
  productId: number;
  /** The product's name ("#id" for an id that names none). */
  product: string;
  /** The option the line is about (a price's change); null: the product itself. */
  option: { id: number; sku: string; size: string; colour: string } | null;
  outcome: "change" | "refused";
  changes: FieldChange[];
  /** Why it is refused; null for a change. */
  reason: string | null;
}

/** An option's new prices. */
export interface OptionWrite {
  id: number;
  productId: number;
  price: number;
  compareAtPrice: number | null;
}

/** A product's new columns; archivedAt "now" is the moment of the apply. */
export interface ProductWrite {
  id: number;
  published: boolean;
  publishAt: string | null;
  archivedAt: string | null | "now";
  categoryId: number;
  subCategoryId: number | null;
  membersOnly: boolean;
  publicAt: string | null;
}

export interface BulkCounts {
  /** Products chosen. */
  selected: number;
  /** Products that change (their own fields or an option's). */
  products: number;
  /** Options whose prices change. */
  options: number;
  /** Lines refused (an option's, or a product's). */
  refused: number;
  /** Products chosen that nothing changes for (and nothing is refused of). */
  unchanged: number;
}

export interface BulkPlan {
  lines: BulkLine[];
  counts: BulkCounts;
  optionWrites: OptionWrite[];
  productWrites: ProductWrite[];
  /** SHA-256 of what would be written, of what is refused and of the products' versions. */
  fingerprint: string;
}

export interface PlanFacts {
  change: BulkChange;
  /** The ids chosen, in id order. */
  ids: readonly number[];
  products: readonly BulkProduct[];
  /** Their options on sale (read only for a change of prices). */
  options: readonly BulkOption[];
  places: ReadonlyMap<number, Place>;
  currency: string;
  now: Date;
}

/** A percentage of an amount, rounded to the minor unit (half up), exactly. */
function percentOf(minor: number, basisPoints: number): number {
  return Number((BigInt(minor) * BigInt(10_000 + basisPoints) + 5_000n) / 10_000n);
}

/** An option's prices after the change; null: the change does not touch it. */
function pricesAfter(change: BulkChange, option: BulkOption): OptionPrices | null {
  const { price, compareAtPrice, memberPrice } = option;
  switch (change.action) {
    case "price-percent":
      return { price: percentOf(price, change.basisPoints), compareAtPrice, memberPrice };
    case "price-amount":
      return { price: price + change.minor, compareAtPrice, memberPrice };
    case "price-set":
      return { price: change.minor, compareAtPrice, memberPrice };
    case "sale-percent": {
      // Off the regular price: the was price when it is on sale already, else the price.
      const regular = compareAtPrice ?? price;
      return { price: percentOf(regular, -change.basisPoints), compareAtPrice: regular, memberPrice };
    }
    case "sale-set":
      return { price, compareAtPrice: change.minor, memberPrice };
    case "sale-end":
      return compareAtPrice === null ? null : { price: compareAtPrice, compareAtPrice: null, memberPrice };
    case "sale-clear":
      return compareAtPrice === null ? null : { price, compareAtPrice: null, memberPrice };
    default:
      return null;
  }
}

/** Whether the change is an option's prices (else a product's own fields). */
export function changesPrices(change: BulkChange): boolean {
  return change.action.startsWith("price-") || change.action.startsWith("sale-");
}

/** Why new prices are refused, naming the numbers; null: they keep the editor's rules. */
function pricesRefusal(after: OptionPrices, currency: string): string | null {
  const money = (minor: number | null) => (minor === null ? "" : amountText(minor, currency));
  const [problem] = optionPriceProblems(after, currency);
  if (!problem) return null;
  switch (problem.field) {
    case "compareAtPrice":
      return `${problem.message} The new price would be ${money(after.price)}, the was price ${money(after.compareAtPrice)}.`;
    case "memberPrice":
      return `${problem.message} The new price would be ${money(after.price)}, the member price ${money(after.memberPrice)}.`;
    default:
      return `${problem.message} The new price would be ${money(after.price)}.`;
  }
}

function optionLines(facts: PlanFacts, product: BulkProduct, options: readonly BulkOption[]) {
  const money = (minor: number | null) => (minor === null ? "(none)" : amountText(minor, facts.currency));
  const lines: BulkLine[] = [];
  const writes: OptionWrite[] = [];
  for (const option of options) {
    const after = pricesAfter(facts.change, option);
    if (!after) continue;
    const changes: FieldChange[] = [];
    if (after.price !== option.price) {
      changes.push({ key: "price", field: "Price", from: money(option.price), to: money(after.price) });
    }
    if (after.compareAtPrice !== option.compareAtPrice) {
      changes.push({ key: "was price", field: "Was price", from: money(option.compareAtPrice), to: money(after.compareAtPrice) });
    }
    if (changes.length === 0) continue;
    const reason = pricesRefusal(after, facts.currency);
    const line = {
      productId: product.id,
      product: product.name,
      option: { id: option.id, sku: option.sku, size: option.size, colour: option.colour },
    };
    if (reason) lines.push({ ...line, outcome: "refused", changes, reason });
    else {
      lines.push({ ...line, outcome: "change", changes, reason: null });
      writes.push({ id: option.id, productId: product.id, price: after.price, compareAtPrice: after.compareAtPrice });
    }
  }
  return { lines, writes };
}

/** Who may buy it, in the list's words. */
function accessWords(product: Pick<BulkProduct, "membersOnly" | "publicAt">, now: Date): string {
  if (!product.membersOnly) return "Everyone";
  if (product.publicAt === null) return "Members only";
  return product.publicAt.getTime() > now.getTime()
    ? `Early access until ${product.publicAt.toISOString().slice(0, 10)}`
    : "Everyone";
}

function placeWords(places: ReadonlyMap<number, Place>, categoryId: number, subCategoryId: number | null): string {
  const category = places.get(categoryId)?.name ?? `#${categoryId}`;
  return subCategoryId === null ? category : `${category} › ${places.get(subCategoryId)?.name ?? `#${subCategoryId}`}`;
}

type Columns = Omit<BulkProduct, "id" | "name" | "version">;

/** The product's columns after the change, or why it is refused; the same columns: nothing to do. */
function columnsAfter(facts: PlanFacts, product: BulkProduct): Columns | { refused: string } {
  const { change, now } = facts;
  const withStatus = (columns: PublishColumns & { archivedAt?: Date | null }) => ({ ...product, ...columns });
  switch (change.action) {
    case "publish":
      if (product.archivedAt) return { refused: ARCHIVED_STAYS_OFF };
      return withStatus(publishedNow(product, now));
    case "unpublish":
      return product.archivedAt ? product : withStatus(DRAFT);
    case "archive":
      return product.archivedAt ? product : withStatus(archivedColumns(now));
    case "members-only":
      return { ...product, ...accessColumns("members", null) };
    case "everyone":
      return { ...product, ...accessColumns("everyone", null) };
    case "category": {
      const target = facts.places.get(change.categoryId)!;
      // A sub-category moves it into its parent; a category keeps the product's sub-category when it is one of its own.
      if (target.parentId !== null) return { ...product, categoryId: target.parentId, subCategoryId: target.id };
      const keepsSub = product.categoryId === target.id;
      return { ...product, categoryId: target.id, subCategoryId: keepsSub ? product.subCategoryId : null };
    }
    default:
      return product;
  }
}

function productLine(facts: PlanFacts, product: BulkProduct): { line: BulkLine | null; write: ProductWrite | null } {
  const base = { productId: product.id, product: product.name, option: null };
  const after = columnsAfter(facts, product);
  if ("refused" in after) return { line: { ...base, outcome: "refused", changes: [], reason: after.refused }, write: null };
  const at = facts.now.getTime();
  const words = {
    status: (p: Columns) => PRODUCT_STATUS_WORDS[productStatusOf(p, at)],
    category: (p: Columns) => placeWords(facts.places, p.categoryId, p.subCategoryId),
    access: (p: Columns) => accessWords(p, facts.now),
  };
  const fields = { status: "Status", category: "Category", access: "Who may buy" } as const;
  const changes: FieldChange[] = [];
  for (const key of ["status", "category", "access"] as const) {
    const from = words[key](product);
    const to = words[key](after);
    if (from !== to) changes.push({ key, field: fields[key], from, to });
  }
  // What the shop shows is the same: the row is left as it is.
  if (changes.length === 0) return { line: null, write: null };
  const time = (value: Date | null) => (value === null ? null : value.toISOString());
  return {
    line: { ...base, outcome: "change", changes, reason: null },
    write: {
      id: product.id,
      published: after.published,
      publishAt: time(after.publishAt),
      // Archived now: the moment is the apply's, so the preview and the apply plan the same.
      archivedAt: after.archivedAt !== product.archivedAt ? "now" : time(after.archivedAt),
      categoryId: after.categoryId,
      subCategoryId: after.subCategoryId,
      membersOnly: after.membersOnly,
      publicAt: time(after.publicAt),
    },
  };
}

export function planBulk(facts: PlanFacts): BulkPlan {
  const byId = new Map(facts.products.map((product) => [product.id, product]));
  const optionsByProduct = new Map<number, BulkOption[]>();
  for (const option of facts.options) {
    const own = optionsByProduct.get(option.productId) ?? [];
    own.push(option);
    optionsByProduct.set(option.productId, own);
  }
  const lines: BulkLine[] = [];
  const optionWrites: OptionWrite[] = [];
  const productWrites: ProductWrite[] = [];
  let unchanged = 0;
  for (const id of facts.ids) {
    const product = byId.get(id);
    if (!product) {
      lines.push({ productId: id, product: `#${id}`, option: null, outcome: "refused", changes: [], reason: "No such product." });
      continue;
    }
    const before = lines.length;
    if (changesPrices(facts.change)) {
      const planned = optionLines(facts, product, optionsByProduct.get(id) ?? []);
      lines.push(...planned.lines);
      optionWrites.push(...planned.writes);
    } else {
      const planned = productLine(facts, product);
      if (planned.line) lines.push(planned.line);
      if (planned.write) productWrites.push(planned.write);
    }
    if (lines.length === before) unchanged++;
  }
  const changedProducts = new Set([...optionWrites.map((w) => w.productId), ...productWrites.map((w) => w.id)]);
  const refused = lines.filter((line) => line.outcome === "refused");
  const fingerprint = createHash("sha256")
    .update(
      JSON.stringify({
        change: facts.change,
        versions: facts.products.map((product) => [product.id, product.version]),
        ids: facts.ids,
        optionWrites,
        productWrites,
        refused: refused.map((line) => [line.productId, line.option?.id ?? null]),
      }),
    )
    .digest("hex");
  return {
    lines,
    counts: {
      selected: facts.ids.length,
      products: changedProducts.size,
      options: optionWrites.length,
      refused: refused.length,
      unchanged,
    },
    optionWrites,
    productWrites,
    fingerprint,
  };
}
