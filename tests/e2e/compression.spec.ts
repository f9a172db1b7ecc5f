import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/*
 * Text answers travel compressed as the browser asks (docs/decisions/0028): br when it takes it,
 * else gzip, else as they are; each decompresses to the bytes an uncompressed answer has.
 * Requests go through node:http, which (unlike a browser or Playwright) hands over the bytes as sent.
 */

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

function raw(url: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: body ? "POST" : "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

function decoded(answer: Raw): string {
  const encoding = answer.headers["content-encoding"];
  const bytes =
    encoding === "br" ? brotliDecompressSync(answer.bytes) : encoding === "gzip" ? gunzipSync(answer.bytes) : answer.bytes;
  return bytes.toString("utf8");
}

// A page rendered again (its cached copy expired between two requests) differs only in its nonce.
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

const BROWSER = "gzip, deflate, br, zstd";

test("pages, page data, JSON and GraphQL answers are compressed per Accept-Encoding and decompress to the same bytes", async ({
  baseURL,
}) => {
  const graphql = JSON.stringify({ query: "{ products(pageSize: 24) { items { name slug } } }" });
  const answers: [string, string, string?][] = [
    ["home page", "/"],
    ["listing page", "/shop/gloves?size=8&attr.grip=Wet"],
    ["page data", "/shop/gloves.data?size=8&attr.grip=Wet"],
    ["shop API", "/ecommerce/products?category=gloves"],
    ["GraphQL", "/graphql", graphql],
  ];
  for (const [what, path, body] of answers) {
    const headers: Record<string, string> = body ? { "content-type": "application/json" } : {};
    const plain = await raw(`${baseURL}${path}`, headers, body);
    expect(plain.status, what).toBe(200);
    expect(plain.headers["content-encoding"], what).toBeUndefined();
    expect(plain.headers.vary, what).toContain("Accept-Encoding");
    for (const [accept, encoding] of [
      [BROWSER, "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip;q=0.8", "gzip"],
    ] as const) {
      const answer = await raw(`${baseURL}${path}`, { ...headers, "accept-encoding": accept }, body);
      expect(answer.headers["content-encoding"], `${what}, ${accept}`).toBe(encoding);
      expect(answer.headers.vary, what).toContain("Accept-Encoding");
      expect(answer.bytes.length, what).toBeLessThan(plain.bytes.length / 2);
      expect(withoutNonces(decoded(answer)), `${what}, ${accept}`).toBe(withoutNonces(plain.bytes.toString("utf8")));
    }
  }
});

test("images go out as they are; built scripts come as the .br or .gz file the build made", async ({ baseURL }) => {
  const home = (await raw(`${baseURL}/`)).bytes.toString("utf8");
  const image = await raw(`${baseURL}${/src="(\/images\/product\/[^"]+)"/.exec(home)![1]!}`, { "accept-encoding": BROWSER });
  expect(image.headers["content-type"]).toBe("image/webp");
  expect(image.headers["content-encoding"]).toBeUndefined();

  const script = /\/assets\/[^"]+\.js/.exec(home)![0];
  const plain = await raw(`${baseURL}${script}`);
  for (const [accept, encoding] of [
    [BROWSER, "br"],
    ["gzip", "gzip"],
  ] as const) {
    const answer = await raw(`${baseURL}${script}`, { "accept-encoding": accept });
    expect(answer.headers["content-encoding"], accept).toBe(encoding);
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(decoded(answer)).toBe(plain.bytes.toString("utf8"));
  }
});
