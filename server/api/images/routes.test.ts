import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../tests/support/shop-server.ts";
import { createImageService } from "../../modules/media/index.ts";
import { createImageRoutes } from "./routes.ts";

// The endpoint on its own (no database): a temporary DATA_DIR with generated images, and a local
// HTTP server standing in for a remote image host.

let dataDir: string;
let remote: Server;
let remoteHost: string;
let stripes: Buffer;

/** 900 x 300: red, green and blue thirds. A square cover crop keeps only the green middle. */
async function stripesPng(): Promise<Buffer> {
  const third = (r: number, g: number, b: number) => ({
    input: { create: { width: 300, height: 300, channels: 3 as const, background: { r, g, b } } },
  });
  return sharp({ create: { width: 900, height: 300, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { ...third(255, 0, 0), left: 0, top: 0 },
      { ...third(0, 255, 0), left: 300, top: 0 },
      { ...third(0, 0, 255), left: 600, top: 0 },
    ])
    .png()
    .toBuffer();
}

/** A PNG whose header claims 20000 x 20000 pixels (400 megapixels): a decompression bomb. */
function bombPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(20_001))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "shop-images-"));
  mkdirSync(join(dataDir, "media", "products"), { recursive: true });
  stripes = await stripesPng();
  writeFileSync(join(dataDir, "media", "products", "stripes.png"), stripes);
  writeFileSync(join(dataDir, "media", "products", "broken.webp"), "not an image");
  writeFileSync(join(dataDir, "secrets.json"), "{}");

  const port = await freePort();
  remoteHost = `127.0.0.1:${port}`;
  remote = createServer((request, response) => {
    switch (request.url) {
      case "/stripes.png":
        response.writeHead(200, { "content-type": "image/png" }).end(stripes);
        return;
      case "/redirect-same-host":
        response.writeHead(302, { location: "/stripes.png" }).end();
        return;
      case "/redirect-elsewhere":
        response.writeHead(302, { location: `http://localhost:${port}/stripes.png` }).end();
        return;
      case "/page.html":
        response.writeHead(200, { "content-type": "text/html" }).end("<p>hello</p>");
        return;
      case "/missing.png":
        response.writeHead(404, { "content-type": "text/plain" }).end("no");
        return;
      case "/garbage.png":
        response.writeHead(200, { "content-type": "image/png" }).end("definitely not a png");
        return;
      case "/bomb.png":
        response.writeHead(200, { "content-type": "image/png" }).end(bombPng());
        return;
      case "/huge-declared.png":
        response.writeHead(200, { "content-type": "image/png", "content-length": String(20 * 1024 * 1024) });
        response.write(Buffer.alloc(1024)); // and never the rest
        return;
      case "/huge-streamed.png": {
        // No length header: 11 MB in 64 KB chunks.
        response.writeHead(200, { "content-type": "image/png" });
        const block = Buffer.alloc(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 11 * 1024 * 1024) {
            sent += block.length;
            if (!response.write(block)) return void response.once("drain", pump);
          }
          response.end();
        };
        response.on("error", () => {});
        pump();
        return;
      }
      case "/slow-headers.png":
        return; // never answers
      case "/slow-body.png":
        response.writeHead(200, { "content-type": "image/png" });
        response.write(stripes.subarray(0, 100)); // then stalls
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => remote.listen(port, "127.0.0.1", resolve));
});

afterAll(async () => {
  remote?.closeAllConnections();
  await new Promise((resolve) => remote?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function cachedFiles(): string[] {
  const root = join(dataDir, "image-cache");
  try {
    return readdirSync(root, { recursive: true, encoding: "utf8" })
      .map((name) => join(root, name))
      .filter((file) => statSync(file).isFile());
  } catch {
    return [];
  }
}

const get = (app: ReturnType<typeof createImageRoutes>, preset: string, width: number | string, src: string, headers = {}) =>
  app.request(`/${preset}/${width}?src=${encodeURIComponent(src)}`, { headers });

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]!, a: data[at + 3]! };
}

