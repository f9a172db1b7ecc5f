import { describe, expect, test } from "vitest";
import { AUTH_ERRORS, resolveStrategy, sessionStillOpen, tokenStatus, userFromResponse } from "./auth-state";

describe("auth state", () => {
  test("a token is unknown without an expiry, valid until 500 ms before it, expired after", () => {
    const now = 1_000_000;
    expect(tokenStatus(null, now)).toBe("unknown");
    expect(tokenStatus(undefined, now)).toBe("unknown");
    expect(tokenStatus(Number.NaN, now)).toBe("unknown");
    expect(tokenStatus(now + 501, now)).toBe("valid");
    expect(tokenStatus(now + 500, now)).toBe("expired");
    expect(tokenStatus(now - 1, now)).toBe("expired");
  });

  test("strategies are resolved with SPEC §8's messages", () => {
    const strategies = [
      { name: "local", kind: "credentials" as const },
      { name: "keeperid", kind: "provider" as const },
    ];
    expect(resolveStrategy("local", strategies)).toEqual(strategies[0]);
    expect(() => resolveStrategy("", strategies)).toThrow("No strategy is set!");
    expect(() => resolveStrategy(undefined, strategies)).toThrow(AUTH_ERRORS.noStrategy);
    expect(() => resolveStrategy("github", strategies)).toThrow("Strategy github is not defined!");
    expect(() => resolveStrategy("keeperid", strategies, ["credentials"])).toThrow("Strategy not supported: keeperid");
  });

  test("a user answer must carry `user`", () => {
    expect(userFromResponse<{ id: number }>({ user: { id: 1 } })).toEqual({ id: 1 });
    expect(() => userFromResponse({ id: 1 })).toThrow("User Data response does not contain field user");
    expect(() => userFromResponse(null)).toThrow(AUTH_ERRORS.noUserField);
  });
});

describe("asking the server whether the session is still open", () => {
  const answering = (status: number, body: unknown) =>
    (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

  test("open when the login API answers a user", async () => {
    expect(await sessionStillOpen(answering(200, { user: { id: 1 } }))).toBe(true);
  });

  test("closed when it answers 401, an answer without `user`, or nothing at all", async () => {
    expect(await sessionStillOpen(answering(401, { data: null, error: { status: 401 } }))).toBe(false);
    expect(await sessionStillOpen(answering(200, { id: 1 }))).toBe(false);
    expect(
      await sessionStillOpen((async () => {
        throw new TypeError("Failed to fetch");
      }) as typeof fetch),
    ).toBe(false);
  });
});
