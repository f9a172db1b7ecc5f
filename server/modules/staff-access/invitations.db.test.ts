import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { auditLog, mailJobs, staffInvitations, users } from "../../db/schema/index.ts";
import { hashCode } from "../accounts/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { shopErrorCode } from "../../lib/shop-error.ts";
import { createServices, type Services } from "../../services.ts";
import type { StaffScope } from "../audit/index.ts";
import { createRateLimitStore } from "../rate-limit/index.ts";
import { createStaffAccess, type StaffAccess } from "./index.ts";

/*
 * Joining the back office (ADR 59) on a real database: the owner's set-up link while the shop has
 * none, invitations mailed through the outbox, links used once (two at the same moment
 * included), expiry and revocation, roles changed by the owner only and never leaving the shop
 * without an owner, and one's own sessions. The accounts are then used as a person would: logging
 * in with the password chosen.
 */

const PUBLIC_URL = "http://shop.test";
let database: Database;
let services: Services;
let access: StaffAccess;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testServicesConfig({ publicUrl: PUBLIC_URL });
  services = createServices(database, config);
  access = createStaffAccess({
    db: database.db,
    secret: config.secret,
    publicUrl: PUBLIC_URL,
    siteName: "Safe Hands",
    rateLimits: createRateLimitStore({}),
  });
});

afterAll(async () => {
  await services?.accounts.settled();
  await database?.close();
});

let visitors = 0;
const visitor = (): Scope => systemScope(database.db, { ip: `203.0.113.${++visitors}` });
const db = () => database.db;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code?: string; field?: string; fields?: Record<string, string> },
  );
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const HOUR = 3_600_000;

/** The owner made by the first test, as the back office's scope names them. */
let owner: StaffScope;
const asActor = (actor: { id: number; email: string; role: string }): StaffScope => ({ ...visitor(), actor });

async function loginAs(email: string, password: string) {
  const opened = await services.accounts.login(visitor(), { identifier: email, password });
  const current = await services.accounts.authenticate(visitor(), opened.jwt);
  return { jwt: opened.jwt, sessionId: current!.sessionId, role: current!.user.role };
}

