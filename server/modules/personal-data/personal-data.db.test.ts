import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { stockedOptions } from "../../../tests/support/cart-fixtures.ts";
import { registeredCustomer } from "../../../tests/support/customers-fixtures.ts";
import { DUTCH_ADDRESS, guestOrder } from "../../../tests/support/orders.ts";
import { seededShop } from "../../../tests/support/seeded-shop.ts";
import { queryRows } from "../../db/client.ts";
import {
  accountCodes,
  addresses,
  auditLog,
  carts,
  communicationPreferenceLog,
  communicationPreferences,
  mailJobs,
  membershipPlans,
  memberships,
  newsletterSubscriptions,
  orders,
  promoCodes,
  promoRedemptions,
  sessions,
  socialIdentities,
  stockAlerts,
  users,
} from "../../db/schema/index.ts";
import { systemScope, type Scope } from "../../lib/scope.ts";
import { staffScopeOf, type StaffScope } from "../audit/index.ts";
import { erasedEmail } from "./index.ts";

/*
 * A customer's personal data from the back office (issue 24 §5, ADR 61): the export holds what
 * the shop keeps about them and no secret; the erasure leaves nothing that names or reaches them
 * but what the books keep of their paid orders; both ask for the second factor again after 10
 * minutes and are audited, the erasure's entry without personal data.
 */

let shop: Awaited<ReturnType<typeof seededShop>>;
let scope: Scope;
let staff: StaffScope;
let variantId: number;
const SESSION = { recent: "pd-recent-session", stale: "pd-stale-session" };
/** A phone number of customer `n` alone. */
const phoneOf = (n: number) => `+31 6 5550 ${n}`;

beforeAll(async () => {
  shop = await seededShop(6);
  const { db } = shop.database;
  scope = systemScope(db, { ip: "203.0.113.50" });
  const [desk] = await db
    .insert(users)
    .values({ username: "pd-desk", email: "pd-desk@example.com", role: "staff" })
    .returning({ id: users.id });
  staff = staffScopeOf(systemScope(db, { ip: "203.0.113.9" }), { id: desk!.id, email: "pd-desk@example.com", role: "staff" });
  const expiresAt = new Date(Date.now() + 86_400_000);
  await db.insert(sessions).values([
    { id: SESSION.recent, userId: desk!.id, strategy: "local", expiresAt, secondFactorAt: new Date() },
    { id: SESSION.stale, userId: desk!.id, strategy: "local", expiresAt, secondFactorAt: new Date(Date.now() - 11 * 60_000) },
  ]);
  await db.insert(membershipPlans).values({ slug: "pd-pro", name: "Pro", price: 4900, months: 12, discountBasisPoints: 1000 });
  [variantId] = (await stockedOptions(db, 1)) as [number];
});
afterAll(async () => {
  await shop?.services.accounts.settled();
  await shop?.services.mails.settled();
  await shop?.close();
});

/**
 * A customer with something in every place the shop keeps personal data: a profile with a phone
 * and picture, an address, a delivered order with a promo code, a guest order placed with their
 * (confirmed) address and cancelled unpaid, a social login, consents, the newsletter, a
 * back-in-stock request, a bag, a membership and the mails all this sent.
 */
