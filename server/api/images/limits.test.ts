import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestContext, ShopEnv } from "../../context.ts";
import { createImageService } from "../../modules/media/index.ts";
import { createMemoryStore } from "../../modules/rate-limit/memory-store.ts";
import { rateLimit } from "../../modules/rate-limit/index.ts";
import { createImageRoutes } from "./routes.ts";

/* Issue 10 F6: the rendering cache on disk has a size bound, and renderings per address a limit. */

let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "shop-image-limits-"));
  mkdirSync(join(dataDir, "media", "products"), { recursive: true });
  // Noise compresses badly, so every rendering has a size worth counting.
  const noise = Buffer.from(Array.from({ length: 256 * 256 * 3 }, (_, i) => (i * 7919) % 251));
  for (const name of ["a", "b", "c", "d", "e", "f"]) {
    const png = await sharp(noise, { raw: { width: 256, height: 256, channels: 3 } })
      .modulate({ hue: name.charCodeAt(0) })
      .png()
      .toBuffer();
    writeFileSync(join(dataDir, "media", "products", `${name}.png`), png);
  }
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cacheBytes(): number {
  const dir = join(dataDir, "image-cache");
  let total = 0;
  for (const sub of readdirSync(dir))
    for (const file of readdirSync(join(dir, sub))) total += statSync(join(dir, sub, file)).size;
  return total;
}

/** The endpoint as the shop mounts it: behind the request context, which knows the visitor's address. */
function endpoint(routes: ReturnType<typeof createImageRoutes>, ip: () => string) {
  const app = new Hono<ShopEnv>();
  app.use("*", async (c, next) => {
    c.set("ctx", { visitor: { ip: ip() } } as RequestContext);
    await next();
  });
  app.route("/images", routes);
  return (width: number, name: string) =>
    app.request(`/images/product/${width}?src=${encodeURIComponent(`/media/products/${name}.png`)}`);
}

describe("the rendering cache on disk", () => {
  it("stays under its bound: the oldest renderings go, the newest stay", async () => {
    // A rendering here is 50 to 100 KB: room for about three.
    const service = createImageService({ dataDir, cacheMaxBytes: 250_000 });
    const get = endpoint(createImageRoutes({ dataDir, imageHosts: [], service }), () => "203.0.113.1");
    const made: string[] = [];
    for (const name of ["a", "b", "c", "d", "e", "f"]) {
      for (const width of [320, 480]) {
        expect((await get(width, name)).status).toBe(200);
        made.push(`${width}/${name}`);
      }
    }
    expect(service.stats().transforms).toBe(12);
    expect(cacheBytes()).toBeLessThanOrEqual(250_000);
    expect(service.cacheBytes()).toBe(cacheBytes());
    // The newest is still on disk; the oldest was made again.
    expect((await get(480, "f")).headers.get("x-image-cache")).toBe("hit");
    expect((await get(320, "a")).headers.get("x-image-cache")).toBe("miss");
  });
});

describe("renderings per address", () => {
  it("past the limit an address gets 429 for new renderings; cached ones and other addresses are served", async () => {
    let ip = "198.51.100.9";
    const renders = rateLimit(createMemoryStore(), { name: "image-renders", limit: 2, windowMs: 60_000 });
    const renderingsDir = mkdtempSync(join(tmpdir(), "img-"));
    mkdirSync(join(renderingsDir, "media", "products"), { recursive: true });
    writeFileSync(
      join(renderingsDir, "media", "products", "a.png"),
      await sharp({ create: { width: 64, height: 64, channels: 3, background: "#1f8a70" } })
        .png()
        .toBuffer(),
    );
    const shared = endpoint(createImageRoutes({ dataDir: renderingsDir, imageHosts: [], renders }), () => ip);
    expect((await shared(96, "a")).status).toBe(200);
    expect((await shared(160, "a")).status).toBe(200);
    const refused = await shared(240, "a");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    // Already made: no work, no count.
    expect((await shared(96, "a")).status).toBe(200);
    ip = "198.51.100.10";
    expect((await shared(240, "a")).status).toBe(200);
  });
});
