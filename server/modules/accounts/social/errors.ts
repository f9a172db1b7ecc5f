import { errorNameMatcher } from "../../../lib/error-names.ts";

/**
 * Social login's typed failures. Each adapter maps them to its wire shape (the content backend's
 * error body, a page's message). Failures of the browser's round trip through the provider are not
 * among them: that ends on the login page with `error=social-login-failed` instead.
 */
export class SocialLoginError extends Error {}

/** No provider of that name is configured: the URL is wrong, not the visitor's login. */
export class UnknownProviderError extends SocialLoginError {
  override name = "UnknownProviderError";
  constructor(readonly provider: string) {
    super("This login provider is not available.");
  }
}

/**
 * The access token is not one the shop sealed for this provider in the last five minutes, or the
 * provider refused the token inside it (expired, revoked, or without the openid scope).
 */
export class SocialTokenError extends SocialLoginError {
  override name = "SocialTokenError";
  constructor() {
    super("The login with this provider has expired or is not valid. Please try again.");
  }
}

/** The provider could not be reached or answered nonsense; trying again later may work. */
export class SocialProviderUnavailableError extends SocialLoginError {
  override name = "SocialProviderUnavailableError";
  constructor(readonly provider: string) {
    super("The login provider cannot be reached at the moment. Please try again later.");
  }
}

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

const SOCIAL_LOGIN_ERROR_NAMES = ["UnknownProviderError", "SocialTokenError", "SocialProviderUnavailableError"] as const;

export type SocialLoginErrorName = (typeof SOCIAL_LOGIN_ERROR_NAMES)[number];

/** Which social login failure `error` is, by name (see errorNameMatcher for why not `instanceof`). */
export const socialLoginErrorName = errorNameMatcher(SOCIAL_LOGIN_ERROR_NAMES);