async function customerWithData(n: number) {
  const { db } = shop.database;
  const { services } = shop;
  const made = await registeredCustomer(services, db, n);
  // The confirmation mail (and its code) is written after the answer.
  await services.accounts.settled();
  const email = `keeper${n}@example.com`;
  await db
    .update(users)
    .set({
      firstName: `Zephyrine${n}`,
      lastName: `Quaglio-${n}`,
      phone: phoneOf(n),
      picture: `/uploads/pictures/pd-${n}.webp`,
      confirmed: true,
    })
    .where(eq(users.id, made.id));
  await db
    .insert(addresses)
    .values({ userId: made.id, ...DUTCH_ADDRESS, line1: `Quagliostraat ${n}`, phone: phoneOf(n), isDefault: true });

  const bag = { customerId: made.id };
  await services.cart.addLine(scope, bag, { variantId, quantity: 1 });
  await db.insert(promoCodes).values({ code: `PD${n}`, kind: "percent", value: 1000 });
  const { order } = await services.checkout.placeOrder(
    scope,
    { customerId: made.id, bag },
    { email, shippingAddress: { ...DUTCH_ADDRESS, phone: phoneOf(n) }, deliveryMethod: "home-standard", promoCode: `PD${n}` },
  );
  await services.staff.markPaid(scope, order.number);
  await services.staff.ship(scope, order.number, { carrier: "PostNL", trackingUrl: `https://track.example/${n}?zip=3511AA` });
  await services.staff.markDelivered(scope, order.number);
  const guest = await guestOrder(services, scope, variantId, 1, { email });
  await services.staff.cancel(scope, guest.number);
  // The cart module's own bag for the account, left with a line in it.
  await services.cart.addLine(scope, bag, { variantId, quantity: 2 });

  await db
    .insert(socialIdentities)
    .values({ userId: made.id, provider: "oidc", subject: `sub-${n}`, email: `social${n}@example.net` });
  await db.insert(communicationPreferences).values({ userId: made.id, topic: "newsletter", channel: "email", optedIn: true });
  await db
    .insert(communicationPreferenceLog)
    .values({ userId: made.id, topic: "newsletter", channel: "email", optedIn: true, source: "account" });
  await db.insert(newsletterSubscriptions).values({
    email,
    status: "confirmed",
    source: "account",
    confirmTokenHash: `confirm-hash-${n}`,
    unsubscribeKey: `unsubscribe-key-${n}`,
    confirmedAt: new Date(),
  });
  await db.insert(stockAlerts).values([
    { variantId, email, userId: made.id, cancelTokenHash: `cancel-hash-${n}` },
    // One asked as a guest, with an address of theirs: found by the address.
    { variantId, email: `social${n}@example.net`, cancelTokenHash: `cancel-hash-guest-${n}` },
  ]);
  await services.membership.grantByStaff(staff, { userId: made.id, plan: "pd-pro" });
  return { ...made, email, password: `green gloves ${n} dive`, order: order.number, guestOrder: guest.number };
}

const versionOf = async (id: number) =>
  (await shop.database.db.select({ at: users.updatedAt }).from(users).where(eq(users.id, id)))[0]!.at.toISOString();
const entriesOf = (id: number, action: string) =>
  shop.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, "customer"), eq(auditLog.entityId, String(id)), eq(auditLog.action, action)));
const orderOf = async (number: string) => (await shop.database.db.select().from(orders).where(eq(orders.number, number)))[0]!;
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code?: string; field?: string; details?: Record<string, unknown> },
  );

