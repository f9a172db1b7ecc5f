import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { isSellableTo, type Viewer } from "../catalog/index.ts";
import { unitPriceFor } from "../membership/index.ts";

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
  /** What the viewer pays for one: the member price for members (ADR 41), else the list price. */
  unitPrice: number;
  /** The option's own price, for everyone; above unitPrice when a member price applies. */
  listPrice: number;
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

/**
 * The membership plan a customer's bag holds (at most one, ADR 42): bought through checkout, its
 * price read from the plan now. Not counted in `itemCount` or `subtotal`, which are the goods'.
 */
export interface BagMembership {
  planId: number;
  slug: string;
  name: string;
  /** null: the plan never ends (a free plan, which is never sold). */
  months: number | null;
  /** Minor units, VAT included, as every price. */
  price: number;
  currency: string;
  /** False when it can no longer be bought: unpublished, or made free. */
  available: boolean;
}

export interface CartView {
  lines: CartLineView[];
  /** The membership plan the bag holds, or null. */
  membership: BagMembership | null;
  /** Items that can be bought: for each line still for sale, its quantity or, when fewer are left, the stock. */
  itemCount: number;
  /** The price of those items. */
  subtotal: number;
  /** How much the sale prices save against the compare-at prices. */
  savings: number;
  /** How much member prices save against the list prices (ADR 41); 0 for non-members. */
  memberSavings: number;
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
  member_price: number | null;
  published: boolean;
  publish_at: string | Date | null;
  /** The option was archived by the back office: off the shop, the line kept. */
  option_archived: boolean;
  members_only: boolean;
  public_at: string | Date | null;
  image: CartLineView["image"];
  options: CartLineOption[];
}

/**
 * The bag's lines with today's prices and stock as `viewer` sees them, oldest first, in one query.
 * `withOptions: false` leaves out each product's other options (checkout prices lines; it changes none).
 */
export async function readCartLines(db: Db, cartId: number, viewer: Viewer, { withOptions = true } = {}): Promise<CartView> {
  const [row] = await queryRows<{ lines: LineRow[]; membership: BagMembership | null }>(
    db,
    sql`select ${cartLinesJson(cartId, withOptions)} as lines, ${bagMembershipJson(cartId)} as membership`,
  );
  return cartViewOf(row?.lines ?? [], viewer, row?.membership ?? null);
}

/** A plan (table alias `mp`) that can be bought now: a paid one the owner has published. */
export const PLAN_ON_SALE = sql.raw("(mp.price > 0 and mp.published_at is not null and mp.published_at <= now())");

/**
 * The bag's membership line as one JSON object (null: none), a subquery like cartLinesJson. Only a
 * customer's bag holds one; its price is the plan's now.
 */
export function bagMembershipJson(cartId: number | null): SQL<BagMembership | null> {
  return sql<BagMembership | null>`(select json_build_object(
      'planId', mp.id, 'slug', mp.slug, 'name', mp.name, 'months', mp.months, 'price', mp.price, 'currency', mp.currency,
      'available', ${PLAN_ON_SALE})
    from carts c join membership_plans mp on mp.id = c.membership_plan_id
    where c.id = ${cartId} and c.user_id is not null)`;
}

/** How a membership line is named on the bag, the checkout and the order: "Pro membership (12 months)". */
export function membershipLineName(plan: Pick<BagMembership, "name" | "months">): string {
  const months = plan.months === null ? "" : ` (${plan.months} ${plan.months === 1 ? "month" : "months"})`;
  return `${plan.name} membership${months}`;
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
              from variants o where o.product_id = p.id and o.archived_at is null)`
    : sql`'[]'::json`;
  return sql`
    select l.id, l.variant_id, l.quantity, l.created_at as added_at,
           p.id as product_id, p.slug, c.slug as category_slug, p.name, b.name as brand,
           v.sku, v.size, v.colour, v.colour_hex, v.stock, v.price, v.compare_at_price, v.member_price,
           p.published, p.publish_at, p.members_only, p.public_at, v.archived_at is not null as option_archived,
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

/**
 * The bag as its holder sees it, from its rows (cartLinesSelect's, oldest first): whether each line
 * can be bought and at what price are the viewer's (catalog/sellable.ts, membership/member-price.ts).
 */
export function cartViewOf(rows: readonly LineRow[], viewer: Viewer, membership: BagMembership | null = null): CartView {
  const now = Date.now();
  const lines = rows.map((row) => toLine(row, viewer, now));
  // What can be bought: lines still for sale, each at most as many as are left.
  const buyable = lines.map((line) => ({ line, count: line.available ? Math.min(line.quantity, line.stock) : 0 }));
  return {
    lines,
    membership,
    itemCount: buyable.reduce((sum, { count }) => sum + count, 0),
    subtotal: buyable.reduce((sum, { line, count }) => sum + line.unitPrice * count, 0),
    savings: buyable.reduce(
      (sum, { line, count }) => sum + (line.compareAtPrice === null ? 0 : (line.compareAtPrice - line.listPrice) * count),
      0,
    ),
    memberSavings: buyable.reduce((sum, { line, count }) => sum + (line.listPrice - line.unitPrice) * count, 0),
  };
}

function toLine(row: LineRow, viewer: Viewer, now: number): CartLineView {
  // An archived option is off the shop like an unpublished product: the line stays, not for sale.
  const available =
    !row.option_archived &&
    isSellableTo(
      viewer,
      { published: row.published, publishAt: row.publish_at, membersOnly: row.members_only, publicAt: row.public_at },
      now,
    );
  const unitPrice = unitPriceFor(viewer, { price: row.price, memberPrice: row.member_price });
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
    unitPrice,
    listPrice: row.price,
    compareAtPrice: row.compare_at_price,
    lineTotal: unitPrice * row.quantity,
    stock: row.stock,
    available,
    problem: problemOf(row, available),
    options: available ? row.options : [],
  };
}

function problemOf(row: LineRow, available: boolean): string | null {
  if (!available) return "No longer available: remove it from your bag.";
  if (row.stock === 0) return "Sold out: remove it or choose another option.";
  if (row.stock < row.quantity) return `Only ${row.stock} left: lower the quantity.`;
  return null;
}
