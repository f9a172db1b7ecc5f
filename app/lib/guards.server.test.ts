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

const plans = [{ slug: "club", name: "Club", price: 0, benefits: ["Exclusives"] }];

function page(
  options: {
    session?: CurrentSession | null;
    handles?: RouteHandle[];
    disabled?: string[];
    members?: number[];
    blockedPages?: string[];
    gate?: string;
    /** Launch mode on (the `launch` flag, off unless set: ADR 76). */
    launching?: boolean;
  } = {},
): PageRequest {
  const disabled = new Set(options.disabled ?? []);
  const on = (key: string) => (key === "launch" ? options.launching === true : !disabled.has(key));
  return {
    session: options.session ?? null,
    cookies: { secure: false },
    services: {
      site: { featureEnabled: async (key: string) => on(key) },
      pages: { isBlocked: async (slug: string) => (options.blockedPages ?? []).includes(slug) },
      membership: { plans: async () => plans },
      staffAccess: { backOfficeGate: async () => options.gate ?? "ok" },
    },
    viewer: async () => ({ member: !!options.session && (options.members ?? []).includes(options.session.user.id) }),
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

  test("a shop page the owner blocked does not exist, its data neither; other pages are there", async () => {
    const blocked = page({ handles: [{ contentPage: true }], blockedPages: ["launch"] });
    expect(await visit(blocked, "http://shop.test/launch")).toMatchObject({ init: { status: 404 } });
    expect(await visit(blocked, "http://shop.test/launch.data?_routes=routes%2Fsite%2Fpage")).toMatchObject({
      init: { status: 404 },
    });
    expect(await visit(blocked, "http://shop.test/about")).toBe("page");
  });

  test("runs before auth: a turned-off customers-only page is a 404, not a login", async () => {
    expect(await visit(page({ handles: [{ feature: "news", auth: true }], disabled: ["news"] }))).toMatchObject({
      init: { status: 404 },
    });
  });
});

describe("launch mode", () => {
  const launching = (session: CurrentSession | null = null, handles: RouteHandle[] = [], gate = "ok") =>
    page({ launching: true, session, handles, blockedPages: ["launch"], gate });
  const staffer = {
    user: { id: 9, username: "desk", role: "staff", scope: ["staff"] },
    sessionId: "s9",
  } as unknown as CurrentSession;

  test("every shop page, and its data, sends a visitor to /launch; a customer too", async () => {
    for (const url of [
      "http://shop.test/",
      "http://shop.test/shop/gloves?size=8",
      "http://shop.test/_root.data",
      "http://shop.test/about",
    ]) {
      const answer = (await visit(launching(), url)) as Response;
      expect(answer.status, url).toBe(302);
      expect(answer.headers.get("location"), url).toBe("/launch");
    }
    expect(((await visit(launching(session), "http://shop.test/bag")) as Response).headers.get("location")).toBe("/launch");
  });

  test("the launch page (even when blocked), the policies, logging in and the newsletter stay open", async () => {
    const content = [{ contentPage: true }] as RouteHandle[];
    expect(await visit(launching(null, content), "http://shop.test/launch")).toBe("page");
    expect(await visit(launching(null, content), "http://shop.test/launch.data?_routes=routes%2Fsite%2Fpage")).toBe("page");
    expect(await visit(launching(null, content), "http://shop.test/privacy-policy")).toBe("page");
    for (const path of ["/login", "/newsletter/confirm?token=x", "/leaving?to=x", "/robots.txt"])
      expect(await visit(launching(), `http://shop.test${path}`), path).toBe("page");
    // Not a prefix of a longer word: /launcher is a shop page like any other.
    expect(await visit(launching(null, content), "http://shop.test/launcher")).toBeInstanceOf(Response);
  });

  test("signed-in staff see the whole shop; the back office keeps its own guard", async () => {
    expect(await visit(launching(staffer), "http://shop.test/shop/gloves")).toBe("page");
    // A password without the second factor is not enough: such a session waits for the launch too.
    for (const gate of ["verify", "enrol", "ended"]) {
      const answer = (await visit(launching(staffer, [], gate), "http://shop.test/shop/gloves")) as Response;
      expect(answer.headers.get("location"), gate).toBe("/launch");
    }
    const admin = (await visit(launching(null, [{ backOffice: "staff" }]), "http://shop.test/admin/orders")) as Response;
    expect(admin.headers.get("location")).toBe("/login?redirect=%2Fadmin%2Forders");
  });

  test("off, nothing is sent anywhere, and a blocked launch page does not exist", async () => {
    expect(await visit(page({ handles: [] }), "http://shop.test/shop/gloves")).toBe("page");
    expect(
      await visit(page({ handles: [{ contentPage: true }], blockedPages: ["launch"] }), "http://shop.test/launch"),
    ).toMatchObject({
      init: { status: 404 },
    });
  });
});