/** Every text and JSON value of every table that contains `needle` (any case), as "table.column". */
async function whereFound(needle: string): Promise<string[]> {
  const { db } = shop.database;
  const columns = await queryRows<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = current_schema() and data_type in ('text', 'jsonb', 'json', 'character varying', 'tsvector')`,
  );
  const found: string[] = [];
  for (const { table, column } of columns) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
    );
    if (row!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

test("the export holds the customer's data (profile, addresses, orders with lines, membership, consents, mails) and no secret; audited", async () => {
  const customer = await customerWithData(8301);
  const { data, filename } = await shop.services.personalData.exportData(staff, { userId: customer.id }, SESSION.recent);
  expect(filename).toMatch(new RegExp(`^customer-${customer.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  expect(data.account).toMatchObject({
    id: customer.id,
    email: customer.email,
    firstName: "Zephyrine8301",
    phone: phoneOf(8301),
    hasPassword: true,
  });
  expect(data.addresses).toEqual([
    expect.objectContaining({ line1: "Quagliostraat 8301", phone: phoneOf(8301), isDefault: true }),
  ]);
  expect(data.orders.map((order) => [order.number, order.status])).toEqual([
    [customer.order, "delivered"],
    [customer.guestOrder, "cancelled"],
  ]);
  const delivered = data.orders[0]!;
  expect(delivered).toMatchObject({ email: customer.email, promoCode: "PD8301", carrier: "PostNL" });
  expect(delivered.deliveryAddress).toMatchObject({ firstName: "Iris", lastName: "Bos", phone: phoneOf(8301) });
  expect(delivered.lines).toEqual([expect.objectContaining({ quantity: 1 })]);
  expect(delivered.history.map((event) => event.status)).toEqual(["awaiting_payment", "paid", "shipped", "delivered"]);
  expect(data.orders[1]!.placedAsGuest).toBe(true);
  expect(data.memberships).toEqual([expect.objectContaining({ planSlug: "pd-pro", active: true, grantedByStaff: true })]);
  expect(data.newsletter).toEqual([expect.objectContaining({ email: customer.email, status: "confirmed" })]);
  expect(data.consentHistory).toEqual([expect.objectContaining({ topic: "newsletter", optedIn: true, source: "account" })]);
  expect(data.socialLogins).toEqual([expect.objectContaining({ provider: "oidc", email: "social8301@example.net" })]);
  expect(data.backInStockRequests.map((request) => request.email).sort()).toEqual([customer.email, "social8301@example.net"]);
  expect(data.bag?.lines).toEqual([expect.objectContaining({ quantity: 2 })]);
  expect(data.sessions).toHaveLength(1);
  expect(data.mailedCodes.map((code) => code.purpose)).toContain("email-confirmation");
  expect(data.mails.map((mail) => mail.subject).join(" | ")).toContain(customer.order);
  expect(data.staffActions.map((action) => action.action)).toEqual(["customer.membership_granted"]);

  // No secret: not the password's hash, a session's id or token, a mailed code's hash, a
  // newsletter or back-in-stock token, a mail's body.
  const text = JSON.stringify(data);
  const { db } = shop.database;
  const [user] = await db.select().from(users).where(eq(users.id, customer.id));
  const secrets = [
    user!.passwordHash!,
    customer.jwt,
    ...(await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, customer.id))).map((row) => row.id),
    ...(await db.select({ hash: accountCodes.codeHash }).from(accountCodes).where(eq(accountCodes.userId, customer.id))).map(
      (row) => row.hash,
    ),
    "confirm-hash-8301",
    "unsubscribe-key-8301",
    "cancel-hash-8301",
  ];
  for (const secret of secrets) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/passwordHash|codeHash|tokenHash|unsubscribeKey|"html"|"text"/);

  const [entry] = await entriesOf(customer.id, "customer.exported");
  expect(entry).toMatchObject({ actorEmail: "pd-desk@example.com", actorRole: "staff", clientAddress: "203.0.113.9" });
});

test("export and erasure ask for the second factor again after 10 minutes: refused, nothing changed or audited", async () => {
  const customer = await customerWithData(8302);
  const { personalData } = shop.services;
  for (const session of [SESSION.stale, "no-such-session"]) {
    expect(await failure(personalData.exportData(staff, { userId: customer.id }, session))).toMatchObject({
      code: "SECOND_FACTOR_REQUIRED",
    });
    expect(
      await failure(
        personalData.erase(
          staff,
          { userId: customer.id, version: await versionOf(customer.id), confirm: customer.email },
          session,
        ),
      ),
    ).toMatchObject({ code: "SECOND_FACTOR_REQUIRED" });
  }
  // Another staff member's recent session proves nothing for this one.
  const other = staffScopeOf(scope, { id: staff.actor.id + 10_000, email: "else@example.com", role: "staff" });
  expect(await failure(personalData.exportData(other, { userId: customer.id }, SESSION.recent))).toMatchObject({
    code: "SECOND_FACTOR_REQUIRED",
  });
  // An id past what the table can hold names no one: refused as such, not by the database.
  expect(await failure(personalData.exportData(staff, { userId: "99999999999" }, SESSION.recent))).toMatchObject({
    code: "INVALID_INPUT",
  });
  const [user] = await shop.database.db.select().from(users).where(eq(users.id, customer.id));
  expect(user).toMatchObject({ email: customer.email, erasedAt: null });
  expect(await entriesOf(customer.id, "customer.exported")).toEqual([]);
  expect(await entriesOf(customer.id, "customer.erased")).toEqual([]);
});

