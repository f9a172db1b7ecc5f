import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { auditLog, sessions, staffAuthenticators, users } from "../../db/schema/index.ts";
import { staffScopeOf } from "../audit/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { createServices, type Services } from "../../services.ts";
import { createRateLimitStore } from "../rate-limit/index.ts";
import { base32Decode } from "./base32.ts";
import { createStaffAccess, recentSecondFactor, SECOND_FACTOR_RULES, type StaffAccess } from "./index.ts";
import { totpCode } from "./totp.ts";

/*
 * Two factors for the back office (ADR 59) on a real database: enrolling an authenticator app
 * (QR code, first code, recovery codes), proving the second factor in a session (a code once
 * only, recovery codes once each), re-enrolling, the code limits, and the back office's gate:
 * enrol, verify, in, and the session ended after 30 minutes idle or 12 hours.
 */

let database: Database;
let services: Services;
let access: StaffAccess;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testServicesConfig();
  services = createServices(database, config);
  access = createStaffAccess({
    db: database.db,
    secret: config.secret,
    publicUrl: "http://shop.test",
    siteName: "Safe Hands",
    rateLimits: createRateLimitStore({}),
  });
});

afterAll(async () => {
  await services?.accounts.settled();
  await database?.close();
});

let visitors = 0;
const visitor = (): Scope => systemScope(database.db, { ip: `198.51.100.${++visitors % 250}` });
const db = () => database.db;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code?: string; field?: string; retryAfterSeconds?: number },
  );
const MINUTE = 60_000;

let members = 0;
/** A back-office account (a registered customer given a role, as `npm run scope` does), logged in once. */
async function member(role = "staff") {
  members += 1;
  const email = `member${members}@example.com`;
  const password = `safe hands number ${members}`;
  const opened = await services.accounts.register(visitor(), { username: `member${members}`, email, password });
  await db().update(users).set({ role }).where(eq(users.id, opened.user.id));
  const login = async () => {
    const { jwt } = await services.accounts.login(visitor(), { identifier: email, password });
    return { jwt, sessionId: (await services.accounts.authenticate(visitor(), jwt))!.sessionId };
  };
  return { id: opened.user.id, email, role, login };
}
type Member = Awaited<ReturnType<typeof member>>;

const gate = (who: Member, sessionId: string, now?: Date) =>
  access.backOfficeGate(visitor(), { userId: who.id, role: who.role, sessionId }, now);

/** Enrols `who` in a fresh session at `now`: answers the app's secret (as bytes), the session and the recovery codes. */
async function enrolled(who: Member, now = new Date()) {
  const session = await who.login();
  const started = await access.startEnrolment(visitor(), { userId: who.id, sessionId: session.sessionId }, now);
  const key = base32Decode(started.secret);
  const { recoveryCodes } = await access.confirmEnrolment(
    visitor(),
    { userId: who.id, sessionId: session.sessionId, code: totpCode(key, now) },
    now,
  );
  return { key, session, recoveryCodes };
}

test("enrolling: the app's secret as a QR code and as text; its first code confirms it and gives ten recovery codes", async () => {
  const who = await member();
  const session = await who.login();
  expect(await gate(who, session.sessionId)).toBe("enrol");
  expect(await access.hasAuthenticator(db(), who.id)).toBe(false);

  const started = await access.startEnrolment(visitor(), { userId: who.id, sessionId: session.sessionId });
  expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(started.otpauthUri).toBe(
    `otpauth://totp/Safe%20Hands:member${members}%40example.com?secret=${started.secret}&issuer=Safe%20Hands&algorithm=SHA1&digits=6&period=30`,
  );
  expect(started.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);
  // The database holds the secret sealed, never as the app shows it.
  const [row] = await db().select().from(staffAuthenticators).where(eq(staffAuthenticators.userId, who.id));
  expect(row!.secret).not.toContain(started.secret);
  expect(row!.confirmedAt).toBeNull();

  // Starting again (a reload, a refused code without JavaScript) shows the secret already waiting:
  // the app that scanned it stays good. A wrong code does not confirm it.
  const again = await access.startEnrolment(visitor(), { userId: who.id, sessionId: session.sessionId });
  expect(again.secret).toBe(started.secret);
  const now = new Date();
  const wrong = await failure(
    access.confirmEnrolment(visitor(), { userId: who.id, sessionId: session.sessionId, code: "000000" }, now),
  );
  expect(wrong).toMatchObject({ code: "INVALID_CODE", field: "code" });
  expect(await gate(who, session.sessionId)).toBe("enrol");

  const { recoveryCodes } = await access.confirmEnrolment(
    visitor(),
    { userId: who.id, sessionId: session.sessionId, code: totpCode(base32Decode(again.secret), now) },
    now,
  );
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  expect(await access.hasAuthenticator(db(), who.id)).toBe(true);
  // The enrolling session has just proved the factor: it is in.
  expect(await gate(who, session.sessionId)).toBe("ok");
  // A customer never has a back office.
  expect(await access.backOfficeGate(visitor(), { userId: who.id, role: "customer", sessionId: session.sessionId })).toBe(
    "not-staff",
  );
  expect(
    await failure(access.startEnrolment(visitor(), { userId: (await member("customer")).id, sessionId: "x" })),
  ).toMatchObject({
    code: "STAFF_NOT_FOUND",
  });
});

