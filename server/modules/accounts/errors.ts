import { ShopError } from "../../lib/shop-error.ts";

/*
 * The accounts module's failures, as ShopErrors (ADR 34). Messages are written for the visitor
 * and never say which part of a login was wrong. A field's error is the shared invalidInput().
 */

export const invalidCredentials = () => new ShopError("INVALID_CREDENTIALS", "Invalid identifier or password.");

/** Only said after the right password was given, so it tells an attacker nothing new. */
export const accountBlocked = () => new ShopError("ACCOUNT_BLOCKED", "Your account has been blocked. Please contact us.");

export const accountTaken = () => new ShopError("ACCOUNT_TAKEN", "This e-mail address or user name is already taken.");

/** A reset or confirmation code that is unknown, used, expired, or for something else. */
export const invalidCode = () =>
  new ShopError("INVALID_CODE", "This link is invalid or has expired. Please ask for a new one.", { field: "code" });

/** No session, or one that ended (logged out, expired, password changed, account blocked). */
export const notLoggedIn = () => new ShopError("UNAUTHENTICATED", "Please log in.");

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new ShopError("TOO_MANY_REQUESTS", "Too many attempts. Please wait a few minutes and try again.", { retryAfterSeconds });