test("erasure leaves nothing that names or reaches the customer but the invoice data of their paid order; login is impossible", async () => {
  const customer = await customerWithData(8303);
  const { db } = shop.database;
  const { accounts, personalData, membership } = shop.services;
  const before = await orderOf(customer.order);
  expect(before.placedFrom).not.toBeNull();

  const erased = await personalData.erase(
    staff,
    { userId: customer.id, version: await versionOf(customer.id), confirm: ` ${customer.email.toUpperCase()} ` },
    SESSION.recent,
  );
  expect(erased).toMatchObject({ ordersKept: 2, addresses: 1 });

  const [user] = await db.select().from(users).where(eq(users.id, customer.id));
  expect(user).toMatchObject({
    email: erasedEmail(customer.id),
    username: `~erased-${customer.id}`,
    firstName: null,
    lastName: null,
    phone: null,
    picture: null,
    passwordHash: null,
    blocked: true,
    confirmed: false,
  });
  expect(user!.erasedAt).not.toBeNull();
  expect(await accounts.authenticate(scope, customer.jwt)).toBeNull();
  expect(await failure(accounts.login(scope, { identifier: customer.email, password: customer.password }))).toMatchObject({
    code: "INVALID_CREDENTIALS",
  });
  expect(
    await failure(accounts.login(scope, { identifier: erasedEmail(customer.id), password: customer.password })),
  ).toMatchObject({
    code: "INVALID_CREDENTIALS",
  });
  expect(await membership.isMember(customer.id)).toBe(false);
  expect(await db.select().from(memberships).where(eq(memberships.userId, customer.id))).toEqual([
    expect.objectContaining({ active: false, renews: false }),
  ]);

  const none = async (rows: Promise<unknown[]>) => expect(await rows).toEqual([]);
  await none(db.select().from(addresses).where(eq(addresses.userId, customer.id)));
  await none(db.select().from(sessions).where(eq(sessions.userId, customer.id)));
  await none(db.select().from(socialIdentities).where(eq(socialIdentities.userId, customer.id)));
  await none(db.select().from(accountCodes).where(eq(accountCodes.userId, customer.id)));
  await none(db.select().from(carts).where(eq(carts.userId, customer.id)));
  await none(db.select().from(communicationPreferences).where(eq(communicationPreferences.userId, customer.id)));
  await none(db.select().from(communicationPreferenceLog).where(eq(communicationPreferenceLog.userId, customer.id)));
  await none(db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, customer.email)));
  await none(db.select().from(mailJobs).where(eq(mailJobs.to, customer.email)));

  // The paid order keeps the invoice's name and address, not the phone, e-mail, client address or tracking link.
  const kept = await orderOf(customer.order);
  expect(kept).toMatchObject({
    userId: customer.id,
    email: erasedEmail(customer.id),
    placedFrom: null,
    mailbox: null,
    trackingUrl: null,
  });
  expect(JSON.parse(kept.deliveryAddress!)).toEqual({
    firstName: "Iris",
    lastName: "Bos",
    line1: "Dorpsstraat 2",
    city: "Utrecht",
    postalCode: "3511 AA",
    country: "NL",
  });
  expect(kept).toMatchObject({ total: before.total, tax: before.tax, status: "delivered", shipCountry: "NL" });
  // The guest order never paid: no invoice, so only its country is left; it is the account's now.
  const cancelled = await orderOf(customer.guestOrder);
  expect(cancelled).toMatchObject({ userId: customer.id, email: erasedEmail(customer.id), status: "cancelled" });
  expect(JSON.parse(cancelled.deliveryAddress!)).toEqual({ country: "NL" });
  expect(
    await db.select({ redeemer: promoRedemptions.redeemer }).from(promoRedemptions).where(eq(promoRedemptions.orderId, kept.id)),
  ).toEqual(expect.arrayContaining([{ redeemer: `erased:${kept.id}` }, { redeemer: `customer:${customer.id}` }]));

  // Nowhere in the database: their address, user name, names, phone, street, social address.
  for (const needle of [
    customer.email,
    "keeper8303",
    "Zephyrine8303",
    "Quaglio-8303",
    phoneOf(8303),
    "Quagliostraat 8303",
    "social8303@example.net",
  ]) {
    expect({ needle, found: await whereFound(needle) }).toEqual({ needle, found: [] });
  }
  // The buyer's name stays only where the books keep it: the paid order's snapshot (and the search words read from it).
  expect(await whereFound("Bos")).toEqual(expect.arrayContaining(["orders.delivery_address", "orders.buyer_words"]));

  const [entry] = await entriesOf(customer.id, "customer.erased");
  expect(entry).toMatchObject({ actorEmail: "pd-desk@example.com" });
  expect(entry!.changes).toEqual({ erased: [false, true], addresses: [1, 0], ordersKept: [null, 2] });
});

