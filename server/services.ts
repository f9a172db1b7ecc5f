import type { Database } from "./db/client.ts";
import { createCarts } from "./modules/cart/index.ts";
import { createCatalog } from "./modules/catalog/index.ts";

/** The domain modules, wired to one database; every adapter (pages, REST, GraphQL) goes through these. */
export function createServices(database: Database) {
  return {
    catalog: createCatalog(database.db),
    cart: createCarts(database.db),
  };
}

export type Services = ReturnType<typeof createServices>;
