import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { pageCache } from "./page-cache.ts";

/** A page handler that says how many times it rendered, so a cached answer shows an old count. */
function shop(options: { ttlMs: number; maxEntries?: number; maxBytes?: number; now?: () => number }) {
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
