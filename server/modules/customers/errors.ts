import { ShopError } from "../../lib/shop-error.ts";

/*
 * The account area's failures, as ShopErrors (ADR 34). Another customer's address or order is
 * "not found", exactly like an id that does not exist, so ids reveal nothing about other accounts.
 * A field's error is the shared invalidInput().
 */

/** The session's account is gone (deleted after the session was checked). */
export const accountNotFound = () => new ShopError("ACCOUNT_NOT_FOUND", "This account no longer exists.");

export const addressNotFound = () => new ShopError("ADDRESS_NOT_FOUND", "This address does not exist.");

export const orderNotFound = () => new ShopError("ORDER_NOT_FOUND", "This order does not exist.");

/** The customer already keeps as many addresses as allowed (`limit`). */
export const addressLimitReached = (limit: number) =>
  new ShopError("ADDRESS_LIMIT_REACHED", `You can keep at most ${limit} addresses. Delete one to add another.`, {
    details: { limit },
  });
