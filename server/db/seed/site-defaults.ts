import type { Db } from "../client.ts";
import { featureFlags, siteSettings } from "../schema/index.ts";

export const defaultSettings: Record<string, unknown> = {
  announcement: "Free returns within 30 days on every pair of gloves.",
  contactEmail: "hello@shop.example",
};

export const defaultFlags: readonly { key: string; enabled: boolean; description: string }[] = [
  { key: "membership", enabled: true, description: "Member accounts and members-only products." },
  { key: "news", enabled: true, description: "The news section and its links." },
  { key: "compare", enabled: true, description: "Side-by-side product comparison." },
  { key: "launch", enabled: false, description: "Launch mode: a coming-soon page instead of the shop." },
];

/** Adds the default settings and flags that are missing; values the owner has set are kept. */
export async function seedSiteDefaults(db: Db): Promise<void> {
  await db
    .insert(siteSettings)
    .values(Object.entries(defaultSettings).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(featureFlags)
    .values([...defaultFlags])
    .onConflictDoNothing();
}
