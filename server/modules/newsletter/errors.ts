import { ShopError } from "../../lib/shop-error.ts";

/*
 * The newsletter's failures, as ShopErrors (ADR 34). A link that does not work says what to do
 * next; `details.reason` tells an API client which case it was.
 */

export const unknownConfirmLink = () =>
  new ShopError(
    "INVALID_CODE",
    "This confirmation link is not valid (or the address has unsubscribed since). Sign up again to get a new one.",
    { details: { reason: "unknown" } },
  );

export const expiredConfirmLink = () =>
  new ShopError("INVALID_CODE", "This confirmation link has expired. Sign up again and we will send you a new one.", {
    details: { reason: "expired" },
  });

export const unknownUnsubscribeLink = () =>
  new ShopError(
    "INVALID_CODE",
    "This unsubscribe link is not valid. Use the link in the newest newsletter, or turn the newsletter off in your account.",
    { details: { reason: "unknown" } },
  );

export const tooManySignUps = (retryAfterSeconds: number) =>
  new ShopError("TOO_MANY_REQUESTS", "Too many sign-ups from your connection. Please wait a few minutes and try again.", {
    retryAfterSeconds,
  });
