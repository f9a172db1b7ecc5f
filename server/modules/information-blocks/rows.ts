import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, customInformation, products } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";

/** A block as the back office reads it: where it shows, named. */
export interface InformationRow {
  id: number;
  kind: string;
  title: string;
  body: string;
  published: boolean;
  position: number;
  categoryId: number | null;
  productId: number | null;
  /** "Every product", "Gloves", "Gloves › Match", or the product's title. */
  showsOn: string;
  /** The product's address name, for the editor's field. */
  productSlug: string | null;
  version: string;
}

/** Every block in the shop's order (position, then id), published or not. */
export async function informationRows(db: Db): Promise<InformationRow[]> {
  const [rows, categoryRows] = await Promise.all([
    db
      .select({
        id: customInformation.id,
        kind: customInformation.kind,
        title: customInformation.title,
        body: customInformation.body,
        published: customInformation.published,
        position: customInformation.position,
        categoryId: customInformation.categoryId,
        productId: customInformation.productId,
        updatedAt: customInformation.updatedAt,
        productTitle: products.name,
        productSlug: products.slug,
      })
      .from(customInformation)
      .leftJoin(products, eq(products.id, customInformation.productId))
      .orderBy(asc(customInformation.position), asc(customInformation.id)),
    categoryChoices(db),
  ]);
  const categoryNames = new Map(categoryRows.map((category) => [category.id, category.label]));
  return rows.map(({ updatedAt, productTitle, productSlug, ...row }) => ({
    ...row,
    showsOn:
      row.productId !== null
        ? (productTitle ?? "A product")
        : row.categoryId !== null
          ? (categoryNames.get(row.categoryId) ?? "A category")
          : "Every product",
    productSlug,
    version: updatedAt.toISOString(),
  }));
}

/** The categories a block may be given, in menu order: each top-level one, then its sub-categories ("Gloves › Match"). */
export async function categoryChoices(db: Db): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId, position: categories.position })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  const top = rows.filter((row) => row.parentId === null);
  return top.flatMap((parent) => [
    { id: parent.id, label: parent.name },
    ...rows.filter((row) => row.parentId === parent.id).map((sub) => ({ id: sub.id, label: `${parent.name} › ${sub.name}` })),
  ]);
}

/** The block by id, locked for the change; ENTRY_NOT_FOUND when there is none. */
export async function lockedBlock(db: Db, id: number) {
  const [row] = await db.select().from(customInformation).where(eq(customInformation.id, id)).for("update");
  if (!row) throw new ShopError("ENTRY_NOT_FOUND", "This information block no longer exists.");
  return row;
}

/** Refused: the block changed since the page was read. */
export const staleBlock = (changedAt: Date) =>
  new ShopError("STALE_VERSION", "The information block changed since the page was read.", {
    details: { changedAt: changedAt.toISOString() },
  });
