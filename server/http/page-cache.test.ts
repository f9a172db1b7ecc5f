import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { compressBytes, type Encoding } from "./compression.ts";
import { pagePolicy } from "./content-security-policy.ts";
import { pageCache } from "./page-cache.ts";

/** A page handler that says how many times it rendered, so a cached answer shows an old count. */
function shop(options: { ttlMs: number; maxEntries?: number; maxBytes?: number; now?: () => number; stamp?: () => string }) {
  let renders = 0;
  const cache = pageCache(options);
  const app = new Hono();
  app.use("*", cache);
  app.get("/cookie", (c) => {
    renders++;
    c.header("Set-Cookie", "cart_token=abc");
    return c.html(`<p>${renders}</p>`);
  });
  app.get("/missing", (c) => {
    renders++;
    return c.html(`<p>${renders}</p>`, 404);
  });
  app.get("/private", (c) => {
    renders++;
    c.header("Cache-Control", "private, no-store");
    return c.html(`<p>${renders}</p>`);
  });
  app.get("/json", (c) => {
    renders++;
    return c.json({ renders });
  });
  app.get("/slow", async (c) => {
    renders++;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return c.html(`<p>${renders}</p>`);
  });
  app.get("*", (c) => {
    renders++;
    return c.html(`<p>${renders} ${c.req.path}</p>`);
  });
  app.post("*", (c) => {
    renders++;
    return c.html(`<p>${renders}</p>`);
  });
  const get = async (path: string, init?: RequestInit) => {
    const response = await app.request(path, init);
    return { text: await response.text(), state: response.headers.get("x-page-cache"), status: response.status };
  };
  return { get, cache };
}

describe("the anonymous page cache", () => {
  test("a page kept at another catalogue stamp is never served: the next request after a change renders it (ADR 64)", async () => {
    let stamp = "0.1.0";
    const { get } = shop({ ttlMs: 60_000, stamp: () => stamp });
    expect(await get("/shop")).toMatchObject({ text: "<p>1 /shop</p>", state: "miss" });
    expect(await get("/shop")).toMatchObject({ text: "<p>1 /shop</p>", state: "hit" });
    stamp = "1.1.0";
    expect(await get("/shop")).toMatchObject({ text: "<p>2 /shop</p>", state: "miss" });
    expect(await get("/shop")).toMatchObject({ text: "<p>2 /shop</p>", state: "hit" });
  });

  test("an anonymous visitor's second view of a page is served from memory until it is ttl old", async () => {
    let clock = 0;
    const { get } = shop({ ttlMs: 5000, now: () => clock });
    expect(await get("/shop")).toMatchObject({ text: "<p>1 /shop</p>", state: "miss" });
    expect(await get("/shop")).toMatchObject({ text: "<p>1 /shop</p>", state: "hit" });
    // Another address, another query string: another page.
    expect((await get("/shop?size=8")).text).toBe("<p>2 /shop</p>");
    clock = 5000;
    expect(await get("/shop")).toMatchObject({ text: "<p>3 /shop</p>", state: "miss" });
  });

  test("requests with any cookie or an Authorization header are never served from, nor stored in, the cache", async () => {
    const { get } = shop({ ttlMs: 5000 });
    await get("/bag");
    expect((await get("/bag", { headers: { cookie: "cart_token=abc" } })).text).toBe("<p>2 /bag</p>");
    expect((await get("/bag", { headers: { authorization: "Bearer x" } })).text).toBe("<p>3 /bag</p>");
    expect((await get("/account", { headers: { cookie: "a=b" } })).state).toBeNull();
    expect((await get("/account")).text).toBe("<p>5 /account</p>");
  });

  test("answers that set a cookie, are not 200, are not pages or say they are private, are not kept", async () => {
    const { get } = shop({ ttlMs: 5000 });
    for (const path of ["/cookie", "/missing", "/json", "/private"]) {
      const first = await get(path);
      const second = await get(path);
      expect(second.text, path).not.toBe(first.text);
      expect(second.state, path).toBeNull();
    }
    expect((await get("/missing")).status).toBe(404);
  });

  test("only GET fills it; HEAD reads it; other methods pass by", async () => {
    const { get } = shop({ ttlMs: 5000 });
    expect((await get("/form", { method: "POST" })).text).toBe("<p>1</p>");
    expect((await get("/form", { method: "HEAD" })).state).toBeNull();
    await get("/form");
    const head = await get("/form", { method: "HEAD" });
    expect(head).toMatchObject({ state: "hit", text: "" });
  });

  test("concurrent first views of a page share one rendering", async () => {
    const { get } = shop({ ttlMs: 5000 });
    const answers = await Promise.all([get("/slow"), get("/slow"), get("/slow")]);
    expect(answers.map((a) => a.text)).toEqual(["<p>1</p>", "<p>1</p>", "<p>1</p>"]);
  });

  test("the oldest pages make room when it holds too many pages or bytes; clear() empties it; 0 turns it off", async () => {
    const small = shop({ ttlMs: 5000, maxEntries: 2 });
    await small.get("/a");
    await small.get("/b");
    await small.get("/c");
    expect(small.cache.size()).toBe(2);
    expect((await small.get("/a")).state).toBe("miss");
    small.cache.clear();
    expect(small.cache.size()).toBe(0);

    const tight = shop({ ttlMs: 5000, maxBytes: 20 });
    await tight.get("/a");
    await tight.get("/b");
    expect(tight.cache.size()).toBe(1);

    const off = shop({ ttlMs: 0 });
    await off.get("/a");
    expect((await off.get("/a")).text).toBe("<p>2 /a</p>");
  });
});

