import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, test } from "vitest";
import { clientAddress } from "./client-address.ts";

/** An app that answers with the address it sees, trusting `trustProxy` proxies. */
function echoApp(trustProxy: number) {
  const app = new Hono();
  app.get("/", (c) => c.text(clientAddress(c, trustProxy)));
  return app;
}

async function seenBy(trustProxy: number, forwardedFor?: string): Promise<string> {
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
  return (await echoApp(trustProxy).request("/", { headers })).text();
}

describe("clientAddress", () => {
  test("with no proxy trusted, X-Forwarded-For is ignored: anyone can send it", async () => {
    expect(await seenBy(0, "6.6.6.6")).toBe("unknown");
  });

  test("with one proxy, the last entry: the address our proxy heard from", async () => {
    expect(await seenBy(1, "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(await seenBy(1, "203.0.113.7")).toBe("203.0.113.7");
  });

  test("with N proxies, the entry N from the end; a shorter header gives its first entry", async () => {
    expect(await seenBy(2, "6.6.6.6,203.0.113.7 ,10.0.0.2")).toBe("203.0.113.7");
    expect(await seenBy(3, "203.0.113.7, 10.0.0.2")).toBe("203.0.113.7");
  });

  test("IPv4-mapped IPv6 becomes IPv4; other IPv6 addresses stay as they are", async () => {
    expect(await seenBy(1, "::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(await seenBy(1, "::FFFF:198.51.100.4")).toBe("198.51.100.4");
    expect(await seenBy(1, "2001:db8::1")).toBe("2001:db8::1");
  });

  test("with proxies trusted but no header, the connection's address", async () => {
    expect(await seenBy(1)).toBe("unknown");
    expect(await seenBy(1, " , ")).toBe("unknown");
  });

  test("over a real connection, the socket's address", async () => {
    const server = serve({ fetch: echoApp(0).fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": "6.6.6.6" } });
      expect(await response.text()).toBe("127.0.0.1");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
