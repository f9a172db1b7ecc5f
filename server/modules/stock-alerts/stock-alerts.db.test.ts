import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { testServicesConfig } from "../../../tests/support/services-config.ts";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../../../tests/support/smtp-peer.ts";
import { queryRows } from "../../db/client.ts";
import { categories, mailJobs, orders, products, stockAlerts, users, variants } from "../../db/schema/index.ts";
import { tellThrough } from "../../lib/events.ts";
import { createRedisEvents } from "../../lib/redis-events.ts";
import { systemScope, withTransaction, type Scope } from "../../lib/scope.ts";
import { createServices } from "../../services.ts";
import { ANY_VISITOR } from "../catalog/sellable.ts";
import { createMailer, type Mailer } from "../mail/index.ts";
import { cancelOrder, lockOrder } from "../orders/transitions.ts";
import { createRateLimitStore } from "../rate-limit/index.ts";
import { createStockAlerts, STOCK_ALERT_RULES, type Asker } from "./index.ts";
import { createKit } from "./kit.ts";
import { notifyDue } from "./notify.ts";

/*
 * Back-in-stock requests (ADR 47) against a real database and a real SMTP server: asking for a
 * sold-out option (and being refused for anything else), asking twice, the confirmation and the
 * back-in-stock mail as received (links and one-click headers), the sweep that mails each request
 * once when its option is back (after the release's commit, never undoing it, never twice, however
 * many sweeps run), cancelling by the link, and the rate limits.
 */

const PUBLIC_URL = "http://shop.test";
let peer: SmtpPeer;
let outboxDir: string;
let mailer: Mailer;
const rateLimits = createRateLimitStore({});
/** What background work reported (a sweep woken by stock coming back that failed). */
const backgroundErrors: unknown[] = [];
let shop: Awaited<ReturnType<typeof seededShop>>;
let optionIds: number[];

beforeAll(async () => {
  peer = await startSmtpPeer();
  outboxDir = mkdtempSync(join(tmpdir(), "stock-alerts-test-"));
  mailer = createMailer({ smtpUrl: peer.url, outboxDir, from: "Safe Hands <shop@shop.test>" });
  shop = await seededShop(12, {
    publicUrl: PUBLIC_URL,
    mailer,
    rateLimits,
    onBackgroundError: (error) => backgroundErrors.push(error),
  });
  // Options of published products everyone may buy, one per test that sells one out.
  optionIds = (
    await shop.database.db
      .select({ id: variants.id })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(sql`${products.published} and not ${products.membersOnly}`)
      .orderBy(variants.id)
  ).map((row) => row.id);
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
  await peer?.close();
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
});

let visitors = 0;
let addresses = 0;
/** A scope of a visitor of its own, so that one test's requests do not count against another's limit. */
const visitor = (): Scope => systemScope(shop.database.db, { ip: `203.0.113.${++visitors}` });
const newAddress = () => `waiter${++addresses}.${Date.now() % 100000}@example.com`;
const guest: Asker = { customer: null, viewer: ANY_VISITOR };
const alerts = () => shop.services.stockAlerts;
const db = () => shop.database.db;

let taken = 0;
/** An option of its own for a test, with `stock` units (0: sold out); every third, so neighbours differ in product. */
async function freshOption(stock: number) {
  const id = optionIds[taken++ * 3];
  if (id === undefined) throw new Error(`Only ${Math.ceil(optionIds.length / 3)} options to take: seed more products`);
  await db().update(variants).set({ stock }).where(eq(variants.id, id));
  const [row] = await db()
    .select({ size: variants.size, colour: variants.colour, name: products.name, slug: products.slug, productId: products.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, id));
  return { id, ...row! };
}

let buyers = 0;
/** An option sold out by an order of its last `units` (awaiting payment): cancelling that order brings it back. */
async function soldOutByOrder(units = 2) {
  const option = await freshOption(units);
  const order = await guestOrder(shop.services, visitor(), option.id, units, { email: `buyer${++buyers}@example.com` });
  expect(await stockOf(option.id)).toBe(0);
  return { option, order };
}

const stockOf = async (id: number) =>
  (await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, id)))[0]!.stock;
const rowsOf = (variantId: number, email: string) =>
  db()
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.variantId, variantId), eq(stockAlerts.email, email)))
    .orderBy(stockAlerts.id);

