import { and, eq } from "drizzle-orm";
import type { Hono } from "hono";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testPageContext } from "../../../tests/support/page-context.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { shopApp } from "../../../tests/support/shop-app.ts";
import { siteDataApi } from "../../api/rest/site-data.ts";
import type { ShopEnv } from "../../context.ts";
import { auditLog } from "../../db/schema/index.ts";
import { pageContextKey } from "../../http/page-context.ts";
import { systemScope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { DEFAULT_NAVIGATION } from "./defaults.ts";
import type { Stored } from "./index.ts";
import { pageGuards } from "~/lib/guards.server";
import { loader as pageLoader } from "~/routes/site/page";

/*
 * The site's own data (issue 26 §4, ADR 76) and the shop's flags (§3): stored per part under a
 * version, checked by each part's schema, audited in the change's transaction, answered by GET
 * /data with an ETag, and followed by the pages and the guards at the next request.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let owner: StaffScope;
let api: Hono<ShopEnv>;

beforeAll(async () => {
  shop = await seededShop(4);
  owner = staffScopeOf(systemScope(shop.database.db), { id: 91, email: "owner@example.com", role: "owner" }, "req-site");
  api = shopApp(shop);
  api.route("/data", siteDataApi());
});

afterAll(async () => {
  await shop?.close();
});

const site = () => shop.services.site;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; fields: Record<string, string>; details: Record<string, unknown> },
  );
const stored = (): Promise<Stored> => site().edit(systemScope(shop.database.db));
const versionOf = async (part: keyof Stored["parts"]) => (await stored()).parts[part].version;
const flagVersion = async (key: string) => (await stored()).flags.find((flag) => flag.key === key)!.version;
const entries = (action: string, entityId: string) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe("GET /data", () => {
  test("answers every part, as the shop looked before it was editable, with an ETag; a client holding it gets a 304", async () => {
    const answer = await api.request("/data");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("cache-control")).toBe("public, no-cache");
    const etag = answer.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const { data } = (await answer.json()) as { data: Record<string, unknown> };
    expect(Object.keys(data)).toEqual(["navigation", "footer", "contact", "trust", "social", "launch", "flags"]);
    // The demo shop's header and footer (ADR 79): the categories, the sale, the news and the membership.
    expect(data.navigation).toEqual({
      items: [
        { kind: "categories" },
        { kind: "link", label: "Sale", href: "/shop/gloves/sale" },
        { kind: "link", label: "News", href: "/news-and-media" },
        { kind: "link", label: "Membership", href: "/membership" },
      ],
    });
    const footer = data.footer as { columns: { title: string; links: { href: string }[] }[] };
    expect(footer.columns.map((column) => column.title)).toEqual(["Help", "Company", "Membership", "Policies"]);
    expect(footer.columns[3]!.links.map((link) => link.href)).toEqual(["/privacy-policy", "/returns-policy", "/terms-condition"]);
    expect((data.trust as { items: unknown[] }).items).toHaveLength(4);
    // No address of the owner's: the CONTACT_EMAIL setting, by default hello@ and the public address's host.
    expect(data.contact).toMatchObject({ email: "hello@shop.test" });
    expect((data.social as { links: { name: string }[] }).links.map((link) => link.name)).toEqual([
      "Instagram",
      "YouTube",
      "TikTok",
      "Facebook",
    ]);
    expect(data.launch).toMatchObject({ mode: false, headline: "The next drop is coming", at: expect.any(String) });
    expect(data.flags).toMatchObject({ compare: true, news: true, membership: true, launch: false, analytics: true });

    const again = await api.request("/data", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
  });

  test("/data/{key} answers one part; an unknown key is a 404 in the shop API's shape; only reads are allowed", async () => {
    const contact = await api.request("/data/contact");
    expect(contact.status).toBe(200);
    expect(await contact.json()).toEqual({
      data: { email: "hello@shop.test", phone: null, address: [], hours: null },
      meta: { key: "contact" },
    });
    expect(contact.headers.get("etag")).not.toBe((await api.request("/data")).headers.get("etag"));
    for (const key of ["nothing", "constructor", "__proto__"]) {
      const missing = await api.request(`/data/${key}`);
      expect(missing.status, key).toBe(404);
      expect(await missing.json()).toMatchObject({ data: null, error: { status: 404, name: "NotFoundError" } });
    }
    const post = await api.request("/data", { method: "POST", body: "{}" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });
});

describe("the site's parts", () => {
  test("a part that breaks its schema is refused field by field, and nothing is stored", async () => {
    const version = await versionOf("navigation");
    const refused = await failure(
      site().changePart(owner, "navigation", {
        version,
        items: [
          { kind: "link", label: "News", href: "javascript:alert(1)" },
          { kind: "link", label: "", href: "/membership" },
          { kind: "link", label: "Old", href: "http://example.com/" },
          { kind: "link", label: "Far", href: "//evil.example/" },
          { kind: "link", label: "x".repeat(41), href: "/" },
        ],
      }),
    );
    expect(refused).toMatchObject({ code: "INVALID_INPUT" });
    expect(Object.keys(refused!.fields).sort()).toEqual([
      "items.0.href",
      "items.1.label",
      "items.2.href",
      "items.3.href",
      "items.4.label",
    ]);
    const many = Array.from({ length: 13 }, (_, i) => ({ kind: "link", label: `Item ${i}`, href: `/p${i}` }));
    expect(await failure(site().changePart(owner, "navigation", { version, items: many }))).toMatchObject({
      code: "INVALID_INPUT",
      fields: { items: "At most 12 menu items." },
    });
    expect(
      await failure(site().changePart(owner, "navigation", { version, items: [{ kind: "categories" }, { kind: "categories" }] })),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      await failure(site().changePart(owner, "social", { version: "", links: [{ name: "Web", url: "http://x.example" }] })),
    ).toMatchObject({
      fields: { "links.0.url": expect.any(String) },
    });
    expect(await failure(site().changePart(owner, "contact", { version: "", email: "not an address" }))).toMatchObject({
      fields: { email: expect.any(String) },
    });
    expect(await versionOf("navigation")).toBe(version);
    expect(await entries("site.changed", "navigation")).toHaveLength(0);
  });

  test("a saved menu is audited, answered by GET /data at once with a new ETag; blank rows are dropped; a stale form is refused", async () => {
    const before = await api.request("/data/navigation");
    const etag = before.headers.get("etag")!;
    const version = await versionOf("navigation");
    const form = {
      version,
      // As the form sends it: every field text, a blank row to add.
      items: [
        { kind: "categories", label: "", href: "" },
        { kind: "link", label: " Keeper tips ", href: "/news-and-media" },
        { kind: "link", label: "Our YouTube", href: "https://www.youtube.com/@safehandskeepers" },
        { kind: "link", label: "", href: "" },
      ],
    };
    expect(await site().changePart(owner, "navigation", form)).toEqual({ changed: true });
    const navigation = {
      items: [
        { kind: "categories" },
        { kind: "link", label: "Keeper tips", href: "/news-and-media" },
        { kind: "link", label: "Our YouTube", href: "https://www.youtube.com/@safehandskeepers" },
      ],
    };
    const after = await api.request("/data/navigation");
    expect(await after.json()).toEqual({ data: navigation, meta: { key: "navigation" } });
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await api.request("/data/navigation", { headers: { "if-none-match": etag } })).status).toBe(200);

    const [entry] = await entries("site.changed", "navigation");
    expect(entry).toMatchObject({ actorEmail: "owner@example.com", entityType: "site", requestId: "req-site" });
    expect(entry!.changes).toEqual({ navigation: [DEFAULT_NAVIGATION, navigation] });

    // The same again changes nothing; the form read before the change is stale.
    expect(await site().changePart(owner, "navigation", { ...form, version: await versionOf("navigation") })).toEqual({
      changed: false,
    });
    expect(await failure(site().changePart(owner, "navigation", form))).toMatchObject({
      code: "STALE_VERSION",
      details: { changedAt: await versionOf("navigation") },
    });
    expect(await entries("site.changed", "navigation")).toHaveLength(1);
  });

  test("the row buttons move and remove rows as stored, under the version; the categories come back with their own button", async () => {
    const row = async (op: string) => site().changePartRow(owner, "navigation", { version: await versionOf("navigation"), op });
    const labels = async () =>
      ((await site().data()).navigation.items as { kind: string; label?: string }[]).map((item) => item.label ?? item.kind);
    expect(await labels()).toEqual(["categories", "Keeper tips", "Our YouTube"]);
    await row("down:0");
    expect(await labels()).toEqual(["Keeper tips", "categories", "Our YouTube"]);
    expect(await row("up:0")).toEqual({ changed: false });
    await row("remove:1");
    expect(await labels()).toEqual(["Keeper tips", "Our YouTube"]);
    await row("add-categories");
    await row("up:2");
    await row("up:1");
    await row("remove:2");
    expect(await labels()).toEqual(["categories", "Keeper tips"]);
    expect(
      await failure(site().changePartRow(owner, "navigation", { version: "2020-01-01T00:00:00.000Z", op: "remove:0" })),
    ).toMatchObject({ code: "STALE_VERSION" });
    expect(await failure(site().changePartRow(owner, "navigation", { version: "", op: "drop table" }))).toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  test("a footer column's links move within it; removing a column's last link is refused (remove the column)", async () => {
    const version = await versionOf("footer");
    await site().changePart(owner, "footer", {
      version,
      columns: [
        {
          title: "Help",
          links: [
            { label: "Returns", href: "/returns-policy" },
            { label: "Club", href: "/membership" },
          ],
        },
        { title: "Shop", links: [{ label: "Gloves", href: "/shop/gloves" }] },
      ],
    });
    await site().changePartRow(owner, "footer", { version: await versionOf("footer"), op: "up:0.1" });
    await site().changePartRow(owner, "footer", { version: await versionOf("footer"), op: "up:1" });
    expect((await site().data()).footer.columns.map((column) => [column.title, column.links.map((link) => link.label)])).toEqual([
      ["Shop", ["Gloves"]],
      ["Help", ["Club", "Returns"]],
    ]);
    expect(
      await failure(site().changePartRow(owner, "footer", { version: await versionOf("footer"), op: "remove:0.0" })),
    ).toMatchObject({
      code: "INVALID_INPUT",
    });
  });
});

describe("the contact address", () => {
  test("the owner's address wins over the CONTACT_EMAIL setting; emptied, the setting's is shown again", async () => {
    const email = async () => ((await (await api.request("/data/contact")).json()) as { data: { email: string } }).data.email;
    await site().changePart(owner, "contact", { version: await versionOf("contact"), email: "keepers@club.example" });
    expect(await email()).toBe("keepers@club.example");
    expect((await site().view()).contact.email).toBe("keepers@club.example");
    await site().changePart(owner, "contact", { version: await versionOf("contact"), email: "" });
    expect(await email()).toBe("hello@shop.test");
    // The form shows what the owner stored: nothing.
    expect((await stored()).parts.contact.value).toMatchObject({ email: null });
  });
});

describe("flags", () => {
  test("turned off and on, each audited with before and after; the shop's feature follows at once; a stale switch is refused", async () => {
    const version = await flagVersion("compare");
    expect(await site().featureEnabled("compare")).toBe(true);
    expect(await site().setFlag(owner, { key: "compare", enabled: "off", version })).toEqual({ changed: true });
    expect(await site().featureEnabled("compare")).toBe(false);
    expect(((await (await api.request("/data/flags")).json()) as { data: Record<string, boolean> }).data.compare).toBe(false);
    // The page read before the change is stale: 409, nothing changes.
    expect(await failure(site().setFlag(owner, { key: "compare", enabled: "on", version }))).toMatchObject({
      code: "STALE_VERSION",
    });
    expect(await site().featureEnabled("compare")).toBe(false);
    await site().setFlag(owner, { key: "compare", enabled: "on", version: await flagVersion("compare") });
    expect(await site().featureEnabled("compare")).toBe(true);
    const audited = await entries("feature-flag.changed", "compare");
    expect(audited.map((entry) => entry.changes)).toEqual([{ enabled: [true, false] }, { enabled: [false, true] }]);
    expect(audited.every((entry) => entry.actorEmail === "owner@example.com" && entry.entityType === "feature-flag")).toBe(true);
  });

  test("a flag the shop does not know is refused; a known one without a row is made by its first switch", async () => {
    expect(await failure(site().setFlag(owner, { key: "no-such-flag", enabled: "on", version: "" }))).toMatchObject({
      code: "ENTRY_NOT_FOUND",
    });
    expect(await failure(site().setFlag(owner, { key: "Compare!", enabled: "on", version: "" }))).toMatchObject({
      code: "INVALID_INPUT",
    });
    await shop.database.db.execute(`delete from feature_flags where key = 'analytics'`);
    site().invalidate();
    expect(await flagVersion("analytics")).toBe("");
    expect(await site().featureEnabled("analytics")).toBe(true);
    await site().setFlag(owner, { key: "analytics", enabled: "off", version: "" });
    expect(await site().featureEnabled("analytics")).toBe(false);
    expect(await flagVersion("analytics")).not.toBe("");
  });
});

describe("the launch", () => {
  const context = () =>
    new RouterContextProvider(
      new Map([[pageContextKey, { ...testPageContext(shop), routeHandles: () => [{}, { contentPage: true }] }]]),
    ) as never;
  const guarded = async (url: string) => {
    try {
      const request = new Request(url);
      await pageGuards(
        { request, context: context(), pattern: "known", params: {}, url: new URL(url) } as never,
        async () => new Response("page"),
      );
      return "page";
    } catch (thrown) {
      if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get("location")}`;
      throw thrown;
    }
  };

  test("its moment, headline and text are the /launch page's; empty leaves the page's own", async () => {
    const launch = {
      version: await versionOf("launch"),
      at: "2027-03-01T18:30",
      headline: "Gloves of the year",
      text: "Out in March.",
    };
    await site().changePart(owner, "launch", launch);
    const loaded = (await pageLoader({ params: { page: "launch" }, context: context() } as never)) as {
      page: { title: string; description: string; blocks: { kind: string; until?: string }[] };
    };
    expect(loaded.page).toMatchObject({ title: "Gloves of the year", description: "Out in March." });
    expect(loaded.page.blocks.find((block) => block.kind === "countdown")?.until).toBe("2027-03-01T18:30:00.000Z");
    expect((await site().data()).launch).toEqual({
      at: "2027-03-01T18:30:00.000Z",
      headline: "Gloves of the year",
      text: "Out in March.",
      mode: false,
    });
    expect(
      await failure(site().changePart(owner, "launch", { version: await versionOf("launch"), at: "1 March" })),
    ).toMatchObject({
      fields: { at: expect.any(String) },
    });

    await site().changePart(owner, "launch", { version: await versionOf("launch"), at: "", headline: "", text: "" });
    const own = (await pageLoader({ params: { page: "launch" }, context: context() } as never)) as { page: { title: string } };
    expect(own.page.title).toBe("The next drop is coming");
  });

  test("launch mode on sends shoppers to /launch, which stays open with the policies; off opens the shop again", async () => {
    expect(await guarded("http://shop.test/shop/gloves")).toBe("page");
    await site().setFlag(owner, { key: "launch", enabled: "on", version: await flagVersion("launch") });
    expect(await guarded("http://shop.test/shop/gloves")).toBe("302 /launch");
    expect(await guarded("http://shop.test/")).toBe("302 /launch");
    expect(await guarded("http://shop.test/launch")).toBe("page");
    expect(await guarded("http://shop.test/terms-condition")).toBe("page");
    expect(((await (await api.request("/data/launch")).json()) as { data: { mode: boolean } }).data.mode).toBe(true);
    const [entry] = await entries("feature-flag.changed", "launch");
    expect(entry!.changes).toEqual({ enabled: [false, true] });
    await site().setFlag(owner, { key: "launch", enabled: "off", version: await flagVersion("launch") });
    expect(await guarded("http://shop.test/shop/gloves")).toBe("page");
  });
});
