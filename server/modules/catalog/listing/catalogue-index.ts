import type { ProductCard } from "../product-cards.ts";
import { LISTING_SORTS, type ListingSort } from "./types.ts";
import { compareSizes } from "./size-order.ts";
import { splitAttributeValues } from "../../../lib/attribute-values.ts";

/*
 * The in-memory read model that listings are computed from. On PGlite a query costs milliseconds
 * and queries run one at a time, so a listing with facets cannot be SQL per request; instead the
 * whole sellable catalogue is read in three queries (catalogue-reads.ts; the snapshot of both read
 * models in catalogue-snapshot.ts) and turned into small integer codes: every
 * size, colour, brand, sub-category and attribute value gets an id, numbered in the order its
 * facet lists it, so filtering and counting are array lookups and a facet's options come out
 * sorted by sorting ids.
 */

export interface VariantRow {
  size: string;
  colour: string;
  colourHex: string;
  stock: number;
  price: number;
  compareAtPrice: number | null;
  /** What members pay for it (ADR 41); null or absent: their plan's discount. */
  memberPrice?: number | null;
}

export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  brandId: number;
  categoryId: number;
  subCategoryId: number | null;
  attributes: Record<string, string>;
  featuredRank: number | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  image: ProductCard["image"];
  /** Absent: the product has one image. */
  hoverImage?: ProductCard["hoverImage"];
  /** In id order: the first of the cheapest variants gives the card its compare-at and member price. */
  variants: VariantRow[];
  /**
   * Members-only and not yet public (catalog/sellable.ts): only viewers with early access list it.
   * Absent: false.
   */
  earlyAccessOnly?: boolean;
}

export interface CatalogueRows {
  /** Top-level categories have parentId null; sub-categories point at their category. */
  categories: { id: number; parentId: number | null; slug: string; name: string }[];
  brands: { id: number; slug: string; name: string }[];
  products: ProductRow[];
  /** The filter attributes' names and order as the owner set them (catalogue_attributes, ADR 69). */
  attributes?: { key: string; name: string; position: number }[];
}

/**
 * The products' filterable facts, one typed array per fact ("struct of arrays"): a listing reads a
 * few of them for thousands of products in sort order, and compact arrays keep that in the CPU's
 * cache, where an object per product made a category listing several times slower.
 */
export interface ProductColumns {
  /** The lowest variant price (the card's price), what price filters and sorts use. */
  price: Int32Array;
  /** 1 or 0. */
  inStock: Uint8Array;
  onSale: Uint8Array;
  category: Int32Array;
  /** -1 when the product has no sub-category. */
  sub: Int32Array;
  brand: Int32Array;
  /** The ids of each product's distinct sizes, colours and attribute values. */
  sizes: IdLists;
  colours: IdLists;
  attributeValues: IdLists;
}

/** Product i's ids are ids[start[i]] up to ids[start[i + 1]]. */
export interface IdLists {
  start: Int32Array;
  ids: Int32Array;
}

export interface IndexedCategory {
  id: number;
  slug: string;
  name: string;
  /** Its sub-categories' ids by slug. */
  subBySlug: Map<string, number>;
  products: Int32Array;
}

export interface IndexedSub {
  id: number;
  slug: string;
  name: string;
  category: number;
  products: Int32Array;
}

export interface IndexedBrand {
  id: number;
  slug: string;
  name: string;
  /** Shared by the cards of its products. */
  card: ProductCard["brand"];
  products: Int32Array;
}

export interface IndexedAttributeValue {
  /** Index into attributeNames. */
  name: number;
  value: string;
}

/** What one scope (category, sub, brand, sale) holds; built on first use, see scope.ts. */
export interface ScopeView {
  /** Product indexes in each sort's order, made when that sort is first asked for. */
  bySort: Map<ListingSort, Int32Array>;
  price: { min: number; max: number } | null;
  /** The ids present in the scope, ascending, which is their facet order. */
  sizes: number[];
  colours: number[];
  brands: number[];
  subs: number[];
  attributeValues: number[];
}

export interface CatalogueIndex {
  /** Built once per product and handed out as they are in results. */
  cards: ProductCard[];
  products: ProductColumns;
  /** Top-level categories by slug; ids index `categoryList`. */
  categories: Map<string, IndexedCategory>;
  categoryList: IndexedCategory[];
  /** Ordered by name. */
  subs: IndexedSub[];
  /** Ordered by name; also found by slug. */
  brands: IndexedBrand[];
  brandBySlug: Map<string, number>;
  /** Ordered as facets list them (natural size order, names alphabetically). */
  sizes: string[];
  sizeIds: Map<string, number>;
  colours: { name: string; hex: string }[];
  colourIds: Map<string, number>;
  attributeNames: string[];
  /** What the filters call each attribute, and where they show it: the owner's, else from its key. */
  attributeLabels: Map<string, { label: string; position: number }>;
  /** Ordered by attribute name, then value. */
  attributeValues: IndexedAttributeValue[];
  /** The attribute name id of each attribute value id. */
  attributeNameOf: Int32Array;
  /** Attribute name -> value -> id. */
  attributeValueIds: Map<string, Map<string, number>>;
  /** rank[sort][product] is the product's position in that sort over the whole catalogue. */
  ranks: Record<ListingSort, Int32Array>;
  /** Memo of scopes already asked for; their number is bounded by the catalogue's structure. */
  scopeViews: Map<string, ScopeView>;
}

