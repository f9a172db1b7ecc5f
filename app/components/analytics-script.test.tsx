// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import { AnalyticsScript } from "./analytics-script";

/* Umami's tag (ADR 40): the pages' addresses carry secrets in their query (tokens, codes), so the tracker sends the path only. */

test("the tag tells Umami to leave out the query and the hash", () => {
  const html = renderToStaticMarkup(
    <AnalyticsScript tag={{ scriptUrl: "https://stats.example.test/script.js", siteId: "site-1" }} />,
  );
  const script = new DOMParser().parseFromString(html, "text/html").querySelector("script");
  expect(script?.getAttribute("src")).toBe("https://stats.example.test/script.js");
  expect(script?.getAttribute("data-website-id")).toBe("site-1");
  expect(script?.getAttribute("data-exclude-search")).toBe("true");
  expect(script?.getAttribute("data-exclude-hash")).toBe("true");
  expect(script?.hasAttribute("defer")).toBe(true);
});

test("no settings, no tag", () => {
  expect(renderToStaticMarkup(<AnalyticsScript tag={null} />)).toBe("");
});
