import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { siteSettings } from "../../db/schema/index.ts";
import { afterCommit, withTransaction } from "../../lib/scope.ts";
import { parseInput, ShopError } from "../../lib/shop-error.ts";
import { diffFields, recordAudit, type StaffScope } from "../audit/index.ts";
import { flat, merged, SETTING_KEYS, SettingsInput, StoredSettings, type ShopSettings, type Stored } from "./schema.ts";

export { ibanValid, compactIban } from "./iban.ts";
export { SETTING_KEYS, SettingsInput, type SettingKey, type ShopSettings } from "./schema.ts";

/*
 * The shop's settings (issue 25 §5, ADR 68): one site_settings row ("shop") holds what the owner
 * set; whatever it does not hold is the environment's (SHOP_LEGAL_NAME, BANK_IBAN, ...), which
 * stays the default of a shop nobody configured. Readers (invoices, transfer instructions, placing
 * an order, low stock) ask read(db) each time: served from memory for a few seconds, dropped at
 * once when this process commits a change; another process sees it within the few seconds.
 *
 * read(db) loads through the handle it is given, so a reader inside a transaction (placing an
 * order on the embedded database's one connection) never waits for a second connection.
 */

const KEY = "shop";
const TTL_MS = 5_000;

/** The settings and their version (the row's updated_at; "" while nothing is stored). */
export interface SettingsView {
  settings: ShopSettings;
  version: string;
}

export type ShopSettingsReader = (db: Db) => Promise<ShopSettings>;

async function storedRow(db: Db, lock = false): Promise<{ stored: Stored; version: string } | null> {
  const query = db.select().from(siteSettings).where(eq(siteSettings.key, KEY));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) return null;
  // A value someone broke by hand reads as nothing stored rather than failing every invoice.
  const parsed = StoredSettings.safeParse(row.value);
  return { stored: parsed.success ? parsed.data : {}, version: row.updatedAt.toISOString() };
}

export function createShopSettings(defaults: ShopSettings) {
  let cached: { view: SettingsView; at: number } | undefined;
  let generation = 0;

  async function view(db: Db): Promise<SettingsView> {
    if (cached && Date.now() - cached.at < TTL_MS) return cached.view;
    const started = generation;
    const row = await storedRow(db);
    const fresh = { settings: merged(defaults, row?.stored ?? {}), version: row?.version ?? "" };
    // A read that began before a change committed must not put the old settings back.
    if (started === generation) cached = { view: fresh, at: Date.now() };
    return fresh;
  }

  return {
    /** The settings as the shop uses them now. */
    read: (async (db) => (await view(db)).settings) as ShopSettingsReader,
    /** The settings with their version, for the settings page (always read afresh). */
    async view(db: Db): Promise<SettingsView> {
      cached = undefined;
      return view(db);
    },
    /** The settings the environment gives (shown beside the form as what an empty shop uses). */
    defaults: () => defaults,
    /**
     * Saves the settings form (SettingsInput): refused with STALE_VERSION when the settings changed
     * since the page was read; audited as settings.changed with the keys that changed.
     */
    async change(scope: StaffScope, raw: unknown): Promise<{ changed: string[] }> {
      const { version, ...input } = parseInput(SettingsInput, raw);
      const next = flat({
        legalName: input.legalName,
        address: input.address,
        vatId: input.vatId,
        bank: { accountHolder: input.accountHolder, iban: input.iban, bic: input.bic },
        reservationDays: input.reservationDays,
        lowStockAt: input.lowStockAt,
      });
      const changed = await withTransaction(scope, async (tx) => {
        let row = await storedRow(tx.db, true);
        const stale = () =>
          new ShopError("STALE_VERSION", "The shop's settings changed since the page was read.", {
            details: { changedAt: row?.version },
          });
        if ((row?.version ?? "") !== version) throw stale();
        if (!row) {
          // Two first saves at once: the second finds the row taken and is stale.
          const made = await tx.db
            .insert(siteSettings)
            .values({ key: KEY, value: {} })
            .onConflictDoNothing()
            .returning({ key: siteSettings.key });
          if (made.length === 0) throw stale();
          row = { stored: {}, version: "" };
        }
        const before = flat(merged(defaults, row.stored));
        const changes = diffFields(before, next, SETTING_KEYS);
        await tx.db
          .update(siteSettings)
          .set({ value: next, updatedAt: sql`now()` })
          .where(eq(siteSettings.key, KEY));
        await recordAudit(tx, { action: "settings.changed", entityType: "settings", entityId: KEY, changes });
        return Object.keys(changes);
      });
      // Dropped once committed (at once when this was its own transaction).
      afterCommit(scope, () => {
        generation++;
        cached = undefined;
      });
      return { changed };
    },
  };
}

export type ShopSettingsService = ReturnType<typeof createShopSettings>;
