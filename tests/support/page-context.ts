import type { PageContext } from "../../server/context.ts";
import type { Database } from "../../server/db/client.ts";
import { parseEnv, publicEnv } from "../../server/env.ts";
import type { Services } from "../../server/services.ts";
import { ANY_VISITOR } from "../../server/modules/catalog/sellable.ts";

/** A page's request context for tests that call a page's server code directly: a guest, from `ip`. */
export function testPageContext(
  shop: { services: Services; database: Database },
  overrides: Partial<PageContext> & { ip?: string } = {},
): PageContext {
  const { ip = "203.0.113.1", ...rest } = overrides;
  return {
    db: shop.database.db,
    visitor: { ip },
    services: shop.services,
    env: publicEnv(parseEnv({})),
    cookies: { secure: false },
    guestBag: null,
    token: null,
    session: null,
    viewer: async () => ANY_VISITOR,
    crossSite: false,
    requestId: "test-request",
    ...rest,
  };
}
