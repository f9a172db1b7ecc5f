import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { pageContext } from "../server/http/page-context.ts";
import { renderPageToString } from "./lib/server-render";
import { HtmlCacheContext } from "./components/ui/cached-html";
import { createHtmlCache } from "./lib/html-cache.server";
import { handleOf } from "./lib/route-handle";

// Rendered product cards, menus and filters, kept while the answers they show are cached.
const htmlCache = createHtmlCache();

// Give up on a render that takes longer than this; the stream is aborted a little later.
export const streamTimeout = 5_000;

// Shown if even the error page cannot be rendered: plain HTML, no stack trace.
const LAST_RESORT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>An error occurred while showing the error page</h1><p><a href="/">Back to the home page</a></p></body></html>`;

/**
 * Renders a page. Most pages have all their data when they render: they are rendered to one
 * string, the cheapest way React has (see lib/server-render.tsx). A page whose route handle says
 * `stream: true` (it defers slow data) is streamed to browsers as soon as its shell is ready.
 *
 * When rendering fails, throwing lets React Router render the error boundary instead; if the
 * error page itself fails, the last-resort page answers.
 *
 * Every inline script React Router and React write (the router's context and the page's data, the
 * module imports, ScrollRestoration's, a streamed page's boundaries) carries the nonce the server
 * made for this answer, which its Content-Security-Policy names (server/http/security-headers.ts).
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: RouterContextProvider,
) {
  headers.set("Content-Type", "text/html; charset=utf-8");
  const nonce = pageContext(loadContext).cspNonce;
  const renderingErrorPage = context.staticHandlerContext.errors != null;
  try {
    const streams =
      !isbot(request.headers.get("user-agent")) &&
      context.staticHandlerContext.matches.some((m) => handleOf(context.routeModules[m.route.id]).stream === true);
    if (!streams) {
      const html = await renderPageToString(context, request.url, htmlCache, nonce);
      if (html !== null) return new Response(html, { headers, status });
    }
    return await streamPage(request, status, headers, context, nonce);
  } catch (error) {
    if (!renderingErrorPage) throw error;
    console.error(error);
    return new Response(LAST_RESORT, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

function streamPage(request: Request, status: number, headers: Headers, context: EntryContext, nonce: string | undefined) {
  return new Promise<Response>((resolve, reject) => {
    let statusCode = status;
    let shellReady = false;
    const { pipe, abort } = renderToPipeableStream(
      <HtmlCacheContext.Provider value={htmlCache}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </HtmlCacheContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellReady = true;
          const body = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          statusCode = 500;
          // Errors before the shell is ready reach onShellError.
          if (shellReady) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor who leaves mid-request aborts it: nothing went wrong.
  if (request.signal.aborted) return;
  console.error(error);
};
