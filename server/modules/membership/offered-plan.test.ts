import { expect, test } from "vitest";
import { offeredPlan } from "./offered-plan.ts";

test("the plan put forward is the dearest paid one; free plans never, and none when nothing is paid", () => {
  const free = { slug: "free", price: 0 };
  const club = { slug: "club", price: 2500 };
  const pro = { slug: "pro", price: 4900 };
  expect(offeredPlan([free, pro, club])).toBe(pro);
  expect(offeredPlan([club, free])).toBe(club);
  expect(offeredPlan([free])).toBeUndefined();
  expect(offeredPlan([])).toBeUndefined();
});
