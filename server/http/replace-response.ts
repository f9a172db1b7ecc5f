import type { Context } from "hono";

/**
 * Makes `response` the answer, as it is. Assigning `c.res` in Hono copies the old answer's headers
 * onto the new one, which would bring back what a middleware changed on purpose (a page's nonce
 * policy, a Content-Length); clearing it first is Hono's way to replace an answer whole.
 */
export function replaceResponse(c: Context, response: Response) {
  c.res = undefined as unknown as Response;
  c.res = response;
}

/**
 * The answer's headers, ready to change: the answer is copied first if they cannot be changed
 * (those of Response.redirect() or of a fetch() answer cannot: any change, even this delete, throws).
 */
export function writableHeaders(c: Context): Headers {
  try {
    c.res.headers.delete("X-Powered-By");
  } catch {
    const { body, status, statusText, headers } = c.res;
    replaceResponse(c, new Response(body, { status, statusText, headers: new Headers(headers) }));
  }
  return c.res.headers;
}
