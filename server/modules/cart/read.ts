import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { ANY_VISITOR, sellableTo } from "../catalog/sellable.ts";

/** An option the shopper may switch a line to: another size or colour of the same product. */
export interface CartLineOption {
  variantId: number;
  size: string;
  colour: string;
  colourHex: string;
  stock: number;
}

/** One line of a bag, priced now from the catalogue (bags never store prices). Money in minor units. */
export interface CartLineView {
  id: number;
  variantId: number;
  productId: number;
  slug: string;
  categorySlug: string;
  name: string;
  brand: string;
  sku: string;
  size: string;
  colour: string;
  colourHex: string;
  image: { path: string; alt: string; width: number; height: number } | null;
  quantity: number;
  unitPrice: number;
  compareAtPrice: number | null;
  lineTotal: number;
  stock: number;
  /** False when the product is no longer sold; such lines count towards nothing. */
  available: boolean;
  /** Set when the line cannot be bought as it is: sold out, fewer left than wanted, or withdrawn. */
  problem: string | null;
  /** The product's options, for changing this line's size or colour. */
  options: CartLineOption[];
}

export interface CartView {
  lines: CartLineView[];
  /** Items that can be bought: for each line still for sale, its quantity or, when fewer are left, the stock. */
  itemCount: number;
  /** The price of those items. */
  subtotal: number;
  /** How much the sale prices save against the compare-at prices. */
  savings: number;
}

export interface LineRow {
  id: number;
  variant_id: number;
  quantity: number;
  product_id: number;
  slug: string;
  category_slug: string;
  name: string;
  brand: string;
  sku: string;
  size: string;
  colour: string;
  colour_hex: string;
  stock: number;
  price: number;
  compare_at_price: number | null;
  available: boolean;
  image: CartLineView["image"];
  options: CartLineOption[];
}

/**
 * The bag's lines with today's prices and stock, oldest first, in one query. `withOptions: false`
 * leaves out each product's other options (checkout prices lines; it changes none).
 */
export async function readCartLines(db: Db, cartId: number, { withOptions = true } = {}): Promise<CartView> {
  return cartViewOf(await queryRows<LineRow>(db, sql`${cartLinesSelect(cartId, withOptions)} order by l.created_at, l.id`));
}

/**
 * The bag's lines as one JSON array of cartLinesSelect's rows, oldest first: a subquery for a read
 * that takes them with other facts in one round trip (the bag's view, placing an order).
 */
export function cartLinesJson(cartId: number | null, withOptions: boolean): SQL<LineRow[]> {
  return sql<LineRow[]>`(select coalesce(json_agg(x order by x.added_at, x.id), '[]'::json)
    from (${cartLinesSelect(cartId, withOptions)}) x)`;
}

/** The select behind readCartLines and cartLinesJson. Each row has `added_at` to order by. */
function cartLinesSelect(cartId: number | null, withOptions: boolean): SQL {
  const options = withOptions
    ? sql`(select json_agg(json_build_object('variantId', o.id, 'size', o.size, 'colour', o.colour,
                                              'colourHex', o.colour_hex, 'stock', o.stock) order by o.position, o.id)
              from variants o where o.product_id = p.id)`
    : sql`'[]'::json`;
  return sql`
    select l.id, l.variant_id, l.quantity, l.created_at as added_at,
           p.id as product_id, p.slug, c.slug as category_slug, p.name, b.name as brand,
           v.sku, v.size, v.colour, v.colour_hex, v.stock, v.price, v.compare_at_price,
           ${sellableTo(ANY_VISITOR)} as available,
           (select json_build_object('path', path, 'alt', alt, 'width', width, 'height', height)
              from product_images where product_id = p.id order by position, id limit 1) as image,
           ${options} as options
    from cart_lines l
    join variants v on v.id = l.variant_id
    join products p on p.id = v.product_id
    join brands b on b.id = p.brand_id
    join categories c on c.id = p.category_id
    where l.cart_id = ${cartId}`;
}

/** The bag as its holder sees it, from its rows (cartLinesSelect's, oldest first). */
export function cartViewOf(rows: readonly LineRow[]): CartView {
  const lines = rows.map(toLine);
  // What can be bought: lines still for sale, each at most as many as are left.
  const buyable = lines.map((line) => ({ line, count: line.available ? Math.min(line.quantity, line.stock) : 0 }));
  return {
    lines,
    itemCount: buyable.reduce((sum, { count }) => sum + count, 0),
    subtotal: buyable.reduce((sum, { line, count }) => sum + line.unitPrice * count, 0),
    savings: buyable.reduce(
      (sum, { line, count }) => sum + (line.compareAtPrice === null ? 0 : (line.compareAtPrice - line.unitPrice) * count),
      0,
    ),
  };
}

function toLine(row: LineRow): CartLineView {
  return {
    id: row.id,
    variantId: row.variant_id,
    productId: row.product_id,
    slug: row.slug,
    categorySlug: row.category_slug,
    name: row.name,
    brand: row.brand,
    sku: row.sku,
    size: row.size,
    colour: row.colour,
    colourHex: row.colour_hex,
    image: row.image,
    quantity: row.quantity,
    unitPrice: row.price,
    compareAtPrice: row.compare_at_price,
    lineTotal: row.price * row.quantity,
    stock: row.stock,
    available: row.available,
    problem: problemOf(row),
    options: row.available ? row.options : [],
  };
}

function problemOf(row: LineRow): string | null {
  if (!row.available) return "No longer available: remove it from your bag.";
  if (row.stock === 0) return "Sold out: remove it or choose another option.";
  if (row.stock < row.quantity) return `Only ${row.stock} left: lower the quantity.`;
  return null;
}