/** Every mail the SMTP server got for `to` about `subject`, once the outbox has sent what is due. */
async function mailsTo(to: string, subject: RegExp): Promise<ReceivedMail[]> {
  await shop.services.mails.settled();
  return peer.messages.filter((m) => m.to.includes(to) && subject.test(m.subject));
}
const CONFIRMATION = /^We will tell you when .* is back$/;
const BACK = /is back in stock$/;
const cancelLinkIn = (mail: ReceivedMail) => mail.links.find((l) => l.startsWith(`${PUBLIC_URL}/back-in-stock/cancel?token=`))!;
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );
const cancelByStaff = (number: string) => shop.services.staff.cancel(systemScope(db()), number);
/** An order cancelled by staff, then the sweep (as the background work would run it, woken by the release). */
async function backBySweep(number: string) {
  await cancelByStaff(number);
  return alerts().notifyDue();
}
/** Back-in-stock mails in the outbox for each address, sent or not. */
async function noticesWritten(emails: readonly string[]): Promise<Map<string, number>> {
  const rows = await db()
    .select({ to: mailJobs.to, count: sql<number>`count(*)::int` })
    .from(mailJobs)
    .where(and(inArray(mailJobs.to, [...emails]), like(mailJobs.subject, "% is back in stock")))
    .groupBy(mailJobs.to);
  return new Map(rows.map((row) => [row.to, row.count]));
}
const peek = (rule: { name: string; windowMs: number }, id: string) =>
  rateLimits.peek(`${rule.name}:${id}`, rule.windowMs).then((state) => state.count);

