import { sql } from "drizzle-orm";
import { sellableTo } from "../../catalog/index.ts";
import type { CatalogueStructure } from "../../catalogue-structure/index.ts";
import { field, type CollectionDef } from "../collection.ts";
import { brandWrites, categoryWrites } from "./catalogue-writes.ts";

/*
 * The catalogue as the content backend reads it: brands, categories and products. Staff write
 * brands and categories here through the back office's use cases (catalogue-writes.ts, ADR 69);
 * products are read-only here. Products follow the shop's one rule (catalog/sellable.ts,
 * ADR 31, 41): unpublished ones are not there, and a product the shop does not sell the reader yet
 * (members-only, not public yet, and no early access) is its teaser: no description, no price.
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

export const productsCollection: CollectionDef = {
  apiId: "products",
  // The lowest price of a product's options, in minor units, VAT included.
  from: sql`(select p.*, (select min(v.price) from variants v where v.product_id = p.id and v.archived_at is null) as price from products p)`,
  fields: {
    name: field("string", "name"),
    slug: field("string", "slug"),
    description: field("text", "description", { gated: true }),
    price: field("integer", "price", { gated: true }),
    membersOnly: field("boolean", "members_only"),
    createdAt: field("datetime", "created_at"),
    updatedAt: field("datetime", "updated_at"),
  },
  relations: {
    brand: { target: "brands", foreignKey: (row) => sql`${row}.brand_id` },
    category: { target: "categories", foreignKey: (row) => sql`${row}.category_id` },
    subCategory: { target: "categories", foreignKey: (row) => sql`${row}.sub_category_id` },
  },
  draftAndPublish: true,
  publishedAt: (row) => sql`(case when ${row}.published then ${row}.created_at end)`,
  locked: (row, access) => sql`not ${sellableTo(access.viewer, row)}`,
};
