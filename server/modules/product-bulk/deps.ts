import type { Db } from "../../db/client.ts";

/** What the bulk edits need from the shop (server/services.ts). */
export interface BulkDeps {
  /** The shop's currency: amounts are typed in its main unit. */
  currency: string;
  /** The low-stock threshold now (the list's stock filter reads it; the shop's settings). */
  lowStockAt: (db: Db) => Promise<number>;
  /** catalog.invalidate: run once an apply commits, so the shop shows it on the next request. */
  invalidate: () => void;
  /** The most products one edit takes (MAX_BULK_PRODUCTS unless a test says fewer). */
  maxProducts?: number;
  /** Rows a write statement (tests make it small to see several batches). */
  writeBatch?: number;
}
