// What pages may share of the newsletter module (ADR 53): plain values and words, no server code.

/** A subscription's state (the table's, ADR 40): only `confirmed` addresses get newsletters. */
export const SUBSCRIBER_STATUSES = ["confirmed", "pending", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** The states as the back office names them: a pending address waits for its confirmation. */
export const SUBSCRIBER_STATUS_WORDS: Readonly<Record<SubscriberStatus, string>> = {
  confirmed: "Confirmed",
  pending: "Waiting",
  unsubscribed: "Unsubscribed",
};

/** The subscriber list's sorts (ADR 77): when signed up, the address, when confirmed. */
export const SUBSCRIBER_SORTS = ["signup", "email", "confirmed"] as const;
export type SubscriberSort = (typeof SUBSCRIBER_SORTS)[number];

/** Rows on a page of the subscriber list, as every back-office table. */
export const SUBSCRIBERS_PAGE_SIZE = 50;

/** How many weeks the counts over time go back, this week included. */
export const SUBSCRIBER_WEEKS = 12;

/** The export's columns (ADR 77): what a mailing tool imports. */
export const SUBSCRIBERS_CSV_COLUMNS = ["E-mail", "Confirmed at (UTC)", "Source", "Unsubscribe link"] as const;
