import { expect, test } from "vitest";
import { errorNameMatcher } from "./error-names.ts";

test("names an error of the list by its name, whatever copy of the class made it", () => {
  const matcher = errorNameMatcher(["BagError", "StockError"] as const);
  class StockError extends Error {
    override name = "StockError";
  }
  expect(matcher(new StockError("no"))).toBe("StockError");
  expect(matcher(Object.assign(new Error("from another bundle"), { name: "BagError" }))).toBe("BagError");
  expect(matcher(new Error("plain"))).toBeNull();
  expect(matcher({ name: "BagError" })).toBeNull();
  expect(matcher("BagError")).toBeNull();
});
