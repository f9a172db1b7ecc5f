import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test } from "vitest";
import { pageContextKey } from "../../../server/http/page-context.ts";
import { createServices, type Services } from "../../../server/services.ts";
import { testPageContext } from "../../../tests/support/page-context.ts";
import { keptMails, testServicesConfig, type KeptMails } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import { readSiteNotice } from "~/lib/site-notice";
import { action as subscribeAction } from "./subscribe";
import { action as unsubscribeAction } from "./unsubscribe";

/*
 * The newsletter's page actions called as React Router calls them: the sign-up form with and
 * without JavaScript, and a mail client's one-click unsubscribe POST (RFC 8058), which carries
 * nothing but the address's token and `List-Unsubscribe=One-Click`: no cookie, no form token.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let services: Services;
let mails: KeptMails;

beforeAll(async () => {
  database = await createTestDatabase();
  mails = keptMails();
  services = createServices(database, testServicesConfig({ publicUrl: "http://shop.test", mailer: mails }));
});

afterAll(async () => {
  await services?.mails.settled();
  await database?.close();
});

let visitors = 0;
function argsOf(request: Request) {
  const page = {
    ...testPageContext({ services, database }, { ip: `198.51.100.${++visitors}` }),
    routeHandles: () => [],
  };
  return { request, context: new RouterContextProvider(new Map([[pageContextKey, page]])), params: {} } as never;
}
const post = (url: string, body: Record<string, string> | string) =>
  new Request(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: typeof body === "string" ? body : new URLSearchParams(body),
  });
const signUp = (fields: Record<string, string>) =>
  subscribeAction(argsOf(post("http://shop.test/newsletter", { intent: "subscribe", source: "footer", ...fields })));

test("without JavaScript the sign-up goes back to its page with 'Check your inbox'; a refusal goes back with its message", async () => {
  const sent = (await signUp({ email: "no.script@example.com", returnTo: "/shop/gloves?size=8" })) as Response;
  expect(sent.status).toBe(303);
  expect(sent.headers.get("location")).toBe("/shop/gloves?size=8");
  expect(readSiteNotice(sent.headers.get("set-cookie"))).toEqual({
    kind: "success",
    message: "Check your inbox to confirm your subscription.",
  });

  const refused = (await signUp({ email: "no script", returnTo: "//evil.example/" })) as Response;
  expect(refused.status).toBe(303);
  // Only a path of the shop is a place to go back to.
  expect(refused.headers.get("location")).toBe("/");
  expect(readSiteNotice(refused.headers.get("set-cookie"))).toMatchObject({
    kind: "error",
    message: expect.stringMatching(/valid e-mail/),
  });
});

test("with JavaScript the sign-up answers data: the message, or the address's error beside its field", async () => {
  expect(await signUp({ email: "with.script@example.com", js: "1", returnTo: "/" })).toMatchObject({
    data: { ok: true, message: "Check your inbox to confirm your subscription." },
  });
  expect(await signUp({ email: "with script", js: "1" })).toMatchObject({
    data: { ok: false, fieldErrors: { email: expect.stringMatching(/valid e-mail/) }, values: { email: "with script" } },
    init: { status: 400 },
  });
  expect(await subscribeAction(argsOf(post("http://shop.test/newsletter", { js: "1", email: "a@example.com" })))).toMatchObject({
    data: { ok: false, formError: "Please use the sign-up form." },
    init: { status: 400 },
  });
});

test("a one-click POST with the token in the address unsubscribes, with nothing else", async () => {
  const email = "one.click@example.com";
  await signUp({ email, js: "1" });
  await services.mails.settled();
  const confirmLink = mails.sent
    .find((m) => m.to === email)!
    .text.match(/http:\/\/shop\.test\/newsletter\/confirm\?token=\S+/)![0];
  const confirm = () =>
    services.newsletter.confirm(testPageContext({ services, database }), {
      token: new URL(confirmLink).searchParams.get("token"),
    });
  await confirm();
  await services.mails.settled();
  const welcome = mails.sent.find((m) => m.to === email && m.headers)!;
  const link = /^<([^>]+)>$/.exec(welcome.headers!["List-Unsubscribe"]!)![1]!;
  expect(welcome.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

  expect(await unsubscribeAction(argsOf(post(link, "List-Unsubscribe=One-Click")))).toEqual({ ok: true });
  // Unsubscribed: the confirmation link, which answered "subscribed" again until now, no longer does.
  await expect(confirm()).rejects.toMatchObject({ code: "INVALID_CODE" });

  // A forged token is refused.
  expect(await unsubscribeAction(argsOf(post(`${link}x`, "List-Unsubscribe=One-Click")))).toMatchObject({
    data: { ok: false },
    init: { status: 400 },
  });
});

/** The consent's source kept for `email` (the relational query: route modules' tests import no table). */
async function sourceOf(email: string) {
  const row = await database.db.query.newsletterSubscriptions.findFirst({ where: (table, { eq }) => eq(table.email, email) });
  return row?.source;
}

// A sign-up posted from another site never reaches the action: server/http/cross-site-writes.ts
// refuses it (403) for every page, walked in cross-site-writes.db.test.ts.

test("the form records where it stands, footer or launch; anything else it sends is the footer's", async () => {
  const cases: [string, string | undefined, string][] = [
    ["from.footer@example.com", "footer", "footer"],
    ["from.launch@example.com", "launch", "launch"],
    ["claims.api@example.com", "api", "footer"],
    ["claims.account@example.com", "account", "footer"],
    ["claims.nothing@example.com", "somewhere", "footer"],
  ];
  for (const [email, source, recorded] of cases) {
    expect(await signUp({ email, js: "1", ...(source ? { source } : {}) }), email).toMatchObject({ data: { ok: true } });
    expect(await sourceOf(email), email).toBe(recorded);
  }
  const none = "no.source@example.com";
  await subscribeAction(argsOf(post("http://shop.test/newsletter", { intent: "subscribe", js: "1", email: none })));
  expect(await sourceOf(none)).toBe("footer");
});
