import { and, asc, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { brands, categories, productImages, variants } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { paramsOf, productsListInput, type ProductsListParams } from "./schemas.ts";
import { productStatusOf } from "../product-editor/index.ts";
import {
  productIdIn,
  productIn,
  productOptionsIn,
  productStockAggregates,
  productStockState,
  type StockState,
} from "../stock/index.ts";
import { PAGE_SIZE, type ProductAccess, type ProductStatus } from "./shared.ts";

/** A row of the back office's product list. Money in minor units of the shop's currency. */
export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  /** The product's page in the shop (it shows only what the shop sells: a hidden product's page is not found). */
  path: string;
  brand: string;
  category: string;
  subCategory: string | null;
  status: ProductStatus;
  access: ProductAccess;
  /** When an early-access product opens to everyone (ISO, UTC); null otherwise. */
  publicAt: string | null;
  /** Its first image; null: none. */
  image: { path: string; alt: string } | null;
  /** How many options (size and colour) it has. */
  variants: number;
  /** All its options' stock together. */
  stock: number;
  /** `low` when one of its options is at or below its low mark (sold out included), ADR 74. */
  stockState: StockState;
  /** Its cheapest and dearest options' prices; null: no options. */
  minPrice: number | null;
  maxPrice: number | null;
  /** ISO time, UTC. */
  createdAt: string;
}

/** What the list's filters offer. */
export interface ProductChoices {
  brands: { id: number; name: string }[];
  /** Categories, each followed by its sub-categories (named "Category › Sub"). */
  categories: { id: number; name: string }[];
}

export interface ProductsPage {
  rows: ProductRow[];
  /** Products matching the filters, on every page (an exact count). */
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  params: ProductsListParams;
  choices: ProductChoices;
  /** The shop's low-stock setting: the mark of options without one of their own (ADR 74). */
  shopLowAt: number;
}

/** A product's own columns, as the page's query reads them. */
interface PageRow {
  id: number;
  slug: string;
  name: string;
  published: boolean;
  publish_at: Date | string | null;
  archived_at: Date | string | null;
  members_only: boolean;
  public_at: Date | string | null;
  created_at: Date | string;
  brand: string;
  category: string;
  category_slug: string;
  sub_category: string | null;
}

