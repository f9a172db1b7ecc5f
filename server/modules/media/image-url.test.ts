import { describe, expect, it } from "vitest";
import { imageSrcSet, imageUrl } from "./image-url.ts";
import type { ImageWidth } from "./presets.ts";

describe("imageUrl", () => {
  it("builds /images/<preset>/<width>?src=<encoded source>", () => {
    expect(imageUrl("product", 320, "/media/products/glove-red-front.webp")).toBe(
      "/images/product/320?src=%2Fmedia%2Fproducts%2Fglove-red-front.webp",
    );
    expect(imageUrl("logo", 96, "https://cdn.example.com/a b.png?v=1&x=2")).toBe(
      "/images/logo/96?src=https%3A%2F%2Fcdn.example.com%2Fa%20b.png%3Fv%3D1%26x%3D2",
    );
  });

  it("round-trips the source through the query string", () => {
    const src = "/media/brands/safe%20hands.webp";
    const url = new URL(imageUrl("product", 640, src), "http://shop.test");
    expect(url.searchParams.get("src")).toBe(src);
  });

  it("refuses widths and presets the endpoint would refuse", () => {
    expect(() => imageUrl("product", 300 as ImageWidth, "/media/a.webp")).toThrow(RangeError);
    expect(() => imageUrl("banner" as "product", 320, "/media/a.webp")).toThrow(RangeError);
  });
});

describe("imageSrcSet", () => {
  it("lists every allowed width by default, narrowest first", () => {
    const set = imageSrcSet("product", "/media/a.webp");
    expect(set.split(", ").map((entry) => entry.split(" ")[1])).toEqual([
      "96w",
      "160w",
      "240w",
      "320w",
      "480w",
      "640w",
      "800w",
      "1200w",
    ]);
  });

  it("uses the given widths, sorted and without repeats", () => {
    expect(imageSrcSet("logo", "/media/b.webp", [480, 160, 480])).toBe(
      "/images/logo/160?src=%2Fmedia%2Fb.webp 160w, /images/logo/480?src=%2Fmedia%2Fb.webp 480w",
    );
  });
});
