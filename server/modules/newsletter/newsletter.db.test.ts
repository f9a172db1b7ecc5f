import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../../../tests/support/smtp-peer.ts";
import { createTestDatabase } from "../../../tests/support/test-db.ts";
import type { Database } from "../../db/client.ts";
import { communicationPreferenceLog, newsletterSubscriptions, users } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { createServices, type Services } from "../../services.ts";
import { createMailer } from "../mail/index.ts";

/*
 * The newsletter against a real database and a real SMTP server: double opt-in, the welcome mail's
 * one-click unsubscribe headers, answers that never tell one address from another, links that
 * expire or stop working, the tie to a customer's preferences both ways, and the rate limits.
 */

const PUBLIC_URL = "http://shop.test";
let peer: SmtpPeer;
let database: Database;
let services: Services;
let outboxDir: string;

beforeAll(async () => {
  peer = await startSmtpPeer();
  database = await createTestDatabase();
  outboxDir = mkdtempSync(join(tmpdir(), "newsletter-test-"));
  const mailer = createMailer({ smtpUrl: peer.url, outboxDir, from: "Safe Hands <shop@shop.test>" });
  services = createServices(database, testServicesConfig({ publicUrl: PUBLIC_URL, mailer }));
});

afterAll(async () => {
  await services?.mails.settled();
  await database?.close();
  await peer?.close();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

let visitors = 0;
let addresses = 0;
/** A scope of a visitor of its own, so that one test's sign-ups do not count against another's limit. */
const visitor = (): Scope => systemScope(database.db, { ip: `198.51.100.${++visitors}` });
const newAddress = () => `fan${++addresses}.${Date.now() % 100000}@example.com`;
const newsletter = () => services.newsletter;

/** Every mail the SMTP server got for `to` about `subject`, once the outbox has sent what is due. */
async function mailsTo(to: string, subject: RegExp): Promise<ReceivedMail[]> {
  await services.mails.settled();
  return peer.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
}
const CONFIRM = /^Confirm your subscription/;
const WELCOME = /^Welcome to the/;

/** The link in the one mail to `to` about `subject` that starts with `prefix`. */
async function linkIn(to: string, subject: RegExp, prefix: string): Promise<string> {
  const mails = await mailsTo(to, subject);
  const link = mails.at(-1)?.links.find((l) => l.startsWith(prefix));
  expect(link, `a link to ${prefix} in a mail to ${to}`).toBeDefined();
  return link!;
}
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const confirmToken = async (email: string) => tokenOf(await linkIn(email, CONFIRM, `${PUBLIC_URL}/newsletter/confirm?token=`));
const unsubscribeToken = async (email: string) =>
  tokenOf(await linkIn(email, WELCOME, `${PUBLIC_URL}/newsletter/unsubscribe?token=`));

const rowOf = async (email: string) =>
  (await database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];

/** An address signed up and confirmed; answers its unsubscribe token. */
async function subscribed(email: string): Promise<string> {
  await newsletter().subscribe(visitor(), { email, source: "footer" });
  await newsletter().confirm(visitor(), { token: await confirmToken(email) });
  return unsubscribeToken(email);
}

let accounts = 0;
/** An account with `email`, its address confirmed or not. */
async function account(email: string, confirmed: boolean): Promise<number> {
  const [row] = await database.db
    .insert(users)
    .values({ username: `newsletter${++accounts}`, email, confirmed })
    .returning({ id: users.id });
  return row!.id;
}
const newsletterPreference = async (userId: number) =>
  (await services.customers.preferences(visitor(), userId)).find((p) => p.topic === "newsletter" && p.channel === "email")!
    .optedIn;
const setPreference = (userId: number, optedIn: boolean) =>
  services.customers.updatePreferences(visitor(), userId, [{ topic: "newsletter", channel: "email", optedIn }], "account-page");

describe("double opt-in", () => {
  test("a sign-up is kept pending and mails a confirmation link; the link's token is kept as its hash only", async () => {
    const email = newAddress();
    expect(await newsletter().subscribe(visitor(), { email: `  ${email.toUpperCase()} `, source: "footer" })).toEqual({
      status: "pending",
    });
    const [mail, ...more] = await mailsTo(email, CONFIRM);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Confirm your subscription to the Safe Hands newsletter");
    expect(mail!.text).toContain("This link works for 7 days.");
    // Transactional: nothing to unsubscribe from yet.
    expect(mail!.headers["list-unsubscribe"]).toBeUndefined();
    const token = await confirmToken(email);
    const row = (await rowOf(email))!;
    expect(row).toMatchObject({ status: "pending", source: "footer", confirmedAt: null });
    expect(row.confirmTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.confirmExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3600_000);
  });

  test("confirming subscribes and sends the welcome mail with one-click unsubscribe headers; the link again answers the same and sends nothing", async () => {
    const email = newAddress();
    await newsletter().subscribe(visitor(), { email, source: "launch" });
    const token = await confirmToken(email);
    expect(await newsletter().confirm(visitor(), { token })).toEqual({ status: "confirmed", email });
    expect(await rowOf(email)).toMatchObject({ status: "confirmed", source: "launch", confirmedAt: expect.any(Date) });

    const [welcome, ...more] = await mailsTo(email, WELCOME);
    expect(more).toEqual([]);
    const unsubscribeLink = welcome!.links.find((l) => l.startsWith(`${PUBLIC_URL}/newsletter/unsubscribe?token=`))!;
    expect(welcome!.headers["list-unsubscribe"]).toBe(`<${unsubscribeLink}>`);
    expect(welcome!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(welcome!.text).toContain(`Unsubscribe with one click: ${unsubscribeLink}`);

    expect(await newsletter().confirm(visitor(), { token })).toEqual({ status: "confirmed", email });
    expect(await mailsTo(email, WELCOME)).toHaveLength(1);
  });

  test("every sign-up answers the same, for a new, a waiting and a subscribed address; a subscribed one is not mailed again", async () => {
    const waiting = newAddress();
    const member = newAddress();
    await subscribed(member);
    const answers = [];
    for (const email of [newAddress(), waiting, waiting, member]) {
      answers.push(await newsletter().subscribe(visitor(), { email, source: "footer" }));
    }
    expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(new Set([JSON.stringify({ status: "pending" })]));
    // A waiting address gets a new link; the earlier one stops working.
    const links = await mailsTo(waiting, CONFIRM);
    expect(links).toHaveLength(2);
    const [first, second] = links.map((m) => tokenOf(m.links.find((l) => l.includes("/newsletter/confirm?token="))!));
    await expect(newsletter().confirm(visitor(), { token: first })).rejects.toMatchObject({ code: "INVALID_CODE" });
    await expect(newsletter().confirm(visitor(), { token: second })).resolves.toMatchObject({ status: "confirmed" });
    expect(await mailsTo(member, CONFIRM)).toHaveLength(1);
    expect(await rowOf(member)).toMatchObject({ status: "confirmed" });
  });

  test("sign-ups of one new address at once make one subscription, and all answer the same", async () => {
    const email = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => newsletter().subscribe(visitor(), { email, source: "footer" })),
    );
    expect(answers).toEqual(Array(3).fill({ status: "pending" }));
    const rows = await database.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(rows).toHaveLength(1);
    expect(await mailsTo(email, CONFIRM)).toHaveLength(3);
  });

  test("an expired link is refused as expired, an unknown or malformed one as unknown; a bad address names the field", async () => {
    const email = newAddress();
    await newsletter().subscribe(visitor(), { email, source: "footer" });
    const token = await confirmToken(email);
    await database.db
      .update(newsletterSubscriptions)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(newsletterSubscriptions.email, email));
    await expect(newsletter().confirm(visitor(), { token })).rejects.toMatchObject({
      code: "INVALID_CODE",
      message: expect.stringMatching(/expired/),
      details: { reason: "expired" },
    });
    expect(await rowOf(email)).toMatchObject({ status: "pending" });
    for (const unknown of ["A".repeat(43), "not a token", "x".repeat(200)]) {
      await expect(newsletter().confirm(visitor(), { token: unknown })).rejects.toMatchObject({
        code: "INVALID_CODE",
        details: { reason: "unknown" },
      });
    }
    await expect(newsletter().confirm(visitor(), {})).rejects.toMatchObject({ code: "INVALID_INPUT", field: "token" });
    await expect(newsletter().subscribe(visitor(), { email: "not an address", source: "footer" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "email",
    });
    await expect(newsletter().subscribe(visitor(), { email: newAddress(), source: "somewhere" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "source",
    });
  });
});

describe("unsubscribing", () => {
  test("the token alone unsubscribes, again and again; a forged one does not; the old confirmation link stops working; signing up again asks again", async () => {
    const email = newAddress();
    const token = await subscribed(email);
    const confirmLink = await confirmToken(email);
    expect(await newsletter().unsubscribe(visitor(), { token })).toEqual({ status: "unsubscribed", email });
    expect(await rowOf(email)).toMatchObject({
      status: "unsubscribed",
      unsubscribedAt: expect.any(Date),
      confirmTokenHash: null,
    });
    expect(await newsletter().unsubscribe(visitor(), { token })).toEqual({ status: "unsubscribed", email });

    const [key, mac] = token.split(".") as [string, string];
    const otherMac = `${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    const forged = [`${key}.${otherMac}`, `${"B".repeat(22)}.${mac}`, key, `${token}.x`, ""];
    for (const bad of forged) {
      await expect(newsletter().unsubscribe(visitor(), { token: bad })).rejects.toMatchObject({
        code: bad === "" ? "INVALID_INPUT" : "INVALID_CODE",
      });
    }
    expect(newsletter().isUnsubscribeToken(token)).toBe(true);
    expect(newsletter().isUnsubscribeToken(forged[0]!)).toBe(false);
    await expect(newsletter().confirm(visitor(), { token: confirmLink })).rejects.toMatchObject({ code: "INVALID_CODE" });

    // Back on the list only through a new confirmation; the unsubscribe link stays the address's.
    await newsletter().subscribe(visitor(), { email, source: "footer" });
    expect(await rowOf(email)).toMatchObject({ status: "pending" });
    await newsletter().confirm(visitor(), { token: await confirmToken(email) });
    expect(await unsubscribeToken(email)).toBe(token);
  });
});

describe("a customer's communication preferences", () => {
  test("confirming turns the account's newsletter on, unsubscribing by link turns it off, each logged as the newsletter's doing", async () => {
    const email = newAddress();
    const userId = await account(email, false);
    const token = await subscribed(email);
    expect(await newsletterPreference(userId)).toBe(true);
    await newsletter().unsubscribe(visitor(), { token });
    expect(await newsletterPreference(userId)).toBe(false);
    const log = await database.db
      .select()
      .from(communicationPreferenceLog)
      .where(eq(communicationPreferenceLog.userId, userId))
      .orderBy(communicationPreferenceLog.id);
    expect(log.map((c) => [c.topic, c.channel, c.optedIn, c.source])).toEqual([
      ["newsletter", "email", true, "newsletter"],
      ["newsletter", "email", false, "newsletter"],
    ]);
  });

  test("turning the newsletter off in the account unsubscribes the address", async () => {
    const email = newAddress();
    const userId = await account(email, true);
    await subscribed(email);
    await setPreference(userId, false);
    expect(await rowOf(email)).toMatchObject({ status: "unsubscribed" });
  });

  test("confirming by link while the customer turns the newsletter off in the account: one wins, and both sides agree", async () => {
    for (let round = 0; round < 5; round++) {
      const email = newAddress();
      const userId = await account(email, false);
      // Ticked in the account: an unconfirmed account's address is asked by mail.
      await setPreference(userId, true);
      const token = await confirmToken(email);
      await Promise.all([
        newsletter()
          .confirm(visitor(), { token })
          .catch(() => null),
        setPreference(userId, false),
      ]);
      const row = (await rowOf(email))!;
      expect(row.status === "confirmed", `round ${round}: ${row.status}`).toBe(await newsletterPreference(userId));
    }
  });

  test("turning it on with a confirmed account address subscribes at once with the welcome mail; with an unconfirmed one, the address confirms by mail", async () => {
    const proven = newAddress();
    const provenId = await account(proven, true);
    await setPreference(provenId, true);
    expect(await rowOf(proven)).toMatchObject({ status: "confirmed", source: "account" });
    expect(await mailsTo(proven, WELCOME)).toHaveLength(1);
    expect(await mailsTo(proven, CONFIRM)).toHaveLength(0);

    const unproven = newAddress();
    const unprovenId = await account(unproven, false);
    await setPreference(unprovenId, true);
    expect(await rowOf(unproven)).toMatchObject({ status: "pending", source: "account" });
    expect(await mailsTo(unproven, WELCOME)).toHaveLength(0);
    await newsletter().confirm(visitor(), { token: await confirmToken(unproven) });
    expect(await rowOf(unproven)).toMatchObject({ status: "confirmed" });
    expect(await newsletterPreference(unprovenId)).toBe(true);
  });
});

describe("rate limits", () => {
  test("a connection signing up too often is refused with 429; the addresses it signed up before are kept", async () => {
    const from = visitor();
    for (let i = 0; i < 10; i++) await newsletter().subscribe(from, { email: newAddress(), source: "footer" });
    const refused = newAddress();
    await expect(newsletter().subscribe(from, { email: refused, source: "footer" })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      retryAfterSeconds: expect.any(Number),
    });
    expect(await rowOf(refused)).toBeUndefined();
    // Another connection is not affected.
    await expect(newsletter().subscribe(visitor(), { email: refused, source: "footer" })).resolves.toEqual({ status: "pending" });
  });

  test("an address gets at most three confirmation links an hour, with the same answer; the last one mailed keeps working", async () => {
    const email = newAddress();
    for (let i = 0; i < 5; i++) {
      expect(await newsletter().subscribe(visitor(), { email, source: "footer" })).toEqual({ status: "pending" });
    }
    expect(await mailsTo(email, CONFIRM)).toHaveLength(3);
    await expect(newsletter().confirm(visitor(), { token: await confirmToken(email) })).resolves.toMatchObject({
      status: "confirmed",
    });
  });

  test("the three links an hour are per mailbox: +tags, Gmail's dots and googlemail.com are one mailbox", async () => {
    // Issue 22 §3: these twelve spellings gave twelve mails to one inbox.
    const name = `nlvictim${++addresses}`;
    const dotted = `${name.slice(0, 2)}.${name.slice(2)}`;
    const spellings = [
      ...Array.from({ length: 6 }, (_, i) => `${name}+${i}@gmail.com`),
      `${name.slice(0, 1)}.${name.slice(1)}@gmail.com`,
      `${dotted}@gmail.com`,
      `${name}@googlemail.com`,
      `${dotted}+x@googlemail.com`,
      `${name.toUpperCase()}@Gmail.com`,
      `${name}@gmail.com`,
    ];
    for (const email of spellings) {
      expect(await newsletter().subscribe(visitor(), { email, source: "footer" })).toEqual({ status: "pending" });
    }
    await services.mails.settled();
    const toMailbox = peer.messages.filter(
      (m) => CONFIRM.test(m.subject) && spellings.some((email) => m.to.includes(email.toLowerCase())),
    );
    expect(toMailbox).toHaveLength(3);
  });

  test("a sign-up that mails nothing (the address is subscribed already) does not count against its mailbox", async () => {
    const email = newAddress();
    const token = await subscribed(email);
    for (let i = 0; i < 4; i++) await newsletter().subscribe(visitor(), { email, source: "footer" });
    // Unsubscribed, it is asked again: the two links left of its three an hour still go out.
    await newsletter().unsubscribe(visitor(), { token });
    for (let i = 0; i < 3; i++) await newsletter().subscribe(visitor(), { email, source: "footer" });
    expect(await mailsTo(email, CONFIRM)).toHaveLength(3);
  });
});
