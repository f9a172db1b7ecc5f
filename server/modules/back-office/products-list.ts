import { and, asc, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { brands, categories, productImages, variants } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { paramsOf, productsListInput, type ProductsListParams } from "./schemas.ts";
import { productStatusOf } from "../product-editor/index.ts";
import { ALIASED_OPTION, productIn, productStockAggregates, productStockState, type StockState } from "../stock/index.ts";
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

interface Row {
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
  variants: number;
  stock: number;
  /** Its options at or below their low mark. */
  low_options: number;
  min_price: number | null;
  max_price: number | null;
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Each product's options on sale summed up (`v` in the queries below); archived ones are kept for
 * their orders only (ADR 63). Low stock is the one reading of stock/low-stock.ts.
 */
function perProduct(shopLowAt: number): SQL {
  const { total, atOrBelow } = productStockAggregates(ALIASED_OPTION, shopLowAt);
  return sql`(
  select product_id, count(*)::int as variants, ${total} as stock, ${atOrBelow} as low_options,
         min(price)::int as min_price, max(price)::int as max_price
  from variants v where archived_at is null group by product_id
) v on v.product_id = p.id`;
}

const stockTotal = sql`coalesce(v.stock, 0)`;

/** The filters as SQL over `p` (products) and `v` (perProduct, joined when the stock filter is set). */
function productsWhere(params: ProductsListParams, now: Date): SQL {
  const conditions = productsConditions(params, now);
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * The list's filters for another read of the same products (the CSV export): the joins they need
 * after `from products p`, and one condition (true when there is no filter).
 */
export function productsFilter(params: ProductsListParams, now: Date, shopLowAt: number): { joins: SQL; condition: SQL } {
  const conditions = productsConditions(params, now);
  return {
    joins: params.stock !== undefined ? sql`left join ${perProduct(shopLowAt)}` : sql``,
    condition: conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`,
  };
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
  const { joins, condition } = productsFilter(params, now, shopLowAt);
  const rows = await queryRows<{ id: number; total: number }>(
    db,
    sql`select p.id, count(*) over ()::int as total from products p ${joins} where ${condition} order by p.id limit ${limit}`,
  );
  return { ids: rows.map((row) => Number(row.id)), total: Number(rows[0]?.total ?? 0) };
}

function productsConditions(params: ProductsListParams, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (params.q) {
    const text = likeLiteral(params.q);
    // The SKUs' products read once (a trigram index finds the SKUs), not an option lookup per product.
    conditions.push(sql`(p.name ilike ${`%${text}%`} or p.id in (
      select sv.product_id from variants sv where sv.sku ilike ${`${text}%`}
    ))`);
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
  if (params.stock !== undefined) conditions.push(productIn(sql`v.stock`, sql`v.low_options`, params.stock));
  return conditions;
}

function productsOrder(params: ProductsListParams): SQL {
  const dir = params.dir === "asc" ? sql`asc` : sql`desc`;
  const column = {
    newest: sql`p.created_at`,
    title: sql`lower(p.name)`,
    stock: stockTotal,
    price: sql`v.min_price`,
  }[params.sort];
  // Products without options have no price: last, whichever way.
  return sql`order by ${column} ${dir} nulls last, p.id ${dir}`;
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
  const where = productsWhere(params, now);
  // Every product's options are summed up only when the filter or the sort needs them; otherwise
  // only the page's are (20,000 products have some 100,000 options).
  const summedFirst = params.stock !== undefined || params.sort === "stock" || params.sort === "price";
  const totals = summedFirst ? sql`left join ${perProduct(shopLowAt)}` : sql``;
  const [found, choices] = await Promise.all([
    queryRows<Row & { total: number }>(
      scope.db,
      sql`select p.id, p.slug, p.name, p.published, p.publish_at, p.archived_at, p.members_only, p.public_at, p.created_at,
          b.name as brand, c.name as category, c.slug as category_slug, s.name as sub_category,
          ${summedFirst ? sql`coalesce(v.variants, 0)::int as variants, ${stockTotal}::int as stock, coalesce(v.low_options, 0)::int as low_options, v.min_price, v.max_price,` : sql``}
          count(*) over ()::int as total
        from products p
        join brands b on b.id = p.brand_id
        join categories c on c.id = p.category_id
        left join categories s on s.id = p.sub_category_id
        ${totals} ${where} ${productsOrder(params)}
        limit ${PAGE_SIZE} offset ${(params.page - 1) * PAGE_SIZE}`,
    ),
    choicesOf(scope),
  ]);
  const ids = found.map((row) => row.id);
  let rows: Row[] = found;
  if (!summedFirst && ids.length > 0) {
    const { total: stockOf, atOrBelow } = productStockAggregates(
      { stock: variants.stock, threshold: variants.lowStockThreshold },
      shopLowAt,
    );
    const summed = await scope.db
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
    const byId = new Map(summed.map((row) => [row.productId, row]));
    rows = found.map((row) => {
      const own = byId.get(row.id);
      return {
        ...row,
        variants: own?.variants ?? 0,
        stock: own?.stock ?? 0,
        low_options: own?.lowOptions ?? 0,
        min_price: own?.minPrice ?? null,
        max_price: own?.maxPrice ?? null,
      };
    });
  }
  // Past the last page there is no row to carry the count.
  const counted =
    found.length > 0
      ? [{ n: found[0]!.total }]
      : await queryRows<{ n: number }>(scope.db, sql`select count(*)::int as n from products p ${totals} ${where}`);
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
