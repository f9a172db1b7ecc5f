import type { ProductDetail, ProductImageDetail } from "../catalog/index.ts";
import { compareSizes } from "../catalog/index.ts";

/*
 * The comparison table: one column per product, one row per fact (brand, type, price, sizes,
 * colours, every attribute any of them has, availability). Each row knows whether the products
 * differ in it, which is what "show differences only" keeps.
 */

export interface ComparedProduct {
  id: number;
  slug: string;
  name: string;
  /** The product page. */
  path: string;
  brand: string;
  image: ProductImageDetail | null;
}

export type CompareCell =
  /** text null: the product has no such fact (shown as a dash). */
  | { kind: "text"; text: string | null }
  /**
   * The lowest price with its price before the sale and its own member price (ADR 41: the page
   * shows it as the visitor's price rule says); `from` when other options cost more.
   */
  | { kind: "price"; price: number; compareAtPrice: number | null; memberPrice: number | null; from: boolean }
  | { kind: "sizes"; sizes: { size: string; inStock: boolean }[] }
  | { kind: "colours"; colours: { name: string; hex: string }[] };

export interface CompareRow {
  /** Stable: "brand", "price", "attr.cut"... */
  key: string;
  label: string;
  cells: CompareCell[];
  /** True when at least two products show something different. */
  differs: boolean;
}

export interface Comparison {
  products: ComparedProduct[];
  rows: CompareRow[];
}

const byName = new Intl.Collator("en");

export function buildComparison(details: readonly ProductDetail[]): Comparison {
  const products = details.map((p): ComparedProduct => ({
    id: p.id,
    slug: p.slug,
    name: p.name,
    path: `/shop/${p.category.slug}/${p.slug}`,
    brand: p.brand.name,
    image: p.images[0] ?? null,
  }));
  const rows: Omit<CompareRow, "differs">[] = [
    { key: "brand", label: "Brand", cells: details.map((p) => text(p.brand.name)) },
    { key: "type", label: "Type", cells: details.map((p) => text((p.subCategory ?? p.category).name)) },
    { key: "price", label: "Price", cells: details.map(priceCell) },
    { key: "sizes", label: "Sizes", cells: details.map(sizesCell) },
    { key: "colours", label: "Colours", cells: details.map(coloursCell) },
  ];
  const attributeNames = [...new Set(details.flatMap((p) => Object.keys(p.attributes)))].sort((a, b) => byName.compare(a, b));
  for (const name of attributeNames) {
    rows.push({
      key: `attr.${name}`,
      label: attributeLabel(name),
      cells: details.map((p) => text(Object.hasOwn(p.attributes, name) ? p.attributes[name]! : null)),
    });
  }
  rows.push({ key: "stock", label: "Availability", cells: details.map((p) => text(p.inStock ? "In stock" : "Out of stock")) });
  return { products, rows: rows.map((row) => ({ ...row, differs: differs(row.cells) })) };
}

/** The rows "show differences only" keeps. */
export function differingRows(comparison: Comparison): CompareRow[] {
  return comparison.rows.filter((row) => row.differs);
}

/** "grip" -> "Grip", "palm_cut" -> "Palm cut". */
export function attributeLabel(name: string): string {
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function text(value: string | null): CompareCell {
  return { kind: "text", text: value === null || value.trim() === "" ? null : value };
}

function priceCell(product: ProductDetail): CompareCell {
  // The cheapest option, as product cards show it: its own price before the sale, if any.
  let cheapest = product.variants[0]!;
  for (const variant of product.variants) if (variant.price < cheapest.price) cheapest = variant;
  const compareAt = cheapest.compareAtPrice;
  return {
    kind: "price",
    price: cheapest.price,
    compareAtPrice: compareAt !== null && compareAt > cheapest.price ? compareAt : null,
    memberPrice: cheapest.memberPrice ?? null,
    from: product.variants.some((v) => v.price > cheapest.price),
  };
}

function sizesCell(product: ProductDetail): CompareCell {
  const stock = new Map<string, boolean>();
  for (const v of product.variants) stock.set(v.size, (stock.get(v.size) ?? false) || v.stock > 0);
  const sizes = [...stock.keys()].sort(compareSizes).map((size) => ({ size, inStock: stock.get(size)! }));
  return { kind: "sizes", sizes };
}

function coloursCell(product: ProductDetail): CompareCell {
  const colours = new Map<string, string>();
  for (const v of product.variants) if (!colours.has(v.colour)) colours.set(v.colour, v.colourHex);
  // By name, so two products in the same colours agree whatever order their options were added in.
  const sorted = [...colours].sort(([a], [b]) => byName.compare(a, b));
  return { kind: "colours", colours: sorted.map(([name, hex]) => ({ name, hex })) };
}

function differs(cells: CompareCell[]): boolean {
  const first = JSON.stringify(cells[0]);
  return cells.some((cell) => JSON.stringify(cell) !== first);
}