test("refused with a clear reason and nothing changed: staff, open orders, a wrong confirmation, a stale page, erased already", async () => {
  const { db } = shop.database;
  const { personalData } = shop.services;
  const erase = (userId: number, confirm: string, version?: string) =>
    failure(personalData.erase(staff, { userId, version, confirm }, SESSION.recent));

  const [owner] = await db
    .insert(users)
    .values({ username: "pd-owner", email: "pd-owner@example.com", role: "owner" })
    .returning({ id: users.id });
  expect(await erase(owner!.id, "pd-owner@example.com")).toMatchObject({ code: "FORBIDDEN" });

  const customer = await registeredCustomer(shop.services, db, 8304);
  const email = "keeper8304@example.com";
  const bag = { customerId: customer.id };
  await shop.services.cart.addLine(scope, bag, { variantId, quantity: 1 });
  const { order } = await shop.services.checkout.placeOrder(
    scope,
    { customerId: customer.id, bag },
    { email, shippingAddress: DUTCH_ADDRESS, deliveryMethod: "home-standard" },
  );
  const open = await erase(customer.id, email);
  expect(open).toMatchObject({ code: "OPEN_ORDERS", details: { orders: [order.number] } });
  await shop.services.staff.markPaid(scope, order.number);
  expect(await erase(customer.id, email)).toMatchObject({ code: "OPEN_ORDERS" });
  await shop.services.staff.ship(scope, order.number, { carrier: "DHL" });

  expect(await erase(customer.id, "someone@example.com")).toMatchObject({ code: "INVALID_INPUT", field: "confirm" });
  expect(await erase(customer.id, "")).toMatchObject({ code: "INVALID_INPUT", field: "confirm" });
  const stale = await versionOf(customer.id);
  await db
    .update(users)
    .set({ firstName: "Changed", updatedAt: new Date(Date.now() + 1000) })
    .where(eq(users.id, customer.id));
  expect(await erase(customer.id, email, stale)).toMatchObject({ code: "STALE_VERSION" });
  const [still] = await db.select().from(users).where(eq(users.id, customer.id));
  expect(still).toMatchObject({ email, erasedAt: null, firstName: "Changed" });
  expect(await entriesOf(customer.id, "customer.erased")).toEqual([]);

  await personalData.erase(staff, { userId: customer.id, confirm: email }, SESSION.recent);
  expect(await erase(customer.id, erasedEmail(customer.id))).toMatchObject({ code: "ACCOUNT_ERASED" });
  expect(await failure(shop.services.accounts.setBlocked(staff, { userId: customer.id, blocked: "false" }))).toMatchObject({
    code: "ACCOUNT_ERASED",
  });
  // An erased account's export is what is left: no personal data, its orders as the books keep them.
  const { data } = await personalData.exportData(staff, { userId: customer.id }, SESSION.recent);
  expect(data.account).toMatchObject({ email: erasedEmail(customer.id), firstName: null });
  expect(data.orders.map((kept) => kept.number)).toEqual([order.number]);
});
