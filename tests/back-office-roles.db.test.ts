import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { users } from "../server/db/schema/index.ts";
import type { CurrentSession } from "../server/modules/accounts/index.ts";
import { systemScope } from "../server/lib/scope.ts";
import { createServices, type Services } from "../server/services.ts";
import { testPageContext } from "./support/page-context.ts";
import { testServicesConfig } from "./support/services-config.ts";
import { proveSecondFactor } from "./support/staff-sessions.ts";
import { createTestDatabase } from "./support/test-db.ts";
import { pageGuards } from "../app/lib/guards.server.ts";

/*
 * Who opens which back-office page (issue 26, ADR 75): each role's account, signed in with its
 * second factor, through the real guard chain with the pages' own route options and the roles'
 * scopes as the database holds them (migration 0027 gives staff the content scope). A page a role
 * may not open is not found (404), as a document and as its `.data`.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let services: Services;
const sessions = new Map<string, CurrentSession>();

/** The admin pages checked (delivery and settings: the settings scope, the owner's alone by default), each by its route module (whose handle says who may open it). */
const PAGES = {
  orders: () => import("../app/routes/admin/orders.tsx"),
  customers: () => import("../app/routes/admin/customers.tsx"),
  products: () => import("../app/routes/admin/products.tsx"),
  catalogue: () => import("../app/routes/admin/catalogue.tsx"),
  stock: () => import("../app/routes/admin/stock.tsx"),
  promotions: () => import("../app/routes/admin/promotions.tsx"),
  delivery: () => import("../app/routes/admin/delivery.tsx"),
  settings: () => import("../app/routes/admin/settings.tsx"),
  news: () => import("../app/routes/admin/news.tsx"),
  pages: () => import("../app/routes/admin/pages.tsx"),
  newsletter: () => import("../app/routes/admin/newsletter.tsx"),
  site: () => import("../app/routes/admin/site.tsx"),
  media: () => import("../app/routes/admin/media.tsx"),
  "media-item": () => import("../app/routes/admin/media-item.tsx"),
  "media-upload": () => import("../app/routes/admin/media-upload.tsx"),
  account: () => import("../app/routes/admin/account.tsx"),
} as const;
type PageName = keyof typeof PAGES;

const CONTENT: PageName[] = ["news", "pages", "newsletter", "site", "media", "media-item", "media-upload"];
const STAFF_WORK: PageName[] = ["orders", "customers", "products", "catalogue", "stock", "promotions"];

const OPENS: Readonly<Record<string, readonly PageName[]>> = {
  editor: [...CONTENT, "account"],
  staff: [...STAFF_WORK, ...CONTENT, "account"],
  owner: Object.keys(PAGES) as PageName[],
};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database, testServicesConfig());
  for (const role of ["editor", "staff", "owner"]) {
    const scope = systemScope(database.db, { ip: "198.51.100.75" });
    const password = `a ${role} keeps the goal tidy`;
    await services.accounts.register(scope, { username: `${role}75`, email: `${role}75@example.com`, password });
    await database.db
      .update(users)
      .set({ role })
      .where(eq(users.username, `${role}75`));
    const { jwt } = await services.accounts.login(scope, { identifier: `${role}75`, password });
    await proveSecondFactor(services, database.db, jwt);
    sessions.set(role, (await services.accounts.authenticate(scope, jwt))!);
  }
});

afterAll(async () => {
  await services?.accounts.settled();
  await database?.close();
});

/** The status the guards answer a request for the page with (200: the page runs). */
async function statusOf(role: string, name: PageName, data: boolean): Promise<number> {
  const { handle: layout } = await import("../app/routes/admin/layout.tsx");
  const { handle } = await PAGES[name]();
  const pattern = `admin/${name}`;
  const page = {
    ...testPageContext({ services, database }, { session: sessions.get(role)! }),
    routeHandles: (wanted: string) => (wanted === pattern ? [{}, layout, handle] : undefined),
  };
  const url = `http://shop.test/admin/${name}${data ? ".data" : ""}`;
  try {
    await pageGuards(
      { request: new Request(url), context: { get: () => page } as never, pattern, params: {}, url: new URL(url) },
      async () => new Response("page"),
    );
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    if (thrown && typeof thrown === "object" && "init" in thrown) return (thrown as { init: ResponseInit }).init.status ?? 0;
    throw thrown;
  }
}

describe.each(["editor", "staff", "owner"])("the %s", (role) => {
  test.each(Object.keys(PAGES) as PageName[])(`/admin/%s`, async (name) => {
    const expected = OPENS[role]!.includes(name) ? 200 : 404;
    expect(await statusOf(role, name, false)).toBe(expected);
    expect(await statusOf(role, name, true)).toBe(expected);
  });
});

test("the staff role's scopes, as the migration leaves them, include content", async () => {
  expect(sessions.get("staff")!.user.scope).toEqual(expect.arrayContaining(["staff", "content"]));
  expect(sessions.get("editor")!.user.scope).toEqual(["content"]);
});