describe("compressed copies of kept pages", () => {
  /** A cache whose compressions are counted, in front of a page big enough to compress. */
  function counted() {
    const compressions: Encoding[] = [];
    let renders = 0;
    const app = new Hono();
    app.use(
      "*",
      pageCache({
        ttlMs: 5000,
        compress: (bytes, encoding) => {
          compressions.push(encoding);
          return compressBytes(bytes, encoding);
        },
      }),
    );
    app.get("*", (c) => {
      renders++;
      return c.html(`<main>${renders}${"<article>Solid Lock Max, 24,90 &#8364;</article>".repeat(100)}</main>`);
    });
    const get = async (path: string, acceptEncoding?: string) => {
      const response = await app.request(path, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
      const raw = Buffer.from(await response.arrayBuffer());
      const encoding = response.headers.get("content-encoding");
      const text = (encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw).toString();
      return { raw, encoding, text, state: response.headers.get("x-page-cache"), vary: response.headers.get("vary") };
    };
    return { get, compressions };
  }

  test("a hit sends the bytes compressed for the first visitor who took that encoding: no compression per hit", async () => {
    const { get, compressions } = counted();
    const plain = await get("/shop");
    expect(plain).toMatchObject({ state: "miss", encoding: null, vary: "Accept-Encoding" });
    expect(compressions).toEqual([]);

    const firstBr = await get("/shop", "gzip, deflate, br");
    const secondBr = await get("/shop", "br");
    expect(firstBr).toMatchObject({ state: "hit", encoding: "br", vary: "Accept-Encoding" });
    expect(secondBr.raw).toEqual(firstBr.raw);
    expect(firstBr.text).toBe(plain.text);
    expect(compressions).toEqual(["br"]);

    const firstGzip = await get("/shop", "gzip");
    const secondGzip = await get("/shop", "gzip");
    expect(firstGzip.encoding).toBe("gzip");
    expect(secondGzip.raw).toEqual(firstGzip.raw);
    expect(firstGzip.text).toBe(plain.text);
    expect(compressions).toEqual(["br", "gzip"]);

    // Those without Accept-Encoding still get the page as rendered.
    expect((await get("/shop")).raw).toEqual(plain.raw);
  });

  test("the visitor whose request fills the cache gets the page compressed too, and concurrent ones share the copy", async () => {
    const { get, compressions } = counted();
    const answers = await Promise.all([get("/brands", "br"), get("/brands", "br"), get("/brands", "br")]);
    expect(answers.map((a) => a.encoding)).toEqual(["br", "br", "br"]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(compressions).toEqual(["br"]);
  });
});

test("compressed copies count against the size bound", async () => {
  const page = "<p>x</p>".repeat(200);
  const app = new Hono();
  // Room for two pages; a compressed copy as big as its page is a third.
  const cache = pageCache({ ttlMs: 5000, maxBytes: page.length * 2.5, compress: async (bytes) => bytes.slice() });
  app.use("*", cache);
  app.get("*", (c) => c.html(page));
  await app.request("/a");
  await app.request("/b");
  expect(cache.size()).toBe(2);
  await app.request("/b", { headers: { "Accept-Encoding": "br" } });
  await new Promise((resolve) => setImmediate(resolve));
  expect(cache.size()).toBe(1);
  expect((await app.request("/a")).headers.get("x-page-cache")).toBe("miss");
});

describe("kept pages and their Content-Security-Policy", () => {
  test("a kept page's nonce is replaced by the hashes of its scripts, for the first visitor and every hit", async () => {
    let renders = 0;
    const app = new Hono();
    app.use("*", pageCache({ ttlMs: 5000 }));
    app.get("*", (c) => {
      renders++;
      const nonce = `nonce${renders}`;
      c.header("Content-Security-Policy", pagePolicy(nonce));
      return c.html(`<p>page</p><script nonce="${nonce}">window.page = 1;</script>`);
    });
    const hash = `'sha256-${createHash("sha256").update("window.page = 1;").digest("base64")}'`;
    for (const state of ["miss", "hit"]) {
      const response = await app.request("/shop");
      expect(response.headers.get("x-page-cache")).toBe(state);
      const policy = response.headers.get("content-security-policy")!;
      expect(policy).not.toContain("nonce");
      expect(policy).toContain(`script-src 'self' ${hash};`);
    }
  });
});
