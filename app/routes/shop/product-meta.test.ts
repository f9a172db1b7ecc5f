import { expect, test } from "vitest";
import { testProduct } from "../../../tests/support/compare-fixtures.ts";
import { serialize } from "~/lib/serialized";
import { meta } from "./product";

/* Issue 25: a product's SEO title and description, when the owner gives them, are the page's; empty, the page's own. */

const site = { siteName: "Safe Hands", tagline: "for keepers", publicUrl: "http://shop.test" };
const metaOf = (overrides: Parameters<typeof testProduct>[1]) => {
  const product = testProduct(7, { description: "A glove for wet days.", ...overrides });
  const tags = meta({ matches: [{ id: "root", data: { site } }], data: { product: serialize(product) } } as never) as {
    title?: string;
    name?: string;
    content?: string;
  }[];
  return {
    title: tags.find((tag) => "title" in tag)?.title,
    description: tags.find((tag) => tag.name === "description")?.content,
  };
};

test("the owner's SEO title and description are the page's title and meta description", () => {
  expect(metaOf({ seoTitle: "Wet-weather goalkeeper glove", seoDescription: "Grip in the rain." })).toEqual({
    title: "Wet-weather goalkeeper glove | Safe Hands",
    description: "Grip in the rain.",
  });
});

test("empty SEO fields leave the page's own title and description", () => {
  expect(metaOf({ seoTitle: "", seoDescription: "" })).toEqual({
    title: "Product 7 by Zeta | Safe Hands",
    description: "A glove for wet days.",
  });
});
