import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../../../tests/support/smtp-peer.ts";
import { categories, mailJobs, products, stockAlerts, users, variants } from "../../db/schema/index.ts";
import { systemScope, withTransaction, type Scope } from "../../lib/scope.ts";
import { ANY_VISITOR } from "../catalog/sellable.ts";
import { createMailer } from "../mail/index.ts";
import { cancelOrder, lockOrder } from "../orders/transitions.ts";
import type { Asker } from "./index.ts";

/*
 * Back-in-stock requests (ADR 47) against a real database and a real SMTP server: asking for a
 * sold-out option (and being refused for anything else), asking twice, the confirmation and the
 * back-in-stock mail as received (links and one-click headers), one mail per request when an
 * order gives the stock back and none after, cancelling by the link, and the rate limits.
 */

const PUBLIC_URL = "http://shop.test";
let peer: SmtpPeer;
let outboxDir: string;
let shop: Awaited<ReturnType<typeof seededShop>>;
let optionIds: number[];

beforeAll(async () => {
  peer = await startSmtpPeer();
  outboxDir = mkdtempSync(join(tmpdir(), "stock-alerts-test-"));
  const mailer = createMailer({ smtpUrl: peer.url, outboxDir, from: "Safe Hands <shop@shop.test>" });
  shop = await seededShop(12, { publicUrl: PUBLIC_URL, mailer });
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
/** An option of its own for a test, with `stock` units (0: sold out). */
async function freshOption(stock: number) {
  const id = optionIds[taken++ * 3]!;
  await db().update(variants).set({ stock }).where(eq(variants.id, id));
  const [row] = await db()
    .select({ size: variants.size, colour: variants.colour, name: products.name, slug: products.slug })
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

  test("asking again while the request waits answers that it is already on the list, and sends nothing", async () => {
    const option = await freshOption(0);
    const email = newAddress();
    await alerts().request(visitor(), { email, variantId: option.id }, guest);
    expect(await alerts().request(visitor(), { email: email.toUpperCase(), variantId: option.id }, guest)).toMatchObject({
      status: "already-waiting",
      email,
    });
    expect(await rowsOf(option.id, email)).toHaveLength(1);
    expect(await mailsTo(email, CONFIRMATION)).toHaveLength(1);
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
    expect(await mailsTo(email, CONFIRMATION)).toHaveLength(1);
  });

  test("refused: an option in stock, one that does not exist or is not for sale, a bad address; nothing is stored or sent", async () => {
    const inStock = await freshOption(3);
    const email = newAddress();
    expect(await failure(alerts().request(visitor(), { email, variantId: inStock.id }, guest))).toMatchObject({
      code: "INVALID_INPUT",
      field: "variantId",
      message: "This option is in stock now: you can add it to your bag.",
      details: { reason: "in-stock" },
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
  test("an order cancelled by staff gives the stock back: each waiting request gets one mail and ends; later returns mail nobody", async () => {
    const { option, order } = await soldOutByOrder(2);
    const [ann, ben] = [newAddress(), newAddress()];
    for (const email of [ann, ben]) await alerts().request(visitor(), { email, variantId: option.id }, guest);

    await cancelByStaff(order.number);
    expect(await stockOf(option.id)).toBe(2);
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

    // Sold out and back once more: the ended requests are not mailed again.
    const again = await guestOrder(shop.services, visitor(), option.id, 2, { email: `buyer${++buyers}@example.com` });
    await cancelByStaff(again.number);
    for (const email of [ann, ben]) expect(await mailsTo(email, BACK)).toHaveLength(1);

    // An ended request does not stop the same address asking again.
    const third = await guestOrder(shop.services, visitor(), option.id, 2, { email: `buyer${++buyers}@example.com` });
    expect(await alerts().request(visitor(), { email: ann, variantId: option.id }, guest)).toMatchObject({ status: "waiting" });
    expect(await rowsOf(option.id, ann)).toHaveLength(2);
    await cancelByStaff(third.number);
    expect(await mailsTo(ann, BACK)).toHaveLength(2);
  });

  test("stock given back to an option that was not sold out, or that nobody waits for, mails nobody and fails nothing", async () => {
    const notSoldOut = await freshOption(5);
    const partial = await guestOrder(shop.services, visitor(), notSoldOut.id, 2, { email: `buyer${++buyers}@example.com` });
    const email = newAddress();
    // Waiting rows for an option in stock cannot be made through the module: written directly.
    await db()
      .insert(stockAlerts)
      .values({ variantId: notSoldOut.id, email, cancelTokenHash: `test-${email}` });
    const { order: nobodyWaits } = await soldOutByOrder(1);
    const before = (
      await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(mailJobs)
    )[0]!.count;

    await cancelByStaff(partial.number);
    await cancelByStaff(nobodyWaits.number);
    // Each cancellation writes its own order mail, and nothing else.
    expect(
      (
        await db()
          .select({ count: sql<number>`count(*)::int` })
          .from(mailJobs)
      )[0]!.count,
    ).toBe(before + 2);
    expect(await rowsOf(notSoldOut.id, email)).toEqual([expect.objectContaining({ notifiedAt: null })]);
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
    expect(await stockOf(option.id)).toBe(0);
    expect(await mailsTo(email, BACK)).toEqual([]);
    expect(await rowsOf(option.id, email)).toEqual([expect.objectContaining({ notifiedAt: null })]);
    await cancelByStaff(order.number);
    expect(await mailsTo(email, BACK)).toHaveLength(1);
  });

  test("a request whose product is unpublished when the stock comes back keeps waiting", async () => {
    const { option, order } = await soldOutByOrder(1);
    const email = newAddress();
    await alerts().request(visitor(), { email, variantId: option.id }, guest);
    const [{ productId }] = (await db()
      .select({ productId: variants.productId })
      .from(variants)
      .where(eq(variants.id, option.id))) as [{ productId: number }];
    await db().update(products).set({ published: false }).where(eq(products.id, productId));
    await cancelByStaff(order.number);
    await db().update(products).set({ published: true }).where(eq(products.id, productId));
    expect(await mailsTo(email, BACK)).toEqual([]);
    expect(await rowsOf(option.id, email)).toEqual([expect.objectContaining({ notifiedAt: null })]);
  });
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

    await cancelByStaff(order.number);
    expect(await mailsTo(other, BACK)).toHaveLength(1);
    expect(await mailsTo(email, BACK)).toEqual([]);
  });

  test("the back-in-stock mail's link forgets the ended request; the confirmation's link stopped working when it ended", async () => {
    const { option, order } = await soldOutByOrder(1);
    const email = newAddress();
    await alerts().request(visitor(), { email, variantId: option.id }, guest);
    const first = tokenOf(cancelLinkIn((await mailsTo(email, CONFIRMATION))[0]!));
    await cancelByStaff(order.number);
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

  test("an address gets at most five new requests (and confirmation mails) an hour; asking again for one it has is not counted", async () => {
    const email = newAddress();
    const options = [];
    for (let i = 0; i < 6; i++) options.push(await freshOption(0));
    for (const option of options.slice(0, 5)) {
      expect(await alerts().request(visitor(), { email, variantId: option.id }, guest)).toMatchObject({ status: "waiting" });
    }
    expect(await alerts().request(visitor(), { email, variantId: options[0]!.id }, guest)).toMatchObject({
      status: "already-waiting",
    });
    expect(await failure(alerts().request(visitor(), { email, variantId: options[5]!.id }, guest))).toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    expect(await mailsTo(email, CONFIRMATION)).toHaveLength(5);
  });
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