test("a new session asks for the code; a code works once, so one seen over a shoulder cannot be used again", async () => {
  const who = await member();
  const start = new Date();
  const { key } = await enrolled(who, start);
  const laptop = await who.login();
  expect(await gate(who, laptop.sessionId, start)).toBe("verify");

  // The code the enrolment used is spent already.
  expect(
    await failure(
      access.verifySecondFactor(visitor(), { userId: who.id, sessionId: laptop.sessionId, code: totpCode(key, start) }, start),
    ),
  ).toMatchObject({
    code: "INVALID_CODE",
  });
  const later = new Date(start.getTime() + 30_000);
  const code = totpCode(key, later);
  expect(await access.verifySecondFactor(visitor(), { userId: who.id, sessionId: laptop.sessionId, code }, later)).toEqual({
    method: "totp",
    recoveryCodesLeft: 10,
  });
  expect(await gate(who, laptop.sessionId, later)).toBe("ok");

  const phone = await who.login();
  const replayed = await failure(
    access.verifySecondFactor(visitor(), { userId: who.id, sessionId: phone.sessionId, code }, later),
  );
  expect(replayed).toMatchObject({ code: "INVALID_CODE" });
  expect(await gate(who, phone.sessionId, later)).toBe("verify");
  // Two sessions sending the next code at the same moment: one gets in.
  const next = new Date(later.getTime() + 30_000);
  const tablet = await who.login();
  const results = await Promise.allSettled(
    [phone, tablet].map((session) =>
      access.verifySecondFactor(visitor(), { userId: who.id, sessionId: session.sessionId, code: totpCode(key, next) }, next),
    ),
  );
  expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
});

test("a recovery code signs in once, typed however; its count goes down", async () => {
  const who = await member();
  const { recoveryCodes } = await enrolled(who);
  const [first, second] = recoveryCodes as [string, string];
  const session = await who.login();
  expect(await access.verifySecondFactor(visitor(), { userId: who.id, sessionId: session.sessionId, code: first })).toEqual({
    method: "recovery",
    recoveryCodesLeft: 9,
  });
  expect(await gate(who, session.sessionId)).toBe("ok");
  const another = await who.login();
  expect(
    await failure(access.verifySecondFactor(visitor(), { userId: who.id, sessionId: another.sessionId, code: first })),
  ).toMatchObject({
    code: "INVALID_CODE",
  });
  const typed = ` ${second.toUpperCase().replaceAll("-", " ")} `;
  expect(await access.verifySecondFactor(visitor(), { userId: who.id, sessionId: another.sessionId, code: typed })).toMatchObject(
    {
      recoveryCodesLeft: 8,
    },
  );
  // Another account's recovery code is not this account's.
  const stranger = await member();
  const { recoveryCodes: theirs } = await enrolled(stranger);
  const third = await who.login();
  expect(
    await failure(access.verifySecondFactor(visitor(), { userId: who.id, sessionId: third.sessionId, code: theirs[0] })),
  ).toMatchObject({
    code: "INVALID_CODE",
  });
});

