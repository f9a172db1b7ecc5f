import type { Scope } from "../../lib/scope.ts";
import type { StaffScope } from "../audit/index.ts";
import type { PreferenceChange } from "../customers/index.ts";
import { confirm } from "./confirm.ts";
import { exportConfirmed } from "./export.ts";
import { createKit, type NewsletterDeps } from "./kit.ts";
import { preferenceChanged } from "./preference-changed.ts";
import { subscribe } from "./subscribe.ts";
import { subscribersList, subscriberTotals } from "./subscribers.ts";
import { isUnsubscribeToken, unsubscribe } from "./unsubscribe.ts";
import { subscriberWeeks } from "./weeks.ts";

export { CONFIRM_DAYS, type NewsletterDeps } from "./kit.ts";
export { listUnsubscribeHeaders } from "./list-unsubscribe.ts";
export { NEWSLETTER_SOURCES, type NewsletterSource } from "./schemas.ts";
export type { Confirmed } from "./confirm.ts";
export type { SignUpAnswer } from "./subscribe.ts";
export type { Unsubscribed } from "./unsubscribe.ts";
export type { SubscriberRow, SubscribersPage } from "./subscribers.ts";
export type { SubscriberWeek } from "./weeks.ts";
export type { SubscribersExport } from "./export.ts";
export type { SubscribersListParams } from "./schemas.ts";

/**
 * The newsletter (ADR 40): sign-up with double opt-in, confirmation, one-click unsubscribe, and
 * the tie to the customer's communication preferences. Every function takes the request's scope
 * first and parses raw input with the module's schemas, for the pages and the shop API alike.
 * Mails go through the mail outbox, written in the change's transaction. The back office reads
 * the list and exports it for the shop's mailing tool (ADR 77); the shop sends no campaigns.
 */
export function createNewsletter(deps: NewsletterDeps) {
  const kit = createKit(deps);
  return {
    subscribe: (scope: Scope, raw: unknown) => subscribe(kit, scope, raw),
    confirm: (scope: Scope, raw: unknown) => confirm(kit, scope, raw),
    unsubscribe: (scope: Scope, raw: unknown) => unsubscribe(kit, scope, raw),
    isUnsubscribeToken: (token: string | null) => isUnsubscribeToken(kit, token),
    /** The customers module's listener: the account's newsletter preference signs the address up or off. */
    preferenceChanged: (scope: Scope, userId: number, change: PreferenceChange) => preferenceChanged(kit, scope, userId, change),
    /** The unsubscribe link of the subscription with `unsubscribeKey`, for every marketing mail (with listUnsubscribeHeaders). */
    unsubscribeLink: kit.unsubscribeLink,
    /** The back office's list: `raw` { q?, status?, sort?, dir?, page? }; `now` tells which waiting links expired. */
    subscribers: (scope: Scope, raw: unknown = {}, now?: Date) => subscribersList(scope, raw, now),
    /** How many addresses are confirmed, waiting and unsubscribed now. */
    totals: (scope: Scope) => subscriberTotals(scope),
    /** Sign-ups, confirmations and unsubscribes per week, the last 12 weeks up to `now`. */
    weeks: (scope: Scope, now?: Date) => subscriberWeeks(scope, now),
    /** The confirmed addresses as CSV for a mailing tool: a second factor within 10 minutes, audited. */
    exportConfirmed: (scope: StaffScope, sessionId: string, now?: Date) => exportConfirmed(kit, scope, sessionId, now),
  };
}

export type Newsletter = ReturnType<typeof createNewsletter>;
