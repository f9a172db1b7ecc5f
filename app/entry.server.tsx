import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction } from "react-router";

// Give up on a render that takes longer than this; the stream is aborted a little later.
export const streamTimeout = 5_000;

// Shown if even the error page cannot be rendered: plain HTML, no stack trace.
const LAST_RESORT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>An error occurred while showing the error page</h1><p><a href="/">Back to the home page</a></p></body></html>`;

export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let statusCode = status;
    let settled = false;
    // Crawlers get the whole page at once; browsers get it streamed as soon as the shell is ready.
    const readyEvent = isbot(request.headers.get("user-agent")) || context.isSpaMode ? "onAllReady" : "onShellReady";
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={context} url={request.url} />, {
      [readyEvent]() {
        settled = true;
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        if (settled) return reject(error);
        settled = true;
        console.error(error);
        resolve(new Response(LAST_RESORT, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8" } }));
      },
      onError(error: unknown) {
        statusCode = 500;
        // Errors before the shell is ready are reported by onShellError.
        if (settled) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // A visitor who leaves mid-request aborts it: nothing went wrong.
  if (request.signal.aborted) return;
  console.error(error);
};