describe("local sources", () => {
  it("renders a /media/ image as a cover-cropped square webp in each width, then serves it from the cache", async () => {
    const service = createImageService({ dataDir, allowedHosts: [] });
    const app = createImageRoutes({ dataDir, imageHosts: [], service });

    for (const width of [160, 320]) {
      const response = await get(app, "product", width, "/media/products/stripes.png");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
      expect(response.headers.get("x-image-cache")).toBe("miss");
      const body = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height: width });
      // Cover: the red and blue sides were cropped away; near the corners and at the centre all
      // is green (the very edge blends a little with the neighbouring stripe when resampled).
      const near = width / 10;
      const far = width - 1 - near;
      for (const [x, y] of [
        [near, near],
        [far, near],
        [near, far],
        [far, far],
        [width / 2, width / 2],
      ] as const) {
        const { r, g, b } = await pixel(body, x, y);
        expect(g, `green at ${x},${y}`).toBeGreaterThan(200);
        expect(r + b, `no red or blue at ${x},${y}`).toBeLessThan(60);
      }
    }
    expect(service.stats()).toMatchObject({ transforms: 2, hits: 0 });
    const files = cachedFiles();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith(".webp"))).toBe(true);
    const mtimes = files.map((file) => statSync(file).mtimeMs);

    const first = await get(app, "product", 160, "/media/products/stripes.png");
    const again = await get(app, "product", 160, "/media/products/stripes.png");
    expect(again.status).toBe(200);
    expect(again.headers.get("x-image-cache")).toBe("hit");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    expect(service.stats()).toMatchObject({ transforms: 2, hits: 2 });
    expect(cachedFiles().map((file) => statSync(file).mtimeMs)).toEqual(mtimes);

    // A fresh service (a restart) finds the renderings on disk.
    const restarted = createImageService({ dataDir });
    const afterRestart = await get(
      createImageRoutes({ dataDir, imageHosts: [], service: restarted }),
      "product",
      320,
      "/media/products/stripes.png",
    );
    expect(afterRestart.headers.get("x-image-cache")).toBe("hit");
    expect(restarted.stats().transforms).toBe(0);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const app = createImageRoutes({ dataDir, imageHosts: [] });
    const first = await get(app, "product", 240, "/media/products/stripes.png");
    const etag = first.headers.get("etag")!;
    const revalidated = await get(app, "product", 240, "/media/products/stripes.png", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(await revalidated.text()).toBe("");
  });

  it("shares one transformation between identical requests in flight", async () => {
    const service = createImageService({ dataDir });
    const app = createImageRoutes({ dataDir, imageHosts: [], service });
    const responses = await Promise.all(Array.from({ length: 6 }, () => get(app, "product", 480, "/media/products/stripes.png")));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.headers.get("etag"))).size).toBe(1);
    expect(service.stats().transforms).toBe(1);
  });

  it("letterboxes the logo preset on a transparent background", async () => {
    const app = createImageRoutes({ dataDir, imageHosts: [] });
    const response = await get(app, "logo", 96, "/media/products/stripes.png");
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: "webp", width: 96, height: 96, hasAlpha: true });
    expect((await pixel(body, 48, 2)).a).toBe(0); // band above the 96 x 32 image
    expect(await pixel(body, 5, 48)).toMatchObject({ a: 255 });
    expect((await pixel(body, 5, 48)).r).toBeGreaterThan(200); // the whole image: red side kept
    expect((await pixel(body, 90, 48)).b).toBeGreaterThan(200); // and blue side
  });

  it("answers 404 for a missing file and 400 for bad input, without caching either", async () => {
    const app = createImageRoutes({ dataDir, imageHosts: [] });
    const before = cachedFiles().length;

    const missing = await get(app, "product", 320, "/media/products/nope.webp");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(await missing.text()).toBe("/media/products/nope.webp does not exist");
    expect((await get(app, "product", 320, "/media/products")).status).toBe(404); // a folder

    const cases: [string, string | number, string, RegExp][] = [
      ["product", 320, "/media/../secrets.json", /^src must not contain/],
      ["product", 320, "/media/%2e%2e/secrets.json", /^src must not contain/],
      ["product", 320, "/media/products/stripes.png%00.webp", /^src must/],
      ["product", 320, "/etc/passwd", /^src must be a \/media\/ or \/uploads\/ path/],
      ["product", 320, `${dataDir}/secrets.json`, /^src must be a \/media\/ or \/uploads\/ path/],
      ["product", 320, "https://evil.example/a.png", /^src host evil.example is not allowed/],
      ["product", 300, "/media/products/stripes.png", /^width must be one of/],
      ["product", "wide", "/media/products/stripes.png", /^width must be one of/],
      ["banner", 320, "/media/products/stripes.png", /^preset must be one of product, logo/],
    ];
    for (const [preset, width, src, message] of cases) {
      const response = await get(app, preset, width, src);
      expect(response.status, `${preset}/${width} ${src}`).toBe(400);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).toMatch(message);
    }
    const noSrc = await app.request("/product/320");
    expect(noSrc.status).toBe(400);
    expect(await noSrc.text()).toBe("src is required");
    expect((await app.request("/product")).status).toBe(404);

    expect(cachedFiles()).toHaveLength(before);
  });

  it("answers 404 for a file of the media folder that is not an image, and caches nothing", async () => {
    const app = createImageRoutes({ dataDir, imageHosts: [] });
    const response = await get(app, "product", 320, "/media/products/broken.webp");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("remote sources", () => {
  // A short timeout for the sources that stall; a long one for the rest, whose refusal must not
  // turn into a timeout on a busy machine (11 MB to stream is slow when the CPU is shared).
  const app = (fetchTimeoutMs = 500) => createImageRoutes({ dataDir, imageHosts: [remoteHost], fetchTimeoutMs });
  const url = (path: string) => `http://${remoteHost}${path}`;

  it("renders an image from an allowed host, following a redirect on that host", async () => {
    const service = createImageService({ dataDir, allowedHosts: [remoteHost] });
    const images = createImageRoutes({ dataDir, imageHosts: [remoteHost], service });
    for (const path of ["/stripes.png", "/redirect-same-host"]) {
      const response = await get(images, "product", 160, url(path));
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 160, height: 160 });
    }
    const again = await get(images, "product", 160, url("/stripes.png"));
    expect(again.headers.get("x-image-cache")).toBe("hit");
    expect(service.stats().transforms).toBe(2);
  });

  it("refuses hosts not in IMAGE_HOSTS with 400, before fetching", async () => {
    const other = await freePort();
    for (const src of [`http://localhost:${remoteHost.split(":")[1]}/stripes.png`, `http://127.0.0.1:${other}/stripes.png`]) {
      const response = await get(app(), "product", 160, src);
      expect(response.status, src).toBe(400);
      expect(await response.text()).toMatch(/is not allowed$/);
    }
    const none = await get(createImageRoutes({ dataDir, imageHosts: [] }), "product", 160, url("/stripes.png"));
    expect(none.status).toBe(400);
  });

  it("answers 502 when the remote source fails, and caches nothing", async () => {
    const before = cachedFiles().length;
    const cases: [string, RegExp][] = [
      ["/missing.png", /^source answered 404$/],
      ["/page.html", /^source is not an image \(text\/html\)$/],
      ["/garbage.png", /^source is not a usable image$/],
      ["/bomb.png", /^source is not a usable image$/],
      ["/redirect-elsewhere", /^source redirected to a host that is not allowed$/],
      ["/huge-declared.png", /^source is too large$/],
      ["/huge-streamed.png", /^source is too large$/],
      ["/slow-headers.png", /^source timed out$/],
      ["/slow-body.png", /^source timed out$/],
    ];
    for (const [path, message] of cases) {
      const stalls = path.startsWith("/slow-");
      const started = performance.now();
      const response = await get(app(stalls ? 500 : 30_000), "product", 160, url(path));
      expect(response.status, path).toBe(502);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text(), path).toMatch(message);
      // A source that stalls is given up on after its timeout, not left to hang the request.
      if (stalls) expect(performance.now() - started, path).toBeLessThan(3_000);
    }
    expect(cachedFiles()).toHaveLength(before);
  });

  it("answers 502 when a remote host cannot be reached", async () => {
    const closed = `127.0.0.1:${await freePort()}`;
    const response = await get(createImageRoutes({ dataDir, imageHosts: [closed] }), "product", 160, `http://${closed}/a.png`);
    expect(response.status).toBe(502);
    expect(await response.text()).toBe("source could not be fetched");
  });
});
