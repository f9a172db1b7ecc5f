import { eq, sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { catalogueImportRecords, catalogueImports } from "../../db/schema/index.ts";
import { withTransaction } from "../../lib/scope.ts";
import { barcodeRace } from "../product-editor/index.ts";
import { ShopError } from "../../lib/shop-error.ts";
import { recordAudit, type StaffScope } from "../audit/index.ts";
import { lockedImport } from "./locked-import.ts";
import {
  listOf,
  PRODUCT_FIELDS,
  productsBySlug,
  VARIANT_FIELDS,
  variantsBySku,
  type ProductFields,
  type VariantFields,
} from "./records.ts";
import { inChunks, moveStocks, touchProducts, updateProducts, updateVariants } from "./write.ts";

/*
 * Undoing an applied import (ADR 70), in one transaction: when every record it made or changed
 * still holds what the import left (nothing changed them since, no order names an option it
 * made), products and options it made are deleted and the ones it changed get their values back,
 * stock included (a movement each). Otherwise nothing changes and the refusal names what moved.
 */

const same = (a: object, b: object, fields: readonly string[]) =>
  fields.every(
    (field) => JSON.stringify((a as Record<string, unknown>)[field]) === JSON.stringify((b as Record<string, unknown>)[field]),
  );

const time = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const normalTimes = <T extends Partial<ProductFields>>(fields: T): T => ({
  ...fields,
  publishAt: time(fields.publishAt ?? null),
  archivedAt: time(fields.archivedAt ?? null),
});

const MOVED_NAMED = 10;

export async function undoImport(scope: StaffScope, id: number, now = new Date()): Promise<void> {
  await withTransaction(scope, async (tx) => {
    const row = await lockedImport(tx.db, id);
    if (row.status !== "applied") {
      throw new ShopError(
        "IMPORT_NOT_APPLICABLE",
        row.status === "undone" ? "This import was undone already." : "This import was not applied.",
      );
    }
    const records = await tx.db.select().from(catalogueImportRecords).where(eq(catalogueImportRecords.importId, id));
    const productRecords = records.filter((r) => r.kind === "product");
    const variantRecords = records.filter((r) => r.kind === "variant");
    // Products before options, in id order, as every writer locks them.
    const products = await productsBySlug(
      tx.db,
      productRecords.map((r) => String(r.after.slug)),
      true,
    );
    const variants = await variantsBySku(
      tx.db,
      variantRecords.map((r) => String(r.after.sku)),
      true,
    );
    const productById = new Map([...products.values()].map((p) => [p.id, p]));
    const variantById = new Map([...variants.values()].map((v) => [v.id, v]));

    const moved: string[] = [];
    for (const record of productRecords) {
      const now = productById.get(record.recordId);
      if (!now || !same(normalTimes(now), normalTimes(record.after as unknown as ProductFields), PRODUCT_FIELDS)) {
        moved.push(`product ${String(record.after.slug)}`);
      }
    }
    for (const record of variantRecords) {
      const now = variantById.get(record.recordId);
      if (!now || !same(now, record.after, VARIANT_FIELDS)) moved.push(`option ${String(record.after.sku)}`);
    }
    // Compared in the database: its times have microseconds, a JS Date only milliseconds.
    // Anything else done to these products since (their description, images, options added in the
    // editor) moved their version past the import's: undo would lose it, so it is refused.
    const touched = [
      ...new Set([...productRecords.map((r) => r.recordId), ...[...variantById.values()].map((v) => v.productId)]),
    ];
    if (touched.length > 0) {
      const edited = await queryRows<{ slug: string }>(
        tx.db,
        sql`select slug from products where id in ${listOf(touched, "int")}
            and updated_at > (select applied_at from catalogue_imports where id = ${id}) order by id limit ${MOVED_NAMED}`,
      );
      moved.push(...edited.map((p) => `product ${p.slug} (edited since)`));
    }
    const made = variantRecords.filter((r) => r.before === null).map((r) => r.recordId);
    const madeProducts = productRecords.filter((r) => r.before === null).map((r) => r.recordId);
    if (madeProducts.length > 0) {
      // A promo code narrowed to a product the import made would, without it, apply to the whole bag.
      const codes = await queryRows<{ code: string }>(
        tx.db,
        sql`select distinct c.code from promo_code_targets t join promo_codes c on c.id = t.promo_code_id
            where t.product_id in ${listOf(madeProducts, "int")} limit ${MOVED_NAMED}`,
      );
      moved.push(...codes.map((c) => `promo code ${c.code} (applies to a product it made)`));
    }
    if (made.length > 0 || madeProducts.length > 0) {
      const ordered = await queryRows<{ sku: string }>(
        tx.db,
        sql`select distinct coalesce(v.sku, l.product_name) as sku from order_lines l left join variants v on v.id = l.variant_id
            where l.variant_id in ${listOf(made, "int")} or l.product_id in ${listOf(madeProducts, "int")} limit ${MOVED_NAMED}`,
      );
      moved.push(...ordered.map((o) => `option ${o.sku} (ordered since)`));
    }
    if (moved.length > 0) {
      const named = moved.slice(0, MOVED_NAMED).join(", ");
      throw new ShopError(
        "STALE_VERSION",
        `This import cannot be undone: ${moved.length} of its records changed since (${named}${moved.length > MOVED_NAMED ? ", …" : ""}).`,
        { details: { changed: moved.length } },
      );
    }

    // Options first (their stock movements name them), then products.
    const restored = variantRecords.filter((r) => r.before !== null);
    await updateVariants(
      tx.db,
      restored.map((r) => ({ id: r.recordId, fields: r.before as unknown as VariantFields })),
    ).catch((error: unknown) => {
      // A barcode the import replaced was given to another option since (ADR 74).
      if (!barcodeRace(error)) throw error;
      throw new ShopError(
        "STALE_VERSION",
        "This import cannot be undone: a barcode it would put back is another option's now. Change that option first.",
      );
    });
    await moveStocks(
      tx.db,
      restored
        .map((r) => ({ variantId: r.recordId, setTo: (r.before as unknown as VariantFields).stock }))
        .filter((move) => move.setTo !== variantById.get(move.variantId)!.stock),
      scope.actor.id,
      `Undo of import #${id}`,
    );
    await inChunks(made, async (chunk) => {
      await tx.db.execute(sql`delete from variants where id in ${listOf(chunk, "int")}`);
    });
    await updateProducts(
      tx.db,
      productRecords
        .filter((r) => r.before !== null)
        .map((r) => ({ id: r.recordId, fields: r.before as unknown as ProductFields })),
    );
    // Editors' pages of the products kept are stale now.
    await touchProducts(
      tx.db,
      touched.filter((productId) => !madeProducts.includes(productId)),
    );
    await inChunks(madeProducts, async (chunk) => {
      await tx.db.execute(sql`delete from products where id in ${listOf(chunk, "int")}`);
    });
    await tx.db
      .update(catalogueImports)
      .set({ status: "undone", undoneBy: scope.actor.id, undoneAt: now })
      .where(eq(catalogueImports.id, id));
    await recordAudit(tx, {
      action: "catalogue.import_undone",
      entityType: "import",
      entityId: id,
      changes: {
        productsDeleted: [0, madeProducts.length],
        productsRestored: [0, productRecords.length - madeProducts.length],
        optionsDeleted: [0, made.length],
        optionsRestored: [0, restored.length],
      },
    });
  });
}
