import { cookieValue } from "../../lib/cookies.ts";
import { describe, expect, test } from "vitest";
import {
  clearCompareNoticeCookie,
  compareListCookie,
  compareNoticeCookie,
  readCompareList,
  readCompareNotice,
} from "./cookies.ts";

const header = (setCookie: string) => setCookie.split(";")[0]!;

describe("the compare cookie", () => {
  test("keeps the list for 180 days on the whole site, for first-party requests only", () => {
    const cookie = compareListCookie([12, 7, 31], { secure: false });
    expect(cookie).toBe("compare=12.7.31; Path=/; Max-Age=15552000; HttpOnly; SameSite=Lax");
    expect(compareListCookie([12], { secure: true })).toMatch(/; Secure$/);
  });

  test("an empty list deletes the cookie", () => {
    expect(compareListCookie([], { secure: false })).toMatch(/^compare=; Path=\/; Max-Age=0;/);
  });

  test("reads back what it wrote, among other cookies", () => {
    const cookies = `theme=dark; ${header(compareListCookie([12, 7], { secure: false }))}; bag=abc`;
    expect(readCompareList(cookies)).toEqual([12, 7]);
  });

  test("a missing or damaged cookie is an empty list, never an error", () => {
    for (const cookies of [
      null,
      undefined,
      "",
      "compare=",
      "compare=hello",
      "compare=%%%",
      "compare=-1.0",
      `compare=${"9".repeat(300)}`,
    ]) {
      expect(readCompareList(cookies), String(cookies)).toEqual([]);
    }
  });

  test("keeps the well-formed ids of a tampered cookie: no repeats, no out-of-range ids, at most four", () => {
    expect(readCompareList("compare=5.x.5.3.99999999999.2147483648.0.8.9.10")).toEqual([5, 3, 8, 9]);
    expect(readCompareList("compare= 4.2 ")).toEqual([4, 2]);
  });

  test("a cookie that merely ends with the name is not the list", () => {
    expect(cookieValue("mycompare=1.2; compare=3", "compare")).toBe("3");
    expect(readCompareList("mycompare=1.2")).toEqual([]);
  });
});

describe("the one-time notice cookie", () => {
  test("carries the kind and the product's name through a redirect, for a minute", () => {
    const cookie = compareNoticeCookie({ kind: "added", product: 'Grip Pro; 8 mm, "wet"' }, { secure: false });
    expect(cookie).toMatch(/; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/);
    // A cookie value may not hold spaces, commas, quotes, semicolons or backslashes.
    expect(header(cookie)).toMatch(/^compare_notice=[^\s;,"\\]+$/);
    expect(readCompareNotice(header(cookie))).toEqual({ kind: "added", product: 'Grip Pro; 8 mm, "wet"' });
    expect(readCompareNotice(header(compareNoticeCookie({ kind: "full" }, { secure: false })))).toEqual({ kind: "full" });
  });

  test("only the shop's own kinds are read; anything else is no notice", () => {
    expect(readCompareNotice("compare_notice=hacked:Hello")).toBeNull();
    expect(readCompareNotice("compare_notice=")).toBeNull();
    expect(readCompareNotice(null)).toBeNull();
    expect(readCompareNotice("compare_notice=removed:%E0%A4%A")).toEqual({ kind: "removed" });
    expect(readCompareNotice(`compare_notice=added:${"a".repeat(500)}`)?.product).toHaveLength(120);
  });

  test("is cleared once shown", () => {
    expect(clearCompareNoticeCookie({ secure: false })).toMatch(/^compare_notice=; Path=\/; Max-Age=0;/);
  });
});
