import type { Db } from "../client.ts";
import { featureFlags, siteSettings } from "../schema/index.ts";
import { LAUNCH_IN_DAYS } from "./pages-data.ts";

const DAY = 24 * 60 * 60 * 1000;

/*
 * The header, footer, contact details, trust bar and social links need no rows: what is not
 * stored is the site's default, the demo shop's (server/modules/site/defaults.ts, ADR 76). The
 * demo's launch is seeded: three weeks ahead, as the /launch page's countdown.
 */
export const defaultSettings = (now: Date): Record<string, unknown> => ({
  launch: {
    at: new Date(now.getTime() + LAUNCH_IN_DAYS * DAY).toISOString(),
    headline: "The next drop is coming",
    text: "A new match glove range is nearly here. Count down with us and be first to know when it lands.",
  },
});

export const defaultFlags: readonly { key: string; enabled: boolean; description: string }[] = [
  { key: "membership", enabled: true, description: "Member accounts and members-only products." },
  { key: "news", enabled: true, description: "The news section and its links." },
  { key: "compare", enabled: true, description: "Side-by-side product comparison." },
  { key: "launch", enabled: false, description: "Launch mode: a coming-soon page instead of the shop." },
  { key: "analytics", enabled: true, description: "The visitor-analytics tag, when one is configured." },
];

/** Adds the default settings and flags that are missing; values the owner has set are kept. */
export async function seedSiteDefaults(db: Db, now = new Date()): Promise<void> {
  await db
    .insert(siteSettings)
    .values(Object.entries(defaultSettings(now)).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
  await db
    .insert(featureFlags)
    .values([...defaultFlags])
    .onConflictDoNothing();
}
