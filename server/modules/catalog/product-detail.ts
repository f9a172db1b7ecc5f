import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import type { ProductAttributes } from "../../db/schema/products.ts";
import { optionNamesOf, type OptionNames } from "../../lib/option-names.ts";
import type { VariantRow } from "./listing/catalogue-index.ts";
import { ANY_VISITOR, sellableTo, type Viewer } from "./sellable.ts";

/** One buyable option of a product, as the product page and the shop API show it. Prices in minor units. */
export interface ProductVariantDetail extends VariantRow {
  id: number;
  sku: string;
}

export interface ProductImageDetail {
  path: string;
  alt: string;
  width: number;
  height: number;
  /** The variant colour it shows; null: every colour (ADR 80). */
  colour: string | null;
}

/** Everything a product page shows of one product. */
export interface ProductDetail {
  id: number;
  slug: string;
  name: string;
  description: string;
  brand: { slug: string; name: string; logoPath: string | null };
  category: { slug: string; name: string };
  subCategory: { slug: string; name: string } | null;
  attributes: ProductAttributes;
  /** What its options' sizes and colours are called ("Size", or a bag's "Volume"; ADR 74). */
  optionNames: OptionNames;
  /** In the owner's order. */
  images: ProductImageDetail[];
  /** In the owner's order. */
  variants: ProductVariantDetail[];
  /** The lowest and highest variant price (minor units). */
  priceRange: { min: number; max: number };
  /** True when some variant is in stock. */
  inStock: boolean;
  /** Always true: an unpublished product is never read. For catalog/sellable.ts. */
  published: boolean;
  /** Members-only (ADR 41): who may see it is catalog/sellable.ts's isSellableTo. */
  membersOnly: boolean;
  /** When a members-only product opens to everyone (ISO 8601), or null. */
  publicAt: string | null;
  /** When a scheduled product goes on the shop (ISO 8601), or null: at once. Past for a product read. */
  publishAt: string | null;
  /** The owner's words for search engines; empty: the page's own title and description. */
  seoTitle: string;
  seoDescription: string;
}

interface DetailRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  attributes: ProductAttributes;
  option_names: { size?: string; colour?: string } | null;
  brand_slug: string;
  brand_name: string;
  brand_logo_path: string | null;
  category_slug: string;
  category_name: string;
  sub_slug: string | null;
  sub_name: string | null;
  images: ProductImageDetail[];
  variants: ProductVariantDetail[];
  members_only: boolean;
  public_at: string | null;
  publish_at: string | null;
  seo_title: string;
  seo_description: string;
}

// Ids are PostgreSQL integers (serial): anything larger names no product.
const MAX_ID = 2_147_483_647;

/**
 * The product named by its slug, or by its id when `slugOrId` is all digits; null when there is
 * none, or it is unpublished or has no variants on sale (archived options are left out: nothing to buy; listings leave such products out
 * too), or not for `viewer` (sellable.ts). A members-only product comes with its flags, so that a
 * cache read for viewers with early access can still hand each caller only what it may see
 * (catalog/index.ts). One query: images and variants are aggregated by lateral joins.
 */
export async function productDetail(
  db: Db,
  slugOrId: string,
  viewer: Pick<Viewer, "earlyAccess"> = ANY_VISITOR,
): Promise<ProductDetail | null> {
  let match;
  if (/^\d+$/.test(slugOrId)) {
    const id = Number(slugOrId);
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return null;
    match = sql`p.id = ${id}`;
  } else {
    match = sql`p.slug = ${slugOrId}`;
  }
  const [row] = await queryRows<DetailRow>(
    db,
    sql`
    select p.id, p.slug, p.name, p.description, p.attributes, p.option_names, p.members_only,
           to_char(p.public_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as public_at,
           to_char(p.publish_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as publish_at,
           p.seo_title, p.seo_description,
           b.slug as brand_slug, b.name as brand_name, b.logo_path as brand_logo_path,
           c.slug as category_slug, c.name as category_name, s.slug as sub_slug, s.name as sub_name,
           i.images, v.variants
    from products p
    join brands b on b.id = p.brand_id
    join categories c on c.id = p.category_id
    left join categories s on s.id = p.sub_category_id
    cross join lateral (
      select coalesce(json_agg(json_build_object('path', path, 'alt', alt, 'width', width, 'height', height, 'colour', colour)
                               order by position, id), '[]'::json) as images
      from product_images where product_id = p.id
    ) i
    cross join lateral (
      select json_agg(json_build_object('id', id, 'sku', sku, 'size', size, 'colour', colour, 'colourHex', colour_hex,
                                        'stock', stock, 'price', price, 'compareAtPrice', compare_at_price,
                                        'memberPrice', member_price)
                      order by position, id) as variants
      from variants where product_id = p.id and archived_at is null
    ) v
    where ${match} and ${sellableTo(viewer)} and v.variants is not null
  `,
  );
  if (!row) return null;
  const prices = row.variants.map((variant) => variant.price);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    brand: { slug: row.brand_slug, name: row.brand_name, logoPath: row.brand_logo_path },
    category: { slug: row.category_slug, name: row.category_name },
    subCategory: row.sub_slug === null ? null : { slug: row.sub_slug, name: row.sub_name ?? row.sub_slug },
    attributes: row.attributes,
    optionNames: optionNamesOf(row.option_names),
    images: row.images,
    variants: row.variants,
    priceRange: { min: Math.min(...prices), max: Math.max(...prices) },
    inStock: row.variants.some((variant) => variant.stock > 0),
    published: true,
    membersOnly: row.members_only,
    publicAt: row.public_at,
    publishAt: row.publish_at,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
  };
}