const byName = new Intl.Collator("en");

/**
 * Builds the read model from plain rows; products without variants, brand or category are left out.
 * `reuse`: a read model of the same rows whose cards this one shares (the early-access read model
 * and everyone's hold the same card objects, so a card's cached HTML is made once for both).
 */
export function buildCatalogueIndex(rows: CatalogueRows, reuse?: CatalogueIndex): CatalogueIndex {
  const reusable = new Map(reuse?.cards.map((card) => [card.id, card]));
  const topCategories = rows.categories.filter((c) => c.parentId === null);
  const categoryIndex = new Map(topCategories.map((c, i) => [c.id, i]));
  const subRows = rows.categories
    .filter((c) => c.parentId !== null && categoryIndex.has(c.parentId))
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  const subIndex = new Map(subRows.map((s, i) => [s.id, i]));
  const brandRows = [...rows.brands].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  const brandIndex = new Map(brandRows.map((b, i) => [b.id, i]));
  const brandCards = brandRows.map((b) => ({ slug: b.slug, name: b.name }));

  const sellable = rows.products.filter(
    (p) => p.variants.length > 0 && brandIndex.has(p.brandId) && categoryIndex.has(p.categoryId),
  );
  const dictionaries = buildDictionaries(sellable);
  const categorySlugs = topCategories.map((c) => c.slug);

  const count = sellable.length;
  const products: ProductColumns = {
    price: new Int32Array(count),
    inStock: new Uint8Array(count),
    onSale: new Uint8Array(count),
    category: new Int32Array(count),
    sub: new Int32Array(count),
    brand: new Int32Array(count),
    sizes: idLists(sellable, (row) => row.variants.map((v) => dictionaries.sizeIds.get(v.size)!)),
    colours: idLists(sellable, (row) => row.variants.map((v) => dictionaries.colourIds.get(v.colour)!)),
    attributeValues: idLists(sellable, (row) =>
      Object.entries(row.attributes).flatMap(([name, text]) =>
        splitAttributeValues(text).map((value) => dictionaries.attributeValueIds.get(name)!.get(value)!),
      ),
    ),
  };
  const cards = sellable.map((row, i): ProductCard => {
    const summary = summariseVariants(row.variants);
    const category = categoryIndex.get(row.categoryId)!;
    const brand = brandIndex.get(row.brandId)!;
    products.price[i] = summary.price;
    products.inStock[i] = summary.inStock ? 1 : 0;
    products.onSale[i] = summary.compareAtPrice === null ? 0 : 1;
    products.category[i] = category;
    products.sub[i] = row.subCategoryId === null ? -1 : (subIndex.get(row.subCategoryId) ?? -1);
    products.brand[i] = brand;
    const colours = products.colours;
    const shared = reusable.get(row.id);
    if (shared) return shared;
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      brand: brandCards[brand]!,
      categorySlug: categorySlugs[category]!,
      price: summary.price,
      compareAtPrice: summary.compareAtPrice,
      memberPrice: summary.memberPrice,
      inStock: summary.inStock,
      colours: [...colours.ids.subarray(colours.start[i], colours.start[i + 1])].map((id) => dictionaries.colours[id]!),
      image: row.image,
      hoverImage: row.hoverImage ?? null,
    };
  });

  const categoryList = topCategories.map((c, i): IndexedCategory => ({
    id: i,
    slug: c.slug,
    name: c.name,
    subBySlug: new Map(subRows.flatMap((s, si) => (s.parentId === c.id ? [[s.slug, si] as const] : []))),
    products: productsWhere(products.category, i),
  }));
  return {
    cards,
    products,
    categories: new Map(categoryList.map((c) => [c.slug, c])),
    categoryList,
    subs: subRows.map((s, i) => ({
      id: i,
      slug: s.slug,
      name: s.name,
      category: categoryIndex.get(s.parentId!)!,
      products: productsWhere(products.sub, i),
    })),
    brands: brandRows.map((b, i) => ({
      id: i,
      slug: b.slug,
      name: b.name,
      card: brandCards[i]!,
      products: productsWhere(products.brand, i),
    })),
    brandBySlug: new Map(brandRows.map((b, i) => [b.slug, i])),
    ...dictionaries,
    attributeLabels: new Map(rows.attributes?.map((a) => [a.key, { label: a.name, position: a.position }])),
    ranks: sortRanks(sellable, products.price),
    scopeViews: new Map(),
  };
}

