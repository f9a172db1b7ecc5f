import type { Db } from "../../db/client.ts";
import { featureFlags } from "../../db/schema/index.ts";
import { cachedRead } from "../../lib/cached-read.ts";

/**
 * How old the shop's feature flags may be. The owner turns a feature off rarely, and every page
 * of that feature asks: one query per page view would cost more than a few seconds of delay.
 */
export const FLAGS_CACHE_MS = 5_000;

/** The owner's switches for whole features of the shop (feature_flags: compare, news, membership, launch). */
export function createSite(db: Db, options: { cacheMs?: number } = {}) {
  const flags = cachedRead(async () => {
    const rows = await db.select({ key: featureFlags.key, enabled: featureFlags.enabled }).from(featureFlags);
    return new Map(rows.map((row) => [row.key, row.enabled]));
  }, options.cacheMs ?? FLAGS_CACHE_MS);
  return {
    /** Whether the owner has the feature on; a feature without a flag is on. */
    async featureEnabled(key: string): Promise<boolean> {
      return (await flags()).get(key) ?? true;
    },
    /** Drops the cached flags; a writer in this process calls it after a change. */
    invalidate: () => flags.invalidate(),
  };
}

export type Site = ReturnType<typeof createSite>;