test("re-enrolling needs a fresh second factor and leaves the old app working until the new one is confirmed", async () => {
  const who = await member();
  const start = new Date();
  const { key: oldKey, session, recoveryCodes: oldCodes } = await enrolled(who, start);
  const tooLate = new Date(start.getTime() + 11 * MINUTE);
  expect(recentSecondFactor({ secondFactorAt: start }, new Date(start.getTime() + 9 * MINUTE))).toBe(true);
  expect(recentSecondFactor({ secondFactorAt: start }, tooLate)).toBe(false);
  const who2 = { userId: who.id, sessionId: session.sessionId };
  expect(await failure(access.startEnrolment(visitor(), who2, tooLate))).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
  expect(await failure(access.newRecoveryCodes(visitor(), who2, tooLate))).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
  expect(await failure(access.requireRecentSecondFactor(visitor(), who2, tooLate))).toMatchObject({
    code: "SECOND_FACTOR_REQUIRED",
  });

  const soon = new Date(start.getTime() + 2 * MINUTE);
  await access.requireRecentSecondFactor(visitor(), who2, soon);
  const started = await access.startEnrolment(visitor(), who2, soon);
  const newKey = base32Decode(started.secret);
  // Not confirmed yet: the old app still signs in.
  const other = await who.login();
  const atOld = new Date(soon.getTime() + 30_000);
  await access.verifySecondFactor(
    visitor(),
    { userId: who.id, sessionId: other.sessionId, code: totpCode(oldKey, atOld) },
    atOld,
  );

  const atNew = new Date(atOld.getTime() + 30_000);
  const { recoveryCodes } = await access.confirmEnrolment(visitor(), { userId: who.id, code: totpCode(newKey, atNew) }, atNew);
  expect(recoveryCodes).not.toContain(oldCodes[0]);
  const third = await who.login();
  const afterwards = new Date(atNew.getTime() + 30_000);
  expect(
    await failure(
      access.verifySecondFactor(
        visitor(),
        { userId: who.id, sessionId: third.sessionId, code: totpCode(oldKey, afterwards) },
        afterwards,
      ),
    ),
  ).toMatchObject({
    code: "INVALID_CODE",
  });
  expect(
    await failure(
      access.verifySecondFactor(visitor(), { userId: who.id, sessionId: third.sessionId, code: oldCodes[0] }, afterwards),
    ),
  ).toMatchObject({
    code: "INVALID_CODE",
  });
  expect(
    await access.verifySecondFactor(
      visitor(),
      { userId: who.id, sessionId: third.sessionId, code: totpCode(newKey, afterwards) },
      afterwards,
    ),
  ).toMatchObject({
    method: "totp",
  });

  // New recovery codes replace the set: the old ones stop working.
  const fresh = await access.newRecoveryCodes(visitor(), { userId: who.id, sessionId: third.sessionId }, afterwards);
  const fourth = await who.login();
  expect(
    await failure(access.verifySecondFactor(visitor(), { userId: who.id, sessionId: fourth.sessionId, code: recoveryCodes[0] })),
  ).toMatchObject({
    code: "INVALID_CODE",
  });
  expect(
    await access.verifySecondFactor(visitor(), { userId: who.id, sessionId: fourth.sessionId, code: fresh[0] }),
  ).toMatchObject({
    method: "recovery",
    recoveryCodesLeft: 9,
  });
});

test("wrong codes are limited as wrong passwords are: the sixth in five minutes is refused, the right code too, from any address", async () => {
  const who = await member();
  const start = new Date();
  const { key } = await enrolled(who, start);
  const session = await who.login();
  const attempt = (code: string) =>
    failure(
      access.verifySecondFactor(
        visitor(),
        { userId: who.id, sessionId: session.sessionId, code },
        new Date(start.getTime() + 30_000),
      ),
    );
  for (let i = 0; i < SECOND_FACTOR_RULES.account.limit; i++)
    expect(await attempt(String(100000 + i))).toMatchObject({ code: "INVALID_CODE" });
  const refused = await attempt(totpCode(key, new Date(start.getTime() + 30_000)));
  expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  expect(refused!.retryAfterSeconds).toBeGreaterThan(0);
  expect(refused!.retryAfterSeconds).toBeLessThanOrEqual(300);
  expect(await gate(who, session.sessionId, start)).toBe("verify");

  // From one address, guesses at many accounts are limited too.
  const ip = "192.0.2.77";
  const guesses = [];
  for (let i = 0; i < SECOND_FACTOR_RULES.address.limit + 1; i++) {
    const target = await member();
    guesses.push(
      await failure(
        access.verifySecondFactor(systemScope(db(), { ip }), { userId: target.id, sessionId: "none", code: "000000" }),
      ),
    );
  }
  expect(guesses.map((g) => g?.code)).toEqual([
    ...Array(SECOND_FACTOR_RULES.address.limit).fill("INVALID_CODE"),
    "TOO_MANY_REQUESTS",
  ]);
});