describe("asking", () => {
  test("a guest asks for a sold-out option: the request waits and a confirmation mail with its cancel link goes out", async () => {
    const option = await freshOption(0);
    const email = newAddress();
    const answer = await alerts().request(visitor(), { email: `  ${email.toUpperCase()} `, variantId: String(option.id) }, guest);
    expect(answer).toEqual({
      status: "waiting",
      email,
      variantId: option.id,
      option: { productName: option.name, size: option.size, colour: option.colour },
    });
    const [mail, ...more] = await mailsTo(email, CONFIRMATION);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`We will tell you when ${option.name} is back`);
    expect(mail!.text).toContain(`You asked to be told when ${option.name} (`);
    expect(mail!.text).toContain(option.colour);
    expect(mail!.links).toContain(`${PUBLIC_URL}/shop/${await categoryOf(option.id)}/${option.slug}?variant=${option.id}`);
    // The cancel link, in the text and as one-click List-Unsubscribe headers (RFC 8058).
    const cancel = cancelLinkIn(mail!);
    expect(mail!.text).toContain(`Cancel the request: ${cancel}`);
    expect(mail!.headers["list-unsubscribe"]).toBe(`<${cancel}>`);
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Stored with the address as typed, cleaned; the token only as its hash.
    const [row, ...others] = await rowsOf(option.id, email);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ userId: null, notifiedAt: null });
    expect(row!.cancelTokenHash).toBe(createHash("sha256").update(tokenOf(cancel)).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(tokenOf(cancel));
  });

  test("a guest asking again while the request waits is answered as the first time, and nothing is sent", async () => {
    const option = await freshOption(0);
    const email = newAddress();
    const first = await alerts().request(visitor(), { email, variantId: option.id }, guest);
    // Whoever typed the address may not own it: nothing says it was on the list already.
    expect(await alerts().request(visitor(), { email: email.toUpperCase(), variantId: option.id }, guest)).toEqual(first);
    expect(first).toMatchObject({ status: "waiting", email });
    expect(await rowsOf(option.id, email)).toHaveLength(1);
    expect(await mailsTo(email, CONFIRMATION)).toHaveLength(1);
    // Not counted against the mailbox either: only the first mailed.
    expect(await peek(STOCK_ALERT_RULES.toMailbox, email)).toBe(1);
  });

  test("a logged-in customer's request is for their account's address, whatever was typed", async () => {
    const option = await freshOption(0);
    const email = newAddress();
    const [account] = await db()
      .insert(users)
      .values({ username: `waiter${addresses}`, email, confirmed: true })
      .returning({ id: users.id });
    const customer: Asker = { customer: { id: account!.id, email }, viewer: ANY_VISITOR };
    expect(
      await alerts().request(visitor(), { email: "someone.else@example.com", variantId: option.id }, customer),
    ).toMatchObject({
      status: "waiting",
      email,
    });
    expect(await rowsOf(option.id, email)).toEqual([expect.objectContaining({ userId: account!.id })]);
    expect(await rowsOf(option.id, "someone.else@example.com")).toEqual([]);
    // Their own address: they may be told it is on the list already (and nothing is sent).
    expect(await alerts().request(visitor(), { variantId: option.id }, customer)).toMatchObject({
      status: "already-waiting",
      email,
    });
    expect(await mailsTo(email, CONFIRMATION)).toHaveLength(1);
  });

  test("refused: an option in stock, one that does not exist or is not for sale, a bad address; nothing is stored or sent", async () => {
    const inStock = await freshOption(3);
    const email = newAddress();
    expect(await failure(alerts().request(visitor(), { email, variantId: inStock.id }, guest))).toMatchObject({
      code: "INVALID_INPUT",
      field: "variantId",
      message: "This option is in stock now: you can add it to your bag.",
      // What a page shows of it now, as a live stock change tells it.
      details: { reason: "in-stock", available: true, left: 3 },
    });
    expect(await failure(alerts().request(visitor(), { email, variantId: 2_000_000_000 }, guest))).toMatchObject({
      code: "VARIANT_NOT_FOUND",
    });
    expect(await failure(alerts().request(visitor(), { email, variantId: "eight" }, guest))).toMatchObject({
      code: "INVALID_INPUT",
      field: "variantId",
    });
    expect(await failure(alerts().request(visitor(), { email: "not an address", variantId: inStock.id }, guest))).toMatchObject({
      code: "INVALID_INPUT",
      field: "email",
    });
    // Unpublished, and members-only for a guest: as if it did not exist.
    const hidden = await freshOption(0);
    const [{ productId }] = (await db()
      .select({ productId: variants.productId })
      .from(variants)
      .where(eq(variants.id, hidden.id))) as [{ productId: number }];
    await db().update(products).set({ published: false }).where(eq(products.id, productId));
    expect(await failure(alerts().request(visitor(), { email, variantId: hidden.id }, guest))).toMatchObject({
      code: "VARIANT_NOT_FOUND",
    });
    await db().update(products).set({ published: true, membersOnly: true, publicAt: null }).where(eq(products.id, productId));
    expect(await failure(alerts().request(visitor(), { email, variantId: hidden.id }, guest))).toMatchObject({
      code: "VARIANT_NOT_FOUND",
    });
    const member: Asker = { customer: null, viewer: { ...ANY_VISITOR, earlyAccess: true } };
    expect(await alerts().request(visitor(), { email, variantId: hidden.id }, member)).toMatchObject({ status: "waiting" });
    await db().update(products).set({ membersOnly: false }).where(eq(products.id, productId));

    expect(await rowsOf(inStock.id, email)).toEqual([]);
    expect(await mailsTo(email, CONFIRMATION)).toHaveLength(1);
  });
});

