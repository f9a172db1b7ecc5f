import { expect, test } from "vitest";
import { revalidateAfterRefusal } from "./refused-form";

test("a back-office page reads again after a stale form (409) or a code too old (403), else as React Router would", () => {
  expect(revalidateAfterRefusal({ actionStatus: 409, defaultShouldRevalidate: false })).toBe(true);
  expect(revalidateAfterRefusal({ actionStatus: 403, defaultShouldRevalidate: false })).toBe(true);
  expect(revalidateAfterRefusal({ actionStatus: 400, defaultShouldRevalidate: false })).toBe(false);
  expect(revalidateAfterRefusal({ actionStatus: 200, defaultShouldRevalidate: true })).toBe(true);
});
