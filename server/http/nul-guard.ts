import type { Context, MiddlewareHandler } from "hono";
import { NUL_TEXT_MESSAGE } from "../lib/nul-text.ts";
import { UPLOAD_REQUEST_BYTES } from "../modules/media/index.ts";
import { errorAnswer } from "./answer-shapes.ts";
import { readMultipartParts } from "./multipart-parts.ts";

/*
 * One guard for the NUL character (issue 22 §6). PostgreSQL's text cannot hold U+0000: a NUL that
 * reaches a query fails it, and the visitor got a 500 with the failed SQL in the log, from every
 * route that puts a path segment, a filter or a body field in SQL (the content collections, news
 * slugs, the pages' loaders and actions, GraphQL's arguments). Nothing the shop stores or looks up
 * has a NUL in it, so a request carrying one is refused here, before any router: 404 when it is
 * in the path (no such thing exists), 400 when it is in the query string or the body.
 *
 * What is looked at is what reaches SQL: the path and query string (percent-encoded %00; a raw NUL
 * is encoded by the URL parser), and text bodies — JSON (a NUL is written `\u0000` there),
 * urlencoded and plain-text forms, and the text fields and file names of multipart forms, whose
 * file bytes are streamed past, never kept. The body is read from a clone, after the body limits
 * (body-limits.ts) have bounded it, so the handler reads it as it came. Other bodies (images,
 * the payment provider's signed webhooks) are passed on unread.
 */

/** `\u0000` in JSON text, unless its backslash is itself escaped (`\\u0000` is the text "\u0000"). */
const JSON_NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u0000/;

const hasNul = (text: string) => text.includes("\u0000");

/**
 * A GraphQL string's escape for NUL (`\u0000`, `\u{0}`), unless its backslash is itself escaped:
 * the document's parser turns it into the character, so an argument written in the query (not a
 * variable) would carry a NUL past the checks on the body's text.
 */
const GRAPHQL_NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u(?:0000|\{0+\})/i;

/** Whether a GraphQL request's documents (`query`, one or a batch, as JSON text) spell a NUL. */
function graphqlDocumentsSpellNul(json: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return false; // Not JSON: GraphQL answers that itself.
  }
  const requests = Array.isArray(parsed) ? parsed : [parsed];
  return requests.some(
    (request) =>
      typeof request === "object" &&
      request !== null &&
      typeof (request as { query?: unknown }).query === "string" &&
      GRAPHQL_NUL_ESCAPE.test((request as { query: string }).query),
  );
}

const isGraphQLPath = (url: URL) => /^\/graphql\/?$/i.test(url.pathname);

const UNREADABLE_FORM_MESSAGE = "The form could not be read: send it as multipart/form-data with its boundary.";

/**
 * Where a request carries a NUL: in its path, its query string or its body; "unreadable" for a
 * multipart body that is no readable form (what was not read was not checked); null when nowhere.
 */
export async function nulIn(request: Request): Promise<"path" | "query" | "body" | "unreadable" | null> {
  const url = new URL(request.url);
  if (url.pathname.includes("%00")) return "path";
  if (url.search.includes("%00")) return "query";
  if (isGraphQLPath(url) && GRAPHQL_NUL_ESCAPE.test(url.searchParams.get("query") ?? "")) return "query";
  if (request.method === "GET" || request.method === "HEAD" || !request.body || url.pathname.startsWith("/webhooks/"))
    return null;
  const found = await bodyHasNul(request, isGraphQLPath(url));
  return found === true ? "body" : found === false ? null : found;
}

async function bodyHasNul(request: Request, graphql: boolean): Promise<boolean | "unreadable"> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) {
    const text = await request.clone().text();
    return hasNul(text) || JSON_NUL_ESCAPE.test(text) || (graphql && graphqlDocumentsSpellNul(text));
  }
  if (type === "application/x-www-form-urlencoded") {
    const text = await request.clone().text();
    if (hasNul(text)) return true;
    for (const [name, value] of new URLSearchParams(text)) if (hasNul(name) || hasNul(value)) return true;
    return false;
  }
  if (type === "text/plain") return hasNul(await request.clone().text());
  if (type === "multipart/form-data") {
    let parts;
    try {
      parts = (await readMultipartParts(request.clone(), { maxFieldBytes: UPLOAD_REQUEST_BYTES })).parts;
    } catch {
      // Not a readable form: refused, since what was not read was not checked, and the
      // handler's own parser may read it differently.
      return "unreadable";
    }
    return parts.some((part) =>
      part.kind === "file"
        ? hasNul(part.name) || hasNul(part.filename)
        : // GraphQL's multipart `operations` is JSON text, its variables' NULs written \u0000.
          hasNul(part.name) ||
          hasNul(part.value) ||
          (part.name === "operations" && (JSON_NUL_ESCAPE.test(part.value) || graphqlDocumentsSpellNul(part.value))),
    );
  }
  return false;
}

/**
 * Pages get a small page of their own rather than the shop's rendered error page: rendering one
 * means running the route's loaders on the same request (the very queries that fail), and only a
 * script sends a NUL, a person's browser never does. React Router's data requests (`.data`) get
 * the same; the client shows its error boundary for an answer that is not its own.
 */
function plainPage(c: Context, status: 400 | 404, text: string) {
  const title = status === 404 ? "Page not found" : "Bad request";
  c.header("Cache-Control", "no-store");
  return c.html(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p><p><a href="/">Back to the home page</a></p></body></html>`,
    status,
  );
}

/** The guard, mounted in server/app.ts before every router, after the body limits. */
export function nulGuard(): MiddlewareHandler {
  return async (c, next) => {
    const where = await nulIn(c.req.raw);
    if (where === null) return next();
    if (where === "path") {
      return errorAnswer(c, 404, { code: "NOT_FOUND", name: "NotFoundError" }, "Not Found", () =>
        plainPage(c, 404, "There is no page at this address."),
      );
    }
    const error = {
      code: "BAD_REQUEST",
      name: "ValidationError",
      details: { param: where === "unreadable" ? "body" : where },
    } as const;
    const message = where === "unreadable" ? UNREADABLE_FORM_MESSAGE : NUL_TEXT_MESSAGE;
    return errorAnswer(c, 400, error, message, () => plainPage(c, 400, message));
  };
}