describe("the option coming back", () => {
  test("a release, then the sweep: each waiting request gets one mail and ends; later sweeps and returns mail nobody", async () => {
    const { option, order } = await soldOutByOrder(2);
    const [ann, ben] = [newAddress(), newAddress()];
    for (const email of [ann, ben]) await alerts().request(visitor(), { email, variantId: option.id }, guest);

    // The release writes nothing of the requests: it only tells, after its commit.
    await cancelByStaff(order.number);
    expect(await stockOf(option.id)).toBe(2);
    expect(await noticesWritten([ann, ben])).toEqual(new Map());
    expect(await alerts().notifyDue()).toBeGreaterThanOrEqual(2);
    for (const email of [ann, ben]) {
      const [mail, ...more] = await mailsTo(email, BACK);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`${option.name} is back in stock`);
      expect(mail!.text).toContain(`Good news: ${option.name} (`);
      expect(mail!.text).toContain("This is the one mail you asked for: your request has ended");
      expect(mail!.links).toContain(`${PUBLIC_URL}/shop/${await categoryOf(option.id)}/${option.slug}?variant=${option.id}`);
      const cancel = cancelLinkIn(mail!);
      expect(mail!.headers["list-unsubscribe"]).toBe(`<${cancel}>`);
      expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      // A new link: the confirmation's token was stored as a hash only.
      const [confirmation] = await mailsTo(email, CONFIRMATION);
      expect(cancelLinkIn(confirmation!)).not.toBe(cancel);
      expect(await rowsOf(option.id, email)).toEqual([expect.objectContaining({ notifiedAt: expect.any(Date) })]);
    }
    await alerts().notifyDue();
    expect(await noticesWritten([ann, ben])).toEqual(new Map([ann, ben].map((email) => [email, 1])));

    // Sold out and back once more: the ended requests are not mailed again.
    const again = await guestOrder(shop.services, visitor(), option.id, 2, { email: `buyer${++buyers}@example.com` });
    await backBySweep(again.number);
    for (const email of [ann, ben]) expect(await mailsTo(email, BACK)).toHaveLength(1);

    // An ended request does not stop the same address asking again.
    const third = await guestOrder(shop.services, visitor(), option.id, 2, { email: `buyer${++buyers}@example.com` });
    expect(await alerts().request(visitor(), { email: ann, variantId: option.id }, guest)).toMatchObject({ status: "waiting" });
    expect(await rowsOf(option.id, ann)).toHaveLength(2);
    await backBySweep(third.number);
    expect(await mailsTo(ann, BACK)).toHaveLength(2);
  });

  test("stock given back to an option nobody waits for writes the order's mail alone, and the sweep finds nothing of it", async () => {
    const { option, order } = await soldOutByOrder(1);
    const email = newAddress();
    // Someone waiting for another option, still sold out.
    const other = await freshOption(0);
    await alerts().request(visitor(), { email, variantId: other.id }, guest);
    const count = async () =>
      (
        await db()
          .select({ count: sql<number>`count(*)::int` })
          .from(mailJobs)
      )[0]!.count;
    const before = await count();
    await backBySweep(order.number);
    expect(await stockOf(option.id)).toBe(1);
    // The cancellation's own order mail, and nothing else.
    expect(await count()).toBe(before + 1);
    expect(await rowsOf(other.id, email)).toEqual([expect.objectContaining({ notifiedAt: null })]);
  });

  test("a release that is rolled back mails nobody: the request keeps waiting for the next one", async () => {
    const { option, order } = await soldOutByOrder(1);
    const email = newAddress();
    await alerts().request(visitor(), { email, variantId: option.id }, guest);
    const rolledBack = withTransaction(systemScope(db()), async (tx) => {
      await cancelOrder(tx.db, await lockOrder(tx.db, order.number), "A test");
      throw new Error("changed my mind");
    });
    await expect(rolledBack).rejects.toThrow("changed my mind");
    await alerts().notifyDue();
    expect(await stockOf(option.id)).toBe(0);
    expect(await mailsTo(email, BACK)).toEqual([]);
    expect(await rowsOf(option.id, email)).toEqual([expect.objectContaining({ notifiedAt: null })]);
    await backBySweep(order.number);
    expect(await mailsTo(email, BACK)).toHaveLength(1);
  });

  test("a sweep that fails undoes nothing of the release; the requests keep waiting and the next sweep mails them", async () => {
    const { option, order } = await soldOutByOrder(1);
    const email = newAddress();
    await alerts().request(visitor(), { email, variantId: option.id }, guest);
    // The outbox refuses back-in-stock mails for a while (a database in trouble, a bug in a mail).
    await db().execute(sql`create function refuse_notices() returns trigger language plpgsql as $$
      begin if new.subject like '% is back in stock' then raise exception 'no notices today'; end if; return new; end $$`);
    await db().execute(
      sql`create trigger refuse_notices before insert on mail_jobs for each row execute function refuse_notices()`,
    );
    try {
      await cancelByStaff(order.number);
      await expect(alerts().notifyDue()).rejects.toThrow();
      // A sweep woken by the release reports its failure to the background log.
      const reported = backgroundErrors.length;
      alerts().wake();
      await alerts().settled();
      expect(backgroundErrors.length).toBe(reported + 1);
    } finally {
      await db().execute(sql`drop trigger refuse_notices on mail_jobs`);
      await db().execute(sql`drop function refuse_notices()`);
    }
    backgroundErrors.length = 0;
    // The cancellation stands, with its own mail; the request waits.
    expect(await stockOf(option.id)).toBe(1);
    expect((await db().select({ status: orders.status }).from(orders).where(eq(orders.number, order.number)))[0]).toEqual({
      status: "cancelled",
    });
    expect(await rowsOf(option.id, email)).toEqual([expect.objectContaining({ notifiedAt: null })]);
    expect(await mailsTo(email, BACK)).toEqual([]);
    await alerts().notifyDue();
    expect(await mailsTo(email, BACK)).toHaveLength(1);
  });

  test("a request whose product is unpublished when the stock comes back waits, and is mailed once it is published again", async () => {
    const { option, order } = await soldOutByOrder(1);
    const email = newAddress();
    await alerts().request(visitor(), { email, variantId: option.id }, guest);
    await db().update(products).set({ published: false }).where(eq(products.id, option.productId));
    await backBySweep(order.number);
    expect(await mailsTo(email, BACK)).toEqual([]);
    expect(await rowsOf(option.id, email)).toEqual([expect.objectContaining({ notifiedAt: null })]);
    // Published again: the next sweep (every minute) finds it, with no stock moving at all.
    await db().update(products).set({ published: true }).where(eq(products.id, option.productId));
    await alerts().notifyDue();
    expect(await mailsTo(email, BACK)).toHaveLength(1);
  });

  test("a product made members-only: a guest's request waits until it is public, a customer's is mailed", async () => {
    const { option, order } = await soldOutByOrder(1);
    const [guestAddress, customerAddress] = [newAddress(), newAddress()];
    await alerts().request(visitor(), { email: guestAddress, variantId: option.id }, guest);
    const [account] = await db()
      .insert(users)
      .values({ username: `member${addresses}`, email: customerAddress, confirmed: true })
      .returning({ id: users.id });
    await alerts().request(
      visitor(),
      { variantId: option.id },
      { customer: { id: account!.id, email: customerAddress }, viewer: ANY_VISITOR },
    );
    const publicAt = new Date(Date.now() + 3_600_000);
    await db().update(products).set({ membersOnly: true, publicAt }).where(eq(products.id, option.productId));
    try {
      await backBySweep(order.number);
      expect(await mailsTo(customerAddress, BACK)).toHaveLength(1);
      expect(await mailsTo(guestAddress, BACK)).toEqual([]);
      // Once public (the sweep reads the rule at the time it is given), the guest is mailed.
      await alerts().notifyDue(new Date(publicAt.getTime() + 1000));
      expect(await mailsTo(guestAddress, BACK)).toHaveLength(1);
    } finally {
      await db().update(products).set({ membersOnly: false, publicAt: null }).where(eq(products.id, option.productId));
    }
  });

  test("three sweeps at once mail each request once, batch after batch", async () => {
    const { option, order } = await soldOutByOrder(1);
    // Several batches wait (written directly: the form's limits would stop so many).
    const emails = Array.from({ length: 70 }, () => newAddress());
    await db()
      .insert(stockAlerts)
      .values(emails.map((email) => ({ variantId: option.id, email, cancelTokenHash: `test-${email}` })));
    await cancelByStaff(order.number);
    // As three processes' sweeps would, 20 per transaction; no mail runner is woken for them.
    const kit = createKit({ db: db(), siteName: "Safe Hands", publicUrl: PUBLIC_URL, rateLimits });
    const counts = await Promise.all([1, 2, 3].map(() => notifyDue(kit, db(), new Date(), 20)));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(emails.length);
    const written = await noticesWritten(emails);
    expect(written.size).toBe(emails.length);
    expect([...written.values()].every((n) => n === 1)).toBe(true);
    expect(await notifyDue(kit, db(), new Date(), 20)).toBe(0);
    // Not sent to the SMTP server: the other tests' mail runs would spend seconds on them.
    await db().delete(mailJobs).where(inArray(mailJobs.to, emails));
  });

  test("stock coming back wakes the sweep of every process that hears it; two sweeps woken at once mail once", async () => {
    // A second process's back-in-stock module on the same database, hearing the same bus (as every
    // process hears stock come back through Redis). Nothing else sweeps: no background work runs.
    const other = createStockAlerts({
      ...testServicesConfig({ publicUrl: PUBLIC_URL, mailer, rateLimits }),
      db: db(),
      mailsWritten: shop.services.mails.wake,
    });
    const both = [alerts(), other];
    const stops = both.map((module) => module.wakeOnStockBack(shop.services.events));
    try {
      const { option, order } = await soldOutByOrder(1);
      const [ann, ben] = [newAddress(), newAddress()];
      for (const email of [ann, ben]) await alerts().request(visitor(), { email, variantId: option.id }, guest);
      // No sweep called: the release's "stock-back" wakes them.
      await cancelByStaff(order.number);
      await expect.poll(async () => (await noticesWritten([ann, ben])).size, { timeout: 5000 }).toBe(2);
      for (const module of both) await module.settled();
      await Promise.all(both.map((module) => module.notifyDue()));
      await shop.services.mails.settled();
      expect(await noticesWritten([ann, ben])).toEqual(new Map([ann, ben].map((email) => [email, 1])));
      for (const email of [ann, ben])
        expect(peer.messages.filter((m) => m.to.includes(email) && BACK.test(m.subject))).toHaveLength(1);
    } finally {
      for (const stop of stops) stop();
    }
    expect(backgroundErrors).toEqual([]);
  });

  // Where Redis answers (.ci/run sets TEST_REDIS_URL then): the event reaches every process.
  test.runIf(process.env.TEST_REDIS_URL)(
    "with events through Redis, every process hears stock come back (its sweep wakes), and each request is mailed once",
    async () => {
      const prefix = `test:${Date.now()}:${process.pid}:`;
      const buses = [1, 2].map(() => createRedisEvents({ url: process.env.TEST_REDIS_URL!, channelPrefix: prefix }));
      const started = buses.map((bus) =>
        createServices(
          shop.database,
          testServicesConfig({ publicUrl: PUBLIC_URL, mailer, rateLimits, eventTarget: bus.eventTarget }),
        ),
      );
      // What each process hears of stock coming back (its sweep listens to the same).
      const heard = started.map(() => 0);
      const listening = started.map((services, i) => {
        const told = services.events.subscribe("stock-back");
        void (async () => {
          for await (const _ of told) heard[i]! += 1;
        })();
        return told;
      });
      // Each process's sweep listens as its background work would have it (nothing else sweeps).
      const stops = started.map((services) => services.stockAlerts.wakeOnStockBack(services.events));
      const redis = new Redis(process.env.TEST_REDIS_URL!);
      try {
        // Both processes' subscriptions have reached Redis before any stock comes back.
        const subscribers = async () => {
          const [, count] = (await redis.pubsub("NUMSUB", `${prefix}stock-back`)) as [string, number];
          return Number(count);
        };
        await expect.poll(subscribers, { timeout: 5000 }).toBe(2);
        const { option, order } = await soldOutByOrder(1);
        const [ann, ben] = [newAddress(), newAddress()];
        for (const email of [ann, ben]) await alerts().request(visitor(), { email, variantId: option.id }, guest);
        await cancelByStaff(order.number);
        await expect.poll(async () => (await noticesWritten([ann, ben])).size, { timeout: 5000 }).toBe(2);
        await expect.poll(() => heard, { timeout: 5000 }).toEqual([1, 1]);
        for (const services of started) await services.stockAlerts.settled();
        expect(await noticesWritten([ann, ben])).toEqual(new Map([ann, ben].map((email) => [email, 1])));
      } finally {
        for (const told of listening) await told.return();
        for (const stop of stops) stop();
        // Their sweeps and mail runners are done before the next test's mails are looked for.
        for (const services of started) await services.stopBackgroundWork();
        await Promise.all(buses.map((bus) => bus.close()));
        redis.disconnect();
        // The shop's own bus again, for the tests after this one.
        tellThrough(db(), shop.services.events);
      }
      expect(backgroundErrors).toEqual([]);
    },
  );
});

