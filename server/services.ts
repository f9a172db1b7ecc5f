import type { Database } from "./db/client.ts";
import { createCatalog } from "./modules/catalog/index.ts";

/** The domain modules, wired to one database; every adapter (pages, REST, GraphQL) goes through these. */
export function createServices(database: Database) {
  return {
    catalog: createCatalog(database.db),
  };
}

export type Services = ReturnType<typeof createServices>;
