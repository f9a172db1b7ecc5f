import { describe, expect, test } from "vitest";
import { clearFlashCookie, flashCookie, readFlash } from "./flash";

describe("flash notices", () => {
  test("a notice survives the trip through its cookie, whatever characters it holds", () => {
    const notice = { kind: "error" as const, message: 'Sorry; only 2 left = "no more" <b>' };
    const setCookie = flashCookie("bag_notice", "/bag", notice);
    expect(setCookie).toContain("Path=/bag; Max-Age=60; HttpOnly; SameSite=Lax");
    const cookieHeader = `other=1; ${setCookie.split(";")[0]}; last=2`;
    expect(readFlash(cookieHeader, "bag_notice")).toEqual(notice);
  });

  test("absent, damaged or foreign values give no notice", () => {
    expect(readFlash(null, "bag_notice")).toBeNull();
    expect(readFlash("bag_notice=%7Bnot-json", "bag_notice")).toBeNull();
    expect(readFlash(`bag_notice=${encodeURIComponent('{"kind":"script","message":"x"}')}`, "bag_notice")).toBeNull();
    expect(readFlash("bag_notice_other=1", "bag_notice")).toBeNull();
  });

  test("clearing expires the cookie on the same path", () => {
    expect(clearFlashCookie("bag_notice", "/bag")).toBe("bag_notice=; Path=/bag; Max-Age=0; HttpOnly; SameSite=Lax");
  });
});
