import { z } from "zod";
import { emailField } from "../accounts/index.ts";
import { SUBSCRIBER_SORTS, SUBSCRIBER_STATUSES } from "./shared.ts";

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

/** "" (an empty form field) and [] read as absent: a filter form sent with nothing chosen is no filter. */
const blank = (value: unknown) => (value === "" || (Array.isArray(value) && value.length === 0) ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** The back office's subscriber list (ADR 77), as its address carries it. */
export const subscribersListInput = z.object({
  /** Part of the address, any case; `%` and `_` are the characters they are. */
  q: optional(z.string().trim().toLowerCase().max(320, "Search with at most 320 characters.")),
  status: optional(z.enum(SUBSCRIBER_STATUSES, { error: "Choose a status from the list." })),
  sort: z.preprocess(blank, z.enum(SUBSCRIBER_SORTS, { error: "Sort by signup, email or confirmed." }).default("signup")),
  dir: z.preprocess(blank, z.enum(["asc", "desc"], { error: "Sort asc or desc." }).default("desc")),
  page: z.preprocess(
    blank,
    z.coerce
      .number({ error: "The page must be a whole number." })
      .int("The page must be a whole number.")
      .min(1, "Pages start at 1.")
      .max(1_000_000, "There are not that many pages.")
      .default(1),
  ),
});
export type SubscribersListParams = z.output<typeof subscribersListInput>;
