import type { PublicEnv } from "./env.ts";
import type { Services } from "./services.ts";

/** What every loader and action receives as `context`. */
export interface ShopLoadContext {
  services: Services;
  env: PublicEnv;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopLoadContext {}
}
