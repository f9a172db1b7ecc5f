import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/*
 * Which adapter a path belongs to, as server/app.ts mounts them, for answers given before any
 * adapter runs (a body too large, a cross-site write, a NUL): each in the shape its clients read.
 */

/** The codes a GraphQL client reads in `extensions.code` (server/api/graphql/errors.ts uses them too). */
export type ErrorCode =
  | "BAD_USER_INPUT"
  | "BAD_REQUEST"
  | "NOT_FOUND"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "ADDRESS_LIMIT_REACHED"
  | "CART_NOT_FOUND"
  | "CART_LINE_NOT_FOUND"
  | "VARIANT_NOT_FOUND"
  | "NOT_ENOUGH_STOCK"
  | "BAG_FULL"
  | "EMPTY_BAG"
  | "PROMO_REFUSED"
  | "DELIVERY_UNAVAILABLE"
  | "CHECKOUT_CHANGED"
  | "IDEMPOTENCY_CONFLICT"
  | "INVALID_TRANSITION"
  | "LAST_OWNER"
  | "STALE_VERSION"
  | "TOO_MANY_REQUESTS"
  | "MAX_DEPTH_EXCEEDED"
  | "MAX_ALIASES_EXCEEDED"
  | "MAX_COST_EXCEEDED"
  | "QUERY_TOO_LARGE"
  | "METHOD_NOT_ALLOWED"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "CSRF_PREVENTED"
  | "REQUEST_ENTITY_TOO_LARGE"
  | "SERVICE_UNAVAILABLE";

/** A GraphQL-shaped body for answers given before GraphQL runs (wrong method or content type). */
export function errorBody(code: ErrorCode, message: string) {
  return { errors: [{ message, extensions: { code } }] };
}

export type Adapter = "graphql" | "rest" | "server" | "pages";

const GRAPHQL = /^\/graphql\/?$/i;
/** The REST APIs: the content backend's (/api), the login API (/auth), the shop's. */
const REST = /^\/(?:ecommerce|api|auth|customers)\/|^\/subscriptions(?:\/|$)/;
/** The server's own endpoints outside the APIs and the pages: webhooks, media, the image and video endpoints. */
const SERVER = /^\/(?:webhooks|images|media|assets|videos)(?:\/|$)|^\/healthz$/;

/** The adapter serving `path`; React Router's pages serve everything the others do not. */
export function adapterOf(path: string): Adapter {
  if (GRAPHQL.test(path)) return "graphql";
  if (REST.test(path)) return "rest";
  if (SERVER.test(path)) return "server";
  return "pages";
}

/**
 * An error answered in the shape of the adapter `c`'s path belongs to: GraphQL's `{ errors }`
 * with `code`, the REST APIs' `{ data: null, error }` with `name` (ADR 13), and for the rest
 * `other()` when given, else the message as text.
 */
export function errorAnswer(
  c: Context,
  status: ContentfulStatusCode,
  error: { code: ErrorCode; name: string; details?: Record<string, unknown> },
  message: string,
  other?: () => Response,
): Response {
  switch (adapterOf(c.req.path)) {
    case "graphql":
      return c.json(errorBody(error.code, message), status);
    case "rest":
      return c.json({ data: null, error: { status, name: error.name, message, details: error.details ?? {} } }, status);
    default:
      return other ? other() : c.text(message, status);
  }
}
