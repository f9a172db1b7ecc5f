import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import { pageContextKey } from "../../../server/http/page-context.ts";
import { createExternalLinks } from "../../../server/modules/external-links/index.ts";
import { loader } from "./leaving";

/* /leaving's loader as React Router calls it: where "Stay on the shop" goes, and which links it follows. */

const externalLinks = createExternalLinks({ videoOrigins: ["https://www.youtube.com"], secret: "a test secret of the shop" });
const VIDEO = "https://www.youtube.com/watch?v=dQw4w9WgXcQ";

function load(url: string, headers: Record<string, string> = {}) {
  const page = { services: { externalLinks }, env: { siteName: "Safe Hands" } };
  const context = new RouterContextProvider(new Map([[pageContextKey, page as never]]));
  const result = loader({ request: new Request(url, { headers }), context, params: {} } as never);
  return ("data" in result ? result.data : result) as { ok: boolean; back: string; url?: string };
}

test("'Stay on the shop' goes back to the shop's page the visitor came from", () => {
  const here = `https://shop.test/leaving?to=${encodeURIComponent(VIDEO)}`;
  expect(load(here, { referer: "https://shop.test/news/grip?page=2" }).back).toBe("/news/grip?page=2");
  expect(load(here, { referer: "https://other.example/news" }).back).toBe("/");
  expect(load(here).back).toBe("/");
});

test("'Stay on the shop' never leads off the shop, whatever the Referer's path", () => {
  const here = `https://shop.test/leaving?to=${encodeURIComponent(VIDEO)}`;
  for (const referer of [
    "https://shop.test//evil.example",
    "https://shop.test//evil.example/path?x=1",
    "https://shop.test/.//evil.example",
    "https://shop.test/%5Cevil.example",
  ]) {
    const back = load(here, { referer }).back;
    expect(back, referer).toMatch(/^\/(?![/\\])/);
    expect(new URL(back, "https://shop.test").origin, referer).toBe("https://shop.test");
  }
  expect(load(here, { referer: "https://shop.test//evil.example" }).back).toBe("/");
});

test("a link out is followed when its host is allowed, or when the shop signed it", () => {
  const other = "https://research.example/gloves";
  expect(load(`https://shop.test/leaving?to=${encodeURIComponent(VIDEO)}`)).toMatchObject({ ok: true, url: VIDEO });
  expect(load(`https://shop.test/leaving?to=${encodeURIComponent(other)}`)).toMatchObject({ ok: false });
  const signed = `https://shop.test/leaving?to=${encodeURIComponent(other)}&sig=${externalLinks.sign(other)}`;
  expect(load(signed)).toMatchObject({ ok: true, url: other });
});
