import type { Context, Env, Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  CartLineNotFoundError,
  CartQuantityError,
  NotEnoughStockError,
  BagFullError,
  TooManyNewBagsError,
  VariantNotFoundError,
} from "../../modules/cart/errors.ts";
import {
  AccountBlockedError,
  AccountInputError,
  AccountTakenError,
  InvalidCodeError,
  InvalidCredentialsError,
  NotLoggedInError,
  TooManyAttemptsError,
} from "../../modules/accounts/errors.ts";
import { ListingParamError, UnknownScopeError } from "../../modules/catalog/listing/types.ts";
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

function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof ListingParamError) return new ValidationError(error.param, error.message);
  if (error instanceof UnknownScopeError) {
    return new NotFoundError(error.message, { param: error.field, value: error.slug });
  }
  const account = asAccountApiError(error);
  if (account) return account;
  if (error instanceof CartQuantityError) return new ValidationError("quantity", error.message);
  if (error instanceof CartLineNotFoundError) return new NotFoundError("Cart line not found", { param: "lineId" });
  if (error instanceof VariantNotFoundError) return new NotFoundError("Variant not found", { param: "variantId" });
  if (error instanceof BagFullError) return new ApiError(409, "BagFullError", error.message, { param: "variantId" });
  if (error instanceof TooManyNewBagsError) return new RateLimitError(error.message, error.retryAfterSeconds);
  if (error instanceof NotEnoughStockError) {
    return new ApiError(409, "NotEnoughStockError", error.message, {
      param: "quantity",
      available: error.available,
      inBag: error.inBag,
    });
  }
  return null;
}

/**
 * The accounts module's failures, shaped like the content backend's (Strapi's users-permissions):
 * a failed login is a 400 ValidationError that does not say which part was wrong. Field errors
 * carry `param` like the shop API's, and `errors` as Strapi clients read them.
 */
function asAccountApiError(error: unknown): ApiError | null {
  if (error instanceof AccountInputError) {
    return new ApiError(400, "ValidationError", error.message, {
      param: error.field,
      errors: Object.entries(error.fields).map(([field, message]) => ({ path: [field], message, name: "ValidationError" })),
    });
  }
  if (error instanceof InvalidCredentialsError) return new ApiError(400, "ValidationError", error.message);
  if (error instanceof InvalidCodeError) return new ApiError(400, "ValidationError", error.message, { param: "code" });
  if (error instanceof AccountBlockedError || error instanceof AccountTakenError) {
    return new ApiError(400, "ApplicationError", error.message);
  }
  if (error instanceof NotLoggedInError) return new UnauthorizedError(error.message);
  if (error instanceof TooManyAttemptsError) return new RateLimitError(error.message, error.retryAfterSeconds);
  return null;
}
