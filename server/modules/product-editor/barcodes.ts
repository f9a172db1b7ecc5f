import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation, violatedConstraint } from "../../db/errors.ts";
import { products, variants } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";

/*
 * A barcode (GTIN) names one trade item, so no two options of the shop have the same one (ADR 74),
 * archived options included (a restored option keeps its own). GTINs of different lengths are one
 * number right-aligned in 14 digits (GS1): 012345678905 (UPC-A) and 0012345678905 (EAN-13) are the
 * same item, so barcodes are compared as GTIN-14. The product editor and the catalogue import ask
 * the same check; the unique index variants_barcode_gtin_unique (the same GTIN-14) stops two saves
 * that pass it at the same moment, and its refusal becomes the same kind of answer.
 */

/** The unique index over the options' barcodes as GTIN-14 (migration 0024). */
export const BARCODE_INDEX = "variants_barcode_gtin_unique";

/** What two barcodes are compared by: the GTIN-14 (zero-padded on the left). */
export function gtinKey(barcode: string): string {
  return barcode.padStart(14, "0");
}

/** An option that holds a barcode. */
export interface BarcodeOwner {
  variantId: number;
  barcode: string;
  sku: string;
  productId: number;
  productName: string;
  archived: boolean;
}

/** The options holding any of `barcodes` (as GTIN-14), by that GTIN-14. */
export async function barcodeOwners(db: Db, barcodes: readonly string[]): Promise<Map<string, BarcodeOwner>> {
  const keys = [...new Set(barcodes.map(gtinKey))];
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      variantId: variants.id,
      barcode: variants.barcode,
      sku: variants.sku,
      productId: products.id,
      productName: products.name,
      archivedAt: variants.archivedAt,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(sql`lpad(${variants.barcode}, 14, '0')`, keys));
  return new Map(
    rows.map(({ archivedAt, barcode, ...row }) => [
      gtinKey(barcode!),
      { ...row, barcode: barcode!, archived: archivedAt !== null },
    ]),
  );
}

/** The refusal's words: the barcode and the option and product that have it. */
export function barcodeTakenMessage(barcode: string, owner: BarcodeOwner): string {
  const option = owner.archived ? `its archived option ${owner.sku}` : `its option ${owner.sku}`;
  return `The barcode ${barcode} is already the barcode of ${owner.productName} (${option}): a barcode names one item.`;
}

/**
 * A save that met the unique index (another save gave the barcode to an option at the same moment,
 * after this one's check) as the refusal; null for any other error.
 */
export function barcodeRace(error: unknown, field?: string): ShopError | null {
  if (!isUniqueViolation(error) || violatedConstraint(error) !== BARCODE_INDEX) return null;
  return new ShopError("INVALID_INPUT", "One of these barcodes was just given to another option: reload the page and check it.", {
    ...(field ? { field } : {}),
  });
}
