import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { catalogueImports, type CatalogueImport } from "../../db/schema/index.ts";
import { ShopError } from "../../lib/shop-error.ts";

/** The import of that id, locked for the change at hand: two presses of "apply" apply once. */
export async function lockedImport(db: Db, id: number): Promise<CatalogueImport> {
  const [row] = await db.select().from(catalogueImports).where(eq(catalogueImports.id, id)).for("update");
  if (!row) throw new ShopError("IMPORT_NOT_FOUND", "There is no such import.");
  return row;
}
