import type { z } from "zod";
import { NUL_TEXT_MESSAGE, nulTextAt } from "./nul-text.ts";

/*
 * The shop's one error type (ADR 34). Modules throw a ShopError with a code; each adapter has one
 * table from code to its wire shape (a page's form answer, the content backend's
 * {data:null,error}, the shop API's, GraphQL's extensions.code). Anything else thrown is a bug:
 * logged, and answered 500 / "Unexpected error." without its text.
 */

/** Every code, with the HTTP status it stands for. Messages are for people; codes for programs. */
export const SHOP_ERROR_STATUS = {
  /** A field broke a rule: `field` names the first, `fields` every one with its message. */
  INVALID_INPUT: 400,
  /** A login with an unknown identifier or a wrong password (never says which). */
  INVALID_CREDENTIALS: 400,
  /** A mailed code that is unknown, used, expired or for something else. */
  INVALID_CODE: 400,
  /** Only said after the right password was given. */
  ACCOUNT_BLOCKED: 400,
  ACCOUNT_TAKEN: 400,
  /** No session, or one that ended. */
  UNAUTHENTICATED: 401,
  /** A sealed social login token that is not genuine, expired or already used. */
  INVALID_SOCIAL_TOKEN: 401,
  FORBIDDEN: 403,
  /** The session's account no longer exists. */
  ACCOUNT_NOT_FOUND: 404,
  ADDRESS_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  CART_NOT_FOUND: 404,
  CART_LINE_NOT_FOUND: 404,
  /** The option does not exist, or its product is not for sale to this visitor. */
  VARIANT_NOT_FOUND: 404,
  /** A product the shop does not show (compare). */
  PRODUCT_NOT_FOUND: 404,
  /** A listing's category, sub-category or brand that does not exist (`details.param`, `details.value`). */
  UNKNOWN_SCOPE: 404,
  /** Information blocks asked for an unknown product or category. */
  UNKNOWN_INFORMATION_TARGET: 404,
  UNKNOWN_PROVIDER: 404,
  /** More than stock or the line limit allows (`details.available`, `details.inBag`). */
  NOT_ENOUGH_STOCK: 409,
  BAG_FULL: 409,
  /** Checkout of a bag with nothing that can be bought. */
  EMPTY_BAG: 409,
  /** A promo code that cannot be used (`details.reason`: unknown, not-started, expired, minimum-spend, used-up, already-used). */
  PROMO_REFUSED: 400,
  /** The shop does not deliver to that country, or the method is not one for it (`field` says which). */
  DELIVERY_UNAVAILABLE: 400,
  /** Prices, stock or the promo changed since the shopper saw the summary (`details.changes`). */
  CHECKOUT_CHANGED: 409,
  /** An Idempotency-Key already used for another request. */
  IDEMPOTENCY_CONFLICT: 409,
  /** An order cannot move from its status to the one asked for (`details.from`, `details.to`). */
  INVALID_TRANSITION: 409,
  COMPARE_FULL: 409,
  ADDRESS_LIMIT_REACHED: 409,
  /** A limit of attempts per account or address; `retryAfterSeconds` says when to try again. */
  TOO_MANY_REQUESTS: 429,
  /** A social login provider could not be reached or answered nonsense. */
  PROVIDER_UNAVAILABLE: 503,
  /** A content query parameter that is not understood, or names a key it may not (`details`: key, path, source, param). */
  INVALID_QUERY: 400,
  /** No entry of the collection has that documentId, or the visitor may not see it. */
  ENTRY_NOT_FOUND: 404,
  /** An entry that others still point at (a plan with members) cannot be deleted. */
  ENTRY_IN_USE: 409,
  /** No published plan by that name, or not one that can be joined that way (a paid plan without paying). */
  PLAN_NOT_FOUND: 404,
  /** The customer already has a membership in force (one at a time). */
  ALREADY_MEMBER: 409,
  /** The customer has no membership in force to change. */
  NOT_A_MEMBER: 404,
  /** An image request whose preset, width or source is not one the endpoint serves. */
  IMAGE_REQUEST_INVALID: 400,
  /** The shop's own image source does not exist (or is not an image). */
  IMAGE_NOT_FOUND: 404,
  /** A remote image source failed: unreachable, too slow, too big, not an image. */
  IMAGE_SOURCE_FAILED: 502,
  /** The video's owner does not allow it to be embedded (the provider said 401/403). */
  VIDEO_NOT_EMBEDDABLE: 422,
  /** The provider knows no such video. */
  VIDEO_NOT_FOUND: 404,
  /** The provider could not be asked, or answered something that is not an embed. */
  VIDEO_UNAVAILABLE: 502,
  /** The shop's last owner cannot be demoted or removed from the staff (ADR 59). */
  LAST_OWNER: 409,
  /** No back-office account by that id (a customer counts as none). */
  STAFF_NOT_FOUND: 404,
  /** No open staff invitation by that id. */
  INVITATION_NOT_FOUND: 404,
  /** No open session of the account by that id. */
  SESSION_NOT_FOUND: 404,
  /** The record changed since the form was read (`details.changedAt`); nothing was saved. */
  STALE_VERSION: 409,
  /** A sensitive back-office action needs the second factor proved again (older than 10 minutes). */
  SECOND_FACTOR_REQUIRED: 403,
  /** The customer's personal data was erased (ADR 61): the account is a shell that nothing more is done with. */
  ACCOUNT_ERASED: 409,
  /** A customer with orders still open (awaiting payment, or paid and not shipped) cannot be erased (`details.orders`). */
  OPEN_ORDERS: 409,
  /** No catalogue import by that id. */
  IMPORT_NOT_FOUND: 404,
  /** The uploaded file is not CSV text with the columns an import needs (`details.missing`). */
  IMPORT_NOT_CSV: 422,
  /** The uploaded file is larger than the shop's import limit (`details.maxBytes`). */
  IMPORT_TOO_LARGE: 413,
  /** The import is not in a state that allows this (applying twice, undoing an import not applied). */
  IMPORT_NOT_APPLICABLE: 409,
} as const;

