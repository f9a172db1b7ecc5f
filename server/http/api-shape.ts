import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorBody, type ErrorCode } from "../api/graphql/errors.ts";

/*
 * Which API a request speaks, by its path, for the middlewares that answer before any router has
 * seen the request (body limits, the NUL guard): each answer is in the shape its client reads.
 */

export type ApiShape = "graphql" | "rest" | "page";

const GRAPHQL = /^\/graphql\/?$/i;
/** The REST APIs (the content backend's and the shop's), whose errors are { data: null, error }. */
const REST = /^\/(?:ecommerce|api|auth|customers|webhooks|videos)\/|^\/subscriptions(?:\/|$)/;

export function apiShapeOf(path: string): ApiShape {
  if (GRAPHQL.test(path)) return "graphql";
  if (REST.test(path)) return "rest";
  return "page";
}

/** GraphQL's code for each status these middlewares answer with. */
const GRAPHQL_CODES: Record<number, ErrorCode> = {
  400: "BAD_REQUEST",
  404: "NOT_FOUND",
  413: "REQUEST_ENTITY_TOO_LARGE",
};

/**
 * An error in the shape of the API asked: GraphQL's { errors }, the REST APIs' { data: null,
 * error: { status, name, message, details } } (ADR 13), else `page` (text or HTML for pages).
 */
export function errorInShape(
  c: Context,
  status: ContentfulStatusCode,
  error: { name: string; message: string; details?: Record<string, unknown> },
  page: () => Response,
): Response {
  const shape = apiShapeOf(c.req.path);
  if (shape === "graphql") return c.json(errorBody(GRAPHQL_CODES[status] ?? "BAD_REQUEST", error.message), status);
  if (shape === "rest") {
    return c.json(
      { data: null, error: { status, name: error.name, message: error.message, details: error.details ?? {} } },
      status,
    );
  }
  return page();
}
