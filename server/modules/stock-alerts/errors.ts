import { ShopError } from "../../lib/shop-error.ts";
import { stockShown } from "../catalog/index.ts";

/*
 * The back-in-stock requests' refusals, as ShopErrors (ADR 34). Each says what to do instead;
 * `details.reason` tells an API client which case it was.
 */

export const optionNotFound = () =>
  new ShopError("VARIANT_NOT_FOUND", "This option is not in the shop (any more).", { field: "variantId" });

/** `details` say what a page should show of the option now (as a live stock change does: the count only when few are left). */
export const optionInStock = (stock: number) =>
  new ShopError("INVALID_INPUT", "This option is in stock now: you can add it to your bag.", {
    field: "variantId",
    details: { reason: "in-stock", ...stockShown(stock) },
  });

export const tooManyFromVisitor = (retryAfterSeconds: number) =>
  new ShopError("TOO_MANY_REQUESTS", "Too many requests from your connection. Please wait a few minutes and try again.", {
    retryAfterSeconds,
  });

export const tooManyForAddress = (retryAfterSeconds: number) =>
  new ShopError(
    "TOO_MANY_REQUESTS",
    "This address has asked to be told about many options in the last hour. Please try again later.",
    { retryAfterSeconds },
  );

/** The shop-wide ceiling of confirmation mails an hour: nobody's fault in particular, so said as the shop's. */
export const tooManyForShop = (retryAfterSeconds: number) =>
  new ShopError("TOO_MANY_REQUESTS", "We are taking too many back-in-stock requests at the moment. Please try again later.", {
    retryAfterSeconds,
    details: { reason: "shop-busy" },
  });

/** Cancelled requests are deleted and an answered one's first link stops working: one answer for all. */
export const unknownCancelLink = () =>
  new ShopError(
    "INVALID_CODE",
    "This link no longer works: its request has been cancelled, or has ended with its back-in-stock mail. No more mail about it will come.",
    { details: { reason: "unknown" } },
  );
