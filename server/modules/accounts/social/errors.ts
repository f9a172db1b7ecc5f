import { ShopError } from "../../../lib/shop-error.ts";

/*
 * Social login's failures, as ShopErrors (ADR 34). Failures of the browser's round trip through
 * the provider are not among them: that ends on the login page with `error=social-login-failed`.
 */

/** No provider of that name is configured: the URL is wrong, not the visitor's login. */
export const unknownProvider = (provider: string) =>
  new ShopError("UNKNOWN_PROVIDER", "This login provider is not available.", { details: { provider } });

/**
 * The access token is not one the shop sealed for this provider in the last five minutes, or the
 * provider refused the token inside it (expired, revoked, or without the openid scope).
 */
export const invalidSocialToken = () =>
  new ShopError("INVALID_SOCIAL_TOKEN", "The login with this provider has expired or is not valid. Please try again.");

/** The provider could not be reached or answered nonsense; trying again later may work. */
export const providerUnavailable = (provider: string) =>
  new ShopError("PROVIDER_UNAVAILABLE", "The login provider cannot be reached at the moment. Please try again later.", {
    details: { provider },
  });

/** One wrong or missing setting; `variable` names the environment variable. */
export interface SocialConfigIssue {
  variable: string;
  message: string;
}

/** The social login settings are wrong; the message names every wrong variable, one per line. */
export class SocialConfigError extends Error {
  override name = "SocialConfigError";
  constructor(readonly issues: SocialConfigIssue[]) {
    super(`Invalid social login configuration:\n${issues.map((i) => `  ${i.variable}: ${i.message}`).join("\n")}`);
  }
}
