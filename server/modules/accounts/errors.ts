import { errorNameMatcher } from "../../lib/error-names.ts";

/**
 * The accounts module's typed failures. Each adapter maps them to its wire shape: the content
 * backend's error body, the login API's, a page's field message. Messages are written for the
 * visitor and never say which part of a login was wrong.
 */
export class AccountError extends Error {}

/** An input field broke a rule; `field` names it (a page shows the message beside that field). */
export class AccountInputError extends AccountError {
  override name = "AccountInputError";
  /** Every field at fault with its message (the first is `field`), so a form can mark them all at once. */
  readonly fields: Record<string, string>;
  constructor(
    readonly field: string,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.fields = fields ?? { [field]: message };
  }
}

export class InvalidCredentialsError extends AccountError {
  override name = "InvalidCredentialsError";
  constructor() {
    super("Invalid identifier or password.");
  }
}

/** Only said after the right password was given, so it tells an attacker nothing new. */
export class AccountBlockedError extends AccountError {
  override name = "AccountBlockedError";
  constructor() {
    super("Your account has been blocked. Please contact us.");
  }
}

export class AccountTakenError extends AccountError {
  override name = "AccountTakenError";
  constructor() {
    super("This e-mail address or user name is already taken.");
  }
}

/** A reset or confirmation code that is unknown, used, expired, or for something else. */
export class InvalidCodeError extends AccountError {
  override name = "InvalidCodeError";
  constructor() {
    super("This link is invalid or has expired. Please ask for a new one.");
  }
}

/** No session, or one that ended (logged out, expired, password changed, account blocked). */
export class NotLoggedInError extends AccountError {
  override name = "NotLoggedInError";
  constructor() {
    super("Please log in.");
  }
}

export class TooManyAttemptsError extends AccountError {
  override name = "TooManyAttemptsError";
  constructor(readonly retryAfterSeconds: number) {
    super("Too many attempts. Please wait a few minutes and try again.");
  }
}

const ACCOUNT_ERROR_NAMES = [
  "AccountInputError",
  "InvalidCredentialsError",
  "AccountBlockedError",
  "AccountTakenError",
  "InvalidCodeError",
  "NotLoggedInError",
  "TooManyAttemptsError",
] as const;

export type AccountErrorName = (typeof ACCOUNT_ERROR_NAMES)[number];

/** Which account failure `error` is, by name (see errorNameMatcher for why not `instanceof`). */
export const accountErrorName = errorNameMatcher(ACCOUNT_ERROR_NAMES);