const auditOf = (action: string, entityId: string | number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

test("(first, while the shop has no owner) a set-up link cannot take over an account by typing its address", async () => {
  await db().insert(users).values({ username: "shopper77", email: "shopper77@example.com" });
  const [link] = await db()
    .insert(staffInvitations)
    .values({
      tokenHash: hashCode("setup-token-for-a-takeover-try-000000000000"),
      email: null,
      role: "owner",
      expiresAt: new Date(Date.now() + HOUR),
    })
    .returning();
  const taken = await failure(
    access.acceptInvitation(visitor(), {
      token: "setup-token-for-a-takeover-try-000000000000",
      email: "shopper77@example.com",
      password: "a long new password",
    }),
  );
  expect(taken).toMatchObject({ code: "INVALID_INPUT", field: "email" });
  expect((await db().select().from(users).where(eq(users.email, "shopper77@example.com")))[0]).toMatchObject({
    role: "customer",
    passwordHash: null,
  });
  expect((await db().select().from(staffInvitations).where(eq(staffInvitations.id, link!.id)))[0]!.usedAt).toBeNull();
});

test("while the shop has no owner each start prints a set-up link; one makes the owner, once; then no more links", async () => {
  // A link printed more than a day ago has expired.
  const stale = await access.ownerSetupLink(visitor(), new Date(Date.now() - 25 * HOUR));
  expect(await access.invitation(visitor(), tokenOf(stale!))).toBeNull();

  const first = await access.ownerSetupLink(visitor());
  const second = await access.ownerSetupLink(visitor());
  expect(first).toMatch(new RegExp(`^${PUBLIC_URL}/admin/setup\\?token=[\\w-]{43}$`));
  expect(second).not.toBe(first);
  const shown = await access.invitation(visitor(), tokenOf(first!));
  expect(shown).toMatchObject({ email: null, role: "owner" });
  expect(Math.abs(shown!.expiresAt.getTime() - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);
  expect(await access.invitation(visitor(), "not-a-token")).toBeNull();

  // The form's mistakes are said field by field, and leave the link working.
  const noEmail = await failure(
    access.acceptInvitation(visitor(), { token: tokenOf(first!), password: "gloves and a clean sheet" }),
  );
  expect(noEmail).toMatchObject({ code: "INVALID_INPUT", field: "email" });
  const weak = await failure(
    access.acceptInvitation(visitor(), { token: tokenOf(first!), email: "owner@example.com", password: "password" }),
  );
  expect(weak).toMatchObject({ code: "INVALID_INPUT", field: "password" });
  const expired = await failure(
    access.acceptInvitation(visitor(), {
      token: tokenOf(stale!),
      email: "late@example.com",
      password: "gloves and a clean sheet",
    }),
  );
  expect(expired).toMatchObject({ code: "INVALID_CODE" });

  // Both links used at the same moment: the shop gets one owner.
  const results = await Promise.allSettled([
    access.acceptInvitation(visitor(), {
      token: tokenOf(first!),
      email: "Owner@Example.com ",
      password: "gloves and a clean sheet",
    }),
    access.acceptInvitation(visitor(), {
      token: tokenOf(second!),
      email: "rival@example.com",
      password: "another long password",
    }),
  ]);
  const won = results.filter((r) => r.status === "fulfilled");
  const lost = results.filter((r) => r.status === "rejected");
  expect(won).toHaveLength(1);
  expect(shopErrorCode(lost[0]!.reason)).toBe("INVALID_CODE");
  expect(await db().select({ email: users.email }).from(users).where(eq(users.role, "owner"))).toHaveLength(1);

  const made = (won[0] as PromiseFulfilledResult<{ id: number; email: string; role: string }>).value;
  expect(made.role).toBe("owner");
  const password = made.email === "owner@example.com" ? "gloves and a clean sheet" : "another long password";
  expect((await loginAs(made.email, password)).role).toBe("owner");
  owner = asActor({ id: made.id, email: made.email, role: "owner" });

  // Used: neither link works any more, and no start prints a new one.
  for (const link of [first!, second!]) {
    expect(
      await failure(
        access.acceptInvitation(visitor(), {
          token: tokenOf(link),
          email: "third@example.com",
          password: "a third long password",
        }),
      ),
    ).toMatchObject({
      code: "INVALID_CODE",
    });
  }
  expect(await access.invitation(visitor(), tokenOf(first!))).toBeNull();
  expect(await access.invitation(visitor(), tokenOf(second!))).toBeNull();
  expect(await access.ownerSetupLink(visitor())).toBeNull();
  const [entry] = await auditOf("staff.owner_set_up", made.id);
  expect(entry).toMatchObject({ actorId: made.id, actorRole: "owner", entityType: "user", changes: { role: [null, "owner"] } });
});

test("an invitation is mailed through the outbox; its link makes a staff account that logs in with the password chosen", async () => {
  const { sent, link, token } = await invite("keeper.coach@example.com", "staff");
  expect(link.startsWith(`${PUBLIC_URL}/admin/join?token=`)).toBe(true);
  const [mail] = await db().select().from(mailJobs).where(eq(mailJobs.to, "keeper.coach@example.com"));
  expect(mail!.subject).toBe("You are invited to run Safe Hands");
  expect(mail!.html).toContain(link.replaceAll("&", "&amp;"));
  expect(await access.invitation(visitor(), token)).toEqual({
    email: "keeper.coach@example.com",
    role: "staff",
    expiresAt: sent.expiresAt,
  });
  expect(sent.expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * HOUR - 60_000);
  const [invited] = await auditOf("staff.invited", sent.id);
  expect(invited).toMatchObject({
    actorId: owner.actor.id,
    entityType: "staff_invitation",
    changes: { email: [null, "keeper.coach@example.com"], role: [null, "staff"] },
  });

  // The address is the invitation's, whatever the form says.
  const member = await access.acceptInvitation(visitor(), {
    token,
    email: "someone.else@example.com",
    username: "coach",
    password: "dive low, dive early",
  });
  expect(member).toMatchObject({ email: "keeper.coach@example.com", username: "coach", role: "staff" });
  expect((await loginAs("coach", "dive low, dive early")).role).toBe("staff");
  const { staff, invitations } = await access.staffList(db());
  expect(staff.find((row) => row.id === member.id)).toMatchObject({
    role: "staff",
    hasAuthenticator: false,
    email: "keeper.coach@example.com",
  });
  expect(staff.find((row) => row.id === member.id)!.lastSignInAt).toBeInstanceOf(Date);
  expect(invitations.some((row) => row.id === sent.id)).toBe(false);
  expect((await auditOf("staff.joined", member.id))[0]).toMatchObject({ actorId: member.id, actorRole: "staff" });
});

test("an invitation for a customer's address gives that account the role and the new password; its old sessions end", async () => {
  const customer = await services.accounts.register(visitor(), {
    username: "regular",
    email: "regular@example.com",
    password: "my old shop password",
  });
  const { token } = await invite("regular@example.com", "editor");
  const member = await access.acceptInvitation(visitor(), { token, password: "my new back office password" });
  expect(member).toMatchObject({ id: customer.user.id, role: "editor", username: "regular" });
  expect(await services.accounts.authenticate(visitor(), customer.jwt)).toBeNull();
  expect(
    await failure(services.accounts.login(visitor(), { identifier: "regular", password: "my old shop password" })),
  ).toMatchObject({
    code: "INVALID_CREDENTIALS",
  });
  expect((await loginAs("regular@example.com", "my new back office password")).role).toBe("editor");
});

test("two people using one invitation at the same moment: one account is made, the other is told the link is used", async () => {
  const { token } = await invite("twice@example.com", "staff");
  const results = await Promise.allSettled([
    access.acceptInvitation(visitor(), { token, username: "twice-a", password: "first of two passwords" }),
    access.acceptInvitation(visitor(), { token, username: "twice-b", password: "second of two passwords" }),
  ]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  expect(shopErrorCode((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason)).toBe("INVALID_CODE");
  expect(await db().select().from(users).where(eq(users.email, "twice@example.com"))).toHaveLength(1);
});

test("an invitation expires after seven days; a revoked one stops working; a newer one replaces the older", async () => {
  const old = await invite("late.joiner@example.com", "staff", new Date(Date.now() - 8 * 24 * HOUR));
  expect(await access.invitation(visitor(), old.token)).toBeNull();
  expect(await failure(access.acceptInvitation(visitor(), { token: old.token, password: "late but long enough" }))).toMatchObject(
    { code: "INVALID_CODE" },
  );

  const first = await invite("changed.mind@example.com", "staff");
  const second = await invite("changed.mind@example.com", "editor");
  expect(await access.invitation(visitor(), first.token)).toBeNull();
  expect(await access.invitation(visitor(), second.token)).toMatchObject({ role: "editor" });
  expect((await access.staffList(db())).invitations.map((row) => row.email)).toContain("changed.mind@example.com");

  await access.revokeInvitation(owner, second.sent.id);
  expect(await access.invitation(visitor(), second.token)).toBeNull();
  expect((await access.staffList(db())).invitations.map((row) => row.email)).not.toContain("changed.mind@example.com");
  expect(await failure(access.revokeInvitation(owner, second.sent.id))).toMatchObject({ code: "INVITATION_NOT_FOUND" });
  expect(await auditOf("staff.invitation_revoked", second.sent.id)).toHaveLength(1);
});

test("only the owner invites and changes roles; someone already in the role is not invited again", async () => {
  const staffer = asActor({ id: 999, email: "staffer@example.com", role: "staff" });
  expect(await failure(access.inviteStaff(staffer, { email: "friend@example.com", role: "owner" }))).toMatchObject({
    code: "FORBIDDEN",
  });
  expect(await failure(access.changeRole(staffer, { userId: owner.actor.id, role: "customer" }))).toMatchObject({
    code: "FORBIDDEN",
  });
  expect(await failure(access.inviteStaff(owner, { email: owner.actor.email, role: "owner" }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "email",
  });
  expect(await failure(access.inviteStaff(owner, { email: "x@example.com", role: "customer" }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "role",
  });
  expect(await db().select().from(mailJobs).where(eq(mailJobs.to, "friend@example.com"))).toHaveLength(0);
});

test("a role change ends the person's sessions and is audited; a stale form is refused; customer takes them off the staff", async () => {
  const { token } = await invite("mover@example.com", "staff");
  const member = await access.acceptInvitation(visitor(), { token, password: "moving between roles" });
  const session = await loginAs("mover@example.com", "moving between roles");
  const before = (await access.staffList(db())).staff.find((row) => row.id === member.id)!;

  await access.changeRole(owner, { userId: member.id, role: "editor", version: before.version });
  expect(await services.accounts.authenticate(visitor(), session.jwt)).toBeNull();
  expect((await loginAs("mover@example.com", "moving between roles")).role).toBe("editor");
  expect((await auditOf("staff.role_changed", member.id))[0]).toMatchObject({
    actorId: owner.actor.id,
    changes: { role: ["staff", "editor"] },
  });

  const stale = await failure(access.changeRole(owner, { userId: member.id, role: "owner", version: before.version }));
  expect(stale).toMatchObject({ code: "STALE_VERSION" });
  expect((await access.staffList(db())).staff.find((row) => row.id === member.id)!.role).toBe("editor");

  await access.changeRole(owner, { userId: member.id, role: "customer" });
  expect((await access.staffList(db())).staff.some((row) => row.id === member.id)).toBe(false);
  expect(await failure(access.changeRole(owner, { userId: member.id, role: "staff" }))).toMatchObject({
    code: "STAFF_NOT_FOUND",
  });
});

test("the last owner cannot be demoted; two owners demoting each other at once leave one", async () => {
  expect(await failure(access.changeRole(owner, { userId: owner.actor.id, role: "staff" }))).toMatchObject({
    code: "LAST_OWNER",
  });
  expect(await failure(access.changeRole(owner, { userId: owner.actor.id, role: "customer" }))).toMatchObject({
    code: "LAST_OWNER",
  });

  const { token } = await invite("co-owner@example.com", "owner");
  const coOwner = await access.acceptInvitation(visitor(), { token, password: "two owners, one shop" });
  const coScope = asActor({ id: coOwner.id, email: coOwner.email, role: "owner" });
  const results = await Promise.allSettled([
    access.changeRole(owner, { userId: coOwner.id, role: "staff" }),
    access.changeRole(coScope, { userId: owner.actor.id, role: "staff" }),
  ]);
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  expect(shopErrorCode((results.find((r) => r.status === "rejected") as PromiseRejectedResult).reason)).toBe("LAST_OWNER");
  const owners = await db().select({ id: users.id }).from(users).where(eq(users.role, "owner"));
  expect(owners).toHaveLength(1);
  // Whoever is left owns the shop from here on.
  if (owners[0]!.id !== owner.actor.id) owner = coScope;
});

test("a person sees their own open sessions and ends one; another's session is not theirs to end", async () => {
  const { token } = await invite("sessions@example.com", "staff");
  const member = await access.acceptInvitation(visitor(), { token, password: "one account, two browsers" });
  const laptop = await loginAs("sessions@example.com", "one account, two browsers");
  const phone = await loginAs("sessions@example.com", "one account, two browsers");
  const listed = await access.sessionsOf(db(), member.id, phone.sessionId);
  expect(listed.map((row) => [row.id, row.current])).toEqual([
    [phone.sessionId, true],
    [laptop.sessionId, false],
  ]);

  const other = await loginAs(owner.actor.email, ownerPassword());
  expect(await failure(access.endSession(visitor(), member.id, other.sessionId))).toMatchObject({ code: "SESSION_NOT_FOUND" });
  expect(await services.accounts.authenticate(visitor(), other.jwt)).not.toBeNull();

  await access.endSession(visitor(), member.id, laptop.sessionId);
  expect(await services.accounts.authenticate(visitor(), laptop.jwt)).toBeNull();
  expect((await access.sessionsOf(db(), member.id, phone.sessionId)).map((row) => row.id)).toEqual([phone.sessionId]);
  expect(await failure(access.endSession(visitor(), member.id, laptop.sessionId))).toMatchObject({ code: "SESSION_NOT_FOUND" });
});

function ownerPassword(): string {
  const passwords: Record<string, string> = {
    "owner@example.com": "gloves and a clean sheet",
    "rival@example.com": "another long password",
    "co-owner@example.com": "two owners, one shop",
  };
  return passwords[owner.actor.email]!;
}

test("someone on the staff is not invited again, whatever the role asked: their role changes in the list", async () => {
  const [someOwner] = await db().select().from(users).where(eq(users.role, "owner")).limit(1);
  expect(await failure(access.inviteStaff(owner, { email: someOwner!.email, role: "staff" }))).toMatchObject({
    code: "INVALID_INPUT",
    field: "email",
  });
});

test("(last, as it adds an owner) npm run owner's link makes its address an owner, even with an owner there; a bad address is refused", async () => {
  expect(await failure(access.ownerInvitationLink(visitor(), "not an address"))).toMatchObject({
    code: "INVALID_INPUT",
    field: "email",
  });
  const link = await access.ownerInvitationLink(visitor(), " Second.Owner@Example.com ");
  expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/admin/join\\?token=[\\w-]{43}$`));
  expect(await access.invitation(visitor(), tokenOf(link))).toMatchObject({ email: "second.owner@example.com", role: "owner" });
  const made = await access.acceptInvitation(visitor(), { token: tokenOf(link), password: "two keepers are better" });
  expect(made).toMatchObject({ email: "second.owner@example.com", role: "owner" });
  expect((await loginAs(made.email, "two keepers are better")).role).toBe("owner");
  expect(await access.invitation(visitor(), tokenOf(link))).toBeNull();
});

/** The owner invites `email` as `role`; answers the link the invitation mail carries. */
async function invite(email: string, role: string, now?: Date) {
  const sent = await access.inviteStaff(owner, { email, role }, now);
  const mails = await db().select().from(mailJobs).where(eq(mailJobs.to, email)).orderBy(mailJobs.id);
  const link = mails.at(-1)?.text.match(/http:\/\/shop\.test\/admin\/join\?token=[\w-]+/)?.[0];
  expect(link).toBeDefined();
  return { sent, link: link!, token: tokenOf(link!) };
}
