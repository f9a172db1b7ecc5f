import { z } from "zod";
import { emailField } from "../accounts/index.ts";

/*
 * One schema per input of the newsletter; the sign-up form, the confirm and unsubscribe pages and
 * the shop API (/subscriptions) all parse with these. The address is lower-cased and trimmed as
 * an account's is, so one address is one subscription and matches its account.
 */

/** Where a sign-up was made: kept with the consent. */
export const NEWSLETTER_SOURCES = ["footer", "launch", "account", "api"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export const subscribeInput = z.object({
  email: emailField,
  source: z.enum(NEWSLETTER_SOURCES, { error: `Choose a source: ${NEWSLETTER_SOURCES.join(", ")}.` }).default("api"),
});