export type ShopErrorCode = keyof typeof SHOP_ERROR_STATUS;

export interface ShopErrorOptions {
  /** The input field at fault (INVALID_INPUT), as a dotted path. */
  field?: string;
  /** Every field at fault with its message, so a form can mark them all at once. */
  fields?: Record<string, string>;
  /** Machine-readable facts safe to show anyone who sent the request (ids, counts, limits). */
  details?: Record<string, unknown>;
  /** TOO_MANY_REQUESTS: seconds until a new attempt may succeed. */
  retryAfterSeconds?: number;
}

export class ShopError extends Error {
  override name = "ShopError" as const;
  readonly field: string | undefined;
  readonly fields: Record<string, string>;
  readonly details: Record<string, unknown>;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ShopErrorCode,
    message: string,
    options: ShopErrorOptions = {},
  ) {
    super(message);
    this.field = options.field;
    this.fields = options.fields ?? (options.field ? { [options.field]: message } : {});
    this.details = options.details ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): (typeof SHOP_ERROR_STATUS)[ShopErrorCode] {
    return SHOP_ERROR_STATUS[this.code];
  }
}

/**
 * The error as a ShopError, or null when it is something else (a bug). Recognised by name and
 * code, not `instanceof`: pages are built into their own bundle with their own copy of this file,
 * while the services they call come from the server's bundle.
 */
export function asShopError(error: unknown): ShopError | null {
  if (!(error instanceof Error) || error.name !== "ShopError") return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && Object.hasOwn(SHOP_ERROR_STATUS, code) ? (error as ShopError) : null;
}

/** The error's code when it is a ShopError; null otherwise. */
export function shopErrorCode(error: unknown): ShopErrorCode | null {
  return asShopError(error)?.code ?? null;
}

/** An INVALID_INPUT error for one field. */
export function invalidInput(field: string, message: string): ShopError {
  return new ShopError("INVALID_INPUT", message, { field });
}

/**
 * Parses `raw` with `schema`, or throws INVALID_INPUT naming the first field at fault (and every
 * field at fault in `fields`). A `root` prefixes the paths, for input that is not an object
 * (preferences.2.optedIn). Text holding NUL, which PostgreSQL cannot store, is refused first.
 */
export function parseInput<T extends z.ZodType>(schema: T, raw: unknown, root?: string): z.output<T> {
  const nul = nulTextAt(raw);
  if (nul !== null) throw invalidInput([root, nul].filter(Boolean).join(".") || "body", NUL_TEXT_MESSAGE);
  const result = schema.safeParse(root ? raw : (raw ?? {}));
  if (result.success) return result.data;
  const pathOf = (path: PropertyKey[]) => [...(root ? [root] : []), ...path.map(String)].join(".");
  const first = result.error.issues[0]!;
  if (pathOf(first.path) === "") throw invalidInput("body", "The request body must be an object.");
  const fields: Record<string, string> = {};
  for (const { path, message } of result.error.issues) if (pathOf(path) !== "") fields[pathOf(path)] ??= message;
  throw new ShopError("INVALID_INPUT", first.message, { field: pathOf(first.path), fields });
}
