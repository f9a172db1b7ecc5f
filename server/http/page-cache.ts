import type { Context, MiddlewareHandler } from "hono";
import { chooseEncoding, compressBytes, MIN_COMPRESS_BYTES, varyOnEncoding, type Encoding } from "./compression.ts";
import { pinToScripts } from "./content-security-policy.ts";
import { replaceResponse } from "./replace-response.ts";

/**
 * A short-lived memory cache of whole pages for anonymous visitors: the micro-cache a shop puts in
 * front of its pages (a CDN or Varnish does the same for guests). A page is cached only when
 * nothing about the request can make it personal, and only when the answer is a plain 200 page:
 *
 * - GET or HEAD, no Cookie and no Authorization header: a bag, a compare list or (later) a login
 *   all travel in cookies, so a request without any cannot see anything of anyone's.
 *   Cookies are not sorted into personal and harmless ones on purpose: a cookie added by a later
 *   feature is then safe by default.
 * - The answer is 200, HTML or a page's data (`.data`), sets no cookie and is not marked
 *   `private` or `no-store` (the bag and compare pages are).
 *
 * Entries live `ttlMs` (a few seconds), and never past a change of the catalogue: each is kept with
 * the catalogue's stamp it was rendered at and served only while the stamp is the same (ADR 64;
 * the request read the stamp when it came in, so a hit costs a string comparison). The cache holds
 * at most `maxEntries` pages and `maxBytes` bytes, oldest dropped first, so filter combinations
 * cannot grow it without bound.
 * Concurrent misses for the same address share one rendering.
 *
 * A page is kept as rendered and, for each encoding a visitor accepts (br, gzip), compressed once
 * for the first such visitor: a hit sends stored bytes and costs no compression. A page is kept
 * with its Content-Security-Policy's nonce replaced by the hashes of its scripts: one nonce served
 * to every visitor for seconds would be readable by anyone (docs/decisions/0028).
 */
export interface PageCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /**
   * The state of what pages show, as a stamp (catalog.stamp(), ADR 64): a page kept at another
   * stamp is never served. Read on every request, so it must cost no more than a comparison.
   */
  stamp?: () => string;
  /** How a kept page is compressed (compression.ts); tests count the calls. */
  compress?: (bytes: Uint8Array, encoding: Encoding) => Promise<Uint8Array>;
}

interface Entry {
  body: Uint8Array;
  headers: [string, string][];
  storedAt: number;
  /** The stamp the page was rendered at: read before its rendering began. */
  stamp: string;
  /** Compressed copies of body, made for the first visitor who accepts each encoding. */
  encoded: Map<Encoding, Promise<Uint8Array>>;
  /** body and its compressed copies, counted against maxBytes. */
  bytes: number;
}

const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;

export function pageCache(options: PageCacheOptions): MiddlewareHandler & { clear(): void; size(): number } {
  const { ttlMs, maxEntries = 1000, maxBytes = 64 * 1024 * 1024, now = Date.now, compress = compressBytes } = options;
  const stampNow = options.stamp ?? (() => "");
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };

  const makeRoom = () => {
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  const store = (key: string, entry: Entry) => {
    drop(key);
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    makeRoom();
  };

  const encodedBody = (key: string, entry: Entry, encoding: Encoding): Promise<Uint8Array> => {
    let encoded = entry.encoded.get(encoding);
    if (!encoded) {
      encoded = compress(entry.body, encoding);
      entry.encoded.set(encoding, encoded);
      encoded.then(
        (copy) => {
          entry.bytes += copy.byteLength;
          if (entries.get(key) !== entry) return;
          bytes += copy.byteLength;
          makeRoom();
        },
        () => entry.encoded.delete(encoding),
      );
    }
    return encoded;
  };

  const answer = async (c: Context, key: string, entry: Entry, state: "hit" | "miss") => {
    const headers = new Headers(entry.headers);
    headers.set("X-Page-Cache", state);
    varyOnEncoding(headers);
    if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
    const encoding = entry.body.byteLength >= MIN_COMPRESS_BYTES ? chooseEncoding(c.req.header("Accept-Encoding")) : null;
    if (!encoding) return new Response(entry.body as BodyInit, { status: 200, headers });
    const body = await encodedBody(key, entry, encoding);
    headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body as BodyInit, { status: 200, headers });
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (ttlMs <= 0 || (method !== "GET" && method !== "HEAD")) return next();
    if (c.req.header("cookie") || c.req.header("authorization")) return next();
    const key = c.req.url;
    const stamp = stampNow();
    const cached = entries.get(key);
    if (cached && cached.stamp === stamp && now() - cached.storedAt < ttlMs) return answer(c, key, cached, "hit");
    if (cached) drop(key);
    // A HEAD answer has no body to keep: only GETs fill the cache.
    if (method === "HEAD") return next();

    // A rendering begun at another stamp may show what is no longer so: not shared.
    const pendingKey = `${stamp} ${key}`;
    const shared = pending.get(pendingKey);
    if (shared) {
      const entry = await shared;
      if (entry) return answer(c, key, entry, "hit");
      return next();
    }

    let settle: (entry: Entry | null) => void = () => {};
    pending.set(
      pendingKey,
      new Promise((resolve) => {
        settle = resolve;
      }),
    );
    try {
      await next();
      const response = c.res;
      const type = response.headers.get("content-type") ?? "";
      // A page that says it is private or not to be stored (the bag, compare) is taken at its word.
      const control = response.headers.get("cache-control") ?? "";
      if (
        response.status !== 200 ||
        response.headers.has("set-cookie") ||
        !CACHEABLE_TYPES.test(type) ||
        /\b(private|no-store)\b/.test(control)
      ) {
        settle(null);
        return;
      }
      const body = new Uint8Array(await response.arrayBuffer());
      const entry: Entry = {
        body,
        headers: keptHeaders(response.headers, body),
        storedAt: now(),
        stamp,
        encoded: new Map(),
        bytes: body.byteLength,
      };
      store(key, entry);
      settle(entry);
      replaceResponse(c, await answer(c, key, entry, "miss"));
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      pending.delete(pendingKey);
    }
  };

  return Object.assign(middleware, {
    clear() {
      entries.clear();
      bytes = 0;
    },
    size: () => entries.size,
  });
}

/** The headers a kept page is served with: its policy pinned to its own scripts instead of a nonce. */
function keptHeaders(headers: Headers, body: Uint8Array): [string, string][] {
  return [...headers].map(([name, value]) =>
    name === "content-security-policy" && value.includes("'nonce-")
      ? [name, pinToScripts(value, new TextDecoder().decode(body))]
      : [name, value],
  );
}
