import { expect, test } from "vitest";
import { pageMeta, siteFrom } from "./meta.ts";

const site = { siteName: "Safe Hands", tagline: "for every keeper, everywhere, always", publicUrl: "https://shop.example" };

test("a page's metadata carries site name, title, description, share image, canonical url and og:type", () => {
  const meta = pageMeta(site, { title: "Gloves", description: "All gloves.", path: "/shop/gloves" });
  expect(meta).toContainEqual({ title: "Gloves | Safe Hands" });
  expect(meta).toContainEqual({ name: "description", content: "All gloves." });
  expect(meta).toContainEqual({ property: "og:site_name", content: "Safe Hands" });
  expect(meta).toContainEqual({ property: "og:type", content: "website" });
  expect(meta).toContainEqual({ property: "og:image", content: "https://shop.example/media/art/share.png" });
  expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://shop.example/shop/gloves" });
});

test("the home page is titled by the shop's name and tagline", () => {
  expect(pageMeta(site, { path: "/" })).toContainEqual({ title: "Safe Hands: for every keeper, everywhere, always" });
});

test("the shop information comes from the root route's data", () => {
  expect(
    siteFrom([
      { id: "root", data: { site } },
      { id: "routes/home", data: {} },
    ]),
  ).toEqual(site);
  expect(siteFrom([undefined])).toBeUndefined();
});