test("the back office's session ends after 30 minutes idle and 12 hours after its second factor; then its token opens nothing", async () => {
  const who = await member();
  const start = new Date();
  const { key } = await enrolled(who, start);
  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
  const seenAt = async (sessionId: string) =>
    (await db().select({ seen: sessions.backOfficeSeenAt }).from(sessions).where(eq(sessions.id, sessionId)))[0]!.seen;

  const idle = await who.login();
  await access.verifySecondFactor(visitor(), { userId: who.id, sessionId: idle.sessionId, code: totpCode(key, at(1)) }, at(1));
  expect(await gate(who, idle.sessionId, at(1.5))).toBe("ok");
  // Within a minute of the last write, nothing is written.
  expect(await seenAt(idle.sessionId)).toEqual(at(1));
  expect(await gate(who, idle.sessionId, at(29))).toBe("ok");
  expect(await seenAt(idle.sessionId)).toEqual(at(29));
  expect(await gate(who, idle.sessionId, at(58))).toBe("ok");
  expect(await gate(who, idle.sessionId, at(88))).toBe("ended");
  expect(await services.accounts.authenticate(visitor(), idle.jwt)).toBeNull();
  expect(await gate(who, idle.sessionId, at(88))).toBe("ended");

  const busy = await who.login();
  await access.verifySecondFactor(visitor(), { userId: who.id, sessionId: busy.sessionId, code: totpCode(key, at(2)) }, at(2));
  for (let minutes = 20; minutes < 12 * 60; minutes += 20) expect(await gate(who, busy.sessionId, at(2 + minutes))).toBe("ok");
  expect(await gate(who, busy.sessionId, at(2 + 12 * 60))).toBe("ended");
  expect(await services.accounts.authenticate(visitor(), busy.jwt)).toBeNull();

  // Both are settings.
  const strict = createStaffAccess({
    db: db(),
    secret: "another secret",
    publicUrl: "http://shop.test",
    siteName: "Safe Hands",
    rateLimits: createRateLimitStore({}),
    backOfficeHours: 1,
    backOfficeIdleMinutes: 5,
  });
  const third = await who.login();
  await access.verifySecondFactor(visitor(), { userId: who.id, sessionId: third.sessionId, code: totpCode(key, at(3)) }, at(3));
  const visitorOf = { userId: who.id, role: who.role, sessionId: third.sessionId };
  expect(await strict.backOfficeGate(visitor(), visitorOf, at(7))).toBe("ok");
  expect(await strict.backOfficeGate(visitor(), visitorOf, at(13))).toBe("ended");
});

test("an authenticator sealed under another shop secret matches no code; a recovery code still lets its owner in", async () => {
  const who = await member();
  const start = new Date();
  const { key, recoveryCodes } = await enrolled(who, start);
  const moved = createStaffAccess({
    db: db(),
    secret: "the shop's secret was changed",
    publicUrl: "http://shop.test",
    siteName: "Safe Hands",
    rateLimits: createRateLimitStore({}),
  });
  const session = await who.login();
  const later = new Date(start.getTime() + 30_000);
  const attempt = (code: string) =>
    moved.verifySecondFactor(visitor(), { userId: who.id, sessionId: session.sessionId, code }, later);
  expect(await failure(attempt(totpCode(key, later)))).toMatchObject({ code: "INVALID_CODE" });
  expect(await attempt(recoveryCodes[0]!)).toMatchObject({ method: "recovery" });
});

test("a staff member's own sign-in changes are in the audit log: another app, new recovery codes, a session ended; a refused one is not", async () => {
  const who = await member();
  const start = new Date();
  const { session } = await enrolled(who, start);
  const self = staffScopeOf(visitor(), { id: who.id, email: who.email, role: who.role }, "req-own-sign-in");
  const me = { userId: who.id, sessionId: session.sessionId };
  const actions = async () =>
    (await db().select().from(auditLog).where(eq(auditLog.actorId, who.id))).map((entry) => entry.action).sort();

  // Refused for want of a fresh code: no change, no entry.
  const late = new Date(start.getTime() + 11 * MINUTE);
  expect(await failure(access.newRecoveryCodes(self, me, late))).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
  expect(await actions()).toEqual([]);

  await access.newRecoveryCodes(self, me, start);
  const started = await access.startEnrolment(self, me, start);
  const at = new Date(start.getTime() + 30_000);
  await access.confirmEnrolment(self, { ...me, code: totpCode(base32Decode(started.secret), at) }, at);
  const other = await who.login();
  await access.endSession(self, who.id, other.sessionId);
  expect(await failure(access.endSession(self, who.id, other.sessionId))).toMatchObject({ code: "SESSION_NOT_FOUND" });
  expect(await actions()).toEqual(["staff.authenticator-replaced", "staff.recovery-codes-renewed", "staff.session-ended"]);
  const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "staff.session-ended"));
  expect(entry).toMatchObject({
    actorEmail: who.email,
    entityType: "staff",
    entityId: String(who.id),
    requestId: "req-own-sign-in",
  });
});
