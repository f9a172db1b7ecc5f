import { expect, test } from "vitest";
import { cookieValue, setCookie } from "./cookies.ts";

test("a cookie is HttpOnly, SameSite=Lax and for the whole shop unless told otherwise", () => {
  expect(setCookie("cart_token", "abc", { maxAge: 60, secure: false })).toBe(
    "cart_token=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax",
  );
  expect(setCookie("auth.strategy", "local", { maxAge: 60, httpOnly: false, secure: true })).toBe(
    "auth.strategy=local; Path=/; Max-Age=60; SameSite=Lax; Secure",
  );
  expect(setCookie("state", "", { path: "/api/connect", maxAge: 0, secure: true })).toBe(
    "state=; Path=/api/connect; Max-Age=0; HttpOnly; SameSite=Lax; Secure",
  );
});

test("a cookie's value is read from the header as sent, and malformed parts are skipped", () => {
  expect(cookieValue("a=1; cart_token=xyz; =odd; broken", "cart_token")).toBe("xyz");
  expect(cookieValue("a=1", "cart_token")).toBeUndefined();
  expect(cookieValue(null, "cart_token")).toBeUndefined();
});
