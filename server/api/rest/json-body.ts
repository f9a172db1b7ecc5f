import type { Context } from "hono";
import { NUL_TEXT_MESSAGE, nulTextAt } from "../../lib/nul-text.ts";
import { ApiError, ValidationError } from "./errors.ts";

/**
 * The JSON object of a request, unwrapped from `data` when the client wrapped it (the content
 * backend's write bodies do, SPEC §3). Anything that is not a JSON object is a 400.
 *
 * The body must be declared application/json: a page on another site can post a form (urlencoded,
 * multipart, text/plain) to us without asking, but not JSON, so this also keeps such pages from
 * making API calls with the visitor's cookies.
 */
export async function readJsonObject(c: Context, options: { unwrap?: boolean } = {}): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") {
    throw new ApiError(415, "UnsupportedMediaTypeError", "Send the body as JSON (Content-Type: application/json).");
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ValidationError("body", "The body must be a JSON object.");
  }
  if ((options.unwrap ?? true) && body && typeof body === "object" && !Array.isArray(body) && "data" in body)
    body = (body as { data: unknown }).data;
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new ValidationError("body", "The body must be a JSON object.");
  }
  const bad = nulTextAt(body);
  if (bad !== null) throw new ValidationError(bad || "body", NUL_TEXT_MESSAGE);
  return body as Record<string, unknown>;
}
