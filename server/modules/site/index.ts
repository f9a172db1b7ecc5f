import type { Db } from "../../db/client.ts";
import { cachedRead } from "../../lib/cached-read.ts";
import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import type { MenuCategory } from "../catalog/index.ts";
import { changePart, changePartRow } from "./change-part.ts";
import { initialFlag } from "./flag-words.ts";
import { readStored } from "./read.ts";
import { setFlag } from "./set-flag.ts";
import { makeSnapshot, type Answer } from "./snapshot.ts";
import type { Signer } from "./view.ts";
import { SITE_DATA_KEYS, type SiteDataKey, type StoredPart } from "./words.ts";

export { KNOWN_FLAGS, initialFlag, type KnownFlag } from "./flag-words.ts";
export { launchPage } from "./launch-page.ts";
export type { FlagRow, Stored, StoredValue } from "./read.ts";
export type { Answer } from "./snapshot.ts";
export type { MenuEntry, SiteView, ViewLink } from "./view.ts";
export * from "./words.ts";
export { linkProblem } from "./schemas.ts";

/**
 * How old the site's data and flags may be in a process that did not make the change (another
 * app process on the same PostgreSQL): every page reads them, and they change rarely.
 */
export const SITE_DATA_CACHE_MS = 5_000;

export interface SiteOptions {
  cacheMs?: number;
  /** Signs links to other sites for the external-site notice (ADR 43). */
  sign?: Signer;
  /** The shop's contact address while the owner has set none in the site's data (CONTACT_EMAIL, ADR 79). */
  contactEmail?: string;
}

/**
 * The site's own data (issue 26 §4, ADR 76) and the owner's feature flags (ADR 35): what every
 * page shows around its content (menu, footer, contact, trust bar, social links), the launch,
 * and which features are on. GET /data, the pages and the guards read the same snapshot, served
 * from memory; a change made in this process drops it at once (and moves the stamp, so the page
 * cache serves no page from before), another process's within SITE_DATA_CACHE_MS.
 */
export function createSite(db: Db, options: SiteOptions = {}) {
  let generation = 0;
  let lastFingerprint: string | undefined;
  const snapshot = cachedRead(async () => {
    const read = makeSnapshot(await readStored(db), options);
    // A reading that finds what another process changed moves the stamp too.
    if (lastFingerprint !== undefined && read.fingerprint !== lastFingerprint) generation++;
    lastFingerprint = read.fingerprint;
    return read;
  }, options.cacheMs ?? SITE_DATA_CACHE_MS);
  const committed = () => {
    generation++;
    snapshot.invalidate();
  };
  return {
    /** Whether the owner has the feature on; a known flag without a row is as it starts, any other feature is on. */
    async featureEnabled(key: string): Promise<boolean> {
      return (await snapshot()).data.flags[key] ?? initialFlag(key);
    },
    /** The whole of the site's data, as GET /data answers it. */
    data: async () => (await snapshot()).data,
    /** GET /data's body and ETag, for all of it or one part; null for a key that is no part. */
    async answer(key?: string): Promise<Answer | null> {
      if (key !== undefined && !(SITE_DATA_KEYS as readonly string[]).includes(key)) return null;
      return (await snapshot()).answer(key as SiteDataKey | undefined);
    },
    /** What the pages show of it (links signed), one object while the data stays the same. */
    view: async () => (await snapshot()).view(),
    /** The header's menu, with the catalogue's categories in their place. */
    menu: async (categories: readonly MenuCategory[]) => (await snapshot()).menu(categories),
    /** Names the data the pages show now: the page cache keeps no page past a change (ADR 21, 64). */
    stamp: () => String(generation),
    /** The stored parts and flags with their versions, read afresh (the back office's forms). */
    edit: (scope: Scope) => readStored(scope.db),
    /** Saves one part (its schema, its version, audited); the shop shows it at the next request. */
    changePart: (scope: StaffScope, part: StoredPart, raw: unknown) => changePart(scope, part, raw, committed),
    /** Moves or removes one row of a part's list as stored ("up:2", "remove:1.3", "add-categories"). */
    changePartRow: (scope: StaffScope, part: StoredPart, raw: unknown) => changePartRow(scope, part, raw, committed),
    /** Turns a flag on or off (its version, audited); the shop follows at the next request. */
    setFlag: (scope: StaffScope, raw: unknown) => setFlag(scope, raw, committed),
    /** Drops what is held; a writer of flags or site data elsewhere in this process (the content API) calls it after its commit. */
    invalidate: committed,
  };
}

export type Site = ReturnType<typeof createSite>;
