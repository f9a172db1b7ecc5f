import { describe, expect, test } from "vitest";
import type { PageRequest } from "../../server/http/page-context.ts";
import type { CurrentSession } from "../../server/modules/accounts/index.ts";
import { PAGE_GUARDS, pageGuards } from "./guards.server";
import type { RouteHandle } from "./route-handle";

/*
 * The guard chain on its own (ADR 35); the e2e suite (guards.spec.ts) shows it on the real pages,
 * for documents and `.data` requests alike.
 */

const session = { user: { id: 7, username: "keeper" }, sessionId: "s", strategy: "local" } as unknown as CurrentSession;

function page(options: { session?: CurrentSession | null; handles?: RouteHandle[]; disabled?: string[] } = {}): PageRequest {
  const disabled = new Set(options.disabled ?? []);
  return {
    session: options.session ?? null,
    cookies: { secure: false },
    services: { site: { featureEnabled: async (key: string) => !disabled.has(key) } },
    routeHandles: (pattern: string) => (pattern === "known" ? [{}, ...(options.handles ?? [])] : undefined),
  } as unknown as PageRequest;
}

/** Runs the root middleware for the pattern; what it threw (a redirect, a 404) or "page" when the page ran. */
async function visit(request: PageRequest, url = "http://shop.test/my-account/orders?page=2", pattern = "known") {
  const context = { get: () => request } as never;
  try {
    await pageGuards(
      { request: new Request(url), context, pattern, params: {}, url: new URL(url) },
      async () => new Response("page"),
    );
    return "page";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "init" in thrown) return thrown as { data: unknown; init: ResponseInit };
    throw thrown;
  }
}

describe("auth", () => {
  test("a customers-only page sends a guest to log in, remembering the page (not its data request)", async () => {
    const answer = (await visit(
      page({ handles: [{ auth: true }] }),
      "http://shop.test/my-account/orders.data?page=2&_routes=x",
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/login");
    expect(decodeURIComponent(answer.headers.get("set-cookie")!)).toContain("auth.redirect=/my-account/orders?page=2");
    expect(await visit(page({ session, handles: [{ auth: true }] }))).toBe("page");
  });

  test("a guests-only page sends a customer home; everyone sees a page without the option", async () => {
    const answer = (await visit(page({ session, handles: [{ auth: "guest" }] }))) as Response;
    expect(answer.headers.get("location")).toBe("/");
    expect(await visit(page({ handles: [{ auth: "guest" }] }))).toBe("page");
    expect(await visit(page({}))).toBe("page");
    expect(await visit(page({ session }))).toBe("page");
  });

  test("a route's own option wins over its layout's", async () => {
    expect(await visit(page({ handles: [{ auth: true }, { auth: undefined }] }))).toBe("page");
    expect(await visit(page({ handles: [{ auth: true }, {}] }))).toBeInstanceOf(Response);
  });
});

describe("block-page", () => {
  test("a page of a feature the owner turned off does not exist, for customers too", async () => {
    const answer = await visit(page({ session, handles: [{ feature: "compare" }], disabled: ["compare"] }));
    expect(answer).toMatchObject({ init: { status: 404 } });
    expect(await visit(page({ handles: [{ feature: "compare" }], disabled: ["news"] }))).toBe("page");
  });

  test("runs before auth: a turned-off customers-only page is a 404, not a login", async () => {
    expect(await visit(page({ handles: [{ feature: "news", auth: true }], disabled: ["news"] }))).toMatchObject({
      init: { status: 404 },
    });
  });
});

describe("membership-page", () => {
  test("a members-only page sends a guest to log in and a customer who is not a member to the programme", async () => {
    expect(((await visit(page({ handles: [{ membership: true }] }))) as Response).headers.get("location")).toBe("/login");
    expect(((await visit(page({ session, handles: [{ membership: true }] }))) as Response).headers.get("location")).toBe(
      "/membership",
    );
  });
});

test("the chain runs block-page, then membership-page, then auth", () => {
  expect(PAGE_GUARDS.map((guard) => guard.name)).toEqual(["blockPage", "membershipPage", "auth"]);
});

test("a page pattern without known route options is an error, never an open page", async () => {
  await expect(visit(page({ handles: [{ auth: true }] }), "http://shop.test/x", "unknown")).rejects.toThrow(/No route options/);
});
