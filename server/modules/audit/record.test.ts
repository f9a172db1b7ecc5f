import { expect, test } from "vitest";
import { changedOnly, diffFields } from "./record.ts";

test("an entry keeps only the fields whose value changed", () => {
  expect(changedOnly({ status: ["paid", "shipped"], total: [1000, 1000], tags: [["a"], ["a"]] })).toEqual({
    status: ["paid", "shipped"],
  });
  expect(
    diffFields({ role: "staff", email: "a@b.c", id: 1 }, { role: "owner", email: "a@b.c" }, ["role", "email", "id"]),
  ).toEqual({
    role: ["staff", "owner"],
  });
});
