import { afterEach, describe, expect, test, vi } from "vitest";
import { STATE_COOKIE, createStateCookies } from "./state-cookie.ts";

const pending = { provider: "google", state: "state-1", nonce: "nonce-1", verifier: "verifier-1" };
const cookies = createStateCookies({ secret: "a shop secret that is long enough for tests", secure: false });

/** The Cookie request header a browser sends back for a Set-Cookie value. */
const sentBack = (setCookie: string) => setCookie.split(";")[0]!;

afterEach(() => {
  vi.useRealTimers();
});

describe("the social login state cookie", () => {
  test("is HttpOnly, SameSite=Lax, limited to /api/connect and ten minutes, and Secure on https", () => {
    const issued = cookies.issue(pending);
    expect(issued).toMatch(new RegExp(`^${STATE_COOKIE}=[^;]+; Path=/api/connect; Max-Age=600; HttpOnly; SameSite=Lax$`));
    const secure = createStateCookies({ secret: "another secret of enough length here", secure: true });
    expect(secure.issue(pending)).toMatch(/; Secure$/);
    expect(cookies.clear()).toBe(`${STATE_COOKIE}=; Path=/api/connect; Max-Age=0; HttpOnly; SameSite=Lax`);
  });

  test("reads back what it issued, among other cookies", () => {
    expect(cookies.read(`cart_token=abc; ${sentBack(cookies.issue(pending))}; auth.strategy=local`)).toEqual(pending);
  });

  test("refuses a missing, altered, re-signed or foreign cookie", () => {
    const value = sentBack(cookies.issue(pending)).slice(STATE_COOKIE.length + 1);
    const [payload, signature] = value.split(".") as [string, string];
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), state: "attacker" }),
    ).toString("base64url");
    const other = createStateCookies({ secret: "some other shop's secret, also long", secure: false });
    for (const header of [
      null,
      "",
      `${STATE_COOKIE}=`,
      `${STATE_COOKIE}=${payload}`,
      `${STATE_COOKIE}=${altered}.${signature}`,
      `${STATE_COOKIE}=${payload}.${signature}x`,
      `${STATE_COOKIE}=${payload}.${signature}.extra`,
      sentBack(other.issue(pending)),
    ]) {
      expect(cookies.read(header), String(header)).toBeNull();
    }
  });

  test("expires after ten minutes whatever the browser keeps", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const header = sentBack(cookies.issue(pending));
    vi.advanceTimersByTime(9 * 60_000);
    expect(cookies.read(header)).toEqual(pending);
    vi.advanceTimersByTime(60_000);
    expect(cookies.read(header)).toBeNull();
  });
});
