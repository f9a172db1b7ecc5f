import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { chooseEncoding, compression, isCompressible, MIN_COMPRESS_BYTES } from "./compression.ts";

const page = `<!DOCTYPE html><html><body>${'<article class="product-card">Solid Lock Max 24,90 €</article>'.repeat(200)}</body></html>`;

/** A shop with a page, page data, an API answer, an image, a tiny answer and a precompressed file. */
function shop() {
  const app = new Hono();
  app.use(compression());
  app.get("/", (c) => c.html(page));
  app.get("/shop.data", (c) => c.body(page, 200, { "Content-Type": "text/x-script" }));
  app.get("/ecommerce/products", (c) => c.json({ data: Array.from({ length: 100 }, (_, id) => ({ id, name: "Glove" })) }));
  app.post("/graphql", (c) =>
    c.body(JSON.stringify({ data: { products: page } }), 200, {
      "Content-Type": "application/graphql-response+json; charset=utf-8",
    }),
  );
  app.get("/image.webp", (c) => c.body(new Uint8Array(4096).fill(7), 200, { "Content-Type": "image/webp" }));
  app.get("/tiny", (c) => c.json({ ok: true }));
  app.get("/assets/app.js", (c) =>
    c.body(new Uint8Array([1, 2, 3]), 200, { "Content-Type": "text/javascript", "Content-Encoding": "br" }),
  );
  app.get("/no-transform", (c) => c.html(page, 200, { "Cache-Control": "no-transform" }));
  app.get("/etag", (c) => c.json({ page }, 200, { ETag: '"abc"' }));
  return app;
}

const decode = (encoding: string | null, bytes: Buffer) =>
  encoding === "br" ? brotliDecompressSync(bytes) : encoding === "gzip" ? gunzipSync(bytes) : bytes;

async function get(app: Hono, path: string, acceptEncoding?: string, method = "GET") {
  const response = await app.request(path, { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });
  const raw = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  return { response, raw, encoding, text: () => decode(encoding, raw).toString("utf8") };
}

describe("choosing an encoding from Accept-Encoding", () => {
  test("br when the browser takes it, else gzip, else none; weights and * count", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("br, gzip")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("x-gzip")).toBe("gzip");
    expect(chooseEncoding("GZIP;q=0.5, br;q=0")).toBe("gzip");
    expect(chooseEncoding("gzip;q=1, br;q=0.5")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*;q=0")).toBeNull();
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("deflate")).toBeNull();
    expect(chooseEncoding("")).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  test("text is compressible; images, event streams and multipart answers are not", () => {
    for (const type of [
      "text/html; charset=utf-8",
      "text/x-script",
      "application/json",
      "application/graphql-response+json; charset=utf-8",
      "image/svg+xml",
      "text/css",
      "text/javascript",
    ])
      expect(isCompressible(type), type).toBe(true);
    for (const type of ["image/webp", "image/png", "font/woff2", "text/event-stream", "multipart/mixed; boundary=-", null])
      expect(isCompressible(type), String(type)).toBe(false);
  });
});

describe("the compression middleware", () => {
  test("pages, page data, JSON and GraphQL answers come in the encoding asked for and decompress to the same bytes", async () => {
    const app = shop();
    for (const [path, method] of [
      ["/", "GET"],
      ["/shop.data", "GET"],
      ["/ecommerce/products", "GET"],
      ["/graphql", "POST"],
    ] as const) {
      const plain = await get(app, path, undefined, method);
      expect(plain.encoding, path).toBeNull();
      expect(plain.response.headers.get("vary"), path).toBe("Accept-Encoding");
      for (const [accept, expected] of [
        ["gzip, deflate, br, zstd", "br"],
        ["gzip", "gzip"],
      ]) {
        const answer = await get(app, path, accept, method);
        expect(answer.encoding, `${path} ${accept}`).toBe(expected);
        expect(answer.response.headers.get("vary")).toBe("Accept-Encoding");
        expect(answer.raw.length).toBeLessThan(plain.raw.length / 4);
        expect(Number(answer.response.headers.get("content-length"))).toBe(answer.raw.length);
        expect(answer.text()).toBe(plain.text());
      }
    }
  });

  test("images, tiny answers, encoded files, HEAD and no-transform answers go out as they are", async () => {
    const app = shop();
    const image = await get(app, "/image.webp", "br");
    expect(image.encoding).toBeNull();
    expect(image.raw).toEqual(Buffer.from(new Uint8Array(4096).fill(7)));
    expect(image.response.headers.get("vary")).toBeNull();

    const tiny = await get(app, "/tiny", "br");
    expect(tiny.raw.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(tiny.encoding).toBeNull();
    expect(tiny.text()).toBe('{"ok":true}');

    const asset = await get(app, "/assets/app.js", "gzip");
    expect(asset.encoding).toBe("br");
    expect([...asset.raw]).toEqual([1, 2, 3]);

    expect((await get(app, "/", "br", "HEAD")).encoding).toBeNull();
    expect((await get(app, "/no-transform", "br")).encoding).toBeNull();
  });

  test("a strong ETag becomes weak once the bytes are compressed", async () => {
    const answer = await get(shop(), "/etag", "br");
    expect(answer.encoding).toBe("br");
    expect(answer.response.headers.get("etag")).toBe('W/"abc"');
  });

  test("a streamed page keeps streaming: its first part arrives, decompressed, before the rest is rendered", async () => {
    let finish: () => void = () => {};
    const rest = new Promise<void>((resolve) => (finish = resolve));
    const shell = `<!DOCTYPE html><html><body><main>${"<p>The shell</p>".repeat(100)}</main>`;
    const app = new Hono();
    app.use(compression());
    app.get("/streams", () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(shell));
          await rest;
          controller.enqueue(encoder.encode("<p>Deferred reviews</p></body></html>"));
          controller.close();
        },
      });
      return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
    const response = await app.request("/streams", { headers: { "Accept-Encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-length")).toBeNull();

    let text = "";
    const decompressor = createBrotliDecompress();
    decompressor.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    const reader = response.body!.getReader();
    // Nothing more is rendered until `finish`: the shell must come through on its own.
    while (text.length < shell.length) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      await new Promise<void>((resolve) => decompressor.write(value, () => resolve()));
    }
    expect(text).toBe(shell);

    finish();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      decompressor.write(value);
    }
    await new Promise((resolve) => decompressor.end(resolve));
    expect(text).toBe(`${shell}<p>Deferred reviews</p></body></html>`);
  });
});
