import { expect, test } from "vitest";
import { listHref, sortHref, sortState } from "./list-href";

test("a list's links change what they name and keep the rest of the view", () => {
  expect(listHref("/admin/orders", "status=paid&page=3", { page: 4 })).toBe("/admin/orders?status=paid&page=4");
  expect(listHref("/admin/orders", "status=paid&page=3", { status: null, page: null })).toBe("/admin/orders");
  expect(listHref("/admin/orders", "", { q: "a b&c" })).toBe("/admin/orders?q=a+b%26c");
});

test("a column sorts descending first, then ascending, and says how it is sorted", () => {
  expect(sortHref("/admin/orders", "page=2&status=paid", "total")).toBe("/admin/orders?status=paid&sort=total&dir=desc");
  expect(sortHref("/admin/orders", "sort=total&dir=desc", "total")).toBe("/admin/orders?sort=total&dir=asc");
  expect(sortHref("/admin/orders", "sort=total&dir=asc", "total")).toBe("/admin/orders?sort=total&dir=desc");
  expect(sortState("sort=total&dir=asc", "total")).toBe("ascending");
  expect(sortState("sort=total", "total")).toBe("descending");
  expect(sortState("sort=total", "date")).toBeUndefined();
  expect(sortState("", "date", "date")).toBe("descending");
  expect(sortHref("/admin/orders", "", "date", "date")).toBe("/admin/orders?sort=date&dir=asc");
});
