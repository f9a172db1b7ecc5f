import { sql, type SQL } from "drizzle-orm";
import type { Alias, CollectionDef } from "./collection.ts";

/** Published entries only (the default), unless a writer asks for drafts, which are every entry. */
export function visibility(def: CollectionDef, row: Alias, status: "published" | "draft"): SQL {
  if (!def.draftAndPublish || !def.publishedAt || status === "draft") return sql`true`;
  const published = def.publishedAt(row);
  return sql`${published} is not null and ${published} <= now()`;
}
