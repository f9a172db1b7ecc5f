import type { Context, Env, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { asShopError, type ShopError, type ShopErrorCode } from "../../lib/shop-error.ts";
import type { Logger } from "../../http/logger.ts";

/*
 * Every error of the REST APIs has the content backend's shape (SPEC §3, §8):
 * { data: null, error: { status, name, message, details } }. See
 * docs/decisions/0013-shop-api-errors.md. Handlers throw typed errors; toErrorResponse() is the
 * one place that turns them into that shape.
 */

export interface ErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** An error the API answers as it is: a status, a name, a message for people and details for programs. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    override readonly name: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** 400: `param` names the query parameter that was not understood. */
export class ValidationError extends ApiError {
  constructor(param: string, message: string) {
    super(400, "ValidationError", message, { param });
  }
}

export class NotFoundError extends ApiError {
  constructor(message = "Not Found", details: Record<string, unknown> = {}) {
    super(404, "NotFoundError", message, details);
  }
}

export class UnauthorizedError extends ApiError {
  constructor(message = "Please log in.") {
    super(401, "UnauthorizedError", message);
  }
}

export class ForbiddenError extends ApiError {
  constructor(message: string) {
    super(403, "ForbiddenError", message);
  }
}

/** 429, with Retry-After. */
export class RateLimitError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, "RateLimitError", message, { retryAfter: retryAfterSeconds });
  }
}

export class MethodNotAllowedError extends ApiError {
  constructor(readonly allow: string) {
    super(405, "MethodNotAllowedError", "Method Not Allowed", { allow });
  }
}

/**
 * What a router answers besides its routes: 405 with Allow for another method on one of its paths
 * (`allowed`: path -> methods), and, with `notFound`, 404 for any other path. Registered last.
 */
export function answerOtherRequests<E extends Env>(
  api: Hono<E>,
  allowed: Record<string, string>,
  options: { notFound: boolean },
) {
  for (const [path, allow] of Object.entries(allowed)) {
    api.all(path, () => {
      throw new MethodNotAllowedError(allow);
    });
  }
  if (options.notFound) {
    api.all("*", () => {
      throw new NotFoundError();
    });
  }
}

/** The wire form of any error; unexpected ones are logged and answered 500 without their text. */
export function toErrorResponse(c: Context, error: unknown, logger?: Logger): Response {
  const known = asApiError(error);
  if (!known) {
    logger?.error("unhandled API error", {
      method: c.req.method,
      path: c.req.path,
      error: String((error as Error | undefined)?.stack ?? error),
    });
  }
  const failure = known ?? new ApiError(500, "InternalServerError", "Internal Server Error");
  const body: ErrorBody = {
    data: null,
    error: { status: failure.status, name: failure.name, message: failure.message, details: failure.details },
  };
  c.header("Cache-Control", "no-store");
  if (failure instanceof MethodNotAllowedError) c.header("Allow", failure.allow);
  if (failure instanceof RateLimitError) c.header("Retry-After", String(failure.retryAfterSeconds));
  return c.json(body, failure.status);
}

/** The error as the REST APIs answer it (an ApiError, or a ShopError through the table below); null for a bug. */
export function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  const shop = asShopError(error);
  return shop ? REST_ERRORS[shop.code](shop) : null;
}

/** An input error with `param` (the field) and `errors` as Strapi clients read them. */
function validationError(error: ShopError): ApiError {
  return new ApiError(400, "ValidationError", error.message, {
    ...error.details,
    ...(error.field ? { param: error.field } : {}),
    errors: Object.entries(error.fields).map(([field, message]) => ({
      path: field.split("."),
      message,
      name: "ValidationError",
    })),
  });
}

const notFound = (message: string, param: string) => () => new NotFoundError(message, { param });

/**
 * The shop's error codes on the REST APIs (ADR 13, 34), shaped like the content backend's
 * (Strapi's): a failed login is a 400 ValidationError that does not say which part was wrong;
 * another customer's record is a 404 like an unknown id, so ids reveal nothing.
 */
