import { errorNameMatcher } from "../../lib/error-names.ts";

/**
 * The account area's typed failures; each adapter maps them to its wire shape (REST status,
 * GraphQL code, a page's field message). Another customer's address or order is "not found",
 * exactly like an id that does not exist, so ids reveal nothing about other accounts.
 */
export class CustomerError extends Error {}

/** An input field broke a rule; `field` names it (a page shows the message beside that field). */
export class CustomerInputError extends CustomerError {
  override name = "CustomerInputError";
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

/** The session's account is gone (deleted after the session was checked). */
export class CustomerNotFoundError extends CustomerError {
  override name = "CustomerNotFoundError";
  constructor() {
    super("This account no longer exists.");
  }
}

export class AddressNotFoundError extends CustomerError {
  override name = "AddressNotFoundError";
  constructor() {
    super("This address does not exist.");
  }
}

export class OrderNotFoundError extends CustomerError {
  override name = "OrderNotFoundError";
  constructor() {
    super("This order does not exist.");
  }
}

/** The customer already keeps as many addresses as allowed (`limit`). */
export class AddressLimitError extends CustomerError {
  override name = "AddressLimitError";
  constructor(readonly limit: number) {
    super(`You can keep at most ${limit} addresses. Delete one to add another.`);
  }
}

const CUSTOMER_ERROR_NAMES = [
  "CustomerInputError",
  "CustomerNotFoundError",
  "AddressNotFoundError",
  "OrderNotFoundError",
  "AddressLimitError",
] as const;

export type CustomerErrorName = (typeof CUSTOMER_ERROR_NAMES)[number];

/** Which account-area failure `error` is, by name (see errorNameMatcher for why not `instanceof`). */
export const customerErrorName = errorNameMatcher(CUSTOMER_ERROR_NAMES);
