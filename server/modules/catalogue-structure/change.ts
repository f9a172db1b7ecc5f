import { eq } from "drizzle-orm";
import { mediaFiles } from "../../db/schema/index.ts";
import { withTransaction, afterCommit, afterCommitOn } from "../../lib/scope.ts";
import { recordAudit, type AuditChange, type StaffScope } from "../audit/index.ts";
import type { Uploads } from "../media/index.ts";

/** What the catalogue's structure needs of the rest of the shop. */
export interface StructureDeps {
  /** Stores the images staff send (re-encoded, stripped; ADR 46); absent where nothing is uploaded (tests). */
  uploads?: Uploads;
  /** Drops the storefront's cached catalogue reads (catalog.invalidate). */
  invalidate: () => void;
}

/**
 * Runs one change of the catalogue's structure: one transaction with its audit entries, and the
 * storefront's caches dropped once it has committed (the database raises the catalogue revision
 * for categories and brands itself; filter attributes are read through the same caches).
 */
export function inChange<T>(scope: StaffScope, deps: StructureDeps, work: (tx: StaffScope) => Promise<T>): Promise<T> {
  return withTransaction(scope, async (tx) => {
    const result = await work(tx);
    afterCommit(tx, deps.invalidate);
    return result;
  });
}

export function audit(tx: StaffScope, change: AuditChange) {
  return recordAudit(tx, change);
}

/**
 * Removes an upload a change replaced or whose record went, once the change has committed, unless
 * the media library keeps it (every upload since ADR 78 is a record there until deleted there).
 */
export function dropUploadAfterCommit(tx: StaffScope, deps: StructureDeps, path: string | null | undefined) {
  if (!path || !deps.uploads) return;
  const uploads = deps.uploads;
  afterCommitOn(tx.db, (db) => {
    db.select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(eq(mediaFiles.path, path))
      .limit(1)
      .then((kept) => (kept.length > 0 ? undefined : uploads.remove(path)))
      .catch(() => undefined);
  });
}
