import { renderToString } from "react-dom/server";
import { ServerRouter, type EntryContext } from "react-router";
import { HtmlCacheContext, type HtmlCache } from "~/components/ui/cached-html";

/**
 * Renders a whole page to a string, for pages that have all their data when they render.
 *
 * React Router sends the page's data as a stream that its <StreamTransfer> reads chunk by chunk,
 * suspending on each read, so it normally needs React's streaming renderer. That renderer costs
 * about three times renderToString per element. Here the data stream is read to the end first and
 * handed to <StreamTransfer> as already-settled reads, so nothing suspends and the fast renderer
 * can be used. This leans on React Router internals (renderMeta.streamCache, as in 7.18): the
 * e2e suite's hydration and navigation tests fail if they change. Returns null when the context
 * does not have the expected shape, and the caller streams instead.
 * See docs/decisions/0006-rendering-pages-to-a-string.md.
 */
export async function renderPageToString(
  context: EntryContext,
  url: string,
  htmlCache: HtmlCache,
  /** Carried by every inline script React Router writes (the page's Content-Security-Policy names it). */
  nonce?: string,
): Promise<string | null> {
  const internals = context as EntryContext & { renderMeta?: { streamCache?: Record<number, unknown> } };
  const stream = context.serverHandoffStream;
  if (!stream || !internals.renderMeta || internals.renderMeta.streamCache) return null;
  const data = await readText(stream);
  internals.renderMeta.streamCache = { 0: settled({ done: false, value: data }), 1: settled({ done: true, value: "" }) };
  return (
    "<!DOCTYPE html>" +
    renderToString(
      <HtmlCacheContext.Provider value={htmlCache}>
        <ServerRouter context={context} url={url} nonce={nonce} />
      </HtmlCacheContext.Provider>,
    ).replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD} fetchpriority="low"`)
  );
}

/**
 * How React Router's <Scripts> asks for the page's modules. Asked for at low priority, they no
 * longer share a phone's slow connection with the stylesheet, the fonts and the first picture: the
 * page paints first and becomes interactive after (it works without JavaScript meanwhile). Lighthouse
 * mobile estimated the first paint at 1.0 s instead of 2.1 to 2.3 s on a listing (ADR 83). A page
 * streamed to a browser (a route whose handle says `stream: true`; none does today) keeps the
 * default priority.
 */
const MODULE_PRELOAD = '<link rel="modulepreload"';

async function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  // Unlocked, so <ServerRouter> can take its own (now finished) reader.
  reader.releaseLock();
  return text;
}

/** A read that has already happened, in the shape <StreamTransfer> caches its reads. */
function settled(result: { done: boolean; value: string }) {
  return Object.assign(Promise.resolve(), { result });
}
