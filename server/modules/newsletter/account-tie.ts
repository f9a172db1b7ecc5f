import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";
import { writePreference } from "../customers/index.ts";

/*
 * The newsletter and a customer's communication preferences are one choice (ADR 40): the
 * preference "Newsletter by e-mail" of the account with the subscription's address. Confirming
 * a subscription turns it on, unsubscribing turns it off (logged with source "newsletter"); the
 * customer turning it on or off in the account signs the address up or off (preference-changed.ts).
 */

/** Locks the account with `email`, if there is one, and answers its id: before its subscription row. */
export async function lockAccountOf(db: Db, email: string): Promise<number | null> {
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).for("update");
  return account?.id ?? null;
}

/** Sets the account's newsletter-by-e-mail preference, logged as the newsletter's doing (nothing when it is so already). */
export async function setNewsletterPreference(db: Db, userId: number, optedIn: boolean): Promise<void> {
  await writePreference(db, userId, { topic: "newsletter", channel: "email", optedIn }, "newsletter");
}