describe("cancelling", () => {
  test("the confirmation's link names the request, then cancels it: it is deleted and never mailed; the link then no longer works", async () => {
    const { option, order } = await soldOutByOrder(1);
    const [email, other] = [newAddress(), newAddress()];
    for (const address of [email, other]) await alerts().request(visitor(), { email: address, variantId: option.id }, guest);
    const token = tokenOf(cancelLinkIn((await mailsTo(email, CONFIRMATION))[0]!));
    const words = { productName: option.name, size: option.size, colour: option.colour };

    // Reading the link (its page's GET) changes nothing.
    expect(await alerts().ofLink(visitor(), token)).toEqual({ option: words, waiting: true });
    expect(await rowsOf(option.id, email)).toHaveLength(1);
    expect(await alerts().cancel(visitor(), { token })).toEqual({ status: "cancelled", option: words });
    expect(await rowsOf(option.id, email)).toEqual([]);
    expect(await alerts().ofLink(visitor(), token)).toBeNull();
    expect(await failure(alerts().cancel(visitor(), { token }))).toMatchObject({
      code: "INVALID_CODE",
      message: expect.stringContaining("This link no longer works"),
    });
    for (const bad of ["", "x", `${token}x`, token.slice(1)]) {
      expect(await failure(alerts().cancel(visitor(), { token: bad }))).toMatchObject({
        code: expect.stringMatching(/INVALID_(CODE|INPUT)/),
      });
    }

    await backBySweep(order.number);
    expect(await mailsTo(other, BACK)).toHaveLength(1);
    expect(await mailsTo(email, BACK)).toEqual([]);
  });

  test("the back-in-stock mail's link forgets the ended request; the confirmation's link stopped working when it ended", async () => {
    const { option, order } = await soldOutByOrder(1);
    const email = newAddress();
    await alerts().request(visitor(), { email, variantId: option.id }, guest);
    const first = tokenOf(cancelLinkIn((await mailsTo(email, CONFIRMATION))[0]!));
    await backBySweep(order.number);
    const last = tokenOf(cancelLinkIn((await mailsTo(email, BACK))[0]!));

    expect(await alerts().ofLink(visitor(), first)).toBeNull();
    expect(await alerts().ofLink(visitor(), last)).toMatchObject({ waiting: false });
    expect(await alerts().cancel(visitor(), { token: last })).toMatchObject({ status: "cancelled" });
    expect(await rowsOf(option.id, email)).toEqual([]);
  });
});

