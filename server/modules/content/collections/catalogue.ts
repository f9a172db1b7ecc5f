import { sql, type SQL } from "drizzle-orm";
import { sellableTo } from "../../catalog/index.ts";
import type { CatalogueStructure } from "../../catalogue-structure/index.ts";
import { productVersionOf, type ProductEditor } from "../../product-editor/index.ts";
import { column, field, type CollectionDef } from "../collection.ts";
import { brandWrites, categoryWrites } from "./catalogue-writes.ts";
import { productWrites } from "./product-writes.ts";

/*
 * The catalogue as the content backend reads it: brands, categories and products. Staff write
 * them here through the back office's use cases (catalogue-writes.ts, ADR 69; product-writes.ts,
 * ADR 73). Products follow the shop's one rule (catalog/sellable.ts, ADR 31, 41): drafts,
 * scheduled products before their time and archived ones are not there (but for their writers,
 * with ?status=draft), and a product the shop does not sell the reader yet (members-only, not
 * public yet, and no early access) is its teaser: no description, no price, no options.
 */

export const brandsCollection = (structure?: CatalogueStructure): CollectionDef => ({
  apiId: "brands",
  from: sql`brands`,
  fields: {
    name: field("string", "name"),
    slug: field("string", "slug"),
    story: field("text", "story"),
  },
  draftAndPublish: false,
  ...(structure && { writeScope: "staff", write: brandWrites(structure) }),
});

export const categoriesCollection = (structure?: CatalogueStructure): CollectionDef => ({
  apiId: "categories",
  from: sql`categories`,
  fields: {
    name: field("string", "name"),
    slug: field("string", "slug"),
    description: field("text", "description"),
    position: field("integer", "position"),
  },
  relations: { parent: { target: "categories", foreignKey: (row) => sql`${row}.parent_id` } },
  draftAndPublish: false,
  ...(structure && { writeScope: "staff", write: categoryWrites(structure) }),
});

/** A product's options on sale, in their order, as a writer sends them back (prices in minor units). */
const optionsOf = (row: SQL) => sql`(
  select coalesce(json_agg(json_build_object(
    'id', v.id, 'sku', v.sku, 'size', v.size, 'colour', v.colour, 'colourHex', v.colour_hex, 'barcode', v.barcode,
    'price', v.price, 'compareAtPrice', v.compare_at_price, 'memberPrice', v.member_price,
    'lowStockThreshold', v.low_stock_threshold
  ) order by v.position, v.id), '[]'::json)
  from variants v where v.product_id = ${row}.id and v.archived_at is null)`;

export const productsCollection = (editor?: ProductEditor): CollectionDef => ({
  apiId: "products",
  // The lowest price of a product's options, in minor units, VAT included.
  from: sql`(select p.*, (select min(v.price) from variants v where v.product_id = p.id and v.archived_at is null) as price from products p)`,
  fields: {
    name: field("string", "name"),
    slug: field("string", "slug"),
    description: field("text", "description", { gated: true }),
    price: field("integer", "price", { gated: true }),
    membersOnly: field("boolean", "members_only"),
    publicAt: field("datetime", "public_at"),
    publishAt: field("datetime", "publish_at"),
    archivedAt: field("datetime", "archived_at"),
    seoTitle: field("string", "seo_title"),
    seoDescription: field("string", "seo_description"),
    attributes: field("json", "attributes"),
    variants: { type: "json", expr: optionsOf, gated: true },
    /** What a change names (PUT's data.version, DELETE's ?version=): the product editor's version. */
    version: { type: "string", expr: (row) => productVersionOf(column("updated_at")(row)) },
    createdAt: field("datetime", "created_at"),
    updatedAt: field("datetime", "updated_at"),
  },
  relations: {
    brand: { target: "brands", foreignKey: (row) => sql`${row}.brand_id` },
    category: { target: "categories", foreignKey: (row) => sql`${row}.category_id` },
    subCategory: { target: "categories", foreignKey: (row) => sql`${row}.sub_category_id` },
  },
  draftAndPublish: true,
  // A scheduled product is published from its publish_at: until then it is not on the shop, nor here.
  publishedAt: (row) => sql`(case when ${row}.published then coalesce(${row}.publish_at, ${row}.created_at) end)`,
  locked: (row, access) => sql`not ${sellableTo(access.viewer, row)}`,
  ...(editor && { writeScope: "staff", write: productWrites(editor) }),
});
