import { eq, like } from "drizzle-orm";
import { products, variants } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { optionsOf } from "./options.ts";
import { MAX_SKU_LENGTH, productIdInput } from "./schemas.ts";
import { COPY_SUFFIX } from "./shared.ts";
import { freeSlug, takeAddress } from "./slugs.ts";
import { productNotFound } from "./version.ts";

/** A SKU for the copy of an option: <sku>-COPY, or -COPY2, -COPY3, ... when the shop has that one. */
async function copySku(db: StaffScope["db"], sku: string, used: Set<string>): Promise<string> {
  const base = `${sku.slice(0, MAX_SKU_LENGTH - 8)}-COPY`;
  const found = await db
    .select({ sku: variants.sku })
    .from(variants)
    .where(like(variants.sku, `${base.replace(/[\\%_]/g, "\\$&")}%`));
  for (const row of found) used.add(row.sku.toLowerCase());
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${base}${n}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * A copy of a product to start another from (issue 25 §1, ADR 63): a draft named "<name> (copy)"
 * at a fresh slug, with the same fields and a copy of each option on sale (SKU suffixed -COPY,
 * no barcode: a GTIN names one trade item, no stock). Images are not copied: the copy gets its
 * own. Audited as product.duplicated on the copy, naming its source.
 */
export async function duplicateProduct(
  scope: StaffScope,
  deps: { invalidate: () => void },
  rawId: unknown,
): Promise<{ id: number; slug: string }> {
  const id = parseInput(productIdInput, rawId, "id");
  return withTransaction(scope, async (tx) => {
    const [source] = await tx.db.select().from(products).where(eq(products.id, id));
    if (!source) throw productNotFound();
    const slug = await freeSlug(tx.db, `${source.slug.slice(0, 100)}-copy`);
    const name = `${source.name.slice(0, 200 - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    const [copy] = await tx.db
      .insert(products)
      .values({
        slug,
        name,
        description: source.description,
        brandId: source.brandId,
        categoryId: source.categoryId,
        subCategoryId: source.subCategoryId,
        attributes: source.attributes,
        optionNames: source.optionNames,
        seoTitle: source.seoTitle,
        seoDescription: source.seoDescription,
        membersOnly: source.membersOnly,
        publicAt: source.publicAt,
        published: false,
      })
      .returning({ id: products.id });
    await takeAddress(tx.db, slug);
    const options = (await optionsOf(tx.db, id)).filter((option) => option.archivedAt === null);
    const used = new Set<string>();
    const copies = [];
    for (const option of options) {
      copies.push({
        productId: copy!.id,
        sku: await copySku(tx.db, option.sku, used),
        size: option.size,
        colour: option.colour,
        colourHex: option.colourHex,
        stock: 0,
        price: option.price,
        compareAtPrice: option.compareAtPrice,
        memberPrice: option.memberPrice,
        lowStockThreshold: option.lowStockThreshold,
        position: option.position,
      });
    }
    if (copies.length > 0) await tx.db.insert(variants).values(copies);
    await recordAudit(tx, {
      action: "product.duplicated",
      entityType: "product",
      entityId: copy!.id,
      changes: { duplicatedFrom: [null, id], name: [null, name], slug: [null, slug], options: [null, copies.map((c) => c.sku)] },
    });
    afterCommit(tx, deps.invalidate);
    return { id: copy!.id, slug };
  });
}
