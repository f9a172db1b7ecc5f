import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { ANY_VISITOR, sellableTo } from "./sellable.ts";

/** What a product grid shows of one product. Prices are integer minor units. */
export interface ProductCard {
  id: number;
  slug: string;
  name: string;
  brand: { slug: string; name: string };
  categorySlug: string;
  /** The lowest price among the product's variants. */
  price: number;
  /** The price before the sale of that cheapest variant, when it is on sale. */
  compareAtPrice: number | null;
  /**
   * What members pay for that cheapest variant, when the owner set it (ADR 41); null or absent:
   * the member's plan discount (membership/member-price.ts). Every viewer's card is the same:
   * pages work out the viewer's price from this.
   */
  memberPrice?: number | null;
  inStock: boolean;
  colours: { name: string; hex: string }[];
  image: { path: string; alt: string; width: number; height: number } | null;
  /** The product's second image, which a card shows on hover (issue 27); null when it has one image. */
  hoverImage: { path: string; alt: string; width: number; height: number } | null;
}

interface CardRow {
  id: number;
  slug: string;
  name: string;
  brand_slug: string;
  brand_name: string;
  category_slug: string;
  price: number;
  compare_at_price: number | null;
  member_price: number | null;
  in_stock: boolean;
  colours: { name: string; hex: string }[];
  image_path: string | null;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  hover_path: string | null;
  hover_alt: string | null;
  hover_width: number | null;
  hover_height: number | null;
}

/**
 * Product cards for the products matching `where`, in `orderBy` order, from one query: prices,
 * stock, colours and the first image are aggregated per product by lateral joins, so a grid never
 * costs a query per product. Only published products that are not members-only are shown.
 */
export async function productCards(
  db: Db,
  options: { where?: SQL; orderBy: SQL; limit: number; offset?: number },
): Promise<ProductCard[]> {
  const where = options.where ? sql`and ${options.where}` : sql``;
  const rows = await queryRows<CardRow>(
    db,
    sql`
    select p.id, p.slug, p.name, b.slug as brand_slug, b.name as brand_name, c.slug as category_slug,
           v.price, v.compare_at_price, v.member_price, v.in_stock, v.colours,
           i.path as image_path, i.alt as image_alt, i.width as image_width, i.height as image_height,
           h.path as hover_path, h.alt as hover_alt, h.width as hover_width, h.height as hover_height
    from products p
    join brands b on b.id = p.brand_id
    join categories c on c.id = p.category_id
    join lateral (
      select min(price)::int as price,
             (array_agg(compare_at_price order by price, id))[1] as compare_at_price,
             (array_agg(member_price order by price, id))[1] as member_price,
             bool_or(stock > 0) as in_stock,
             (select coalesce(json_agg(json_build_object('name', colour, 'hex', colour_hex) order by colour), '[]'::json)
                from (select distinct colour, colour_hex from variants cv where cv.product_id = p.id and cv.archived_at is null) colours) as colours
      from variants where product_id = p.id and archived_at is null
    ) v on v.price is not null
    left join lateral (
      select path, alt, width, height from product_images where product_id = p.id order by position, id limit 1
    ) i on true
    left join lateral (
      select path, alt, width, height from product_images where product_id = p.id order by position, id offset 1 limit 1
    ) h on true
    where ${sellableTo(ANY_VISITOR)} ${where}
    order by ${options.orderBy}
    limit ${options.limit} offset ${options.offset ?? 0}
  `,
  );
  return rows.map(toCard);
}

function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: { slug: row.brand_slug, name: row.brand_name },
    categorySlug: row.category_slug,
    price: row.price,
    compareAtPrice: row.compare_at_price,
    memberPrice: row.member_price,
    inStock: row.in_stock,
    colours: row.colours,
    image:
      row.image_path === null
        ? null
        : { path: row.image_path, alt: row.image_alt ?? row.name, width: row.image_width ?? 0, height: row.image_height ?? 0 },
    hoverImage:
      row.hover_path === null
        ? null
        : { path: row.hover_path, alt: row.hover_alt ?? row.name, width: row.hover_width ?? 0, height: row.hover_height ?? 0 },
  };
}

/** The named products' cards, in the order named (those the shop does not show are left out). */
export function productCardsBySlug(db: Db, slugs: readonly string[]): Promise<ProductCard[]> {
  const named = JSON.stringify(slugs);
  return productCards(db, {
    where: sql`p.slug in (select jsonb_array_elements_text(${named}::jsonb))`,
    orderBy: sql`(select i from jsonb_array_elements_text(${named}::jsonb) with ordinality as n(slug, i) where n.slug = p.slug)`,
    limit: slugs.length,
  });
}

/** The products the shop owner features on the home page, by rank. */
export function featuredProducts(db: Db, limit = 12): Promise<ProductCard[]> {
  return productCards(db, {
    where: sql`p.featured_rank is not null`,
    orderBy: sql`p.featured_rank, p.id`,
    limit,
  });
}
