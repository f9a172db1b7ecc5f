import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { auditLog, mailJobs } from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";

/*
 * ADR 58: a change staff make to an order (the back office, the staff API) is audited in its own
 * transaction, with who, from where and which fields changed; a refused one leaves no entry. The
 * shop's own changes (webhooks, sweeps) are not staff's and have none. Internal notes and a mail
 * sent again are audited too.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let system: Scope;
let staff: StaffScope;
let option: number;
let buyers = 0;

beforeAll(async () => {
  shop = await seededShop(4);
  system = systemScope(shop.database.db);
  staff = staffScopeOf(
    systemScope(shop.database.db, { ip: "192.0.2.44" }),
    { id: 77, email: "desk@example.com", role: "staff" },
    "req-audit-1",
  );
  [option] = (await stockedOptions(shop.database.db, 1)) as [number];
});

afterAll(async () => {
  await shop?.services.mails.settled();
  await shop?.close();
});

const placed = () => guestOrder(shop.services, system, option, 1, { email: `audited-${++buyers}@example.com` });
const entriesOf = (number: string) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "order"), eq(auditLog.entityId, number)))
    .orderBy(auditLog.id);

test("each staff step is an entry with who, from where, the request and the fields it changed", async () => {
  const order = await placed();
  await shop.services.staff.markPaid(staff, order.number, { note: "Transfer NL-1" });
  await shop.services.staff.ship(staff, order.number, { carrier: "PostNL", trackingUrl: "https://track.example/3S1" });
  const entries = await entriesOf(order.number);
  expect(entries.map((entry) => entry.action)).toEqual(["order.paid", "order.shipped"]);
  expect(entries[0]).toMatchObject({
    actorId: 77,
    actorEmail: "desk@example.com",
    actorRole: "staff",
    requestId: "req-audit-1",
    clientAddress: "192.0.2.44",
    changes: { status: ["awaiting_payment", "paid"] },
  });
  expect(entries[1]!.changes).toEqual({
    status: ["paid", "shipped"],
    carrier: [null, "PostNL"],
    trackingUrl: [null, "https://track.example/3S1"],
  });
});

test("a refused step leaves no entry; the shop's own changes have none", async () => {
  const order = await placed();
  await expect(shop.services.staff.ship(staff, order.number, { carrier: "PostNL" })).rejects.toMatchObject({
    code: "INVALID_TRANSITION",
  });
  await shop.services.staff.markPaid(system, order.number);
  expect(await entriesOf(order.number)).toEqual([]);
});

test("an internal note and a mail sent again are audited; the note never reaches the customer", async () => {
  const order = await placed();
  await expect(shop.services.staff.addNote(staff, order.number, { note: "  " })).rejects.toMatchObject({
    code: "INVALID_INPUT",
    field: "note",
  });
  await shop.services.staff.addNote(staff, order.number, { note: "Called: wants it before Friday." });
  const mailsBefore = await shop.database.db.select().from(mailJobs).where(eq(mailJobs.to, order.email));
  const { subject } = await shop.services.staff.resendLastMail(staff, order.number);
  const mailsAfter = await shop.database.db.select().from(mailJobs).where(eq(mailJobs.to, order.email)).orderBy(mailJobs.id);
  expect(mailsAfter).toHaveLength(mailsBefore.length + 1);
  expect(mailsAfter.at(-1)).toMatchObject({ subject, text: mailsBefore.at(-1)!.text });
  expect(mailsAfter.some((mail) => mail.text.includes("before Friday"))).toBe(false);
  expect((await entriesOf(order.number)).map((entry) => [entry.action, entry.changes])).toEqual([
    ["order.note", { note: [null, "Called: wants it before Friday."] }],
    ["order.mail_resent", { mail: [null, subject] }],
  ]);
  await expect(shop.services.staff.addNote(staff, "KS-999999", { note: "x" })).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
});
