import { asc, eq, inArray, sql } from "drizzle-orm";
import { brands, catalogueAttributes, categories, orderLines, products, slugRedirects } from "../../db/schema/index.ts";
import type { Scope } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { optionsOf } from "./options.ts";
import { productIdInput } from "./schemas.ts";
import { productPath, productStatusOf, splitAttributeValues, type AccessChoice, type ProductStatus } from "./shared.ts";
import { productNotFound, versionColumn } from "./version.ts";

/** What the editor offers to choose from. */
export interface EditorChoices {
  brands: { id: number; name: string }[];
  /** Top-level categories, each with its sub-categories. */
  categories: { id: number; name: string; subs: { id: number; name: string }[] }[];
  /** The filter attributes, in their order. */
  attributes: { key: string; name: string; kind: "choice" | "multiple"; values: string[] }[];
}

/** An option as the editor shows it. Money in minor units. */
export interface EditableOption {
  id: number;
  sku: string;
  size: string;
  colour: string;
  colourHex: string;
  barcode: string | null;
  price: number;
  compareAtPrice: number | null;
  memberPrice: number | null;
  lowStockThreshold: number | null;
  /** Read-only here: the stock page changes it. */
  stock: number;
  /** ISO; null: on sale. */
  archivedAt: string | null;
  /** Whether an order line names it (then removing it archives it). */
  ordered: boolean;
}

/** A product as the editor shows it. Times ISO (UTC). */
export interface EditableProduct {
  id: number;
  /** What a change must carry (STALE_VERSION otherwise). */
  version: string;
  name: string;
  slug: string;
  /** Its page on the shop. */
  path: string;
  description: string;
  brandId: number;
  categoryId: number;
  subCategoryId: number | null;
  /** By attribute key, the values it has (several for a "multiple" attribute). */
  attributes: Record<string, string[]>;
  /** What its option axes are called, as the owner named them ("" for "Size" or "Colour"). */
  optionNames: { size: string; colour: string };
  seoTitle: string;
  seoDescription: string;
  status: ProductStatus;
  publishAt: string | null;
  access: AccessChoice;
  publicAt: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
  options: EditableOption[];
  /** The old addresses that lead to it (slug_redirects). */
  oldPaths: string[];
}

export async function editorChoices(scope: Scope): Promise<EditorChoices> {
  const [brandRows, categoryRows, attributeRows] = await Promise.all([
    scope.db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name), asc(brands.id)),
    scope.db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name), asc(categories.id)),
    scope.db.select().from(catalogueAttributes).orderBy(asc(catalogueAttributes.position), asc(catalogueAttributes.key)),
  ]);
  return {
    brands: brandRows,
    categories: categoryRows
      .filter((c) => c.parentId === null)
      .map((top) => ({
        id: top.id,
        name: top.name,
        subs: categoryRows.filter((c) => c.parentId === top.id).map(({ id, name }) => ({ id, name })),
      })),
    attributes: attributeRows.map(({ key, name, kind, values }) => ({ key, name, kind, values })),
  };
}

/** The product to edit, with its options (archived ones too) and version; PRODUCT_NOT_FOUND for none. */
export async function productForEditing(scope: Scope, rawId: unknown, now = new Date()): Promise<EditableProduct> {
  const id = parseInput(productIdInput, rawId, "id");
  const [row] = await scope.db
    .select({ product: products, version: versionColumn, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row) throw productNotFound();
  const { product } = row;
  const options = await optionsOf(scope.db, id);
  // One after the other: the scope may be a transaction (the content API's writes read the product
  // in theirs), and a transaction's connection runs one query at a time.
  const ordered =
    options.length === 0
      ? []
      : await scope.db
          .selectDistinct({ variantId: orderLines.variantId })
          .from(orderLines)
          .where(
            inArray(
              orderLines.variantId,
              options.map((o) => o.id),
            ),
          );
  const redirects = await scope.db
    .select({ fromPath: slugRedirects.fromPath })
    .from(slugRedirects)
    .where(sql`${slugRedirects.kind} = 'product' and ${slugRedirects.targetId} = ${id}`)
    .orderBy(asc(slugRedirects.createdAt));
  const orderedIds = new Set(ordered.map((o) => o.variantId));
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  return {
    id,
    version: row.version,
    name: product.name,
    slug: product.slug,
    path: productPath(row.categorySlug, product.slug),
    description: product.description,
    brandId: product.brandId,
    categoryId: product.categoryId,
    subCategoryId: product.subCategoryId,
    attributes: Object.fromEntries(Object.entries(product.attributes).map(([key, value]) => [key, splitAttributeValues(value)])),
    optionNames: { size: product.optionNames.size ?? "", colour: product.optionNames.colour ?? "" },
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    status: productStatusOf(product, now.getTime()),
    publishAt: iso(product.publishAt),
    access: !product.membersOnly ? "everyone" : product.publicAt === null ? "members" : "early",
    publicAt: iso(product.publicAt),
    archivedAt: iso(product.archivedAt),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    options: options.map((option) => ({
      id: option.id,
      sku: option.sku,
      size: option.size,
      colour: option.colour,
      colourHex: option.colourHex,
      barcode: option.barcode,
      price: option.price,
      compareAtPrice: option.compareAtPrice,
      memberPrice: option.memberPrice,
      lowStockThreshold: option.lowStockThreshold,
      stock: option.stock,
      archivedAt: iso(option.archivedAt),
      ordered: orderedIds.has(option.id),
    })),
    oldPaths: redirects.map((r) => r.fromPath),
  };
}
