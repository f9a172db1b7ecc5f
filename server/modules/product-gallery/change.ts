import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { recordAudit, type AuditChange, type StaffScope } from "../audit/index.ts";
import { imagesOf, productAsRead, touchProduct, type GalleryRow } from "./product-as-read.ts";

/** What the gallery's use cases are given by the services. */
export interface GalleryDeps {
  /** Tells the storefront's caches that the catalogue changed (catalog.invalidate), after commit. */
  catalogueChanged: () => void;
}

/**
 * One change of a product's images, as every use case makes it: in one transaction, the product
 * locked and checked against the page's version, the change, the product's version moved on, and
 * its audit entry; the storefront told once it has committed (the database's trigger has raised
 * the catalogue's revision by then, for other processes).
 */
export async function changeImages<T>(
  scope: StaffScope,
  deps: GalleryDeps,
  input: { productId: number; version?: string },
  work: (tx: StaffScope, images: GalleryRow[]) => Promise<{ result: T; audit: Omit<AuditChange, "entityType" | "entityId"> }>,
): Promise<T> {
  return withTransaction(scope, async (tx) => {
    await productAsRead(tx.db, input.productId, input.version);
    const images = await imagesOf(tx.db, input.productId);
    const { result, audit } = await work(tx, images);
    await touchProduct(tx.db, input.productId);
    await recordAudit(tx, { ...audit, entityType: "product", entityId: input.productId });
    afterCommit(tx, deps.catalogueChanged);
    return result;
  });
}

/** The order of images as an audit entry keeps it: their ids, the main image first. */
export const idsOf = (images: readonly { id: number }[]) => images.map((image) => image.id);
