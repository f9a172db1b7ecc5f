import { afterAll, beforeAll, expect, test } from "vitest";
import { systemScope } from "../../server/lib/scope.ts";
import { base32Decode } from "../../server/modules/staff-access/base32.ts";
import { totpCode } from "../../server/modules/staff-access/totp.ts";
import { createServices, type Services } from "../../server/services.ts";
import { testPageContext } from "../../tests/support/page-context.ts";
import { testServicesConfig } from "../../tests/support/services-config.ts";
import { createTestDatabase } from "../../tests/support/test-db.ts";
import { backOfficeAddress, CONFIRM_PATH, requireRecentCode } from "./admin-actions.server.ts";

/*
 * An export of personal data from the back office asks for a fresh code (issue 24 §2): the page
 * sends a session whose last code is older than 10 minutes to the confirm page, and back after.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let services: Services;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database, testServicesConfig());
});

afterAll(async () => {
  await services?.accounts.settled();
  await database?.close();
});

const MINUTE = 60_000;
const scope = () => systemScope(database.db, { ip: "198.51.100.77" });

test("an export asks for the code again when the session's last one is more than 10 minutes old, then lets it through", async () => {
  const email = "accountant-helper@example.com";
  const password = "ledgers and gloves and goals";
  // The shop's owner, made through the set-up link as on a first start.
  const link = (await services.staffAccess.ownerSetupLink(scope()))!;
  await services.staffAccess.acceptInvitation(scope(), { token: new URL(link).searchParams.get("token"), email, password });
  const { jwt } = await services.accounts.login(scope(), { identifier: email, password });
  const session = (await services.accounts.authenticate(scope(), jwt))!;
  const context = testPageContext({ services, database }, { session });
  const me = { userId: session.user.id, sessionId: session.sessionId };
  const longAgo = new Date(Date.now() - 11 * MINUTE);
  const started = await services.staffAccess.startEnrolment(scope(), me, longAgo);
  await services.staffAccess.confirmEnrolment(scope(), { ...me, code: totpCode(base32Decode(started.secret), longAgo) }, longAgo);

  const exported = new Request("http://shop.test/admin/orders/export.csv?status=paid&q=van");
  const refused = await requireRecentCode(context, exported).then(
    () => null,
    (answer: unknown) => answer as Response,
  );
  expect(refused?.status).toBe(302);
  expect(refused?.headers.get("location")).toBe(
    `${CONFIRM_PATH}?redirect=${encodeURIComponent("/admin/orders/export.csv?status=paid&q=van")}`,
  );

  await services.staffAccess.verifySecondFactor(scope(), { ...me, code: totpCode(base32Decode(started.secret), Date.now()) });
  await expect(requireRecentCode(context, exported)).resolves.toBeUndefined();
});

test("the confirm page goes on only to a back-office address", () => {
  expect(backOfficeAddress("/admin/orders/export.csv?status=paid")).toBe("/admin/orders/export.csv?status=paid");
  // Read as a browser reads it: no way out of the back office, nothing a redirect cannot carry.
  expect(backOfficeAddress("/admin/x?a=\n")).toBe("/admin/x?a=");
  expect(backOfficeAddress("/admin/x?who=Zoë")).toBe("/admin/x?who=Zo%C3%AB");
  for (const elsewhere of [
    null,
    "",
    "/",
    "/admin",
    "//evil.example/admin/",
    "https://evil.example/admin/x",
    "/admin/\\evil",
    "/adminx/y",
    "/admin/../account",
    "/admin/%2e%2e/account",
  ])
    expect(backOfficeAddress(elsewhere), String(elsewhere)).toBeNull();
});
