import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { featureFlags, siteSettings } from "../../db/schema/index.ts";
import { PART_DEFAULTS } from "./defaults.ts";
import { initialFlag, KNOWN_FLAGS } from "./flag-words.ts";
import { PART_SCHEMAS } from "./schemas.ts";
import type { Contact, Flags, Footer, LaunchText, Navigation, SiteData, Social, StoredPart, Trust } from "./words.ts";

/*
 * The site's data as stored (ADR 76): a site_settings row per part (navigation, footer, contact,
 * trust, social, launch), whatever is not stored being its default; and the feature_flags rows.
 * Two queries, by primary key and a table of a few rows.
 */

export const STORED_PARTS: readonly StoredPart[] = ["navigation", "footer", "contact", "trust", "social", "launch"];

/** One part as stored: its value (the default when none) and its version (the row's updated_at; "" when none). */
export interface StoredValue<T = unknown> {
  value: T;
  version: string;
}

export interface FlagRow {
  key: string;
  enabled: boolean;
  description: string;
  /** The row's updated_at; "" for a known flag that has no row yet. */
  version: string;
}

export interface Stored {
  parts: { [K in StoredPart]: StoredValue };
  /** The known flags (with or without a row), then any other flag the shop has, by key. */
  flags: FlagRow[];
}

/** A stored value checked by its part's schema; one someone broke by hand reads as the default rather than failing every page. */
export function storedValue(part: StoredPart, raw: unknown): unknown {
  const parsed = PART_SCHEMAS[part].safeParse(raw);
  return parsed.success ? parsed.data : PART_DEFAULTS[part];
}

export async function readStored(db: Db): Promise<Stored> {
  const [rows, flagRows] = await Promise.all([
    db
      .select()
      .from(siteSettings)
      .where(inArray(siteSettings.key, [...STORED_PARTS])),
    db.select().from(featureFlags),
  ]);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const parts = Object.fromEntries(
    STORED_PARTS.map((part) => {
      const row = byKey.get(part);
      return [
        part,
        row
          ? { value: storedValue(part, row.value), version: row.updatedAt.toISOString() }
          : { value: PART_DEFAULTS[part], version: "" },
      ];
    }),
  ) as Stored["parts"];
  const flagsByKey = new Map(flagRows.map((row) => [row.key, row]));
  const flags: FlagRow[] = KNOWN_FLAGS.map((known) => {
    const row = flagsByKey.get(known.key);
    return row
      ? { key: row.key, enabled: row.enabled, description: row.description, version: row.updatedAt.toISOString() }
      : { key: known.key, enabled: known.initially, description: "", version: "" };
  });
  for (const row of [...flagRows].sort((a, b) => a.key.localeCompare(b.key))) {
    if (!KNOWN_FLAGS.some((known) => known.key === row.key))
      flags.push({ key: row.key, enabled: row.enabled, description: row.description, version: row.updatedAt.toISOString() });
  }
  return { parts, flags };
}

/** Every flag by key, as GET /data's `flags` answers them. */
export function flagsOf(stored: Stored): Flags {
  return Object.fromEntries(stored.flags.map((flag) => [flag.key, flag.enabled]));
}

/**
 * The whole of GET /data. `contactEmail` is the shop's contact address where the owner has given
 * none (the CONTACT_EMAIL setting, ADR 79).
 */
export function siteDataOf(stored: Stored, contactEmail: string | null = null): SiteData {
  const flags = flagsOf(stored);
  const { parts } = stored;
  const contact = parts.contact.value as Contact;
  return {
    navigation: parts.navigation.value as Navigation,
    footer: parts.footer.value as Footer,
    contact: contact.email === null && contactEmail !== null ? { ...contact, email: contactEmail } : contact,
    trust: parts.trust.value as Trust,
    social: parts.social.value as Social,
    launch: { ...(parts.launch.value as LaunchText), mode: flags.launch ?? initialFlag("launch") },
    flags,
  };
}
