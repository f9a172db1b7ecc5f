import { expect, test } from "vitest";
import { visiblePages } from "./pagination.tsx";

test("shows the first, last and neighbouring pages with gaps between", () => {
  expect(visiblePages(1, 1)).toEqual([1]);
  expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
  expect(visiblePages(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
  expect(visiblePages(10, 10)).toEqual([1, null, 9, 10]);
});
