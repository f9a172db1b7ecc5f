import { expect, test } from "vitest";
import { tokenInParams } from "./live.ts";

test("the token in a live connection's parameters: Authorization plain or under headers, as Apollo and Nuxt send it", () => {
  expect(tokenInParams(undefined)).toBeNull();
  expect(tokenInParams({})).toBeNull();
  expect(tokenInParams({ Authorization: "Bearer abc.def" })).toBe("abc.def");
  expect(tokenInParams({ authorization: "bearer abc.def" })).toBe("abc.def");
  expect(tokenInParams({ headers: { Authorization: "Bearer abc.def" } })).toBe("abc.def");
  expect(tokenInParams({ headers: { authorization: "Bearer abc.def" } })).toBe("abc.def");
  expect(tokenInParams({ Authorization: "" })).toBeNull();
  // Anything else that names a token is refused, never taken for a guest.
  expect(tokenInParams({ Authorization: "Basic abc" })).toBe("malformed");
  expect(tokenInParams({ Authorization: "Bearer" })).toBe("malformed");
  expect(tokenInParams({ headers: { authorization: 42 } })).toBe("malformed");
});
