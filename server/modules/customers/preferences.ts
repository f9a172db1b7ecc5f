import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import {
  COMMUNICATION_CHANNELS,
  COMMUNICATION_TOPICS,
  communicationPreferenceLog,
  communicationPreferences,
} from "../../db/schema/index.ts";
import { lockCustomer } from "./lock.ts";
import { parseInput } from "../../lib/shop-error.ts";
import { withTransaction, type Scope } from "../../lib/scope.ts";
import { preferenceLogInput, preferencesInput } from "./schemas.ts";

export type CommunicationTopic = (typeof COMMUNICATION_TOPICS)[number];
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

/** Where a change of consent was made; kept with every change in the log. */
export type PreferenceSource = "account-page" | "api" | "graphql" | "newsletter";

/** One topic on one channel, switched on or off. */
export interface PreferenceChange {
  topic: CommunicationTopic;
  channel: CommunicationChannel;
  optedIn: boolean;
}

/**
 * Told of each real change a customer makes, inside its transaction (the customer's row is
 * locked): the newsletter's list follows the newsletter-by-e-mail preference (ADR 40).
 */
export type PreferenceListener = (scope: Scope, userId: number, change: PreferenceChange) => Promise<void>;

/** One topic on one channel, as the customer has chosen it or as the shop's default has it. */
export interface PreferenceView {
  topic: CommunicationTopic;
  channel: CommunicationChannel;
  optedIn: boolean;
  /** When the customer last changed it (ISO 8601); null while it is the default. */
  updatedAt: string | null;
}

/** One entry of the consent record. */
export interface PreferenceChangeView {
  topic: CommunicationTopic;
  channel: CommunicationChannel;
  optedIn: boolean;
  source: string;
  changedAt: string;
}

/**
 * Before a customer chooses, only order updates by e-mail are on: they are part of buying, while
 * marketing needs a customer's own opt-in.
 */
export function defaultOptIn(topic: CommunicationTopic, channel: CommunicationChannel): boolean {
  return topic === "order-updates" && channel === "email";
}

/**
 * Writes one choice and logs it with `source`, when it is a change; answers whether it was. Runs
 * in the caller's transaction `tx`, which has locked the customer (lockCustomer). Listeners are
 * not told: this is also how another module (the newsletter) records a change it made itself.
 */
export async function writePreference(tx: Db, userId: number, change: PreferenceChange, source: PreferenceSource) {
  const { topic, channel, optedIn } = change;
  const [row] = await tx
    .select({ optedIn: communicationPreferences.optedIn })
    .from(communicationPreferences)
    .where(
      and(
        eq(communicationPreferences.userId, userId),
        eq(communicationPreferences.topic, topic),
        eq(communicationPreferences.channel, channel),
      ),
    );
  if ((row?.optedIn ?? defaultOptIn(topic, channel)) === optedIn) return false;
  await storePreference(tx, userId, change, source);
  return true;
}

/** Keeps the choice and adds it to the consent record. */
async function storePreference(tx: Db, userId: number, { topic, channel, optedIn }: PreferenceChange, source: PreferenceSource) {
  await tx
    .insert(communicationPreferences)
    .values({ userId, topic, channel, optedIn })
    .onConflictDoUpdate({
      target: [communicationPreferences.userId, communicationPreferences.topic, communicationPreferences.channel],
      set: { optedIn, updatedAt: sql`now()` },
    });
  await tx.insert(communicationPreferenceLog).values({ userId, topic, channel, optedIn, source });
}

/**
 * Communication preferences per topic and channel, with a record of every change of consent
 * (when, what, and through which door) that is only ever added to. `onChange` hears of each
 * change a customer makes.
 */
export function createPreferences(options: { onChange?: PreferenceListener } = {}) {
  async function preferences(scope: Scope, userId: number): Promise<PreferenceView[]> {
    const rows = await scope.db.select().from(communicationPreferences).where(eq(communicationPreferences.userId, userId));
    const chosen = new Map(rows.map((row) => [`${row.topic}/${row.channel}`, row]));
    return COMMUNICATION_TOPICS.flatMap((topic) =>
      COMMUNICATION_CHANNELS.map((channel) => {
        const row = chosen.get(`${topic}/${channel}`);
        return {
          topic,
          channel,
          optedIn: row?.optedIn ?? defaultOptIn(topic, channel),
          updatedAt: row?.updatedAt.toISOString() ?? null,
        };
      }),
    );
  }

  return {
    /** Every topic on every channel, topics and channels in the schema's order. */
    preferences,

    /**
     * Applies opt-ins and opt-outs, all or none. Only a real change (a value other than the
     * current one) is written and logged, with `source`; sending the page's whole form again
     * logs nothing new. Answers every preference as it now is.
     */
    async updatePreferences(scope: Scope, userId: number, raw: unknown, source: PreferenceSource): Promise<PreferenceView[]> {
      const changes = parseInput(preferencesInput, raw, "preferences");
      await withTransaction(scope, async (inTransaction) => {
        const tx = inTransaction.db;
        await lockCustomer(tx, userId);
        const rows = await tx.select().from(communicationPreferences).where(eq(communicationPreferences.userId, userId));
        const current = new Map(rows.map((row) => [`${row.topic}/${row.channel}`, row.optedIn]));
        for (const change of changes) {
          const { topic, channel, optedIn } = change;
          if ((current.get(`${topic}/${channel}`) ?? defaultOptIn(topic, channel)) === optedIn) continue;
          current.set(`${topic}/${channel}`, optedIn);
          await storePreference(tx, userId, change, source);
          await options.onChange?.(inTransaction, userId, change);
        }
      });
      return preferences(scope, userId);
    },

    /** The newest `limit` changes of consent (default 20, at most 100), newest first. */
    async preferenceLog(scope: Scope, userId: number, limit?: unknown): Promise<PreferenceChangeView[]> {
      const input = parseInput(preferenceLogInput, { limit });
      const rows = await scope.db
        .select()
        .from(communicationPreferenceLog)
        .where(eq(communicationPreferenceLog.userId, userId))
        .orderBy(desc(communicationPreferenceLog.changedAt), desc(communicationPreferenceLog.id))
        .limit(input.limit);
      return rows.map((row) => ({
        topic: row.topic,
        channel: row.channel,
        optedIn: row.optedIn,
        source: row.source,
        changedAt: row.changedAt.toISOString(),
      }));
    },
  };
}
