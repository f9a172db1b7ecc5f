import type { MiddlewareHandler } from "hono";

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
 * Entries live `ttlMs` (a few seconds: the catalogue itself is read from a read model refreshed
 * every minute, so this adds little staleness) and the cache holds at most `maxEntries` pages and
 * `maxBytes` bytes, oldest dropped first, so filter combinations cannot grow it without bound.
 * Concurrent misses for the same address share one rendering.
 */
export interface PageCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
}

interface Entry {
  body: Uint8Array;
  headers: [string, string][];
  storedAt: number;
}

const CACHEABLE_TYPES = /^(text\/html|text\/x-script)/;

export function pageCache(options: PageCacheOptions): MiddlewareHandler & { clear(): void; size(): number } {
  const { ttlMs, maxEntries = 1000, maxBytes = 64 * 1024 * 1024, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | null>>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength;
    entries.delete(key);
  };

  const store = (key: string, entry: Entry) => {
    drop(key);
    if (entry.body.byteLength > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.body.byteLength;
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  const answer = (entry: Entry, method: string, state: "hit" | "miss") => {
    const headers = new Headers(entry.headers);
    headers.set("X-Page-Cache", state);
    return new Response(method === "HEAD" ? null : (entry.body as BodyInit), { status: 200, headers });
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (ttlMs <= 0 || (method !== "GET" && method !== "HEAD")) return next();
    if (c.req.header("cookie") || c.req.header("authorization")) return next();
    const key = c.req.url;
    const cached = entries.get(key);
    if (cached && now() - cached.storedAt < ttlMs) return answer(cached, method, "hit");
    if (cached) drop(key);
    // A HEAD answer has no body to keep: only GETs fill the cache.
    if (method === "HEAD") return next();

    const shared = pending.get(key);
    if (shared) {
      const entry = await shared;
      if (entry) return answer(entry, method, "hit");
      return next();
    }

    let settle: (entry: Entry | null) => void = () => {};
    pending.set(
      key,
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
      const entry: Entry = { body, headers: [...response.headers], storedAt: now() };
      store(key, entry);
      settle(entry);
      c.res = answer(entry, method, "miss");
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      pending.delete(key);
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
