import { GraphQLError } from "graphql";

/*
 * The GraphQL errors a client may read and show. Each has a stable `extensions.code`; anything
 * else a resolver throws is masked as "Unexpected error." (see yoga.ts) and logged.
 */

export type ErrorCode =
  | "BAD_USER_INPUT"
  | "NOT_FOUND"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "ADDRESS_LIMIT_REACHED"
  | "CART_NOT_FOUND"
  | "CART_LINE_NOT_FOUND"
  | "VARIANT_NOT_FOUND"
  | "NOT_ENOUGH_STOCK"
  | "BAG_FULL"
  | "TOO_MANY_REQUESTS"
  | "MAX_DEPTH_EXCEEDED"
  | "MAX_ALIASES_EXCEEDED"
  | "MAX_COST_EXCEEDED"
  | "QUERY_TOO_LARGE"
  | "METHOD_NOT_ALLOWED"
  | "UNSUPPORTED_MEDIA_TYPE";

export function shopError(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

/** An argument that cannot be understood; `argument` is its path, such as filters.sizes. */
export function badUserInput(argument: string, message: string): GraphQLError {
  return shopError("BAD_USER_INPUT", message, { argument });
}

/** A GraphQL-shaped body for answers given before GraphQL runs (wrong method or content type). */
export function errorBody(code: ErrorCode, message: string) {
  return { errors: [{ message, extensions: { code } }] };
}
