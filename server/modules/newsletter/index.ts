import type { Scope } from "../../lib/scope.ts";
import type { PreferenceChange } from "../customers/index.ts";
import { confirm } from "./confirm.ts";
import { createKit, type NewsletterDeps } from "./kit.ts";
import { preferenceChanged } from "./preference-changed.ts";
import { subscribe } from "./subscribe.ts";
import { isUnsubscribeToken, unsubscribe } from "./unsubscribe.ts";

export { CONFIRM_DAYS, type NewsletterDeps } from "./kit.ts";
export { listUnsubscribeHeaders } from "./list-unsubscribe.ts";
export { NEWSLETTER_SOURCES, type NewsletterSource } from "./schemas.ts";
export type { Confirmed } from "./confirm.ts";
export type { SignUpAnswer } from "./subscribe.ts";
export type { Unsubscribed } from "./unsubscribe.ts";

/**
 * The newsletter (ADR 40): sign-up with double opt-in, confirmation, one-click unsubscribe, and
 * the tie to the customer's communication preferences. Every function takes the request's scope
 * first and parses raw input with the module's schemas, for the pages and the shop API alike.
 * Mails go through the mail outbox, written in the change's transaction.
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
  };
}

export type Newsletter = ReturnType<typeof createNewsletter>;
