import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, catalogueAttributes, categories, type Product, type ProductAttributes } from "../../db/schema/index.ts";
import { storedOptionNames } from "../../lib/option-names.ts";
import { invalidInput, ShopError } from "../../lib/shop-error.ts";
import { accessColumns, ARCHIVED_STAYS_OFF, DRAFT, publishedNow } from "./rules.ts";
import type { ProductFieldsInput } from "./schemas.ts";
import { joinAttributeValues } from "./shared.ts";

/*
 * A product's fields as the editor's input gives them, checked against the catalogue (brand,
 * category and sub-category, the filter attributes) and turned into the row's columns (ADR 63).
 */

/** The product columns the editor writes (slug aside: slugs.ts). */
export type ProductColumns = Pick<
  Product,
  | "name"
  | "description"
  | "brandId"
  | "categoryId"
  | "subCategoryId"
  | "attributes"
  | "optionNames"
  | "seoTitle"
  | "seoDescription"
  | "published"
  | "publishAt"
  | "membersOnly"
  | "publicAt"
>;

async function checkPlaces(db: Db, input: ProductFieldsInput): Promise<void> {
  const ids = [input.categoryId, ...(input.subCategoryId ? [input.subCategoryId] : [])];
  const [brand, places] = await Promise.all([
    db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId)),
    db.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(inArray(categories.id, ids)),
  ]);
  if (brand.length === 0) throw invalidInput("product.brandId", "Choose a brand from the list.");
  const category = places.find((c) => c.id === input.categoryId);
  if (!category || category.parentId !== null) throw invalidInput("product.categoryId", "Choose a category from the list.");
  if (input.subCategoryId) {
    const sub = places.find((c) => c.id === input.subCategoryId);
    if (!sub || sub.parentId !== input.categoryId) {
      throw invalidInput("product.subCategoryId", "Choose a sub-category of the chosen category (or none).");
    }
  }
}

/**
 * The attributes to store: the values chosen of each filter attribute, checked against its values
 * (one for a "choice", any for a "multiple", joined in the attribute's own order); keys the
 * product has that are no filter attribute (any more) are kept as they are.
 */
async function attributesOf(db: Db, chosen: Record<string, string[]>, current: ProductAttributes): Promise<ProductAttributes> {
  const known = await db.select().from(catalogueAttributes).orderBy(asc(catalogueAttributes.position));
  const byKey = new Map(known.map((attribute) => [attribute.key, attribute]));
  const result: ProductAttributes = Object.fromEntries(Object.entries(current).filter(([key]) => !byKey.has(key)));
  for (const [key, values] of Object.entries(chosen)) {
    const attribute = byKey.get(key);
    if (!attribute) throw invalidInput(`product.attributes.${key}`, `There is no filter attribute "${key}".`);
    const picked = [...new Set(values.map((value) => value.trim()).filter(Boolean))];
    const unknown = picked.find((value) => !attribute.values.includes(value));
    if (unknown !== undefined)
      throw invalidInput(`product.attributes.${key}`, `"${unknown}" is not one of ${attribute.name}'s values.`);
    if (attribute.kind === "choice" && picked.length > 1) {
      throw invalidInput(`product.attributes.${key}`, `Choose one value of ${attribute.name}.`);
    }
    if (picked.length > 0) result[key] = joinAttributeValues(attribute.values.filter((value) => picked.includes(value)));
  }
  return result;
}

/**
 * The columns the input gives, checked. `current`: the product as it is (null for a new one).
 * `now`: what "publish now" and "in the future" are read against.
 */
export async function columnsOf(db: Db, input: ProductFieldsInput, current: Product | null, now: Date): Promise<ProductColumns> {
  await checkPlaces(db, input);
  const attributes = await attributesOf(db, input.attributes, current?.attributes ?? {});
  let { published, publishAt } = DRAFT;
  if (input.publish === "at") {
    const at = input.publishAt!;
    // A moment already past is a typing slip, unless it is the one the product has (saved again).
    const unchanged = current?.publishAt?.getTime() === at.getTime();
    if (!unchanged && at.getTime() <= now.getTime()) {
      throw invalidInput("product.publishAt", "Choose a moment to come, or publish now.");
    }
    published = true;
    publishAt = at;
  } else if (input.publish === "now") {
    ({ published, publishAt } = publishedNow(current, now));
  }
  if (current?.archivedAt && published) {
    throw new ShopError("INVALID_INPUT", ARCHIVED_STAYS_OFF, { field: "product.publish" });
  }
  return {
    name: input.name,
    description: input.description,
    brandId: input.brandId,
    categoryId: input.categoryId,
    subCategoryId: input.subCategoryId ?? null,
    attributes,
    optionNames: storedOptionNames({ size: input.sizeName, colour: input.colourName }),
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    published,
    publishAt,
    ...accessColumns(input.access, input.publicAt ?? null),
  };
}

/** The product fields an audit entry compares (a change names those that differ). */
export const AUDITED_FIELDS = [
  "name",
  "slug",
  "description",
  "brandId",
  "categoryId",
  "subCategoryId",
  "attributes",
  "optionNames",
  "seoTitle",
  "seoDescription",
  "published",
  "publishAt",
  "membersOnly",
  "publicAt",
  "archivedAt",
] as const satisfies readonly (keyof Product)[];