describe("membership-page", () => {
  test("a members-only page shows a guest the private-page offer with a way to log in, and nothing of the page", async () => {
    const answer = await visit(page({ handles: [{ membership: true }] }), "http://shop.test/membership-world.data?_routes=x");
    expect(answer).toEqual({
      type: "DataWithResponseInit",
      data: { privatePage: { plans, loggedIn: false, path: "/membership-world" } },
      init: { status: 403 },
    });
  });

  test("a customer who is not a member gets the offer; a member gets the page", async () => {
    expect(await visit(page({ session, handles: [{ membership: true }] }))).toMatchObject({
      data: { privatePage: { loggedIn: true } },
      init: { status: 403 },
    });
    expect(await visit(page({ session, members: [7], handles: [{ membership: true }] }))).toBe("page");
  });
});

describe("back office", () => {
  const staffer = (role: string, scope: string[] = []) =>
    ({ user: { id: 8, username: "desk", role, scope }, sessionId: "s8", strategy: "local" }) as unknown as CurrentSession;
  const orders = "http://shop.test/admin/orders?status=paid";

  test("a guest is sent to log in with the page in ?redirect=, from the page and from its data", async () => {
    for (const url of [orders, "http://shop.test/admin/orders.data?status=paid&_routes=x"]) {
      const answer = (await visit(page({ handles: [{ backOffice: "staff" }] }), url)) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/login?redirect=%2Fadmin%2Forders%3Fstatus%3Dpaid");
      expect(decodeURIComponent(answer.headers.get("set-cookie")!)).toContain("auth.redirect=/admin/orders?status=paid");
    }
  });

  test("for a customer the back office does not exist, its sign-in steps neither", async () => {
    for (const handle of [{ backOffice: "any" }, { backOfficeStep: "verify" }, { backOfficeStep: "enrol" }] as RouteHandle[]) {
      expect(await visit(page({ session: staffer("customer"), handles: [handle] }), orders)).toMatchObject({
        init: { status: 404 },
      });
    }
  });

  test("an account without its second factor in this session sets one up or gives a code first, and comes back", async () => {
    const enrol = (await visit(
      page({ session: staffer("staff"), gate: "enrol", handles: [{ backOffice: "staff" }] }),
      orders,
    )) as Response;
    expect(enrol.headers.get("location")).toBe("/admin/enrol");
    const verify = (await visit(
      page({ session: staffer("staff"), gate: "verify", handles: [{ backOffice: "staff" }] }),
      orders,
    )) as Response;
    expect(verify.headers.get("location")).toBe("/admin/verify");
    expect(decodeURIComponent(verify.headers.get("set-cookie")!)).toContain("auth.redirect=/admin/orders?status=paid");
  });

  test("the sign-in steps are for their moment only", async () => {
    const at = (gate: string, step: "enrol" | "verify") =>
      visit(page({ session: staffer("owner"), gate, handles: [{ backOfficeStep: step }] }), `http://shop.test/admin/${step}`);
    expect(await at("enrol", "enrol")).toBe("page");
    expect(((await at("verify", "enrol")) as Response).headers.get("location")).toBe("/admin/verify");
    expect(await at("ok", "enrol")).toBe("page");
    expect(await at("verify", "verify")).toBe("page");
    expect(((await at("enrol", "verify")) as Response).headers.get("location")).toBe("/admin/enrol");
    expect(((await at("ok", "verify")) as Response).headers.get("location")).toBe("/admin");
  });

  test("a session past its back-office limits has ended: its cookies go, and the page asks to log in again", async () => {
    const answer = (await visit(
      page({ session: staffer("staff"), gate: "ended", handles: [{ backOffice: "staff" }] }),
      orders,
    )) as Response;
    expect(answer.headers.get("location")).toBe("/login?redirect=%2Fadmin%2Forders%3Fstatus%3Dpaid");
    expect(answer.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  test("a role opens the pages its scopes give; the owner every one; a page it may not open does not exist", async () => {
    const open = (session: CurrentSession, backOffice: RouteHandle["backOffice"]) =>
      visit(page({ session, handles: [{ backOffice }] }), orders);
    expect(await open(staffer("staff", ["staff"]), "staff")).toBe("page");
    expect(await open(staffer("editor", ["content"]), "staff")).toMatchObject({ init: { status: 404 } });
    expect(await open(staffer("editor", ["content"]), "content")).toBe("page");
    expect(await open(staffer("staff", ["staff"]), "owner")).toMatchObject({ init: { status: 404 } });
    expect(await open(staffer("owner"), "owner")).toBe("page");
    expect(await open(staffer("owner"), "settings")).toBe("page");
    expect(await open(staffer("editor", ["content"]), "any")).toBe("page");
  });

  test("pages outside the back office never ask for a second factor", async () => {
    expect(await visit(page({ session: staffer("owner"), gate: "verify", handles: [{ auth: true }] }))).toBe("page");
    expect(await visit(page({ gate: "verify", handles: [{ backOfficeStep: "link" }] }))).toBe("page");
  });
});

test("the chain runs block-page, then membership-page, then auth, then the back office's", () => {
  expect(PAGE_GUARDS.map((guard) => guard.name)).toEqual(["blockPage", "membershipPage", "auth", "backOffice"]);
});

test("a page pattern without known route options is an error, never an open page", async () => {
  await expect(visit(page({ handles: [{ auth: true }] }), "http://shop.test/x", "unknown")).rejects.toThrow(/No route options/);
});
