import { GraphQLError } from "graphql";
import { asShopError, type ShopError, type ShopErrorCode } from "../../lib/shop-error.ts";
import { errorBody, type ErrorCode } from "../../http/answer-shapes.ts";

// The GraphQL error codes live with the answers given before GraphQL runs (http/answer-shapes.ts):
// those come first in the request, and a lower layer cannot import this adapter.
export { errorBody, type ErrorCode };

/*
 * The GraphQL errors a client may read and show. Each has a stable `extensions.code`; anything
 * else a resolver throws is masked as "Unexpected error." (see yoga.ts) and logged.
 */

export function shopError(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

/** An argument that cannot be understood; `argument` is its path, such as filters.sizes. */
export function badUserInput(argument: string, message: string): GraphQLError {
  return shopError("BAD_USER_INPUT", message, { argument });
}

/**
 * The shop's error codes on GraphQL (ADR 15, 34): what a client reads in `extensions.code`, with
 * the facts it needs to act (`argument` names the input at fault; ids, counts, retry times). A
 * record of another customer is NOT_FOUND like an unknown id.
 */
const GRAPHQL_ERRORS: Record<ShopErrorCode, (error: ShopError, input?: string) => GraphQLError> = {
  INVALID_INPUT: (e, input) => {
    const field = e.field ?? "input";
    return shopError("BAD_USER_INPUT", e.message, { field, argument: input ? `${input}.${field}` : field });
  },
  INVALID_CREDENTIALS: (e) => shopError("BAD_USER_INPUT", e.message),
  INVALID_CODE: (e) => badUserInput("code", e.message),
  ACCOUNT_BLOCKED: (e) => shopError("FORBIDDEN", e.message),
  ACCOUNT_TAKEN: (e) => shopError("BAD_USER_INPUT", e.message),
  UNAUTHENTICATED: (e) => shopError("UNAUTHENTICATED", e.message),
  INVALID_SOCIAL_TOKEN: (e) => shopError("UNAUTHENTICATED", e.message),
  FORBIDDEN: (e) => shopError("FORBIDDEN", e.message),
  // The account was deleted after its session was checked: the session has ended with it.
  ACCOUNT_NOT_FOUND: () => shopError("UNAUTHENTICATED", "Please log in."),
  ADDRESS_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  ORDER_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  CART_NOT_FOUND: (e) => shopError("CART_NOT_FOUND", e.message),
  CART_LINE_NOT_FOUND: (e) => shopError("CART_LINE_NOT_FOUND", e.message, e.details),
  VARIANT_NOT_FOUND: (e) => shopError("VARIANT_NOT_FOUND", e.message, e.details),
  PRODUCT_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  UNKNOWN_SCOPE: (e) => shopError("NOT_FOUND", e.message, e.details),
  UNKNOWN_INFORMATION_TARGET: (e) => shopError("NOT_FOUND", e.message, e.details),
  UNKNOWN_PROVIDER: (e) => shopError("NOT_FOUND", e.message),
  NOT_ENOUGH_STOCK: (e) => shopError("NOT_ENOUGH_STOCK", e.message, e.details),
  BAG_FULL: (e) => shopError("BAG_FULL", e.message),
  EMPTY_BAG: (e) => shopError("EMPTY_BAG", e.message),
  PROMO_REFUSED: (e) => shopError("PROMO_REFUSED", e.message, { argument: "promoCode", ...e.details }),
  DELIVERY_UNAVAILABLE: (e) => shopError("DELIVERY_UNAVAILABLE", e.message, { argument: e.field ?? "deliveryMethod" }),
  CHECKOUT_CHANGED: (e) => shopError("CHECKOUT_CHANGED", e.message, e.details),
  IDEMPOTENCY_CONFLICT: (e) => shopError("IDEMPOTENCY_CONFLICT", e.message),
  INVALID_TRANSITION: (e) => shopError("INVALID_TRANSITION", e.message, e.details),
  COMPARE_FULL: (e) => shopError("BAD_USER_INPUT", e.message, e.details),
  ADDRESS_LIMIT_REACHED: (e) => shopError("ADDRESS_LIMIT_REACHED", e.message, e.details),
  TOO_MANY_REQUESTS: (e) => shopError("TOO_MANY_REQUESTS", e.message, { retryAfterSeconds: e.retryAfterSeconds }),
  PROVIDER_UNAVAILABLE: (e) => shopError("SERVICE_UNAVAILABLE", e.message),
  INVALID_QUERY: (e) => shopError("BAD_USER_INPUT", e.message, e.details),
  ENTRY_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  ENTRY_IN_USE: (e) => shopError("BAD_USER_INPUT", e.message, e.details),
  PLAN_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  ALREADY_MEMBER: (e) => shopError("BAD_USER_INPUT", e.message),
  NOT_A_MEMBER: (e) => shopError("NOT_FOUND", e.message),
  // No resolver renders images or looks up videos today; these keep the table whole.
  IMAGE_REQUEST_INVALID: (e) => shopError("BAD_USER_INPUT", e.message),
  IMAGE_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  IMAGE_SOURCE_FAILED: (e) => shopError("SERVICE_UNAVAILABLE", e.message),
  VIDEO_NOT_EMBEDDABLE: (e) => shopError("BAD_USER_INPUT", e.message),
  VIDEO_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  VIDEO_UNAVAILABLE: (e) => shopError("SERVICE_UNAVAILABLE", e.message),
  LAST_OWNER: (e) => shopError("LAST_OWNER", e.message, { argument: "role" }),
  STAFF_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  INVITATION_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  SESSION_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message),
  STALE_VERSION: (e) => shopError("STALE_VERSION", e.message, e.details),
  SECOND_FACTOR_REQUIRED: (e) => shopError("FORBIDDEN", e.message, { reason: "second-factor" }),
  // No resolver erases or grants today (the back office's pages do); these keep the table whole.
  ACCOUNT_ERASED: (e) => shopError("BAD_USER_INPUT", e.message, e.details),
  OPEN_ORDERS: (e) => shopError("BAD_USER_INPUT", e.message, e.details),
  // Catalogue imports are the back office's alone (its pages); these keep the table whole.
  IMPORT_NOT_FOUND: (e) => shopError("NOT_FOUND", e.message, e.details),
  IMPORT_NOT_CSV: (e) => shopError("BAD_USER_INPUT", e.message, e.details),
  IMPORT_TOO_LARGE: (e) => shopError("BAD_USER_INPUT", e.message, e.details),
  IMPORT_NOT_APPLICABLE: (e) => shopError("BAD_USER_INPUT", e.message, e.details),
};

/**
 * A module's failure as the GraphQL error a client can act on; anything else is returned as it
 * is (and masked as "Unexpected error." by yoga). `input` names the argument holding the fields
 * of a mutation, so a field's error names its path (input.firstName).
 */
export function asGraphQLError(error: unknown, input?: string): unknown {
  const shop = asShopError(error);
  return shop ? GRAPHQL_ERRORS[shop.code](shop, input) : error;
}

/** Runs a module call, turning its failures into GraphQL errors (see asGraphQLError). */
export async function shopCall<T>(call: () => Promise<T>, input?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asGraphQLError(error, input);
  }
}
