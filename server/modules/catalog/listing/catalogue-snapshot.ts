import type { Db } from "../../../db/client.ts";
import type { Viewer } from "../sellable.ts";
import { buildCatalogueIndex, type CatalogueIndex, type CatalogueRows } from "./catalogue-index.ts";
import { nextPublicAt, readCatalogueRevision, readCatalogueRows } from "./catalogue-reads.ts";

/*
 * The read model as the listings hold it: everyone's and the early-access one, with the catalogue
 * revision they were read at, and whether they still show what the database holds.
 */

/** Everyone's read model (members-only products once public) built from what the database holds now. */
export async function loadCatalogueIndex(db: Db): Promise<CatalogueIndex> {
  return buildSnapshotIndexes(await readCatalogueRows(db)).index;
}

/** A read model and the catalogue revision (schema/catalogue-revision.ts) it was read at. */
export interface CatalogueSnapshot {
  /** What everyone may see: members-only products only once they are public. */
  index: CatalogueIndex;
  /**
   * What a viewer with early access sees (ADR 41): every published product. The same object as
   * `index` when no members-only product is waiting to be public.
   */
  earlyAccess: CatalogueIndex;
  revision: number;
  /**
   * When the next scheduled product goes on the shop or members-only product becomes public
   * (milliseconds since the epoch), which changes what is shown without a catalogue write: the
   * snapshot is stale from then on. Null: none waiting.
   */
  changesAt: number | null;
}

/** The read model a viewer lists from (catalog/sellable.ts: early access sees members-only products). */
export function indexFor(snapshot: CatalogueSnapshot, viewer: Pick<Viewer, "earlyAccess">): CatalogueIndex {
  return viewer.earlyAccess ? snapshot.earlyAccess : snapshot.index;
}

/** Whether the snapshot still shows what it would if read now: the revision is the same and no product has gone public since. */
export function snapshotCurrent(snapshot: CatalogueSnapshot, revision: number, now: number = Date.now()): boolean {
  return revision === snapshot.revision && (snapshot.changesAt === null || now < snapshot.changesAt);
}

/**
 * The read model with the revision its rows were read at: both are read in one read-only
 * transaction, REPEATABLE READ so that on PostgreSQL all its queries see the same moment (PGlite
 * is one connection, so a transaction alone keeps other writes out). A change committed after it
 * raises the revision past the one recorded here, so it is never missed.
 */
export async function loadCatalogueSnapshot(db: Db): Promise<CatalogueSnapshot> {
  const { rows, revision, changesAt } = await db.transaction(
    async (tx) => ({
      revision: await readCatalogueRevision(tx),
      rows: await readCatalogueRows(tx),
      changesAt: await nextPublicAt(tx),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  // Built after the commit, so the transaction does not hold a connection while it computes.
  return { ...buildSnapshotIndexes(rows), revision, changesAt };
}

/** Everyone's read model and the early-access one, sharing their cards; one object when they hold the same products. */
export function buildSnapshotIndexes(rows: CatalogueRows): Pick<CatalogueSnapshot, "index" | "earlyAccess"> {
  const earlyAccess = buildCatalogueIndex(rows);
  if (!rows.products.some((p) => p.earlyAccessOnly)) return { index: earlyAccess, earlyAccess };
  const index = buildCatalogueIndex({ ...rows, products: rows.products.filter((p) => !p.earlyAccessOnly) }, earlyAccess);
  return { index, earlyAccess };
}