const REST_ERRORS: Record<ShopErrorCode, (error: ShopError) => ApiError> = {
  INVALID_INPUT: validationError,
  INVALID_CREDENTIALS: (e) => new ApiError(400, "ValidationError", e.message),
  INVALID_CODE: (e) => new ApiError(400, "ValidationError", e.message, { param: "code" }),
  ACCOUNT_BLOCKED: (e) => new ApiError(400, "ApplicationError", e.message),
  ACCOUNT_TAKEN: (e) => new ApiError(400, "ApplicationError", e.message),
  UNAUTHENTICATED: (e) => new UnauthorizedError(e.message),
  INVALID_SOCIAL_TOKEN: (e) => new UnauthorizedError(e.message),
  FORBIDDEN: (e) => new ForbiddenError(e.message),
  // The account was deleted after its session was checked: the session has ended with it.
  ACCOUNT_NOT_FOUND: () => new UnauthorizedError(),
  ADDRESS_NOT_FOUND: notFound("Address not found", "id"),
  ORDER_NOT_FOUND: notFound("Order not found", "id"),
  CART_NOT_FOUND: notFound("Cart not found", "id"),
  CART_LINE_NOT_FOUND: notFound("Cart line not found", "lineId"),
  VARIANT_NOT_FOUND: notFound("Variant not found", "variantId"),
  PRODUCT_NOT_FOUND: notFound("Product not found", "productId"),
  UNKNOWN_SCOPE: (e) => new NotFoundError(e.message, e.details),
  UNKNOWN_INFORMATION_TARGET: (e) => new NotFoundError(e.message, e.details),
  UNKNOWN_PROVIDER: (e) => new NotFoundError(e.message, { param: "provider" }),
  NOT_ENOUGH_STOCK: (e) => new ApiError(409, "NotEnoughStockError", e.message, { param: "quantity", ...e.details }),
  BAG_FULL: (e) => new ApiError(409, "BagFullError", e.message, { param: "variantId" }),
  EMPTY_BAG: (e) => new ApiError(409, "EmptyBagError", e.message, { param: "cartId" }),
  PROMO_REFUSED: (e) => new ApiError(400, "ValidationError", e.message, { param: "promoCode", ...e.details }),
  DELIVERY_UNAVAILABLE: (e) => new ApiError(400, "ValidationError", e.message, { param: e.field ?? "deliveryMethod" }),
  CHECKOUT_CHANGED: (e) => new ApiError(409, "CheckoutChangedError", e.message, e.details),
  IDEMPOTENCY_CONFLICT: (e) => new ApiError(409, "IdempotencyConflictError", e.message, { param: "Idempotency-Key" }),
  INVALID_TRANSITION: (e) => new ApiError(409, "InvalidTransitionError", e.message, e.details),
  COMPARE_FULL: (e) => new ApiError(409, "CompareFullError", e.message, e.details),
  ADDRESS_LIMIT_REACHED: (e) => new ApiError(409, "AddressLimitError", e.message, e.details),
  TOO_MANY_REQUESTS: (e) => new RateLimitError(e.message, e.retryAfterSeconds ?? 60),
  PROVIDER_UNAVAILABLE: (e) => new ApiError(503, "ServiceUnavailableError", e.message, { param: "provider" }),
  INVALID_QUERY: (e) => new ApiError(400, "ValidationError", e.message, e.details),
  ENTRY_NOT_FOUND: () => new NotFoundError(),
  ENTRY_IN_USE: (e) => new ApiError(409, "ApplicationError", e.message, e.details),
  PLAN_NOT_FOUND: (e) => new ApiError(404, "NotFoundError", e.message, e.details),
  ALREADY_MEMBER: (e) => new ApiError(409, "ApplicationError", e.message, e.details),
  NOT_A_MEMBER: (e) => new ApiError(404, "NotFoundError", e.message, e.details),
  // The image endpoint answers in plain text (server/api/images/routes.ts) from the statuses alone;
  // these are for any JSON answer of the same failures.
  IMAGE_REQUEST_INVALID: (e) => new ApiError(400, "ValidationError", e.message),
  IMAGE_NOT_FOUND: (e) => new NotFoundError(e.message),
  IMAGE_SOURCE_FAILED: (e) => new ApiError(502, "BadGatewayError", e.message),
  // GET /videos/embed (SPEC §8): names the video facade has always been told.
  VIDEO_NOT_EMBEDDABLE: (e) => new ApiError(422, "NotEmbeddableError", e.message),
  VIDEO_NOT_FOUND: (e) => new NotFoundError(e.message),
  VIDEO_UNAVAILABLE: (e) => new ApiError(502, "BadGatewayError", e.message),
  LAST_OWNER: (e) => new ApiError(409, "LastOwnerError", e.message, { param: "role" }),
  STAFF_NOT_FOUND: notFound("Staff member not found", "userId"),
  INVITATION_NOT_FOUND: notFound("Invitation not found", "id"),
  SESSION_NOT_FOUND: notFound("Session not found", "sessionId"),
  STALE_VERSION: (e) => new ApiError(409, "StaleVersionError", e.message, { param: "version", ...e.details }),
  SECOND_FACTOR_REQUIRED: (e) => new ForbiddenError(e.message),
  ACCOUNT_ERASED: (e) => new ApiError(409, "ApplicationError", e.message, e.details),
  OPEN_ORDERS: (e) => new ApiError(409, "ApplicationError", e.message, e.details),
  IMPORT_NOT_FOUND: (e) => new ApiError(404, "NotFoundError", e.message, e.details),
  IMPORT_NOT_CSV: (e) => new ApiError(422, "ValidationError", e.message, e.details),
  IMPORT_TOO_LARGE: (e) => new ApiError(413, "PayloadTooLargeError", e.message, e.details),
  IMPORT_NOT_APPLICABLE: (e) => new ApiError(409, "ApplicationError", e.message, e.details),
};