/** With its options summed up. */
interface Row extends PageRow {
  variants: number;
  stock: number;
  /** Its options at or below their low mark. */
  low_options: number;
  min_price: number | null;
  max_price: number | null;
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const joined = (conditions: SQL[]) => (conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`);

/** The filters as one condition over `p` (products) alone; true when there is none. */
function productsWhere(params: ProductsListParams, now: Date, shopLowAt: number): SQL {
  const conditions = productsConditions(params, now);
  if (params.stock !== undefined) conditions.push(productIdIn(sql`p.id`, params.stock, shopLowAt));
  return joined(conditions);
}

/**
 * The list's filters for another read of the same products (the CSV export): one condition over
 * `from products p` (true when there is no filter).
 */
export function productsFilter(params: ProductsListParams, now: Date, shopLowAt: number): { condition: SQL } {
  return { condition: productsWhere(params, now, shopLowAt) };
}

/**
 * The ids of the products the list's filters match, on every page, in id order: at most `limit`,
 * and `total` how many match (the bulk edits' "all that match the filter", ADR 71).
 */
export async function matchingProductIds(
  db: Db,
  params: ProductsListParams,
  now: Date,
  shopLowAt: number,
  limit: number,
): Promise<{ ids: number[]; total: number }> {
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    sql`select p.id, count(*) over ()::int as total from products p where ${productsWhere(params, now, shopLowAt)}
        order by p.id limit ${limit}`,
  );
  return { ids: rows.map((row) => Number(row.id)), total: Number(rows[0]?.total ?? 0) };
}

/** The filters but stock, over `p`: the stock filter is read in more than one way (productsList). */
function productsConditions(params: ProductsListParams, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (params.q) {
    const text = likeLiteral(params.q);
    // Two arms, each on its own index (the title's trigrams, the SKU's lower-case start), joined
    // as a union: an OR of the two keeps the planner from either index and reads every product.
    conditions.push(sql`p.id in (
      select t.id from products t where t.name ilike ${`%${text}%`}
      union
      select sv.product_id from variants sv where lower(sv.sku) like lower(${`${text}%`})
    )`);
  }
  if (params.category !== undefined) {
    conditions.push(sql`(p.category_id = ${params.category} or p.sub_category_id = ${params.category})`);
  }
  if (params.brand !== undefined) conditions.push(sql`p.brand_id = ${params.brand}`);
  // The statuses as the product editor reads them (productStatusOf), at the moment the rows are labelled for.
  const at = now.toISOString();
  if (params.status === "draft") conditions.push(sql`(not p.published and p.archived_at is null)`);
  if (params.status === "archived") conditions.push(sql`p.archived_at is not null`);
  if (params.status === "scheduled") {
    conditions.push(sql`(p.published and p.archived_at is null and p.publish_at > ${at}::timestamptz)`);
  }
  if (params.status === "published") {
    conditions.push(
      sql`(p.published and p.archived_at is null and (p.publish_at is null or p.publish_at <= ${at}::timestamptz))`,
    );
  }
  // As catalog/sellable.ts reads members_only and public_at, at the same moment.
  if (params.access === "everyone") conditions.push(sql`(not p.members_only or p.public_at <= ${at}::timestamptz)`);
  if (params.access === "early") conditions.push(sql`(p.members_only and p.public_at > ${at}::timestamptz)`);
  if (params.access === "members") conditions.push(sql`(p.members_only and p.public_at is null)`);
  return conditions;
}

const sortedBySums = (params: ProductsListParams) => params.sort === "stock" || params.sort === "price";

/**
 * The sort by stock or price needs each matching product's options summed up (`k`): only for the
 * products the other filters match (the planner probes their options by index when they are few,
 * or reads all options once when they are many), never for every product in a join.
 */
function sums(base: SQL, shopLowAt: number): SQL {
  const { total, atOrBelow } = productStockAggregates({ stock: sql`o.stock`, threshold: sql`o.low_stock_threshold` }, shopLowAt);
  return sql`left join (
    select o.product_id, ${total} as total, ${atOrBelow} as at_or_below, min(o.price)::int as min_price from variants o
    where o.archived_at is null and o.product_id in (select p.id from products p where ${base})
    group by o.product_id
  ) k on k.product_id = p.id`;
}

function productsOrder(params: ProductsListParams): SQL {
  const dir = params.dir === "asc" ? sql`asc` : sql`desc`;
  // Newest and title read their indexes in order (products_created_idx, products_title_idx): the
  // columns are never null, so no "nulls last" that the indexes would not match.
  if (params.sort === "newest") return sql`order by p.created_at ${dir}, p.id ${dir}`;
  if (params.sort === "title") return sql`order by lower(p.name) ${dir}, p.id ${dir}`;
  // Products without options have no price: last, whichever way; their stock is 0.
  if (params.sort === "stock") return sql`order by coalesce(k.total, 0) ${dir}, p.id ${dir}`;
  return sql`order by k.min_price ${dir} nulls last, p.id ${dir}`;
}

function accessOf(row: Row, now: number): ProductAccess {
  if (!row.members_only) return "everyone";
  if (row.public_at === null) return "members";
  return new Date(row.public_at).getTime() > now ? "early" : "everyone";
}

async function choicesOf(scope: Scope): Promise<ProductChoices> {
  const [brandRows, categoryRows] = await Promise.all([
    scope.db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name), asc(brands.id)),
    scope.db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id)),
  ]);
  const tops = categoryRows.filter((c) => c.parentId === null);
  return {
    brands: brandRows,
    categories: tops.flatMap((top) => [
      { id: top.id, name: top.name },
      ...categoryRows.filter((c) => c.parentId === top.id).map((sub) => ({ id: sub.id, name: `${top.name} › ${sub.name}` })),
    ]),
  };
}

/**
 * The back office's product list (issue 25 §1): every product, published or not, with its
 * options summed up (how many, stock, price range); filtered, searched, sorted, 50 a page.
 */
export async function productsList(scope: Scope, raw: unknown = {}, now: Date, shopLowAt: number): Promise<ProductsPage> {
  const params = parseInput(productsListInput, paramsOf(raw));
  const base = joined(productsConditions(params, now));
  const where = productsWhere(params, now, shopLowAt);
  // The page's query reads the stock filter from the sums it joins for its sort, or product by
  // product in its index's order (it stops after its 50 rows); the count reads all at once.
  const state = params.stock;
  const pageWhere =
    state === undefined
      ? base
      : sortedBySums(params)
        ? sql`${base} and ${productIn(sql`k.total`, sql`k.at_or_below`, state)}`
        : sql`${base} and ${productOptionsIn(sql`p.id`, state, shopLowAt)}`;
  // The page, and the count beside it (its own query: a count over the page's query would make it
  // read and sort every match rather than stop after its 50 rows in an index's order).
  const [found, counted, choices] = await Promise.all([
    queryRows<PageRow>(
      scope.db,
      sql`select p.id, p.slug, p.name, p.published, p.publish_at, p.archived_at, p.members_only, p.public_at, p.created_at,
          b.name as brand, c.name as category, c.slug as category_slug, s.name as sub_category
        from products p
        join brands b on b.id = p.brand_id
        join categories c on c.id = p.category_id
        left join categories s on s.id = p.sub_category_id
        ${sortedBySums(params) ? sums(base, shopLowAt) : sql``}
        where ${pageWhere} ${productsOrder(params)}
        limit ${PAGE_SIZE} offset ${(params.page - 1) * PAGE_SIZE}`,
    ),
    queryRows<{ n: number }>(scope.db, sql`select count(*)::int as n from products p where ${where}`),
    choicesOf(scope),
  ]);
  const ids = found.map((row) => row.id);
  // The page's own options summed up (50 products, some 250 options), by the product index.
  const summed = new Map<number, Omit<Row, keyof PageRow>>();
  if (ids.length > 0) {
    const { total: stockOf, atOrBelow } = productStockAggregates(
      { stock: variants.stock, threshold: variants.lowStockThreshold },
      shopLowAt,
    );
    const rows = await scope.db
      .select({
        productId: variants.productId,
        variants: sql<number>`count(*)::int`,
        stock: stockOf,
        lowOptions: atOrBelow,
        minPrice: sql<number>`min(${variants.price})::int`,
        maxPrice: sql<number>`max(${variants.price})::int`,
      })
      .from(variants)
      .where(and(inArray(variants.productId, ids), isNull(variants.archivedAt)))
      .groupBy(variants.productId);
    for (const row of rows) {
      summed.set(row.productId, {
        variants: row.variants,
        stock: row.stock,
        low_options: row.lowOptions,
        min_price: row.minPrice,
        max_price: row.maxPrice,
      });
    }
  }
  const none = { variants: 0, stock: 0, low_options: 0, min_price: null, max_price: null };
  const rows: Row[] = found.map((row) => ({ ...row, ...(summed.get(row.id) ?? none) }));
  const images = new Map<number, { path: string; alt: string }>();
  if (ids.length > 0) {
    const pictures = await scope.db
      .select({ productId: productImages.productId, path: productImages.path, alt: productImages.alt })
      .from(productImages)
      .where(inArray(productImages.productId, ids))
      .orderBy(asc(productImages.productId), asc(productImages.position), asc(productImages.id));
    for (const image of pictures)
      if (!images.has(image.productId)) images.set(image.productId, { path: image.path, alt: image.alt });
  }
  const total = Number(counted[0]?.n ?? 0);
  const at = now.getTime();
  return {
    rows: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      path: `/shop/${row.category_slug}/${row.slug}`,
      brand: row.brand,
      category: row.category,
      subCategory: row.sub_category,
      status: productStatusOf({ published: row.published, publishAt: row.publish_at, archivedAt: row.archived_at }, at),
      access: accessOf(row, at),
      publicAt: row.public_at === null ? null : new Date(row.public_at).toISOString(),
      image: images.get(row.id) ?? null,
      variants: Number(row.variants),
      stock: Number(row.stock),
      stockState: productStockState(Number(row.stock), Number(row.low_options)),
      minPrice: row.min_price === null ? null : Number(row.min_price),
      maxPrice: row.max_price === null ? null : Number(row.max_price),
      createdAt: new Date(row.created_at).toISOString(),
    })),
    total,
    page: params.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    pageSize: PAGE_SIZE,
    params,
    choices,
    shopLowAt,
  };
}
