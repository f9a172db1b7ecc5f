import type { Scope } from "../../lib/scope.ts";
import { addressKey } from "../rate-limit/index.ts";
import { tooManyPromoTries } from "./errors.ts";
import type { CheckoutLimits } from "./limits.ts";

/**
 * Counting the promo codes a visitor tries (ADR 50), so that codes cannot be guessed by the
 * hundred: every check counts against the client address and the bag before the code is looked
 * at (so a burst at once is counted too), and a check whose code exists is given back (accepted,
 * or refused for its terms: minimum spend, dates, used up), so a shopper whose page is priced
 * again and again with a real code never comes near the limit; unknown codes are the guesses.
 */
export interface PromoTries {
  /** Counts a check; TOO_MANY_REQUESTS (on `promoCode`) past either limit. */
  count(): Promise<void>;
  /** Gives the check back: its code exists (accepted, or refused for its terms). */
  known(): Promise<void>;
}

export function promoTries(limits: CheckoutLimits, scope: Scope, cartId: number): PromoTries {
  const address = addressKey(scope.visitor.ip);
  const bag = String(cartId);
  return {
    async count() {
      const [from, of] = await Promise.all([limits.promoFromAddress.hit(address), limits.promoForBag.hit(bag)]);
      if (from.limited || of.limited) throw tooManyPromoTries(Math.max(from.retryAfterSeconds, of.retryAfterSeconds));
    },
    async known() {
      await Promise.all([limits.promoFromAddress.release(address), limits.promoForBag.release(bag)]);
    },
  };
}
