import { describe, expect, test } from "vitest";
import { addToList, COMPARE_FULL_MESSAGE, COMPARE_LIMIT, removeFromList, sameProducts } from "./compare-list.ts";

describe("the compare list", () => {
  test("adds at the end, once", () => {
    expect(addToList([], 7)).toEqual([7]);
    expect(addToList([7, 3], 5)).toEqual([7, 3, 5]);
    expect(addToList([7, 3], 7)).toEqual([7, 3]);
  });

  test("holds four products; a fifth is refused with the message shoppers see", () => {
    expect(COMPARE_LIMIT).toBe(4);
    const full = [1, 2, 3, 4];
    expect(() => addToList(full, 5)).toThrow(expect.objectContaining({ code: "COMPARE_FULL" }));
    expect(() => addToList(full, 5)).toThrow("You can compare up to 4 products. Remove one to add another.");
    expect(COMPARE_FULL_MESSAGE).toBe("You can compare up to 4 products. Remove one to add another.");
    // One already on the list is not a fifth.
    expect(addToList(full, 3)).toEqual(full);
  });

  test("removes a product and leaves the others in order", () => {
    expect(removeFromList([1, 2, 3], 2)).toEqual([1, 3]);
    expect(removeFromList([1, 2, 3], 9)).toEqual([1, 2, 3]);
  });

  test("two lists hold the same products whatever their order", () => {
    expect(sameProducts([1, 2, 3], [3, 1, 2])).toBe(true);
    expect(sameProducts([1, 2], [1, 2, 3])).toBe(false);
    expect(sameProducts([1, 2], [1, 4])).toBe(false);
  });
});