describe("rate limits", () => {
  test("a connection asking too often is refused with 429", async () => {
    const option = await freshOption(0);
    const from = visitor();
    for (let i = 0; i < 10; i++) await alerts().request(from, { email: newAddress(), variantId: option.id }, guest);
    const refused = newAddress();
    expect(await failure(alerts().request(from, { email: refused, variantId: option.id }, guest))).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      retryAfterSeconds: expect.any(Number),
    });
    expect(await rowsOf(option.id, refused)).toEqual([]);
    await expect(alerts().request(visitor(), { email: refused, variantId: option.id }, guest)).resolves.toMatchObject({
      status: "waiting",
    });
  });

  test("a mailbox gets at most five new requests (and confirmations) an hour, however its address is spelt; asking again is not counted", async () => {
    const name = `victim${++addresses}`;
    const spellings = [
      `${name}@gmail.com`,
      `${name}+1@gmail.com`,
      `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`,
      `${name}+shop@googlemail.com`,
      `${name.toUpperCase()}+2@Gmail.com`,
      `${name}+3@gmail.com`,
    ];
    const options = [];
    for (let i = 0; i < 6; i++) options.push(await freshOption(0));
    for (const [i, email] of spellings.slice(0, 4).entries()) {
      expect(await alerts().request(visitor(), { email, variantId: options[i]!.id }, guest)).toMatchObject({ status: "waiting" });
    }
    // Asking again is answered as the first time and not counted: a fifth new request still goes.
    expect(await alerts().request(visitor(), { email: spellings[0], variantId: options[0]!.id }, guest)).toMatchObject({
      status: "waiting",
    });
    expect(await alerts().request(visitor(), { email: spellings[4], variantId: options[4]!.id }, guest)).toMatchObject({
      status: "waiting",
    });
    const refused = { code: "TOO_MANY_REQUESTS", message: expect.stringContaining("This address has asked") };
    expect(await failure(alerts().request(visitor(), { email: spellings[5], variantId: options[5]!.id }, guest))).toMatchObject(
      refused,
    );
    // At the limit, asking again for an option the address waits for is refused alike: the answer
    // never tells a guest whether an address waits.
    expect(await failure(alerts().request(visitor(), { email: spellings[0], variantId: options[0]!.id }, guest))).toMatchObject(
      refused,
    );
    expect(await rowsOf(options[5]!.id, spellings[5]!)).toEqual([]);
    // Another mailbox at the same provider is not held back.
    await expect(
      alerts().request(visitor(), { email: newAddress().replace("example.com", "gmail.com"), variantId: options[5]!.id }, guest),
    ).resolves.toMatchObject({ status: "waiting" });
  });

  test("the shop sends at most 500 confirmations an hour; a request refused there counts against nobody", async () => {
    const { confirmations, toMailbox } = STOCK_ALERT_RULES;
    expect(confirmations).toMatchObject({ limit: 500, windowMs: 3_600_000 });
    const option = await freshOption(0);
    const sent = await peek(confirmations, "shop");
    // As if the rest of the hour's confirmations had gone out.
    await rateLimits.record(`${confirmations.name}:shop`, confirmations.windowMs, confirmations.limit - sent - 1);
    try {
      const last = newAddress();
      await expect(alerts().request(visitor(), { email: last, variantId: option.id }, guest)).resolves.toMatchObject({
        status: "waiting",
      });
      const refused = newAddress();
      expect(await failure(alerts().request(visitor(), { email: refused, variantId: option.id }, guest))).toMatchObject({
        code: "TOO_MANY_REQUESTS",
        message: "We are taking too many back-in-stock requests at the moment. Please try again later.",
        retryAfterSeconds: expect.any(Number),
      });
      expect(await rowsOf(option.id, refused)).toEqual([]);
      expect(await mailsTo(refused, CONFIRMATION)).toEqual([]);
      expect(await peek(confirmations, "shop")).toBe(confirmations.limit);
      expect(await peek(toMailbox, refused)).toBe(0);
    } finally {
      await rateLimits.clear(`${confirmations.name}:shop`);
    }
  });

  test("a request that then fails is not counted: its transaction fails, or the option came back meanwhile", async () => {
    const { confirmations, toMailbox } = STOCK_ALERT_RULES;
    const option = await freshOption(0);
    const email = newAddress();
    const shopCount = await peek(confirmations, "shop");
    await db().execute(sql`create function refuse_requests() returns trigger language plpgsql as $$
      begin raise exception 'no requests today'; end $$`);
    await db().execute(
      sql`create trigger refuse_requests before insert on stock_alerts for each row execute function refuse_requests()`,
    );
    try {
      await expect(alerts().request(visitor(), { email, variantId: option.id }, guest)).rejects.toThrow();
    } finally {
      await db().execute(sql`drop trigger refuse_requests on stock_alerts`);
      await db().execute(sql`drop function refuse_requests()`);
    }
    expect(await peek(toMailbox, email)).toBe(0);
    expect(await peek(confirmations, "shop")).toBe(shopCount);
    expect(await mailsTo(email, CONFIRMATION)).toEqual([]);
  });

  // Only PostgreSQL has a second connection to give the stock back while the request waits for the row.
  test.runIf(process.env.TEST_DATABASE_URL)(
    "stock given back while the request waits for the option's row: refused as in stock, and not counted",
    async () => {
      const { confirmations, toMailbox } = STOCK_ALERT_RULES;
      const option = await freshOption(0);
      const email = newAddress();
      const shopCount = await peek(confirmations, "shop");
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let updated!: () => void;
      const stockUpdated = new Promise<void>((resolve) => (updated = resolve));
      const release = db().transaction(async (tx) => {
        await tx.update(variants).set({ stock: 4 }).where(eq(variants.id, option.id));
        updated();
        await held;
      });
      await stockUpdated;
      const asked = failure(alerts().request(visitor(), { email, variantId: option.id }, guest));
      // The request has read the option as sold out and now waits for its row's lock.
      await expect
        .poll(async () => {
          const [row] = await queryRows<{ waiting: number }>(
            db(),
            sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return row!.waiting;
        })
        .toBe(1);
      commit();
      await release;
      expect(await asked).toMatchObject({ code: "INVALID_INPUT", details: { reason: "in-stock", available: true, left: 4 } });
      expect(await peek(toMailbox, email)).toBe(0);
      expect(await peek(confirmations, "shop")).toBe(shopCount);
      expect(await rowsOf(option.id, email)).toEqual([]);
    },
  );
});

async function categoryOf(variantId: number): Promise<string> {
  const [row] = await db()
    .select({ slug: categories.slug })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(variants.id, variantId));
  return row!.slug;
}