/** Packs each row's ids, without repeats and ascending, into one array. */
function idLists(rows: ProductRow[], idsOf: (row: ProductRow) => number[]): IdLists {
  const lists = rows.map((row) => [...new Set(idsOf(row))].sort((a, b) => a - b));
  const start = new Int32Array(rows.length + 1);
  lists.forEach((list, i) => (start[i + 1] = start[i]! + list.length));
  const ids = new Int32Array(start[rows.length]!);
  lists.forEach((list, i) => ids.set(list, start[i]));
  return { start, ids };
}

function summariseVariants(variants: VariantRow[]) {
  let cheapest = variants[0]!;
  let inStock = false;
  for (const variant of variants) {
    if (variant.price < cheapest.price) cheapest = variant;
    if (variant.stock > 0) inStock = true;
  }
  const compareAt = cheapest.compareAtPrice;
  return {
    price: cheapest.price,
    // The database only allows a compare-at price above the price; plain rows are held to the same rule.
    compareAtPrice: compareAt !== null && compareAt > cheapest.price ? compareAt : null,
    memberPrice: cheapest.memberPrice ?? null,
    inStock,
  };
}

function buildDictionaries(products: ProductRow[]) {
  const sizeSet = new Set<string>();
  const colourHex = new Map<string, string>();
  const attributeSets = new Map<string, Set<string>>();
  for (const product of products) {
    for (const variant of product.variants) {
      sizeSet.add(variant.size);
      // A colour name is one filter choice; its swatch is the first hex seen for it.
      if (!colourHex.has(variant.colour)) colourHex.set(variant.colour, variant.colourHex);
    }
    // A "multiple" attribute's text holds several values ("Grip, Wet"): each is a filter choice of its own.
    for (const [name, text] of Object.entries(product.attributes)) {
      let values = attributeSets.get(name);
      if (!values) attributeSets.set(name, (values = new Set()));
      for (const value of splitAttributeValues(text)) values.add(value);
    }
  }
  const sizes = [...sizeSet].sort(compareSizes);
  const colours = [...colourHex].map(([name, hex]) => ({ name, hex })).sort((a, b) => byName.compare(a.name, b.name));
  const attributeNames = [...attributeSets.keys()].sort((a, b) => byName.compare(a, b));
  const attributeValues = attributeNames.flatMap((name, nameId) =>
    [...attributeSets.get(name)!].sort((a, b) => byName.compare(a, b)).map((value) => ({ name: nameId, value })),
  );
  const attributeValueIds = new Map(attributeNames.map((name) => [name, new Map<string, number>()]));
  attributeValues.forEach((v, id) => attributeValueIds.get(attributeNames[v.name]!)!.set(v.value, id));
  return {
    sizes,
    sizeIds: new Map(sizes.map((s, i) => [s, i])),
    colours,
    colourIds: new Map(colours.map((c, i) => [c.name, i])),
    attributeNames,
    attributeValues,
    attributeNameOf: Int32Array.from(attributeValues, (v) => v.name),
    attributeValueIds,
  };
}

/** The indexes of the products whose `column` holds `value`. */
function productsWhere(column: Int32Array, value: number): Int32Array {
  const indexes: number[] = [];
  column.forEach((v, i) => {
    if (v === value) indexes.push(i);
  });
  return Int32Array.from(indexes);
}

/** Each sort's order over the whole catalogue, as a rank per product; ties end on the product id. */
function sortRanks(rows: ProductRow[], price: Int32Array): Record<ListingSort, Int32Array> {
  const all = rows.map((_, i) => i);
  const newest = (a: number, b: number) => rows[b]!.createdAt - rows[a]!.createdAt || rows[b]!.id - rows[a]!.id;
  const nameOrder = [...all].sort((a, b) => byName.compare(rows[a]!.name, rows[b]!.name) || rows[a]!.id - rows[b]!.id);
  const nameRank = toRanks(nameOrder);
  const featuredRank = (i: number) => rows[i]!.featuredRank ?? Number.POSITIVE_INFINITY;
  const orders: Record<ListingSort, number[]> = {
    featured: [...all].sort((a, b) => featuredRank(a) - featuredRank(b) || newest(a, b)),
    newest: [...all].sort(newest),
    "price-asc": [...all].sort((a, b) => price[a]! - price[b]! || nameRank[a]! - nameRank[b]!),
    "price-desc": [...all].sort((a, b) => price[b]! - price[a]! || nameRank[a]! - nameRank[b]!),
    name: nameOrder,
  };
  return Object.fromEntries(LISTING_SORTS.map((sort) => [sort, toRanks(orders[sort])])) as Record<ListingSort, Int32Array>;
}

function toRanks(order: number[]): Int32Array {
  const ranks = new Int32Array(order.length);
  order.forEach((product, rank) => (ranks[product] = rank));
  return ranks;
}
