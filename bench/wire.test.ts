import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, expect, test } from "vitest";
import { compression } from "../server/http/compression.ts";
import { getLocalOnTheWire } from "./local-http.ts";
import { onTheWire } from "./wire.ts";

const html = `<!DOCTYPE html><main>${"<article>Solid Lock Max Training Glove, 24,90 €</article>".repeat(300)}</main>`;
let server: ServerType;
let url = "";

beforeAll(async () => {
  const app = new Hono();
  app.use(compression());
  app.get("/", (c) => c.html(html));
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

test("bytes on the wire are the compressed bytes a browser receives, not the page's", async () => {
  const wire = await onTheWire(url, Buffer.from(html));
  expect(wire.encoding).toBe("br");
  expect(wire.bytes).toBeLessThan(Buffer.byteLength(html) / 10);
  expect(wire.compressMs).toBeGreaterThan(0);
  const answer = await getLocalOnTheWire(url, "br");
  expect(answer.body).toHaveLength(wire.bytes);
  expect(brotliDecompressSync(answer.body).toString()).toBe(html);
  // Without compression asked for, the page as it is.
  expect((await getLocalOnTheWire(url, "identity")).body).toHaveLength(Buffer.byteLength(html));
});

test("the bench sends nothing beyond 127.0.0.1", async () => {
  await expect(getLocalOnTheWire("http://example.com/", "br")).rejects.toThrow(/only sends traffic to/);
});
