import type { PublicEnv } from "./env.ts";
import type { CurrentSession } from "./modules/accounts/index.ts";
import type { Visitor } from "./modules/rate-limit/index.ts";
import type { Services } from "./services.ts";

/** What every loader and action receives as `context`. */
export interface ShopLoadContext {
  services: Services;
  env: PublicEnv;
  /** The logged-in customer's session, read from the auth cookie once per request; null for guests. */
  session: CurrentSession | null;
  /** The visitor's address, which per-address rate limits key on. */
  visitor: Visitor;
  /** The nonce of this page's inline scripts (server/http/security-headers.ts); only app/entry.server.tsx reads it. */
  cspNonce?: string;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopLoadContext {}
}
