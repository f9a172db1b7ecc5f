import { describe, expect, test } from "vitest";
import { asPublicRequest } from "./public-request.ts";

describe("asPublicRequest", () => {
  test("behind an HTTPS proxy, a request for the shop's host takes the public scheme and keeps its body", async () => {
    const request = new Request("http://shop.example/bag?x=1", {
      method: "POST",
      headers: { origin: "https://shop.example", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=add&variantId=1",
    });
    const seen = asPublicRequest(request, "https://shop.example");
    expect(seen.url).toBe("https://shop.example/bag?x=1");
    expect(seen.method).toBe("POST");
    expect(seen.headers.get("origin")).toBe("https://shop.example");
    expect(await seen.text()).toBe("intent=add&variantId=1");
  });

  test("other hosts, and shops on plain HTTP, are left as they came", () => {
    const other = new Request("http://evil.example/bag");
    expect(asPublicRequest(other, "https://shop.example")).toBe(other);
    const plain = new Request("http://localhost:3000/bag");
    expect(asPublicRequest(plain, "http://localhost:3000")).toBe(plain);
  });
});
