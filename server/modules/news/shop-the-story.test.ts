import { expect, test } from "vitest";
import { storyShopCategory } from "./shop-the-story.ts";

test("a post's products come from the shop category its newsroom category writes about, else the featured ones", () => {
  expect(storyShopCategory("gear")).toBe("gloves");
  expect(storyShopCategory("technique")).toBe("training");
  expect(storyShopCategory("community")).toBe("kits");
  expect(storyShopCategory("an-editors-new-category")).toBeNull();
  expect(storyShopCategory(null)).toBeNull();
  // Not a property of every object: "constructor" is no category.
  expect(storyShopCategory("constructor")).toBeNull();
});
