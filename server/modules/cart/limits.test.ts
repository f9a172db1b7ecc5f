import { expect, test } from "vitest";
import { MAX_LINE_QUANTITY, quantityCap } from "./limits.ts";

test("a line may hold its option's stock, at most the line limit, and nothing of a sold-out option", () => {
  expect([-3, 0, 1, 7, MAX_LINE_QUANTITY, MAX_LINE_QUANTITY + 1, 5000].map(quantityCap)).toEqual([
    0,
    0,
    1,
    7,
    MAX_LINE_QUANTITY,
    MAX_LINE_QUANTITY,
    MAX_LINE_QUANTITY,
  ]);
});
